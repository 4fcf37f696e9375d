/*
 * copy_array.c -- cuMemcpyHtoA, cuMemcpyAtoH, cuMemcpyAtoD, cuMemcpyDtoA,
 * cuMemcpyAtoA and their Async forms, and the ABI of CUDA 3.1 for those
 * that name no device address.
 *
 * Each is a copy of one row of ByteCount bytes starting Offset bytes into
 * the array, made by copy3d.h: the host side is cut into messages there.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "stubs/copy/copy3d.h"
#include "stubs/link/say.h"

/* A copy of one row of count bytes. */
static CUDA_MEMCPY3D_PEER row(size_t count)
{
	CUDA_MEMCPY3D_PEER c;

	memset(&c, 0, sizeof c);
	c.WidthInBytes = count;
	c.Height = 1;
	c.Depth = 1;
	return c;
}

static void array_side(CUmemorytype *type, CUarray *side, size_t *x,
    CUarray array, size_t offset)
{
	*type = CU_MEMORYTYPE_ARRAY;
	*side = array;
	*x = offset;
}

static CUresult htoa(CUarray dst, size_t offset, const void *src,
    size_t count, const struct copy_stream *s)
{
	CUDA_MEMCPY3D_PEER c = row(count);

	array_side(&c.dstMemoryType, &c.dstArray, &c.dstXInBytes, dst, offset);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = src;
	return copy_3d(&c, s);
}

static CUresult atoh(void *dst, CUarray src, size_t offset, size_t count,
    const struct copy_stream *s)
{
	CUDA_MEMCPY3D_PEER c = row(count);

	array_side(&c.srcMemoryType, &c.srcArray, &c.srcXInBytes, src, offset);
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = dst;
	return copy_3d(&c, s);
}

static CUresult atoa(CUarray dst, size_t dst_offset, CUarray src,
    size_t src_offset, size_t count)
{
	CUDA_MEMCPY3D_PEER c = row(count);

	array_side(&c.dstMemoryType, &c.dstArray, &c.dstXInBytes, dst, dst_offset);
	array_side(&c.srcMemoryType, &c.srcArray, &c.srcXInBytes, src, src_offset);
	return copy_3d(&c, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyHtoA(CUarray dstArray, size_t dstOffset,
    const void *srcHost, size_t ByteCount)
{
	return htoa(dstArray, dstOffset, srcHost, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray,
    size_t srcOffset, size_t ByteCount)
{
	return atoh(dstHost, srcArray, srcOffset, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyHtoAAsync(CUarray dstArray, size_t dstOffset,
    const void *srcHost, size_t ByteCount, CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };

	return htoa(dstArray, dstOffset, srcHost, ByteCount, &s);
}

ONCUDA_API CUresult cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray,
    size_t srcOffset, size_t ByteCount, CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };

	return atoh(dstHost, srcArray, srcOffset, ByteCount, &s);
}

ONCUDA_API CUresult cuMemcpyAtoD(CUdeviceptr dstDevice, CUarray srcArray,
    size_t srcOffset, size_t ByteCount)
{
	CUDA_MEMCPY3D_PEER c = row(ByteCount);

	array_side(&c.srcMemoryType, &c.srcArray, &c.srcXInBytes, srcArray,
	    srcOffset);
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = dstDevice;
	return copy_3d(&c, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyDtoA(CUarray dstArray, size_t dstOffset,
    CUdeviceptr srcDevice, size_t ByteCount)
{
	CUDA_MEMCPY3D_PEER c = row(ByteCount);

	array_side(&c.dstMemoryType, &c.dstArray, &c.dstXInBytes, dstArray,
	    dstOffset);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = srcDevice;
	return copy_3d(&c, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyAtoA(CUarray dstArray, size_t dstOffset,
    CUarray srcArray, size_t srcOffset, size_t ByteCount)
{
	return atoa(dstArray, dstOffset, srcArray, srcOffset, ByteCount);
}

/*
 * The ABI of CUDA 3.1, which cuda.h maps to the _v2 names and declares
 * only for the driver's own build: the same copies with unsigned int
 * offsets and counts.
 */
#undef cuMemcpyHtoA
#undef cuMemcpyAtoH
#undef cuMemcpyHtoAAsync
#undef cuMemcpyAtoHAsync
#undef cuMemcpyAtoA
ONCUDA_API CUresult cuMemcpyHtoA(CUarray dstArray, unsigned int dstOffset,
    const void *srcHost, unsigned int ByteCount);
ONCUDA_API CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray,
    unsigned int srcOffset, unsigned int ByteCount);
ONCUDA_API CUresult cuMemcpyHtoAAsync(CUarray dstArray, unsigned int dstOffset,
    const void *srcHost, unsigned int ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray,
    unsigned int srcOffset, unsigned int ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyAtoA(CUarray dstArray, unsigned int dstOffset,
    CUarray srcArray, unsigned int srcOffset, unsigned int ByteCount);

ONCUDA_API CUresult cuMemcpyHtoA(CUarray dstArray, unsigned int dstOffset,
    const void *srcHost, unsigned int ByteCount)
{
	return htoa(dstArray, dstOffset, srcHost, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray,
    unsigned int srcOffset, unsigned int ByteCount)
{
	return atoh(dstHost, srcArray, srcOffset, ByteCount, &copy_sync);
}

ONCUDA_API CUresult cuMemcpyHtoAAsync(CUarray dstArray, unsigned int dstOffset,
    const void *srcHost, unsigned int ByteCount, CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };

	return htoa(dstArray, dstOffset, srcHost, ByteCount, &s);
}

ONCUDA_API CUresult cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray,
    unsigned int srcOffset, unsigned int ByteCount, CUstream hStream)
{
	struct copy_stream s = { (cu_handle)(uintptr_t)hStream, true };

	return atoh(dstHost, srcArray, srcOffset, ByteCount, &s);
}

ONCUDA_API CUresult cuMemcpyAtoA(CUarray dstArray, unsigned int dstOffset,
    CUarray srcArray, unsigned int srcOffset, unsigned int ByteCount)
{
	return atoa(dstArray, dstOffset, srcArray, srcOffset, ByteCount);
}
