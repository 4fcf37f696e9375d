/*
 * trace_format.h -- a traced call as one line of text.
 *
 * The values come from a recording of the call's xdr routine (trace_xdr.h)
 * read with the types of idl/cuda.x, as tools/gen-trace-types.py tabulates
 * them: fields by name, hypers as one number (handles and device pointers
 * in hex), strings quoted, opaque data as its size and CRC-32, never its
 * bytes.  The client (stubs/wire/trace.c) and the server (server/session/calltrace.c) both
 * write their lines with these functions.  For example:
 *
 *   CU_MEMCPY_HTOD(dst=0x7f3a00000000, data=<4096 bytes crc32 4e2b7a10>)
 *   CUDA_SUCCESS value=0x7f3a00000000
 */
#ifndef ONCUDA_TRACE_FORMAT_H
#define ONCUDA_TRACE_FORMAT_H

#include <stddef.h>

#include <rpc/rpc.h>

#include "common/trace_xdr.h"

#define TRACE_LINE_MAX 2048

/* Text that grows up to TRACE_LINE_MAX - 1 bytes, then is cut, with "...". */
struct trace_line {
	char text[TRACE_LINE_MAX];
	size_t len;
};

void trace_line_clear(struct trace_line *line);
void trace_line_add(struct trace_line *line, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* How many procedures the IDL has; each has a slot 0..count-1. */
size_t trace_proc_count(void);
/* The slot of procedure number proc, or -1 when the IDL has none. */
int trace_proc_slot(rpcproc_t proc);
/* The procedure in a slot, as the IDL names it ("CU_MEM_ALLOC"). */
const char *trace_proc_name(size_t slot);

/* Appends "NAME(name=value, ...)" from a recording of proc's arguments. */
void trace_format_arguments(struct trace_line *line, rpcproc_t proc,
    const struct trace_recording *rec);

/*
 * Appends "CUDA_ERROR_X name=value ..." from a recording of proc's result:
 * the CUresult every result starts with, by name, then the output values.
 */
void trace_format_result(struct trace_line *line, rpcproc_t proc,
    const struct trace_recording *rec);

/* "CUDA_ERROR_INVALID_VALUE" for 1; NULL for a code the driver lacks. */
const char *trace_cuda_result_name(int code);

#endif
