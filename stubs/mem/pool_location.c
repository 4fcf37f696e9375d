/*
 * pool_location.c -- CUDA 13's pools named by a location and an
 * allocation type: cuMemGetDefaultMemPool, cuMemGetMemPool,
 * cuMemSetMemPool.
 *
 * A device location goes to the device's server with that server's
 * ordinal (vmm.h's location_call), as cuMemPoolCreate's does; the pool
 * handed back carries that server's tag.  Which locations and types are
 * offered the server decides (idl/cuda.x).
 */
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/mem/vmm.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/* cuMemGetDefaultMemPool and cuMemGetMemPool: current says which. */
static CUresult get_pool(CUmemoryPool *pool, const CUmemLocation *location,
    CUmemAllocationType type, bool current)
{
	mem_location wire;
	res_handle r;
	struct call k;
	CUresult e;

	if (pool == NULL || location == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = location_call(&k, location, &wire, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	e = call_done(&k, current ?
	    cu_mem_get_mem_pool(wire, (int)type, &r, k.c) :
	    cu_mem_get_default_mem_pool(wire, (int)type, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*pool = (CUmemoryPool)(uintptr_t)route_tag(r.res_handle_u.value,
		    k.server);
	return e;
}

ONCUDA_API CUresult cuMemGetDefaultMemPool(CUmemoryPool *pool_out,
    CUmemLocation *location, CUmemAllocationType type)
{
	return get_pool(pool_out, location, type, false);
}

ONCUDA_API CUresult cuMemGetMemPool(CUmemoryPool *pool,
    CUmemLocation *location, CUmemAllocationType type)
{
	return get_pool(pool, location, type, true);
}

ONCUDA_API CUresult cuMemSetMemPool(CUmemLocation *location,
    CUmemAllocationType type, CUmemoryPool pool)
{
	mem_location wire;
	res_none r;
	struct call k;
	CUresult e;

	if (location == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = location_call(&k, location, &wire, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	/* A pool of another server is no pool of this one's. */
	if (pool != NULL && route_server_of(pool) != k.server) {
		call_end(&k, RPC_SUCCESS);
		return CUDA_ERROR_INVALID_VALUE;
	}
	return call_done(&k, cu_mem_set_mem_pool(wire, (int)type,
	    route_strip(pool), &r, k.c), &r.err);
}
