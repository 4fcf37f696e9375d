/*
 * mempool.c -- stream-ordered allocation and memory pools: cuMemAllocAsync,
 * cuMemAllocFromPoolAsync, cuMemFreeAsync (and their _ptsz forms),
 * cuMemPoolCreate, the pool attributes and access.  The plain pool calls
 * (cuDeviceGetDefaultMemPool, cuMemPoolTrimTo, ...) are generated.
 *
 * Memory from a pool is device memory like cuMemAlloc's: recorded in
 * device_ranges.c at allocation, so cuMemcpy tells it from host memory,
 * and forgotten at the free, which the program may not outlive in its use
 * of the memory though the stream frees it later.  The free is sent
 * one-way.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/vmm.h"
#include "stubs/route/route.h"
#include "stubs/wire/batch.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

/* Whether a pool attribute's value is an int (else a cuuint64_t). */
static bool int_attribute(CUmemPool_attribute attr)
{
	return attr == CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES ||
	    attr == CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC ||
	    attr == CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES;
}

/* cuMemAllocAsync and cuMemAllocFromPoolAsync; pool NULL: the device's. */
static CUresult alloc_async(CUdeviceptr *dptr, size_t bytesize,
    CUmemoryPool pool, CUstream s)
{
	res_dptr r;
	res_none undo;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if (dptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&s)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, s, ROUTE_STREAM, pool, ROUTE_HANDLE,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	if (pool != NULL)
		st = cu_mem_alloc_from_pool_async(bytesize, route_strip(pool),
		    route_strip(s), &r, k.c);
	else
		st = cu_mem_alloc_async(bytesize, route_strip(s), &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS &&
	    !devmem_note(r.res_dptr_u.value, bytesize)) {
		/* Unrecorded device memory would pass for host memory. */
		memset(&undo, 0, sizeof undo);
		st = cu_mem_free_async(r.res_dptr_u.value, route_strip(s),
		    &undo, k.c);
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*dptr = (CUdeviceptr)r.res_dptr_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize,
    CUstream hStream)
{
	return alloc_async(dptr, bytesize, NULL, hStream);
}

ONCUDA_API CUresult cuMemAllocAsync_ptsz(CUdeviceptr *dptr, size_t bytesize,
    CUstream hStream)
{
	return alloc_async(dptr, bytesize, NULL, thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr,
    size_t bytesize, CUmemoryPool pool, CUstream hStream)
{
	if (pool == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return alloc_async(dptr, bytesize, pool, hStream);
}

ONCUDA_API CUresult cuMemAllocFromPoolAsync_ptsz(CUdeviceptr *dptr,
    size_t bytesize, CUmemoryPool pool, CUstream hStream)
{
	return cuMemAllocFromPoolAsync(dptr, bytesize, pool,
	    thread_stream_null(hStream));
}

/*
 * One-way (idl/cuda.x): the range goes from the client's record now, as
 * the program may not name the memory after the call; the server's answer
 * comes back, if it is an error, at the next synchronizing call.
 */
ONCUDA_API CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream)
{
	cu_mem_free_async_argument a;
	struct call k;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, hStream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	a.dptr = (cu_dptr)dptr;
	a.stream = route_strip(hStream);
	devmem_forget((uint64_t)dptr);
	return call_end(&k, batch_send(k.c, CU_MEM_FREE_ASYNC,
	    (xdrproc_t)xdr_cu_mem_free_async_argument, &a));
}

ONCUDA_API CUresult cuMemFreeAsync_ptsz(CUdeviceptr dptr, CUstream hStream)
{
	return cuMemFreeAsync(dptr, thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemPoolCreate(CUmemoryPool *pool,
    const CUmemPoolProps *poolProps)
{
	mem_pool_props wire;
	res_handle r;
	struct call k;
	CUresult e;

	if (pool == NULL || poolProps == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* Windows' security attributes mean nothing to a Linux server. */
	if (poolProps->win32SecurityAttributes != NULL)
		return CUDA_ERROR_INVALID_VALUE;
	wire = mem_pool_props_pack(poolProps);
	if ((e = location_call(&k, &poolProps->location, &wire.location,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_pool_create(wire, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*pool = (CUmemoryPool)(uintptr_t)route_tag(r.res_handle_u.value,
		    k.server);
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemPoolSetAttribute(CUmemoryPool pool,
    CUmemPool_attribute attr, void *value)
{
	res_none r;
	cu_size v;
	struct call k;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (int_attribute(attr))
		v = (cu_size)(unsigned)*(const int *)value;
	else
		v = *(const cuuint64_t *)value;
	if ((e = route_call_handles(&k, pool, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_pool_set_attribute(route_strip(pool), (int)attr,
	    v, &r, k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuMemPoolGetAttribute(CUmemoryPool pool,
    CUmemPool_attribute attr, void *value)
{
	res_size r;
	struct call k;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, pool, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_pool_get_attribute(route_strip(pool), (int)attr,
	    &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		if (int_attribute(attr))
			*(int *)value = (int)r.res_size_u.value;
		else
			*(cuuint64_t *)value = r.res_size_u.value;
	}
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemPoolSetAccess(CUmemoryPool pool,
    const CUmemAccessDesc *map, size_t count)
{
	mem_access_desc descs[ONCUDA_ACCESS_DESCS_MAX];
	mem_access_descs list = { (u_int)count, descs };
	res_none r;
	struct call k;
	CUresult e;

	if ((map == NULL && count != 0) || count > ONCUDA_ACCESS_DESCS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++)
		descs[i] = mem_access_desc_pack(&map[i]);
	if ((e = route_call_handles(&k, pool, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_pool_set_access(route_strip(pool), list, &r,
	    k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags,
    CUmemoryPool memPool, CUmemLocation *location)
{
	res_uint r;
	struct call k;
	CUresult e;

	if (flags == NULL || location == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* The pool names the server.  The location's device goes as the
	 * program numbers it: the server's own with one server; with
	 * several, memory of one server is no other's device's to reach. */
	if ((e = route_call_handles(&k, memPool, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_mem_pool_get_access(route_strip(memPool),
	    mem_location_pack(location), &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*flags = (CUmemAccess_flags)r.res_uint_u.value;
	return (CUresult)r.err;
}
