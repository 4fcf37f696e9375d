/*
 * memory.c - device and page-locked host allocations.
 *
 * With unified addressing a device pointer and a host pointer share one
 * address space, so the stand-in's device pointers are simply host
 * addresses, and a mapped host allocation's device pointer is itself.
 * Allocating and freeing are "potentially unsafe" calls during stream
 * capture (see capture.c).
 */
#include "fakecuda.h"

#define HOST_ALLOC_FLAGS (CU_MEMHOSTALLOC_PORTABLE | \
	CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_WRITECOMBINED)
#define HOST_REGISTER_FLAGS (CU_MEMHOSTREGISTER_PORTABLE | \
	CU_MEMHOSTREGISTER_DEVICEMAP | CU_MEMHOSTREGISTER_IOMEMORY | \
	CU_MEMHOSTREGISTER_READ_ONLY)

static CUresult
alloc_locked(enum fc_mem_kind kind, size_t bytes, unsigned int flags,
    uintptr_t *base)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_unsafe();
	if (rc == CUDA_SUCCESS && (base == NULL ||
	    (flags & ~(unsigned int)HOST_ALLOC_FLAGS)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_alloc_create(ctx, kind, bytes, flags, &a);
	if (rc == CUDA_SUCCESS)
		*base = a->base;
	return rc;
}

/* Frees the allocation starting exactly at p, if it is of the given kind. */
static CUresult
free_locked(uintptr_t p, enum fc_mem_kind kind, CUresult not_found)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_unsafe();
	if (rc != CUDA_SUCCESS)
		return rc;
	a = fc_alloc_find(p);
	if (a == NULL || a->base != p || a->kind != kind)
		return not_found;
	fc_alloc_destroy(a);
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemAlloc(CUdeviceptr *dptr, size_t bytesize)
{
	uintptr_t base = 0;
	CUresult rc;

	fc_lock();
	rc = alloc_locked(FC_MEM_DEVICE, bytesize, 0, dptr ? &base : NULL);
	fc_unlock();
	if (rc == CUDA_SUCCESS)
		*dptr = (CUdeviceptr)base;
	return rc;
}

static CUresult
pitched_size(size_t width, size_t height, unsigned int element_size,
    size_t *pitch, size_t *bytes)
{
	if (width == 0 || height == 0 || width > FC_MAX_PITCH ||
	    (element_size != 4 && element_size != 8 && element_size != 16))
		return CUDA_ERROR_INVALID_VALUE;
	*pitch = (width + FC_PITCH_ALIGNMENT - 1) / FC_PITCH_ALIGNMENT *
	    FC_PITCH_ALIGNMENT;
	if (__builtin_mul_overflow(*pitch, height, bytes))
		return CUDA_ERROR_OUT_OF_MEMORY;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemAllocPitch(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes,
    size_t Height, unsigned int ElementSizeBytes)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	size_t pitch = 0, bytes = 0;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_unsafe();
	if (rc == CUDA_SUCCESS && (dptr == NULL || pPitch == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = pitched_size(WidthInBytes, Height, ElementSizeBytes,
		    &pitch, &bytes);
	if (rc == CUDA_SUCCESS)
		rc = fc_alloc_create(ctx, FC_MEM_DEVICE, bytes, 0, &a);
	if (rc == CUDA_SUCCESS) {
		*dptr = (CUdeviceptr)a->base;
		*pPitch = pitch;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemFree(CUdeviceptr dptr)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	if (dptr == 0)
		rc = fc_context_usable(&ctx);
	else
		rc = free_locked((uintptr_t)dptr, FC_MEM_DEVICE,
		    CUDA_ERROR_INVALID_VALUE);
	if (rc == CUDA_ERROR_INVALID_VALUE)	/* managed.c's */
		rc = free_locked((uintptr_t)dptr, FC_MEM_MANAGED,
		    CUDA_ERROR_INVALID_VALUE);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemGetInfo(size_t *free, size_t *total)
{
	struct fc_context *ctx;
	size_t used = 0;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		used = fc_accounting_used(ctx->device);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (free == NULL || total == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*free = used < FC_TOTAL_MEMORY ? FC_TOTAL_MEMORY - used : 0;
	*total = FC_TOTAL_MEMORY;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS) {
		a = fc_alloc_find((uintptr_t)dptr);
		if (a == NULL) {
			rc = CUDA_ERROR_NOT_FOUND;
		} else {
			if (pbase != NULL)
				*pbase = (CUdeviceptr)a->base;
			if (psize != NULL)
				*psize = a->size;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags)
{
	uintptr_t base = 0;
	CUresult rc;

	fc_lock();
	rc = alloc_locked(FC_MEM_HOST_PINNED, bytesize, Flags,
	    pp ? &base : NULL);
	fc_unlock();
	if (rc == CUDA_SUCCESS)
		*pp = (void *)base;
	return rc;
}

FC_API CUresult
cuMemAllocHost(void **pp, size_t bytesize)
{
	return cuMemHostAlloc(pp, bytesize, 0);
}

FC_API CUresult
cuMemFreeHost(void *p)
{
	CUresult rc;

	fc_lock();
	rc = free_locked((uintptr_t)p, FC_MEM_HOST_PINNED,
	    CUDA_ERROR_INVALID_VALUE);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && (Flags & ~(unsigned int)HOST_REGISTER_FLAGS))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_alloc_register(ctx, p, bytesize, Flags);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemHostUnregister(void *p)
{
	CUresult rc;

	fc_lock();
	rc = free_locked((uintptr_t)p, FC_MEM_HOST_REGISTERED,
	    CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	fc_unlock();
	return rc;
}

/* Page-locked host memory, allocated or registered, containing p. */
static CUresult
find_host_locked(void *p, struct fc_alloc **out)
{
	struct fc_context *ctx;
	struct fc_alloc *a;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc != CUDA_SUCCESS)
		return rc;
	a = fc_alloc_find((uintptr_t)p);
	if (a == NULL || (a->kind != FC_MEM_HOST_PINNED &&
	    a->kind != FC_MEM_HOST_REGISTERED))
		return CUDA_ERROR_INVALID_VALUE;
	*out = a;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemHostGetDevicePointer(CUdeviceptr *pdptr, void *p, unsigned int Flags)
{
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = find_host_locked(p, &a);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (pdptr == NULL || Flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	*pdptr = (CUdeviceptr)p;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuMemHostGetFlags(unsigned int *pFlags, void *p)
{
	struct fc_alloc *a;
	CUresult rc;

	fc_lock();
	rc = find_host_locked(p, &a);
	/* Only cuMemHostAlloc memory has allocation flags to report. */
	if (rc == CUDA_SUCCESS && (pFlags == NULL ||
	    a->kind != FC_MEM_HOST_PINNED))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*pFlags = a->flags;
	fc_unlock();
	return rc;
}
