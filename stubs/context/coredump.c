/*
 * coredump.c - cuCoredumpGetAttribute(Global) and
 * cuCoredumpSetAttribute(Global): the core dump settings of the server
 * process, where the GPU work runs and its dumps are written (see the
 * core dump procedures in idl/cuda.x).  Values travel as their bytes.
 */
#include <stdbool.h>
#include <string.h>

#include "stubs/route/call.h"

static CUresult get(bool global, CUcoredumpSettings attrib, void *value,
		    size_t *size)
{
	res_coredump_value r;
	struct call k;
	CUresult e;
	size_t n;

	if (value == NULL || size == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_coredump_get_attribute(global, attrib, *size, &r,
		      k.c), &r.err);
	if (e == CUDA_SUCCESS) {
		n = r.res_coredump_value_u.value.value.value_len;
		memcpy(value, r.res_coredump_value_u.value.value.value_val,
		       n < *size ? n : *size);
		*size = (size_t)r.res_coredump_value_u.value.size;
	}
	xdr_free((xdrproc_t)xdr_res_coredump_value, (char *)&r);
	return e;
}

static CUresult set(bool global, CUcoredumpSettings attrib, void *value,
		    size_t *size)
{
	cu_bytes sent;
	struct call k;
	res_size r;
	CUresult e;

	if (value == NULL || size == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (*size > ONCUDA_COREDUMP_VALUE_MAX)
		return CUDA_ERROR_INVALID_VALUE;	/* no setting is longer */
	sent.cu_bytes_len = (u_int)*size;
	sent.cu_bytes_val = value;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_coredump_set_attribute(global, attrib, sent,
	    &r, k.c), &r.err)) == CUDA_SUCCESS)
		*size = (size_t)r.res_size_u.value;
	return e;
}

ONCUDA_API CUresult cuCoredumpGetAttribute(CUcoredumpSettings attrib,
					   void *value, size_t *size)
{
	return get(false, attrib, value, size);
}

ONCUDA_API CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings attrib,
						 void *value, size_t *size)
{
	return get(true, attrib, value, size);
}

ONCUDA_API CUresult cuCoredumpSetAttribute(CUcoredumpSettings attrib,
					   void *value, size_t *size)
{
	return set(false, attrib, value, size);
}

ONCUDA_API CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings attrib,
						 void *value, size_t *size)
{
	return set(true, attrib, value, size);
}
