/*
 * mempool.c - stream-ordered allocation and memory pools.
 *
 * Every call runs to completion, so a pool is bookkeeping over the ordinary
 * allocator: memory from it is an FC_MEM_DEVICE allocation (cuMemFree takes
 * it too), and the pool counts what is used and what it keeps reserved.
 * A free keeps the bytes reserved up to the release threshold (the driver
 * releases the rest at the next synchronization; here work is always
 * synchronized); cuMemPoolTrimTo lets reserved bytes go down to what is
 * used.  Shareable handle types are refused, as oncuda refuses them.
 */
#include <stdlib.h>

#include "fakecuda.h"
#include "graph.h"

struct fc_pool {
	uintptr_t handle;
	CUdevice device;
	uint64_t used, used_high, reserved, reserved_high, threshold;
	int reuse[3];			/* the three REUSE_* attributes */
	bool destroyed;			/* waiting for its allocations */
	unsigned int live;		/* allocations not yet freed */
};

/* An allocation from a pool, until cuMemFreeAsync. */
struct pool_alloc {
	uintptr_t base;
	size_t size;
	struct fc_pool *pool;
	struct pool_alloc *next;
};

static struct fc_pool *default_pools[FC_MAX_DEVICES];
static struct fc_pool *current_pools[FC_MAX_DEVICES];
static struct pool_alloc *pool_allocs;

static struct fc_pool *
pool_new(CUdevice dev)
{
	struct fc_pool *p = calloc(1, sizeof(*p));

	if (p == NULL)
		return NULL;
	p->device = dev;
	p->reuse[0] = p->reuse[1] = p->reuse[2] = 1;
	p->handle = fc_handle_new(FC_KIND_MEM_POOL, p);
	if (p->handle == 0) {
		free(p);
		return NULL;
	}
	return p;
}

static struct fc_pool *
device_default(CUdevice dev)
{
	if (default_pools[dev] == NULL)
		default_pools[dev] = pool_new(dev);
	return default_pools[dev];
}

static void
pool_free_if_done(struct fc_pool *p)
{
	if (p->destroyed && p->live == 0) {
		fc_handle_drop(p->handle);
		free(p);
	}
}

FC_API CUresult
cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev)
{
	CUresult rc;
	struct fc_pool *p = NULL;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS && pool_out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (p = device_default(dev)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS)
		*pool_out = (CUmemoryPool)p->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev)
{
	CUresult rc;
	struct fc_pool *p = NULL;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS && pool == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		p = current_pools[dev] != NULL ? current_pools[dev] :
		    device_default(dev);
		if (p == NULL)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (rc == CUDA_SUCCESS)
		*pool = (CUmemoryPool)p->handle;
	fc_unlock();
	return rc;
}

static struct fc_pool *
pool_lookup(CUmemoryPool pool)
{
	struct fc_pool *p = fc_handle_lookup((uintptr_t)pool, FC_KIND_MEM_POOL);

	return p != NULL && !p->destroyed ? p : NULL;
}

FC_API CUresult
cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool)
{
	CUresult rc;
	struct fc_pool *p;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS && ((p = pool_lookup(pool)) == NULL ||
	    p->device != dev))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		current_pools[dev] = p;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *props)
{
	CUresult rc;
	struct fc_pool *p = NULL;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (pool == NULL || props == NULL ||
	    props->allocType != CU_MEM_ALLOCATION_TYPE_PINNED ||
	    props->location.type != CU_MEM_LOCATION_TYPE_DEVICE))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_check_device(props->location.id);
	if (rc == CUDA_SUCCESS && props->handleTypes != CU_MEM_HANDLE_TYPE_NONE)
		rc = CUDA_ERROR_NOT_SUPPORTED;
	if (rc == CUDA_SUCCESS && (p = pool_new(props->location.id)) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS)
		*pool = (CUmemoryPool)p->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemPoolDestroy(CUmemoryPool pool)
{
	struct fc_pool *p;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	p = pool_lookup(pool);
	if (p == NULL || p == default_pools[p->device]) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		if (current_pools[p->device] == p)
			current_pools[p->device] = NULL;
		p->destroyed = true;
		pool_free_if_done(p);
	}
	fc_unlock();
	return rc;
}

static CUresult
alloc_from(struct fc_pool *p, CUdeviceptr *dptr, size_t size, CUstream s)
{
	struct fc_stream *capturing;
	struct fc_context *ctx;
	struct pool_alloc *pa;
	struct fc_alloc *a;
	CUresult rc;

	if ((rc = fc_context_usable(&ctx)) != CUDA_SUCCESS)
		return rc;
	if (dptr == NULL || size == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((rc = fc_stream_check(s, ctx)) != CUDA_SUCCESS)
		return rc;
	/* During a capture: an allocation node, the graph's memory. */
	if ((rc = fc_capture_route(s, ctx, &capturing)) != CUDA_SUCCESS)
		return rc;
	if (capturing != NULL)
		return fc_graph_mem_capture(capturing, ctx->device, size, dptr);
	if ((pa = malloc(sizeof(*pa))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((rc = fc_alloc_create(ctx, FC_MEM_DEVICE, size, 0, &a)) !=
	    CUDA_SUCCESS) {
		free(pa);
		return rc;
	}
	pa->base = a->base;
	pa->size = size;
	pa->pool = p;
	pa->next = pool_allocs;
	pool_allocs = pa;
	p->live++;
	p->used += size;
	if (p->used > p->used_high)
		p->used_high = p->used;
	if (p->used > p->reserved)
		p->reserved = p->used;
	if (p->reserved > p->reserved_high)
		p->reserved_high = p->reserved;
	*dptr = (CUdeviceptr)a->base;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream)
{
	struct fc_context *ctx;
	struct fc_pool *p;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS) {
		p = current_pools[ctx->device] != NULL ?
		    current_pools[ctx->device] : device_default(ctx->device);
		rc = p == NULL ? CUDA_ERROR_OUT_OF_MEMORY :
		    alloc_from(p, dptr, bytesize, hStream);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize,
    CUmemoryPool pool, CUstream hStream)
{
	struct fc_pool *p;
	CUresult rc;

	fc_lock();
	p = pool_lookup(pool);
	rc = p == NULL ? CUDA_ERROR_INVALID_VALUE :
	    alloc_from(p, dptr, bytesize, hStream);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream)
{
	struct pool_alloc **at, *pa;
	struct fc_context *ctx;
	struct fc_alloc *a;
	struct fc_pool *p;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	for (at = &pool_allocs; rc == CUDA_SUCCESS && *at != NULL &&
	    (*at)->base != (uintptr_t)dptr; at = &(*at)->next)
		;
	/* Graph memory may be freed here too; it stays with its nodes. */
	if (rc == CUDA_SUCCESS && *at == NULL && fc_graph_mem_known(dptr)) {
		fc_unlock();
		return CUDA_SUCCESS;
	}
	if (rc == CUDA_SUCCESS && (*at == NULL ||
	    (a = fc_alloc_find((uintptr_t)dptr)) == NULL ||
	    a->base != (uintptr_t)dptr))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		pa = *at;
		*at = pa->next;
		p = pa->pool;
		fc_alloc_destroy(a);
		p->used -= pa->size;
		p->live--;
		/* Reserved memory above the threshold goes back at once:
		 * the stand-in's work is always synchronized. */
		if (p->reserved > p->threshold)
			p->reserved = p->threshold > p->used ? p->threshold :
			    p->used;
		free(pa);
		pool_free_if_done(p);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep)
{
	struct fc_pool *p;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if ((p = pool_lookup(pool)) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	else if (p->reserved > minBytesToKeep)
		p->reserved = minBytesToKeep > p->used ? minBytesToKeep : p->used;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr,
    void *value)
{
	struct fc_pool *p;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if ((p = pool_lookup(pool)) == NULL || value == NULL) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		switch (attr) {
		case CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES:
		case CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC:
		case CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
			p->reuse[attr - 1] = *(int *)value != 0;
			break;
		case CU_MEMPOOL_ATTR_RELEASE_THRESHOLD:
			p->threshold = *(cuuint64_t *)value;
			break;
		/* Only resetting the high-water marks is allowed. */
		case CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH:
			if (*(cuuint64_t *)value != 0)
				rc = CUDA_ERROR_INVALID_VALUE;
			else
				p->reserved_high = p->reserved;
			break;
		case CU_MEMPOOL_ATTR_USED_MEM_HIGH:
			if (*(cuuint64_t *)value != 0)
				rc = CUDA_ERROR_INVALID_VALUE;
			else
				p->used_high = p->used;
			break;
		default:
			rc = CUDA_ERROR_INVALID_VALUE;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr,
    void *value)
{
	struct fc_pool *p;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if ((p = pool_lookup(pool)) == NULL || value == NULL) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		switch (attr) {
		case CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES:
		case CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC:
		case CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES:
			*(int *)value = p->reuse[attr - 1];
			break;
		case CU_MEMPOOL_ATTR_RELEASE_THRESHOLD:
			*(cuuint64_t *)value = p->threshold;
			break;
		case CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT:
			*(cuuint64_t *)value = p->reserved;
			break;
		case CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH:
			*(cuuint64_t *)value = p->reserved_high;
			break;
		case CU_MEMPOOL_ATTR_USED_MEM_CURRENT:
			*(cuuint64_t *)value = p->used;
			break;
		case CU_MEMPOOL_ATTR_USED_MEM_HIGH:
			*(cuuint64_t *)value = p->used_high;
			break;
		default:
			rc = CUDA_ERROR_INVALID_VALUE;
		}
	}
	fc_unlock();
	return rc;
}

/* Every device may reach every pool: the stand-in has one memory. */
FC_API CUresult
cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map,
    size_t count)
{
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (pool_lookup(pool) == NULL || (map == NULL && count != 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; rc == CUDA_SUCCESS && i < count; i++)
		if (map[i].location.type != CU_MEM_LOCATION_TYPE_DEVICE ||
		    fc_check_device(map[i].location.id) != CUDA_SUCCESS)
			rc = CUDA_ERROR_INVALID_DEVICE;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool,
    CUmemLocation *location)
{
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (pool_lookup(memPool) == NULL || flags == NULL || location == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	else
		*flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
	fc_unlock();
	return rc;
}
