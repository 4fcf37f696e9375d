/*
 * abi_before_3_2.c -- the ABI of CUDA 3.1 and before, which the driver
 * still exports and cuGetProcAddress hands to a program that asks for a
 * version before 3020 (stubs/answers/procaddr-580.tsv).
 *
 * Its device pointers are 32 bits (CUdeviceptr_v1, an unsigned int), and
 * its sizes unsigned int, in the parameters and in CUDA_MEMCPY2D_v1.  Each
 * call here is its current form with the values widened; what comes back
 * must fit again.  A device pointer can only name the low 4 GiB, so an
 * allocation the server's driver placed above that is freed and refused
 * with CUDA_ERROR_OUT_OF_MEMORY, as the driver refuses one it cannot place
 * there; a device pointer that does not fit (a global, a mapped alias) is
 * refused with CUDA_ERROR_INVALID_VALUE.  Sizes of the device that do not
 * fit (total and free memory of a GPU beyond 4 GiB) are given as the most
 * an unsigned int holds.
 *
 * The texture reference calls of this ABI bind and give back 32-bit
 * addresses too (cuTexRefSetAddress, cuTexRefSetAddress2D with its
 * descriptor of unsigned int sizes, cuTexRefGetAddress).
 *
 * The 3D copies, the copies between an array and device memory and the
 * 2D memsets of this ABI are in abi_before_3_2_copies.c.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Texture references are deprecated, not gone. */
#define CUDA_ENABLE_DEPRECATED 1
#include <cuda.h>

#include "stubs/link/say.h"

/* The 32-bit device pointer of this ABI (cuda.h's CUdeviceptr_v1). */
typedef unsigned int dptr_v1;

/* CUDA_MEMCPY2D as this ABI lays it out (cuda.h's CUDA_MEMCPY2D_v1). */
struct memcpy2d_v1 {
	unsigned int srcXInBytes;
	unsigned int srcY;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	dptr_v1 srcDevice;
	CUarray srcArray;
	unsigned int srcPitch;
	unsigned int dstXInBytes;
	unsigned int dstY;
	CUmemorytype dstMemoryType;
	void *dstHost;
	dptr_v1 dstDevice;
	CUarray dstArray;
	unsigned int dstPitch;
	unsigned int WidthInBytes;
	unsigned int Height;
};

/* CUDA_ARRAY_DESCRIPTOR as this ABI lays it out (cuda.h's _v1). */
struct array_desc_v1 {
	unsigned int Width;
	unsigned int Height;
	CUarray_format Format;
	unsigned int NumChannels;
};

#undef cuDeviceTotalMem
#undef cuMemGetInfo
#undef cuMemAlloc
#undef cuMemAllocPitch
#undef cuMemFree
#undef cuMemGetAddressRange
#undef cuMemAllocHost
#undef cuMemHostGetDevicePointer
#undef cuMemcpyHtoD
#undef cuMemcpyDtoH
#undef cuMemcpyDtoD
#undef cuMemcpyHtoDAsync
#undef cuMemcpyDtoHAsync
#undef cuMemcpyDtoDAsync
#undef cuMemcpy2D
#undef cuMemcpy2DUnaligned
#undef cuMemcpy2DAsync
#undef cuMemsetD8
#undef cuMemsetD16
#undef cuMemsetD32
#undef cuModuleGetGlobal
#undef cuTexRefSetAddress
#undef cuTexRefSetAddress2D
#undef cuTexRefGetAddress
ONCUDA_API CUresult cuDeviceTotalMem(unsigned int *bytes, CUdevice dev);
ONCUDA_API CUresult cuMemGetInfo(unsigned int *free, unsigned int *total);
ONCUDA_API CUresult cuMemAlloc(dptr_v1 *dptr, unsigned int bytesize);
ONCUDA_API CUresult cuMemAllocPitch(dptr_v1 *dptr, unsigned int *pPitch,
    unsigned int WidthInBytes, unsigned int Height,
    unsigned int ElementSizeBytes);
ONCUDA_API CUresult cuMemFree(dptr_v1 dptr);
ONCUDA_API CUresult cuMemGetAddressRange(dptr_v1 *pbase, unsigned int *psize,
    dptr_v1 dptr);
ONCUDA_API CUresult cuMemAllocHost(void **pp, unsigned int bytesize);
ONCUDA_API CUresult cuMemHostGetDevicePointer(dptr_v1 *pdptr, void *p,
    unsigned int Flags);
ONCUDA_API CUresult cuMemcpyHtoD(dptr_v1 dstDevice, const void *srcHost,
    unsigned int ByteCount);
ONCUDA_API CUresult cuMemcpyDtoH(void *dstHost, dptr_v1 srcDevice,
    unsigned int ByteCount);
ONCUDA_API CUresult cuMemcpyDtoD(dptr_v1 dstDevice, dptr_v1 srcDevice,
    unsigned int ByteCount);
ONCUDA_API CUresult cuMemcpyHtoDAsync(dptr_v1 dstDevice, const void *srcHost,
    unsigned int ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyDtoHAsync(void *dstHost, dptr_v1 srcDevice,
    unsigned int ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyDtoDAsync(dptr_v1 dstDevice, dptr_v1 srcDevice,
    unsigned int ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpy2D(const struct memcpy2d_v1 *pCopy);
ONCUDA_API CUresult cuMemcpy2DUnaligned(const struct memcpy2d_v1 *pCopy);
ONCUDA_API CUresult cuMemcpy2DAsync(const struct memcpy2d_v1 *pCopy,
    CUstream hStream);
ONCUDA_API CUresult cuMemsetD8(dptr_v1 dstDevice, unsigned char uc,
    unsigned int N);
ONCUDA_API CUresult cuMemsetD16(dptr_v1 dstDevice, unsigned short us,
    unsigned int N);
ONCUDA_API CUresult cuMemsetD32(dptr_v1 dstDevice, unsigned int ui,
    unsigned int N);
ONCUDA_API CUresult cuModuleGetGlobal(dptr_v1 *dptr, unsigned int *bytes,
    CUmodule hmod, const char *name);
ONCUDA_API CUresult cuTexRefSetAddress(unsigned int *ByteOffset,
    CUtexref hTexRef, dptr_v1 dptr, unsigned int bytes);
ONCUDA_API CUresult cuTexRefSetAddress2D(CUtexref hTexRef,
    const struct array_desc_v1 *desc, dptr_v1 dptr, unsigned int Pitch);
ONCUDA_API CUresult cuTexRefGetAddress(dptr_v1 *pdptr, CUtexref hTexRef);
CUresult cuTexRefSetAddress2D_v3(CUtexref hTexRef,
    const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch);

/* A size as this ABI gives it: the most it holds when it does not fit. */
static unsigned int size_v1(size_t n)
{
	return n > UINT32_MAX ? UINT32_MAX : (unsigned int)n;
}

/* Whether [p, p + n) lies in the low 4 GiB, which this ABI can name. */
static bool fits(CUdeviceptr p, size_t n)
{
	return p <= UINT32_MAX && n <= (size_t)UINT32_MAX + 1 - p;
}

ONCUDA_API CUresult cuDeviceTotalMem(unsigned int *bytes, CUdevice dev)
{
	size_t total;
	CUresult e;

	if (bytes == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuDeviceTotalMem_v2(&total, dev)) == CUDA_SUCCESS)
		*bytes = size_v1(total);
	return e;
}

ONCUDA_API CUresult cuMemGetInfo(unsigned int *free, unsigned int *total)
{
	size_t f, t;
	CUresult e;

	if (free == NULL || total == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuMemGetInfo_v2(&f, &t)) == CUDA_SUCCESS) {
		*free = size_v1(f);
		*total = size_v1(t);
	}
	return e;
}

/* An allocation of n bytes at p, kept when this ABI can name it all. */
static CUresult keep_low(CUdeviceptr p, size_t n, dptr_v1 *dptr)
{
	if (!fits(p, n)) {
		(void)cuMemFree_v2(p);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*dptr = (dptr_v1)p;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemAlloc(dptr_v1 *dptr, unsigned int bytesize)
{
	CUdeviceptr p;
	CUresult e;

	if (dptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuMemAlloc_v2(&p, bytesize)) != CUDA_SUCCESS)
		return e;
	return keep_low(p, bytesize, dptr);
}

ONCUDA_API CUresult cuMemAllocPitch(dptr_v1 *dptr, unsigned int *pPitch,
    unsigned int WidthInBytes, unsigned int Height,
    unsigned int ElementSizeBytes)
{
	CUdeviceptr p;
	size_t pitch;
	CUresult e;

	if (dptr == NULL || pPitch == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuMemAllocPitch_v2(&p, &pitch, WidthInBytes, Height,
	    ElementSizeBytes)) != CUDA_SUCCESS)
		return e;
	if (pitch > UINT32_MAX) {
		(void)cuMemFree_v2(p);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	if ((e = keep_low(p, pitch * Height, dptr)) != CUDA_SUCCESS)
		return e;
	*pPitch = (unsigned int)pitch;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemFree(dptr_v1 dptr)
{
	return cuMemFree_v2(dptr);
}

ONCUDA_API CUresult cuMemGetAddressRange(dptr_v1 *pbase, unsigned int *psize,
    dptr_v1 dptr)
{
	CUdeviceptr base;
	size_t size;
	CUresult e;

	if ((e = cuMemGetAddressRange_v2(&base, &size, dptr)) != CUDA_SUCCESS)
		return e;
	if (base > UINT32_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	if (pbase != NULL)
		*pbase = (dptr_v1)base;
	if (psize != NULL)
		*psize = size_v1(size);
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemAllocHost(void **pp, unsigned int bytesize)
{
	return cuMemAllocHost_v2(pp, bytesize);
}

ONCUDA_API CUresult cuMemHostGetDevicePointer(dptr_v1 *pdptr, void *p,
    unsigned int Flags)
{
	CUdeviceptr d;
	CUresult e;

	if (pdptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuMemHostGetDevicePointer_v2(&d, p, Flags)) != CUDA_SUCCESS)
		return e;
	if (d > UINT32_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	*pdptr = (dptr_v1)d;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemcpyHtoD(dptr_v1 dstDevice, const void *srcHost,
    unsigned int ByteCount)
{
	return cuMemcpyHtoD_v2(dstDevice, srcHost, ByteCount);
}

ONCUDA_API CUresult cuMemcpyDtoH(void *dstHost, dptr_v1 srcDevice,
    unsigned int ByteCount)
{
	return cuMemcpyDtoH_v2(dstHost, srcDevice, ByteCount);
}

ONCUDA_API CUresult cuMemcpyDtoD(dptr_v1 dstDevice, dptr_v1 srcDevice,
    unsigned int ByteCount)
{
	return cuMemcpyDtoD_v2(dstDevice, srcDevice, ByteCount);
}

ONCUDA_API CUresult cuMemcpyHtoDAsync(dptr_v1 dstDevice, const void *srcHost,
    unsigned int ByteCount, CUstream hStream)
{
	return cuMemcpyHtoDAsync_v2(dstDevice, srcHost, ByteCount, hStream);
}

ONCUDA_API CUresult cuMemcpyDtoHAsync(void *dstHost, dptr_v1 srcDevice,
    unsigned int ByteCount, CUstream hStream)
{
	return cuMemcpyDtoHAsync_v2(dstHost, srcDevice, ByteCount, hStream);
}

ONCUDA_API CUresult cuMemcpyDtoDAsync(dptr_v1 dstDevice, dptr_v1 srcDevice,
    unsigned int ByteCount, CUstream hStream)
{
	return cuMemcpyDtoDAsync_v2(dstDevice, srcDevice, ByteCount, hStream);
}

/* The current CUDA_MEMCPY2D of one of this ABI. */
static void widen_2d(const struct memcpy2d_v1 *v1, CUDA_MEMCPY2D *c)
{
	memset(c, 0, sizeof(*c));
	c->srcXInBytes = v1->srcXInBytes;
	c->srcY = v1->srcY;
	c->srcMemoryType = v1->srcMemoryType;
	c->srcHost = v1->srcHost;
	c->srcDevice = v1->srcDevice;
	c->srcArray = v1->srcArray;
	c->srcPitch = v1->srcPitch;
	c->dstXInBytes = v1->dstXInBytes;
	c->dstY = v1->dstY;
	c->dstMemoryType = v1->dstMemoryType;
	c->dstHost = v1->dstHost;
	c->dstDevice = v1->dstDevice;
	c->dstArray = v1->dstArray;
	c->dstPitch = v1->dstPitch;
	c->WidthInBytes = v1->WidthInBytes;
	c->Height = v1->Height;
}

ONCUDA_API CUresult cuMemcpy2D(const struct memcpy2d_v1 *pCopy)
{
	CUDA_MEMCPY2D c;

	if (pCopy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	widen_2d(pCopy, &c);
	return cuMemcpy2D_v2(&c);
}

ONCUDA_API CUresult cuMemcpy2DUnaligned(const struct memcpy2d_v1 *pCopy)
{
	CUDA_MEMCPY2D c;

	if (pCopy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	widen_2d(pCopy, &c);
	return cuMemcpy2DUnaligned_v2(&c);
}

ONCUDA_API CUresult cuMemcpy2DAsync(const struct memcpy2d_v1 *pCopy,
    CUstream hStream)
{
	CUDA_MEMCPY2D c;

	if (pCopy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	widen_2d(pCopy, &c);
	return cuMemcpy2DAsync_v2(&c, hStream);
}

ONCUDA_API CUresult cuMemsetD8(dptr_v1 dstDevice, unsigned char uc,
    unsigned int N)
{
	return cuMemsetD8_v2(dstDevice, uc, N);
}

ONCUDA_API CUresult cuMemsetD16(dptr_v1 dstDevice, unsigned short us,
    unsigned int N)
{
	return cuMemsetD16_v2(dstDevice, us, N);
}

ONCUDA_API CUresult cuMemsetD32(dptr_v1 dstDevice, unsigned int ui,
    unsigned int N)
{
	return cuMemsetD32_v2(dstDevice, ui, N);
}

ONCUDA_API CUresult cuModuleGetGlobal(dptr_v1 *dptr, unsigned int *bytes,
    CUmodule hmod, const char *name)
{
	CUdeviceptr p;
	size_t size;
	CUresult e;

	if ((e = cuModuleGetGlobal_v2(&p, &size, hmod, name)) != CUDA_SUCCESS)
		return e;
	if (!fits(p, size))
		return CUDA_ERROR_INVALID_VALUE;
	if (dptr != NULL)
		*dptr = (dptr_v1)p;
	if (bytes != NULL)
		*bytes = (unsigned int)size;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuTexRefSetAddress(unsigned int *ByteOffset,
    CUtexref hTexRef, dptr_v1 dptr, unsigned int bytes)
{
	size_t offset;
	CUresult e;

	if (ByteOffset == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	e = cuTexRefSetAddress_v2(&offset, hTexRef, dptr, bytes);
	if (e == CUDA_SUCCESS)
		*ByteOffset = (unsigned int)offset;	/* below an alignment */
	return e;
}

ONCUDA_API CUresult cuTexRefSetAddress2D(CUtexref hTexRef,
    const struct array_desc_v1 *desc, dptr_v1 dptr, unsigned int Pitch)
{
	CUDA_ARRAY_DESCRIPTOR d;

	if (desc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&d, 0, sizeof d);
	d.Width = desc->Width;
	d.Height = desc->Height;
	d.Format = desc->Format;
	d.NumChannels = desc->NumChannels;
	return cuTexRefSetAddress2D_v3(hTexRef, &d, dptr, Pitch);
}

ONCUDA_API CUresult cuTexRefGetAddress(dptr_v1 *pdptr, CUtexref hTexRef)
{
	CUdeviceptr p;
	CUresult e;

	if (pdptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuTexRefGetAddress_v2(&p, hTexRef)) != CUDA_SUCCESS)
		return e;
	if (!fits(p, 0))
		return CUDA_ERROR_INVALID_VALUE;
	*pdptr = (dptr_v1)p;
	return CUDA_SUCCESS;
}
