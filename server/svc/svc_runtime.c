/*
 * svc_runtime.c -- procedures the CUDA runtime, cuBLAS and PyTorch need
 * that the driver API programs did not: answers that are enumerations or
 * several values.
 */
#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"

bool_t cu_module_get_loading_mode_svc(res_int *r, struct svc_req *rq)
{
	CUmoduleLoadingMode mode;

	(void)rq;
	r->err = cuModuleGetLoadingMode(&mode);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = (int)mode;
	return TRUE;
}

bool_t cu_ctx_get_stream_priority_range_svc(res_int_pair *r,
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

/*
 * Status and id only: the graph and dependency outputs are left NULL, which
 * the driver accepts, because oncuda supports no stream capture for them to
 * describe (idl/cuda.x).  cuda.h names the current ABI, _v3, plainly.
 */
bool_t cu_stream_get_capture_info_svc(cu_handle stream,
    res_capture_info *r, struct svc_req *rq)
{
	CUstreamCaptureStatus status;
	cuuint64_t id = 0;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuStreamGetCaptureInfo((CUstream)(uintptr_t)stream, &status,
	    &id, NULL, NULL, NULL, NULL);
	if (r->err == CUDA_SUCCESS) {
		r->res_capture_info_u.value.status = (int)status;
		r->res_capture_info_u.value.id = id;
	}
	return TRUE;
}
