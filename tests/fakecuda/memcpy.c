/*
 * memcpy.c - copies and memsets.
 *
 * Every device-side range must lie inside one live allocation, else the
 * call fails with CUDA_ERROR_INVALID_VALUE as the driver's does; host-side
 * pointers cannot be checked and are trusted, as the driver trusts them.
 * The Async forms validate their stream and then behave like the others:
 * the stand-in finishes all work before returning.
 */
#include <string.h>

#include "fakecuda.h"

static CUresult
check_range(uintptr_t p, size_t bytes, bool on_device)
{
	if (p == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (on_device && !fc_alloc_covers(p, bytes))
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

static CUresult
enter(CUstream stream)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(stream, ctx);
	return rc;
}

static CUresult
copy(uintptr_t dst, bool dst_on_device, uintptr_t src, bool src_on_device,
    size_t bytes, CUstream stream)
{
	CUresult rc;

	fc_lock();
	rc = enter(stream);
	if (rc == CUDA_SUCCESS && bytes > 0) {
		rc = check_range(dst, bytes, dst_on_device);
		if (rc == CUDA_SUCCESS)
			rc = check_range(src, bytes, src_on_device);
		/* Device-to-device ranges may overlap. */
		if (rc == CUDA_SUCCESS)
			memmove((void *)dst, (const void *)src, bytes);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount)
{
	return copy(dstDevice, true, (uintptr_t)srcHost, false, ByteCount,
	    NULL);
}

FC_API CUresult
cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount)
{
	return copy((uintptr_t)dstHost, false, srcDevice, true, ByteCount,
	    NULL);
}

FC_API CUresult
cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount)
{
	return copy(dstDevice, true, srcDevice, true, ByteCount, NULL);
}

/*
 * Unified addresses: a real driver would also take pageable host memory
 * here, but the server has no reason to pass any, so the stand-in insists
 * on known allocations and catches stray pointers instead.
 */
FC_API CUresult
cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount)
{
	return copy(dst, true, src, true, ByteCount, NULL);
}

FC_API CUresult
cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost,
    size_t ByteCount, CUstream hStream)
{
	return copy(dstDevice, true, (uintptr_t)srcHost, false, ByteCount,
	    hStream);
}

FC_API CUresult
cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
    CUstream hStream)
{
	return copy((uintptr_t)dstHost, false, srcDevice, true, ByteCount,
	    hStream);
}

FC_API CUresult
cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
    size_t ByteCount, CUstream hStream)
{
	return copy(dstDevice, true, srcDevice, true, ByteCount, hStream);
}

FC_API CUresult
cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount,
    CUstream hStream)
{
	return copy(dst, true, src, true, ByteCount, hStream);
}

/*
 * One side of a 2D copy: finds its first byte and checks that all rows
 * lie inside one allocation when the side is device memory.
 */
static CUresult
locate_side(CUmemorytype type, const void *host, CUdeviceptr device,
    size_t x, size_t y, size_t pitch, const CUDA_MEMCPY2D *c,
    unsigned char **first)
{
	bool on_device = type == CU_MEMORYTYPE_DEVICE ||
	    type == CU_MEMORYTYPE_UNIFIED;
	uintptr_t base, offset, span;

	if (type == CU_MEMORYTYPE_HOST)
		base = (uintptr_t)host;
	else if (on_device)
		base = (uintptr_t)device;
	else
		return CUDA_ERROR_INVALID_VALUE;	/* no CUDA arrays */
	if (pitch > FC_MAX_PITCH ||
	    (c->Height > 1 && (x > pitch || c->WidthInBytes > pitch - x)))
		return CUDA_ERROR_INVALID_VALUE;
	if (__builtin_mul_overflow(y, pitch, &offset) ||
	    __builtin_add_overflow(offset, x, &offset) ||
	    __builtin_mul_overflow(c->Height - 1, pitch, &span) ||
	    __builtin_add_overflow(span, c->WidthInBytes, &span) ||
	    __builtin_add_overflow(base, offset, &base))
		return CUDA_ERROR_INVALID_VALUE;
	*first = (unsigned char *)base;
	return check_range(base, span, on_device);
}

static CUresult
copy_2d(const CUDA_MEMCPY2D *c, CUstream stream)
{
	unsigned char *src = NULL, *dst = NULL;
	CUresult rc;

	fc_lock();
	rc = enter(stream);
	if (rc == CUDA_SUCCESS && c == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && c->WidthInBytes > 0 && c->Height > 0) {
		rc = locate_side(c->srcMemoryType, c->srcHost, c->srcDevice,
		    c->srcXInBytes, c->srcY, c->srcPitch, c, &src);
		if (rc == CUDA_SUCCESS)
			rc = locate_side(c->dstMemoryType, c->dstHost,
			    c->dstDevice, c->dstXInBytes, c->dstY, c->dstPitch,
			    c, &dst);
		for (size_t row = 0; rc == CUDA_SUCCESS && row < c->Height;
		    row++)
			memmove(dst + row * c->dstPitch,
			    src + row * c->srcPitch, c->WidthInBytes);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemcpy2D(const CUDA_MEMCPY2D *pCopy)
{
	return copy_2d(pCopy, NULL);
}

FC_API CUresult
cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream)
{
	return copy_2d(pCopy, hStream);
}

static CUresult
fill(CUdeviceptr dst, unsigned int value, size_t count, size_t width,
    CUstream stream)
{
	size_t bytes;
	CUresult rc;

	fc_lock();
	rc = enter(stream);
	if (rc == CUDA_SUCCESS && count > 0) {
		if (dst % width != 0 ||
		    __builtin_mul_overflow(count, width, &bytes))
			rc = CUDA_ERROR_INVALID_VALUE;
		else
			rc = check_range(dst, bytes, true);
	}
	if (rc == CUDA_SUCCESS && count > 0) {
		if (width == 1) {
			memset((void *)dst, (int)value, count);
		} else if (width == 2) {
			uint16_t *p = (uint16_t *)dst;

			for (size_t i = 0; i < count; i++)
				p[i] = (uint16_t)value;
		} else {
			uint32_t *p = (uint32_t *)dst;

			for (size_t i = 0; i < count; i++)
				p[i] = value;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N)
{
	return fill(dstDevice, uc, N, 1, NULL);
}

FC_API CUresult
cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N)
{
	return fill(dstDevice, us, N, 2, NULL);
}

FC_API CUresult
cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N)
{
	return fill(dstDevice, ui, N, 4, NULL);
}

FC_API CUresult
cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N,
    CUstream hStream)
{
	return fill(dstDevice, uc, N, 1, hStream);
}

FC_API CUresult
cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N,
    CUstream hStream)
{
	return fill(dstDevice, us, N, 2, hStream);
}

FC_API CUresult
cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N,
    CUstream hStream)
{
	return fill(dstDevice, ui, N, 4, hStream);
}
