/*
 * runtime_calls.c -- entry points the CUDA runtime calls that driver API
 * programs rarely do, whose glue cannot be generated (idl/cuda.x says why
 * for each).
 */
#include <stdint.h>
#include <string.h>

#include "stubs/wire/rpc.h"

ONCUDA_API CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode)
{
	res_int r;
	CLIENT *c;
	CUresult e;

	if (mode == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((c = rpc_begin()) == NULL)
		return rpc_unavailable();
	e = rpc_end(cu_module_get_loading_mode(&r, c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*mode = (CUmoduleLoadingMode)r.res_int_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuCtxGetStreamPriorityRange(int *leastPriority,
    int *greatestPriority)
{
	res_int_pair r;
	CLIENT *c;
	CUresult e;

	memset(&r, 0, sizeof(r));
	if ((c = rpc_begin()) == NULL)
		return rpc_unavailable();
	e = rpc_end(cu_ctx_get_stream_priority_range(&r, c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	if (leastPriority != NULL)
		*leastPriority = r.res_int_pair_u.value.first;
	if (greatestPriority != NULL)
		*greatestPriority = r.res_int_pair_u.value.second;
	return CUDA_SUCCESS;
}
