/*
 * svc_mempool.c -- stream-ordered allocation and memory pools.
 *
 * Memory from a pool is recorded like cuMemAlloc's (svc_memory.h): counted
 * against --max-memory, among the client's device ranges, released with
 * its context or the session.  During a stream capture it is a graph's
 * instead, recorded as graph memory (svc_graph_mem.h).  Pools are session handles; a pool that
 * could be exported is refused, its handle being a file descriptor of this
 * process (see idl/cuda.x).
 */
#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/svc/svc_graph_mem.h"
#include "server/svc/svc_memory.h"

static CUstream stream_of(cu_handle h)
{
	return (CUstream)(uintptr_t)h;
}

static CUmemoryPool pool_of(cu_handle h)
{
	return (CUmemoryPool)(uintptr_t)h;
}

static CUresult alloc_async(CUdeviceptr *dptr, cu_size bytesize,
    CUmemoryPool pool, CUstream s)
{
	if (pool != NULL)
		return cuMemAllocFromPoolAsync(dptr, (size_t)bytesize, pool, s);
	return cuMemAllocAsync(dptr, (size_t)bytesize, s);
}

/* Whether work queued on s now becomes a node of a capture's graph. */
static bool capturing(CUstream s)
{
	CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;

	return cuStreamIsCapturing(s, &status) == CUDA_SUCCESS &&
	    status == CU_STREAM_CAPTURE_STATUS_ACTIVE;
}

/*
 * During a capture the driver makes an allocation node of the captured
 * graph: the memory is the graph's, to be freed in it, after a launch, or
 * with the graph, and is recorded as an allocation node's is
 * (svc_graph_mem.h), not as the client's.
 */
static void alloc_captured(cu_size bytesize, CUmemoryPool pool, CUstream s,
    res_dptr *r)
{
	CUdeviceptr dptr;

	r->err = alloc_async(&dptr, bytesize, pool, s);
	if (r->err == CUDA_SUCCESS && !graph_mem_record(dptr, bytesize)) {
		/* A free node after it: the graph gives it back. */
		cuMemFreeAsync(dptr, s);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err == CUDA_SUCCESS)
		r->res_dptr_u.value = dptr;
}

/*
 * Takes the bytes, lets alloc make the allocation, records it; gives
 * everything back when any step fails.
 */
static void alloc_counted(cu_size bytesize, CUmemoryPool pool, CUstream s,
    res_dptr *r)
{
	CUdeviceptr dptr;

	if (capturing(s)) {
		alloc_captured(bytesize, pool, s, r);
		return;
	}
	if (!memory_take(bytesize, USAGE_DEVICE, "pool memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->err = alloc_async(&dptr, bytesize, pool, s);
	if (r->err == CUDA_SUCCESS && !allocation_record(dptr, bytesize)) {
		cuMemFreeAsync(dptr, s);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err == CUDA_SUCCESS)
		r->res_dptr_u.value = dptr;
	else
		memory_give(bytesize, USAGE_DEVICE);
}

bool_t cu_mem_alloc_async_svc(cu_size bytesize, cu_handle stream,
    res_dptr *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) == CUDA_SUCCESS)
		alloc_counted(bytesize, NULL, stream_of(stream), r);
	return TRUE;
}

bool_t cu_mem_alloc_from_pool_async_svc(cu_size bytesize, cu_handle pool,
    cu_handle stream, res_dptr *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_POOL, pool, false)) != CUDA_SUCCESS ||
	    (r->err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS)
		return TRUE;
	alloc_counted(bytesize, pool_of(pool), stream_of(stream), r);
	return TRUE;
}

bool_t cu_mem_free_async_svc(cu_dptr dptr, cu_handle stream, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) != CUDA_SUCCESS)
		return TRUE;
	/* A pointer the client was not given never reaches the driver;
	 * a graph allocation may be freed here too, as natively. */
	if (!allocation_known((CUdeviceptr)dptr) &&
	    !graph_mem_known((CUdeviceptr)dptr)) {
		log_msg(LOG_INFO, "cuMemFreeAsync of 0x%llx, which is no "
		    "allocation of this client's", (unsigned long long)dptr);
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemFreeAsync((CUdeviceptr)dptr, stream_of(stream));
	/* The program may not name the memory after this call, though the
	 * stream frees it later: the range and its bytes go now. */
	if (r->err == CUDA_SUCCESS)
		allocation_forget((CUdeviceptr)dptr);
	return TRUE;
}

bool_t cu_mem_pool_create_svc(mem_pool_props props, res_handle *r,
    struct svc_req *rq)
{
	CUmemPoolProps p = mem_pool_props_unpack(&props);
	CUmemoryPool pool;

	(void)rq;
	if (p.handleTypes != CU_MEM_HANDLE_TYPE_NONE) {
		log_msg(LOG_INFO, "refused an exportable pool (handle types "
		    "0x%x): its handles would be this server's", props.handle_types);
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	r->err = cuMemPoolCreate(&pool, &p);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (!handle_add(HANDLE_MEM_POOL, (cu_handle)(uintptr_t)pool, 0)) {
		cuMemPoolDestroy(pool);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_handle_u.value = (cu_handle)(uintptr_t)pool;
	return TRUE;
}

/* Whether a pool attribute's value is an int (else a cuuint64_t). */
static bool int_attribute(int attr)
{
	return attr == CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES ||
	    attr == CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC ||
	    attr == CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES;
}

bool_t cu_mem_pool_set_attribute_svc(cu_handle pool, int attr, cu_size value,
    res_none *r, struct svc_req *rq)
{
	int small = (int)value;
	cuuint64_t wide = value;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_POOL, pool, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemPoolSetAttribute(pool_of(pool), (CUmemPool_attribute)attr,
	    int_attribute(attr) ? (void *)&small : (void *)&wide);
	return TRUE;
}

bool_t cu_mem_pool_get_attribute_svc(cu_handle pool, int attr, res_size *r,
    struct svc_req *rq)
{
	int small = 0;
	cuuint64_t wide = 0;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_POOL, pool, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemPoolGetAttribute(pool_of(pool), (CUmemPool_attribute)attr,
	    int_attribute(attr) ? (void *)&small : (void *)&wide);
	if (r->err == CUDA_SUCCESS)
		r->res_size_u.value = int_attribute(attr) ?
		    (cu_size)(unsigned)small : (cu_size)wide;
	return TRUE;
}

bool_t cu_mem_pool_set_access_svc(cu_handle pool, mem_access_descs map,
    res_none *r, struct svc_req *rq)
{
	CUmemAccessDesc descs[ONCUDA_ACCESS_DESCS_MAX];

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_POOL, pool, false)) != CUDA_SUCCESS)
		return TRUE;
	/* The decoder holds the count to ONCUDA_ACCESS_DESCS_MAX. */
	for (u_int i = 0; i < map.mem_access_descs_len; i++)
		descs[i] = mem_access_desc_unpack(&map.mem_access_descs_val[i]);
	r->err = cuMemPoolSetAccess(pool_of(pool), descs,
	    map.mem_access_descs_len);
	return TRUE;
}

bool_t cu_mem_pool_get_access_svc(cu_handle pool, mem_location location,
    res_uint *r, struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);
	CUmemAccess_flags flags;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MEM_POOL, pool, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemPoolGetAccess(&flags, pool_of(pool), &l);
	if (r->err == CUDA_SUCCESS)
		r->res_uint_u.value = (u_int)flags;
	return TRUE;
}
