/*
 * device_deprecated.c -- cuDeviceComputeCapability and
 * cuDeviceGetProperties, answered from device attributes.
 *
 * Both are deprecated in favour of cuDeviceGetAttribute, and every value
 * they return is one of its attributes: asking those (through the
 * program's own entry point, so routed and cached as its calls are) gives
 * the driver's answers without a procedure of their own.
 */
#define CUDA_ENABLE_DEPRECATED 1	/* these are what this file defines */
#include <stddef.h>
#include <string.h>

#include <cuda.h>

#include "stubs/wire/rpc.h"

/* Asks each attribute of attrs into the int at its offset in out. */
struct attr_at {
	CUdevice_attribute attr;
	size_t offset;
};

static CUresult ask_all(const struct attr_at *attrs, size_t n, void *out,
    CUdevice dev)
{
	CUresult e;
	size_t i;
	int v;

	for (i = 0; i < n; i++) {
		if ((e = cuDeviceGetAttribute(&v, attrs[i].attr, dev)) !=
		    CUDA_SUCCESS)
			return e;
		memcpy((char *)out + attrs[i].offset, &v, sizeof(v));
	}
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuDeviceComputeCapability(int *major, int *minor,
    CUdevice dev)
{
	int both[2];
	static const struct attr_at attrs[] = {
		{ CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0 },
		{ CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, sizeof(int) },
	};
	CUresult e;

	if (major == NULL || minor == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = ask_all(attrs, 2, both, dev)) != CUDA_SUCCESS)
		return e;
	*major = both[0];
	*minor = both[1];
	return CUDA_SUCCESS;
}

#define AT(field) offsetof(CUdevprop, field)

ONCUDA_API CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev)
{
	/* CUdevprop, field by field, as the driver fills it. */
	static const struct attr_at attrs[] = {
		{ CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
		  AT(maxThreadsPerBlock) },
		{ CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, AT(maxThreadsDim[0]) },
		{ CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, AT(maxThreadsDim[1]) },
		{ CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, AT(maxThreadsDim[2]) },
		{ CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, AT(maxGridSize[0]) },
		{ CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, AT(maxGridSize[1]) },
		{ CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, AT(maxGridSize[2]) },
		{ CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
		  AT(sharedMemPerBlock) },
		{ CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY,
		  AT(totalConstantMemory) },
		{ CU_DEVICE_ATTRIBUTE_WARP_SIZE, AT(SIMDWidth) },
		{ CU_DEVICE_ATTRIBUTE_MAX_PITCH, AT(memPitch) },
		{ CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, AT(regsPerBlock) },
		{ CU_DEVICE_ATTRIBUTE_CLOCK_RATE, AT(clockRate) },
		{ CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, AT(textureAlign) },
	};
	CUdevprop p;
	CUresult e;

	if (prop == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&p, 0, sizeof(p));
	if ((e = ask_all(attrs, sizeof(attrs) / sizeof(attrs[0]), &p, dev)) !=
	    CUDA_SUCCESS)
		return e;
	*prop = p;
	return CUDA_SUCCESS;
}
