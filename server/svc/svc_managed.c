/*
 * svc_managed.c -- managed memory (idl/cuda.x, "managed (unified)
 * memory"): the allocation, prefetches, advice and range attributes.
 *
 * A managed allocation is recorded like cuMemAlloc's (svc_memory.h: the
 * budget, the device ranges, its release with cuMemFree or its context)
 * and is kept coherent with the client's side from its birth by the
 * procedures of mapped memory (svc_mapped.c), through a shadow made here
 * and dropped by svc_memory.c when the allocation goes.
 *
 * The server reads and writes managed memory (the pushes and pulls) with
 * the copy engine (server/copy/managed_copy.h), or its CPU where that
 * fails, whenever the client asks, which may be while kernels run on
 * other streams: that needs the device's concurrent managed access (every
 * GPU since Pascal on Linux).  Without it the server offers no managed
 * memory (svc_managed_possible, which svc_attributes.c asks too).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/host_memory.h"
#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "server/copy/managed_copy.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/mapped_shadow.h"
#include "server/svc/svc_managed.h"
#include "server/svc/svc_memory.h"

bool svc_managed_possible(CUdevice dev)
{
	int concurrent = 0;

	return cuDeviceGetAttribute(&concurrent,
	    CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, dev) == CUDA_SUCCESS &&
	    concurrent != 0;
}

/* Whether the current context's device allows the server's accesses. */
static bool possible_here(void)
{
	CUdevice dev;

	return cuCtxGetDevice(&dev) == CUDA_SUCCESS && svc_managed_possible(dev);
}

/*
 * Sets a fresh allocation to zeros with the copy engine, which leaves its
 * pages where the driver places them (on the GPU), not on this host as
 * the CPU's stores would; with the CPU where the copy engine fails.
 */
static void zero(CUdeviceptr dptr, size_t size)
{
	bool zeroed = false;

	if (managed_copy_begin(NULL)) {
		zeroed = managed_copy_zero(dptr, size);
		zeroed = managed_copy_end() && zeroed;
	}
	if (!zeroed)
		memset((void *)(uintptr_t)dptr, 0, size);
}

bool_t cu_mem_alloc_managed_svc(cu_size size, u_int flags, res_dptr *r,
    struct svc_req *rq)
{
	CUcontext ctx;
	CUdeviceptr dptr;
	uint64_t available = 0;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (!possible_here()) {
		log_msg(LOG_INFO, "cuMemAllocManaged refused: the device has "
		    "no concurrent managed access, which the server's own "
		    "reads and writes of managed memory need");
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	/* Its shadow, and its pages when they come to this host (a
	 * prefetch to the host; the CPU's pushes and pulls where the copy
	 * engine fails): both may be all of it. */
	if (!host_memory_fits(size, 2, &available)) {
		log_msg(LOG_INFO, "cuMemAllocManaged of %llu bytes refused: "
		    "kept coherent with the client, it needs twice that in "
		    "this host's memory, which has %llu bytes available",
		    (unsigned long long)size, (unsigned long long)available);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	if (!memory_take(size, USAGE_DEVICE, "managed memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	if ((r->err = cuMemAllocManaged(&dptr, (size_t)size, flags)) !=
	    CUDA_SUCCESS) {
		memory_give(size, USAGE_DEVICE);
		return TRUE;
	}
	if (!allocation_record(dptr, size)) {
		cuMemFree(dptr);
		memory_give(size, USAGE_DEVICE);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	/* The allocation goes with the current context (svc_memory.c). */
	if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
		ctx = NULL;
	/* Both sides start from zeros, the client's fresh mapping's. */
	if (!mapped_shadow_add_managed((void *)(uintptr_t)dptr, (size_t)size,
	    ctx)) {
		allocation_forget(dptr);
		cuMemFree(dptr);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	zero(dptr, (size_t)size);
	r->res_dptr_u.value = dptr;
	return TRUE;
}

bool_t cu_mem_prefetch_async_svc(cu_dptr ptr, cu_size count,
    mem_location location, u_int flags, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS ||
	    (r->err = range_check(ptr, count, 1, "cuMemPrefetchAsync")) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemPrefetchAsync((CUdeviceptr)ptr, (size_t)count, l, flags,
	    (CUstream)(uintptr_t)stream);
	return TRUE;
}

bool_t cu_mem_advise_svc(cu_dptr ptr, cu_size count, int advice,
    mem_location location, res_none *r, struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = range_check(ptr, count, 1, "cuMemAdvise")) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemAdvise((CUdeviceptr)ptr, (size_t)count,
	    (CUmem_advise)advice, l);
	return TRUE;
}

bool_t cu_mem_range_get_attribute_svc(cu_size data_size, int attribute,
    cu_dptr ptr, cu_size count, res_data *r, struct svc_req *rq)
{
	void *data;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (data_size == 0 || data_size > ONCUDA_RANGE_ATTR_BYTES_MAX) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((r->err = range_check(ptr, count, 1, "cuMemRangeGetAttribute")) !=
	    CUDA_SUCCESS)
		return TRUE;
	if ((data = calloc(1, (size_t)data_size)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemRangeGetAttribute(data, (size_t)data_size,
	    (CUmem_range_attribute)attribute, (CUdeviceptr)ptr, (size_t)count);
	if (r->err != CUDA_SUCCESS) {
		free(data);
		return TRUE;
	}
	/* The dispatcher frees the reply's data once sent. */
	r->res_data_u.data.data_len = (u_int)data_size;
	r->res_data_u.data.data_val = data;
	return TRUE;
}
