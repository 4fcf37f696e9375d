/*
 * runtime_calls.c -- entry points the CUDA runtime calls that driver API
 * programs rarely do, whose glue cannot be generated (idl/cuda.x says why
 * for each).
 */
#include <stdint.h>
#include <string.h>

#include "stubs/route/call.h"

ONCUDA_API CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode)
{
	struct call k;
	res_int r;
	CUresult e;

	if (mode == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_module_get_loading_mode(&r, k.c), &r.err)) ==
	    CUDA_SUCCESS)
		*mode = (CUmoduleLoadingMode)r.res_int_u.value;
	return e;
}

ONCUDA_API CUresult cuCtxGetStreamPriorityRange(int *leastPriority,
    int *greatestPriority)
{
	res_int_pair r;
	struct call k;
	CUresult e;

	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_ctx_get_stream_priority_range(&r, k.c),
	    &r.err)) != CUDA_SUCCESS)
		return e;
	if (leastPriority != NULL)
		*leastPriority = r.res_int_pair_u.value.first;
	if (greatestPriority != NULL)
		*greatestPriority = r.res_int_pair_u.value.second;
	return CUDA_SUCCESS;
}
