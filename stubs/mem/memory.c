/*
 * memory.c -- device memory: cuMemAlloc, cuMemAllocPitch, cuMemFree,
 * cuMemGetInfo, cuMemGetAddressRange (cuMemFree of managed memory also
 * unmaps the program's side, managed.h), and whether an address is device
 * memory, for cuMemcpy (memory.h); the ranges themselves are recorded by
 * device_ranges.c.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/managed.h"
#include "stubs/mem/memory.h"
#include "common/range_table.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

bool memory_device_owner(uint64_t addr, unsigned *server, CUcontext *ctx)
{
	return !hostmem_contains((const void *)(uintptr_t)addr) &&
	    devmem_owner(addr, server, ctx);
}

bool memory_is_device(uint64_t addr)
{
	unsigned server;
	CUcontext ctx;

	return memory_device_owner(addr, &server, &ctx);
}

/*
 * Records memory the server has just allocated.  When that fails, the
 * memory is given back and the call fails: unrecorded device memory would
 * be taken for host memory by cuMemcpy.  Returns the RPC status of the
 * whole exchange and sets *err to the call's result.
 */
static enum clnt_stat record_or_give_back(CLIENT *c, cu_dptr base,
    cu_size size, int *err)
{
	res_none undo;
	enum clnt_stat st;

	if (devmem_note_allocation(base, size))
		return RPC_SUCCESS;
	memset(&undo, 0, sizeof undo);
	st = cu_mem_free(base, &undo, c);
	*err = CUDA_ERROR_OUT_OF_MEMORY;
	return st;
}

ONCUDA_API CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize)
{
	res_dptr r;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if (dptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof r);
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = cu_mem_alloc(bytesize, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = record_or_give_back(k.c, r.res_dptr_u.value, bytesize,
		    &r.err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*dptr = (CUdeviceptr)r.res_dptr_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemAllocPitch(CUdeviceptr *dptr, size_t *pPitch,
    size_t WidthInBytes, size_t Height, unsigned int ElementSizeBytes)
{
	res_pitched_alloc r;
	pitched_alloc *a = &r.res_pitched_alloc_u.value;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if (dptr == NULL || pPitch == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof r);
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = cu_mem_alloc_pitch(WidthInBytes, Height, ElementSizeBytes, &r,
	    k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
		/* A product that wraps is no allocation; the table stops at the top. */
		cu_size bytes = Height != 0 && a->pitch > UINT64_MAX / Height ?
		    UINT64_MAX : a->pitch * Height;

		st = record_or_give_back(k.c, a->dptr, bytes, &r.err);
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		*dptr = (CUdeviceptr)a->dptr;
		*pPitch = (size_t)a->pitch;
	}
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemFree(CUdeviceptr dptr)
{
	res_none r;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	memset(&r, 0, sizeof r);
	if ((e = devmem_call(&k, dptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = cu_mem_free((cu_dptr)dptr, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && dptr != 0) {
		devmem_forget((uint64_t)dptr);
		managed_freed((uint64_t)dptr);
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/* The driver accepts NULL for either answer, and skips it. */
ONCUDA_API CUresult cuMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
	res_mem_info r;
	struct call k;
	CUresult e;

	memset(&r, 0, sizeof r);
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, cu_mem_get_info(&r, k.c))) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		if (free_bytes != NULL)
			*free_bytes = (size_t)r.res_mem_info_u.value.free;
		if (total_bytes != NULL)
			*total_bytes = (size_t)r.res_mem_info_u.value.total;
	}
	return (CUresult)r.err;
}

/* Both answers are optional, as in the driver. */
ONCUDA_API CUresult cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize,
    CUdeviceptr dptr)
{
	res_dev_range r;
	struct call k;
	CUresult e;

	memset(&r, 0, sizeof r);
	if ((e = devmem_call(&k, dptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, cu_mem_get_address_range((cu_dptr)dptr, &r, k.c)))
	    != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		if (pbase != NULL)
			*pbase = (CUdeviceptr)r.res_dev_range_u.value.base;
		if (psize != NULL)
			*psize = (size_t)r.res_dev_range_u.value.size;
	}
	return (CUresult)r.err;
}
