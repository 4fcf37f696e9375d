/*
 * trace.h -- ONCUDA_TRACE: the client's calls to oncudad, one line each.
 *
 *   ONCUDA_TRACE=1 or stderr   trace to stderr
 *   ONCUDA_TRACE=FILE          append the trace to FILE
 *
 * Each RPC gives a line with the procedure, its arguments and its result
 * as the protocol carries them (trace_format.h) and the time from sending
 * the call to having the reply:
 *
 *   oncuda[4242] CU_MEM_ALLOC(size=4096) -> CUDA_SUCCESS value=0x7f3a00000000 (21 us)
 *
 * At exit a summary gives calls, bytes and time per procedure
 * (trace_stats.h).  Unset, empty or 0: no tracing, at no cost per call.
 */
#ifndef ONCUDA_TRACE_H
#define ONCUDA_TRACE_H

#include <rpc/rpc.h>

/*
 * Makes clnt's calls traced when ONCUDA_TRACE asks for it, by giving clnt
 * a copy of its operations whose cl_call records around the real one; the
 * rpcgen stubs that call through clnt are then traced unchanged.
 */
void trace_client(CLIENT *clnt);

#endif
