/*
 * svc_launch.c -- kernel launches.
 *
 * The function may be a CUfunction or, as the CUDA runtime passes it, a
 * CUkernel; handle_check accepts either for HANDLE_FUNCTION and the driver
 * takes either.  Arguments are rebuilt by params_prepare (svc_params.c).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_launch.h"
#include "server/svc/svc_params.h"

/*
 * Launch attributes are passed through as the client laid them out, except
 * those that name a CUevent, which is checked like any handle.  No other
 * attribute of this CUDA version makes the driver read host memory: the
 * access policy window's base_ptr is a device address the driver only
 * compares, and the device-updatable node handle is written, not read.
 */
static CUresult attr_check(const launch_attr *a)
{
	uint64_t event;

	switch (a->id) {
	case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT:
	case CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT:
		/* Both value structs start with the CUevent. */
		memcpy(&event, a->value, sizeof(event));
		return handle_check(HANDLE_EVENT, event, false);
	default:
		return CUDA_SUCCESS;
	}
}

CUresult launch_config_build(const launch_config *in, CUlaunchConfig *out,
    CUlaunchAttribute attrs[ONCUDA_LAUNCH_ATTRS_MAX])
{
	unsigned int i, n = in->attrs.attrs_len;
	CUresult err;

	if ((err = handle_check(HANDLE_STREAM, in->stream, true)) !=
	    CUDA_SUCCESS)
		return err;
	if (n > ONCUDA_LAUNCH_ATTRS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	for (i = 0; i < n; i++) {
		const launch_attr *a = &in->attrs.attrs_val[i];

		if ((err = attr_check(a)) != CUDA_SUCCESS)
			return err;
		memset(&attrs[i], 0, sizeof(attrs[i]));
		attrs[i].id = (CUlaunchAttributeID)a->id;
		memcpy(&attrs[i].value, a->value, sizeof(a->value));
	}
	memset(out, 0, sizeof(*out));
	out->gridDimX = in->grid.x;
	out->gridDimY = in->grid.y;
	out->gridDimZ = in->grid.z;
	out->blockDimX = in->block.x;
	out->blockDimY = in->block.y;
	out->blockDimZ = in->block.z;
	out->sharedMemBytes = in->shared_mem_bytes;
	out->hStream = (CUstream)(uintptr_t)in->stream;
	out->attrs = n > 0 ? attrs : NULL;
	out->numAttrs = n;
	return CUDA_SUCCESS;
}

/*
 * cuLaunchKernel or, cooperative, cuLaunchCooperativeKernel: the same
 * arguments, checked and rebuilt the same way.  A cooperative launch has
 * no `extra`: params_prepare builds it only from an `extra` buffer, which
 * the client does not send for one.
 */
static CUresult launch(bool cooperative, cu_handle func, cu_dim3 grid,
    cu_dim3 block, u_int shared_mem_bytes, cu_handle stream,
    kernel_args *args)
{
	struct launch_params params;
	CUresult err;

	if ((err = handle_check(HANDLE_FUNCTION, func, false)) !=
	    CUDA_SUCCESS ||
	    (err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS ||
	    (err = params_prepare(func, args, &params)) != CUDA_SUCCESS)
		return err;
	if (cooperative) {
		if (params.extra != NULL)
			return CUDA_ERROR_INVALID_VALUE;
		return cuLaunchCooperativeKernel((CUfunction)(uintptr_t)func,
		    grid.x, grid.y, grid.z, block.x, block.y, block.z,
		    shared_mem_bytes, (CUstream)(uintptr_t)stream,
		    params.kernel_params);
	}
	return cuLaunchKernel((CUfunction)(uintptr_t)func, grid.x, grid.y,
	    grid.z, block.x, block.y, block.z, shared_mem_bytes,
	    (CUstream)(uintptr_t)stream, params.kernel_params, params.extra);
}

bool_t cu_launch_kernel_svc(cu_handle func, cu_dim3 grid, cu_dim3 block,
    u_int shared_mem_bytes, cu_handle stream, kernel_args args, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = launch(false, func, grid, block, shared_mem_bytes, stream,
	    &args);
	return TRUE;
}

bool_t cu_launch_cooperative_kernel_svc(cu_handle func, cu_dim3 grid,
    cu_dim3 block, u_int shared_mem_bytes, cu_handle stream,
    kernel_args args, res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = launch(true, func, grid, block, shared_mem_bytes, stream,
	    &args);
	return TRUE;
}

bool_t cu_launch_kernel_ex_svc(launch_config config, cu_handle func,
    kernel_args args, res_none *r, struct svc_req *rq)
{
	CUlaunchAttribute attrs[ONCUDA_LAUNCH_ATTRS_MAX];
	struct launch_params params;
	CUlaunchConfig cfg;

	(void)rq;
	if ((r->err = handle_check(HANDLE_FUNCTION, func, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = launch_config_build(&config, &cfg, attrs)) !=
	    CUDA_SUCCESS ||
	    (r->err = params_prepare(func, &args, &params)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuLaunchKernelEx(&cfg, (CUfunction)(uintptr_t)func,
	    params.kernel_params, params.extra);
	return TRUE;
}

/*
 * The launches of cuLaunchCooperativeKernelMultiDevice, each checked and
 * its arguments rebuilt as a cooperative launch's; params_prepare's
 * pointers last until its next call, so each launch's are copied.
 */
bool_t cu_launch_cooperative_kernel_multi_device_svc(multi_launches launches,
    u_int flags, res_none *r, struct svc_req *rq)
{
	CUDA_LAUNCH_PARAMS list[ONCUDA_MULTI_LAUNCH_MAX];
	void **params[ONCUDA_MULTI_LAUNCH_MAX];
	struct launch_params prepared;
	unsigned int i, n = launches.multi_launches_len;
	size_t bytes;

	(void)rq;
	memset(r, 0, sizeof(*r));
	memset(params, 0, sizeof(params));
	r->err = n == 0 || n > ONCUDA_MULTI_LAUNCH_MAX ?
	    CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
	for (i = 0; i < n && r->err == CUDA_SUCCESS; i++) {
		const multi_launch *l = &launches.multi_launches_val[i];

		if ((r->err = handle_check(HANDLE_FUNCTION, l->func, false)) !=
		    CUDA_SUCCESS ||
		    (r->err = handle_check(HANDLE_STREAM, l->stream, true)) !=
		    CUDA_SUCCESS ||
		    (r->err = params_prepare(l->func, &l->args, &prepared)) !=
		    CUDA_SUCCESS)
			break;
		if (prepared.extra != NULL) {
			r->err = CUDA_ERROR_INVALID_VALUE;
			break;
		}
		bytes = sizeof(void *) * (l->args.offsets.offsets_len + 1);
		if ((params[i] = malloc(bytes)) == NULL) {
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
			break;
		}
		if (prepared.kernel_params != NULL)
			memcpy(params[i], prepared.kernel_params,
			    sizeof(void *) * l->args.offsets.offsets_len);
		memset(&list[i], 0, sizeof(list[i]));
		list[i].function = (CUfunction)(uintptr_t)l->func;
		list[i].gridDimX = l->grid.x;
		list[i].gridDimY = l->grid.y;
		list[i].gridDimZ = l->grid.z;
		list[i].blockDimX = l->block.x;
		list[i].blockDimY = l->block.y;
		list[i].blockDimZ = l->block.z;
		list[i].sharedMemBytes = l->shared_mem_bytes;
		list[i].hStream = (CUstream)(uintptr_t)l->stream;
		list[i].kernelParams = prepared.kernel_params != NULL ?
		    params[i] : NULL;
	}
	/* Deprecated, but the driver still offers it, and programs call it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	if (r->err == CUDA_SUCCESS)
		r->err = cuLaunchCooperativeKernelMultiDevice(list, n, flags);
#pragma GCC diagnostic pop
	for (i = 0; i < n; i++)
		free(params[i]);
	return TRUE;
}
