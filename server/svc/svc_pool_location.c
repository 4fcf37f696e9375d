/*
 * svc_pool_location.c -- CUDA 13's pools named by a location and an
 * allocation type: cuMemGetDefaultMemPool, cuMemGetMemPool,
 * cuMemSetMemPool.
 *
 * Only a device's pinned pools reach the driver.  A host pool's memory
 * would be this machine's host memory, which the program on the client
 * machine cannot touch (the device attributes say host pools are absent),
 * and a managed pool needs managed memory: both are refused with
 * CUDA_ERROR_NOT_SUPPORTED and a log line.  The pools are session handles
 * like cuDeviceGetDefaultMemPool's.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"

/* CUDA_SUCCESS when the location and type name a pool oncuda offers. */
static CUresult offered(const CUmemLocation *l, int type, const char *call)
{
	if (l->type == CU_MEM_LOCATION_TYPE_DEVICE &&
	    type == CU_MEM_ALLOCATION_TYPE_PINNED)
		return CUDA_SUCCESS;
	log_msg(LOG_INFO, "%s refused: location type %d, allocation type %d: "
	    "only a device's pinned pools are offered", call, (int)l->type,
	    type);
	return CUDA_ERROR_NOT_SUPPORTED;
}

/* Registers a pool the driver answered as the client's. */
static void answer(CUmemoryPool pool, res_handle *r)
{
	if (r->err != CUDA_SUCCESS)
		return;
	if (!handle_add(HANDLE_MEM_POOL, (cu_handle)(uintptr_t)pool, 0)) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->res_handle_u.value = (cu_handle)(uintptr_t)pool;
}

bool_t cu_mem_get_default_mem_pool_svc(mem_location location, int type,
    res_handle *r, struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);
	CUmemoryPool pool;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = offered(&l, type, "cuMemGetDefaultMemPool")) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemGetDefaultMemPool(&pool, &l, (CUmemAllocationType)type);
	answer(pool, r);
	return TRUE;
}

bool_t cu_mem_get_mem_pool_svc(mem_location location, int type,
    res_handle *r, struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);
	CUmemoryPool pool;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = offered(&l, type, "cuMemGetMemPool")) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemGetMemPool(&pool, &l, (CUmemAllocationType)type);
	answer(pool, r);
	return TRUE;
}

bool_t cu_mem_set_mem_pool_svc(mem_location location, int type,
    cu_handle pool, res_none *r, struct svc_req *rq)
{
	CUmemLocation l = mem_location_unpack(&location);

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_MEM_POOL, pool, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = offered(&l, type, "cuMemSetMemPool")) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemSetMemPool(&l, (CUmemAllocationType)type,
	    (CUmemoryPool)(uintptr_t)pool);
	return TRUE;
}
