/*
 * logs.c - cuLogsCurrent, cuLogsDumpToMemory and cuLogsDumpToFile: the
 * server driver's error log, which holds the errors of this program's
 * calls (the server process serves it alone).  A dump to a file is a dump
 * to memory that the client writes into the program's file, on the
 * program's machine.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stubs/route/call.h"

/* The driver keeps at most this many bytes of log (cuda.h). */
#define LOG_BYTES 25600

ONCUDA_API CUresult cuLogsCurrent(CUlogIterator *iterator_out,
				  unsigned int flags)
{
	struct call k;
	res_uint r;
	CUresult e;

	if (iterator_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_logs_current(flags, &r, k.c), &r.err)) ==
	    CUDA_SUCCESS)
		*iterator_out = r.res_uint_u.value;
	return e;
}

/*
 * Dumps from *iterator (all with none) into a buffer of size bytes, which
 * `take` receives as text of len bytes; the iterator advances.
 */
static CUresult dump(CUlogIterator *iterator, size_t size,
		     unsigned int flags,
		     CUresult (*take)(void *to, const char *text, size_t len),
		     void *to)
{
	res_logs_dump r;
	struct call k;
	CUresult e;

	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_logs_dump_to_memory(iterator != NULL,
		      iterator != NULL ? *iterator : 0, size, flags, &r, k.c),
		      &r.err);
	if (e == CUDA_SUCCESS) {
		e = take(to, r.res_logs_dump_u.value.text.text_val,
			 r.res_logs_dump_u.value.text.text_len);
		if (iterator != NULL)
			*iterator = r.res_logs_dump_u.value.iterator;
	}
	xdr_free((xdrproc_t)xdr_res_logs_dump, (char *)&r);
	return e;
}

struct memory_dump {
	char *buffer;
	size_t *size;
};

static CUresult to_memory(void *to, const char *text, size_t len)
{
	struct memory_dump *m = to;

	if (len >= *m->size)
		return CUDA_ERROR_INVALID_VALUE;	/* not as asked */
	memcpy(m->buffer, text, len);
	m->buffer[len] = '\0';
	*m->size = len;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuLogsDumpToMemory(CUlogIterator *iterator,
				       char *buffer, size_t *size,
				       unsigned int flags)
{
	struct memory_dump m = { buffer, size };

	if (buffer == NULL || size == NULL || *size == 0)
		return CUDA_ERROR_INVALID_VALUE;
	return dump(iterator, *size, flags, to_memory, &m);
}

static CUresult to_file(void *to, const char *text, size_t len)
{
	FILE *f = fopen(to, "w");
	bool ok;

	if (f == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	ok = fwrite(text, 1, len, f) == len;
	ok = fclose(f) == 0 && ok;
	return ok ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

ONCUDA_API CUresult cuLogsDumpToFile(CUlogIterator *iterator,
				     const char *pathToFile,
				     unsigned int flags)
{
	if (pathToFile == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* The whole log fits, with the NUL the driver adds. */
	return dump(iterator, LOG_BYTES + 1, flags, to_file,
		    (void *)(uintptr_t)pathToFile);
}
