/*
 * svc_runtime.c -- procedures the CUDA runtime needs that the driver API
 * programs did not: answers that are enumerations or several values.
 */
#include <cuda.h>

#include "cuda_rpc.h"
#include "handles.h"

bool_t cu_module_get_loading_mode_13000_svc(res_int *r, struct svc_req *rq)
{
	CUmoduleLoadingMode mode;

	(void)rq;
	r->err = cuModuleGetLoadingMode(&mode);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = (int)mode;
	return TRUE;
}

bool_t cu_ctx_get_stream_priority_range_13000_svc(res_int_pair *r,
    struct svc_req *rq)
{
	int least, greatest;

	(void)rq;
	r->err = cuCtxGetStreamPriorityRange(&least, &greatest);
	if (r->err == CUDA_SUCCESS) {
		r->res_int_pair_u.value.first = least;
		r->res_int_pair_u.value.second = greatest;
	}
	return TRUE;
}
