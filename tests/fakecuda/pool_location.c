/*
 * pool_location.c - CUDA 13's pools named by a location: a device's
 * pinned pools are its pools (mempool.c); the stand-in has no host or
 * managed pools and says CUDA_ERROR_NOT_SUPPORTED for them.
 */
#include "fakecuda.h"

static CUresult
device_of(const CUmemLocation *location, CUmemAllocationType type,
    CUdevice *dev)
{
	if (location == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (type != CU_MEM_ALLOCATION_TYPE_PINNED &&
	    type != CU_MEM_ALLOCATION_TYPE_MANAGED)
		return CUDA_ERROR_INVALID_VALUE;
	if (location->type != CU_MEM_LOCATION_TYPE_DEVICE ||
	    type != CU_MEM_ALLOCATION_TYPE_PINNED)
		return CUDA_ERROR_NOT_SUPPORTED;
	*dev = location->id;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemGetDefaultMemPool(CUmemoryPool *pool_out, CUmemLocation *location,
    CUmemAllocationType type)
{
	CUdevice dev;
	CUresult rc = device_of(location, type, &dev);

	return rc != CUDA_SUCCESS ? rc : cuDeviceGetDefaultMemPool(pool_out, dev);
}

FC_API CUresult
cuMemGetMemPool(CUmemoryPool *pool, CUmemLocation *location,
    CUmemAllocationType type)
{
	CUdevice dev;
	CUresult rc = device_of(location, type, &dev);

	return rc != CUDA_SUCCESS ? rc : cuDeviceGetMemPool(pool, dev);
}

FC_API CUresult
cuMemSetMemPool(CUmemLocation *location, CUmemAllocationType type,
    CUmemoryPool pool)
{
	CUdevice dev;
	CUresult rc = device_of(location, type, &dev);

	return rc != CUDA_SUCCESS ? rc : cuDeviceSetMemPool(dev, pool);
}
