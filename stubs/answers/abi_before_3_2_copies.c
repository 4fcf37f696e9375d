/*
 * abi_before_3_2_copies.c -- the 3D copies, the copies between an array
 * and device memory, and the 2D memsets of the ABI of CUDA 3.1, which
 * cuGetProcAddress hands to a program that asks for a version before
 * 3020 (stubs/answers/procaddr-580.tsv), as abi_before_3_2.c does for the
 * others of that ABI.
 *
 * Their device pointers are 32 bits (CUdeviceptr_v1) and their sizes,
 * offsets and pitches unsigned int, in the parameters and in
 * CUDA_MEMCPY3D_v1.  Each call here is its current form with the values
 * widened.  None gives anything back, so nothing has to fit again: a
 * 32-bit pointer names the low 4 GiB, where the old cuMemAlloc placed
 * what it handed out (abi_before_3_2.c), and the server checks it against
 * this client's memory as it checks every device range.
 */
#include <string.h>

#include <cuda.h>

#include "stubs/link/say.h"

/* The 32-bit device pointer of this ABI (cuda.h's CUdeviceptr_v1). */
typedef unsigned int dptr_v1;

/* CUDA_MEMCPY3D as this ABI lays it out (cuda.h's CUDA_MEMCPY3D_v1). */
struct memcpy3d_v1 {
	unsigned int srcXInBytes;
	unsigned int srcY;
	unsigned int srcZ;
	unsigned int srcLOD;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	dptr_v1 srcDevice;
	CUarray srcArray;
	void *reserved0;
	unsigned int srcPitch;
	unsigned int srcHeight;
	unsigned int dstXInBytes;
	unsigned int dstY;
	unsigned int dstZ;
	unsigned int dstLOD;
	CUmemorytype dstMemoryType;
	void *dstHost;
	dptr_v1 dstDevice;
	CUarray dstArray;
	void *reserved1;
	unsigned int dstPitch;
	unsigned int dstHeight;
	unsigned int WidthInBytes;
	unsigned int Height;
	unsigned int Depth;
};

#undef cuMemcpy3D
#undef cuMemcpy3DAsync
#undef cuMemcpyAtoD
#undef cuMemcpyDtoA
#undef cuMemsetD2D8
#undef cuMemsetD2D16
#undef cuMemsetD2D32
ONCUDA_API CUresult cuMemcpy3D(const struct memcpy3d_v1 *pCopy);
ONCUDA_API CUresult cuMemcpy3DAsync(const struct memcpy3d_v1 *pCopy,
    CUstream hStream);
ONCUDA_API CUresult cuMemcpyAtoD(dptr_v1 dstDevice, CUarray srcArray,
    unsigned int srcOffset, unsigned int ByteCount);
ONCUDA_API CUresult cuMemcpyDtoA(CUarray dstArray, unsigned int dstOffset,
    dptr_v1 srcDevice, unsigned int ByteCount);
ONCUDA_API CUresult cuMemsetD2D8(dptr_v1 dstDevice, unsigned int dstPitch,
    unsigned char uc, unsigned int Width, unsigned int Height);
ONCUDA_API CUresult cuMemsetD2D16(dptr_v1 dstDevice, unsigned int dstPitch,
    unsigned short us, unsigned int Width, unsigned int Height);
ONCUDA_API CUresult cuMemsetD2D32(dptr_v1 dstDevice, unsigned int dstPitch,
    unsigned int ui, unsigned int Width, unsigned int Height);

/* The current CUDA_MEMCPY3D of one of this ABI; the reserved fields go
 * along, for the current form to refuse them when they are not NULL. */
static void widen_3d(const struct memcpy3d_v1 *v1, CUDA_MEMCPY3D *c)
{
	memset(c, 0, sizeof(*c));
	c->srcXInBytes = v1->srcXInBytes;
	c->srcY = v1->srcY;
	c->srcZ = v1->srcZ;
	c->srcLOD = v1->srcLOD;
	c->srcMemoryType = v1->srcMemoryType;
	c->srcHost = v1->srcHost;
	c->srcDevice = v1->srcDevice;
	c->srcArray = v1->srcArray;
	c->reserved0 = v1->reserved0;
	c->srcPitch = v1->srcPitch;
	c->srcHeight = v1->srcHeight;
	c->dstXInBytes = v1->dstXInBytes;
	c->dstY = v1->dstY;
	c->dstZ = v1->dstZ;
	c->dstLOD = v1->dstLOD;
	c->dstMemoryType = v1->dstMemoryType;
	c->dstHost = v1->dstHost;
	c->dstDevice = v1->dstDevice;
	c->dstArray = v1->dstArray;
	c->reserved1 = v1->reserved1;
	c->dstPitch = v1->dstPitch;
	c->dstHeight = v1->dstHeight;
	c->WidthInBytes = v1->WidthInBytes;
	c->Height = v1->Height;
	c->Depth = v1->Depth;
}

ONCUDA_API CUresult cuMemcpy3D(const struct memcpy3d_v1 *pCopy)
{
	CUDA_MEMCPY3D c;

	if (pCopy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	widen_3d(pCopy, &c);
	return cuMemcpy3D_v2(&c);
}

ONCUDA_API CUresult cuMemcpy3DAsync(const struct memcpy3d_v1 *pCopy,
    CUstream hStream)
{
	CUDA_MEMCPY3D c;

	if (pCopy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	widen_3d(pCopy, &c);
	return cuMemcpy3DAsync_v2(&c, hStream);
}

ONCUDA_API CUresult cuMemcpyAtoD(dptr_v1 dstDevice, CUarray srcArray,
    unsigned int srcOffset, unsigned int ByteCount)
{
	return cuMemcpyAtoD_v2(dstDevice, srcArray, srcOffset, ByteCount);
}

ONCUDA_API CUresult cuMemcpyDtoA(CUarray dstArray, unsigned int dstOffset,
    dptr_v1 srcDevice, unsigned int ByteCount)
{
	return cuMemcpyDtoA_v2(dstArray, dstOffset, srcDevice, ByteCount);
}

ONCUDA_API CUresult cuMemsetD2D8(dptr_v1 dstDevice, unsigned int dstPitch,
    unsigned char uc, unsigned int Width, unsigned int Height)
{
	return cuMemsetD2D8_v2(dstDevice, dstPitch, uc, Width, Height);
}

ONCUDA_API CUresult cuMemsetD2D16(dptr_v1 dstDevice, unsigned int dstPitch,
    unsigned short us, unsigned int Width, unsigned int Height)
{
	return cuMemsetD2D16_v2(dstDevice, dstPitch, us, Width, Height);
}

ONCUDA_API CUresult cuMemsetD2D32(dptr_v1 dstDevice, unsigned int dstPitch,
    unsigned int ui, unsigned int Width, unsigned int Height)
{
	return cuMemsetD2D32_v2(dstDevice, dstPitch, ui, Width, Height);
}
