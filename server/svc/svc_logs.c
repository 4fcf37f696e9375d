/*
 * svc_logs.c -- cuLogsCurrent and cuLogsDumpToMemory: the server driver's
 * error log, which in this process holds this client's errors only.
 */
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"

bool_t cu_logs_current_svc(u_int flags, res_uint *r, struct svc_req *rq)
{
	CUlogIterator it = 0;

	(void)rq;
	memset(r, 0, sizeof(*r));
	r->err = cuLogsCurrent(&it, flags);
	if (r->err == CUDA_SUCCESS)
		r->res_uint_u.value = it;
	return TRUE;
}

bool_t cu_logs_dump_to_memory_svc(bool_t with_iterator, u_int iterator,
    cu_size size, u_int flags, res_logs_dump *r, struct svc_req *rq)
{
	CUlogIterator it = iterator;
	size_t n = (size_t)size;
	char *text;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (size > ONCUDA_LOGS_MAX)
		n = ONCUDA_LOGS_MAX;
	/* The driver ends the text with a NUL, inside the size it is given. */
	if ((text = calloc(1, n + 1)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuLogsDumpToMemory(with_iterator ? &it : NULL, text, &n,
	    flags);
	if (r->err != CUDA_SUCCESS || n > ONCUDA_LOGS_MAX) {
		if (r->err == CUDA_SUCCESS)
			r->err = CUDA_ERROR_INVALID_VALUE;
		free(text);
		return TRUE;
	}
	/* Freed with the reply. */
	r->res_logs_dump_u.value.text.text_val = text;
	r->res_logs_dump_u.value.text.text_len = (u_int)n;
	r->res_logs_dump_u.value.iterator = it;
	return TRUE;
}
