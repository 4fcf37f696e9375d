/*
 * server/session/calltrace.h -- oncudad --trace and --trace-file: a line per call.
 *
 * Each request a client process serves gives a line with the procedure,
 * its arguments and its result as they crossed the wire, and the time the
 * server took (decoding, the driver, encoding the reply), e.g.
 *
 *   CU_MEM_ALLOC(size=4096) -> CUDA_SUCCESS value=0x7f3a00000000 (15 us)
 *
 * Values are decoded with the IDL's types (common/trace_format.h); data
 * travels as opaque and is shown by size and CRC-32 only, never its bytes,
 * so the trace can be kept as an audit log.  When the session ends, a
 * summary: calls, bytes and time per procedure.
 *
 * --trace writes the lines to the log (level info); --trace-file FILE
 * appends them to FILE, one write(2) each (the client processes share it),
 * with the time, the process and the client in front.
 */
#ifndef ONCUDA_SERVER_CALLTRACE_H
#define ONCUDA_SERVER_CALLTRACE_H

#include <stdbool.h>
#include <stddef.h>

#include <rpc/rpc.h>

typedef void (*calltrace_dispatch)(struct svc_req *request, SVCXPRT *xprt);

/* Daemon, before serving: trace to the log. */
void calltrace_to_log(void);

/* The trace file is set up by trace_file_use (trace_file.h). */

/*
 * Client process, before svc_reg: the dispatch function to register.  When
 * tracing, xprt's operations are replaced by tracing ones and the function
 * returned wraps real; otherwise it is real and nothing changes.
 */
calltrace_dispatch calltrace_session_start(SVCXPRT *xprt, const char *peer,
    calltrace_dispatch real);

/*
 * For a one-way call (server/session/oneway.h), whose reply msg is not sent: the
 * line shows the result the server kept, marked as not sent.
 */
void calltrace_unsent(struct rpc_msg *msg);

/* Client process, when the session ends: the summary. */
void calltrace_session_end(void);

/* A line about the session (its TLS, its identity) where calls are traced. */
void calltrace_note(const char *text);

#endif
