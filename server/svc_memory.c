/*
 * svc_memory.c -- device memory: allocation, release and queries.
 *
 * Device pointers need no bookkeeping here: the driver checks every one it
 * is given against its own allocations, and a client's allocations die
 * with its contexts at teardown.
 */
#include <cuda.h>

#include "cuda_rpc.h"

bool_t cu_mem_alloc_13000_svc(cu_size size, res_dptr *r, struct svc_req *rq)
{
	CUdeviceptr dptr;

	(void)rq;
	r->err = cuMemAlloc(&dptr, (size_t)size);
	if (r->err == CUDA_SUCCESS)
		r->res_dptr_u.value = dptr;
	return TRUE;
}

bool_t cu_mem_free_13000_svc(cu_dptr dptr, res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = cuMemFree((CUdeviceptr)dptr);
	return TRUE;
}

bool_t cu_mem_alloc_pitch_13000_svc(cu_size width, cu_size height,
    u_int elem_size, res_pitched_alloc *r, struct svc_req *rq)
{
	CUdeviceptr dptr;
	size_t pitch;

	(void)rq;
	r->err = cuMemAllocPitch(&dptr, &pitch, (size_t)width, (size_t)height,
	    elem_size);
	if (r->err == CUDA_SUCCESS) {
		r->res_pitched_alloc_u.value.dptr = dptr;
		r->res_pitched_alloc_u.value.pitch = pitch;
	}
	return TRUE;
}

bool_t cu_mem_get_info_13000_svc(res_mem_info *r, struct svc_req *rq)
{
	size_t free_bytes, total_bytes;

	(void)rq;
	r->err = cuMemGetInfo(&free_bytes, &total_bytes);
	if (r->err == CUDA_SUCCESS) {
		r->res_mem_info_u.value.free = free_bytes;
		r->res_mem_info_u.value.total = total_bytes;
	}
	return TRUE;
}

bool_t cu_mem_get_address_range_13000_svc(cu_dptr dptr, res_dev_range *r,
    struct svc_req *rq)
{
	CUdeviceptr base;
	size_t size;

	(void)rq;
	r->err = cuMemGetAddressRange(&base, &size, (CUdeviceptr)dptr);
	if (r->err == CUDA_SUCCESS) {
		r->res_dev_range_u.value.base = base;
		r->res_dev_range_u.value.size = size;
	}
	return TRUE;
}
