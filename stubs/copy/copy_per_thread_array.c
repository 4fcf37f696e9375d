/*
 * copy_per_thread_array.c -- the per-thread default stream forms of the
 * array copies, 3D copies (between contexts too) and 2D memsets
 * (copy_per_thread.c says what the _ptsz and _ptds forms are, and does
 * the same for the linear ones).
 *
 * The _ptsz forms of the 2D memsets are generated (gen/glue_client.c).
 *
 * Three synchronous copies have no asynchronous form in CUDA to queue on
 * the thread's stream: cuMemcpyAtoD, cuMemcpyDtoA and cuMemcpyAtoA.  Each
 * is the one-row 2D copy it is (a byte offset into a 1D array is its
 * column, as the driver reads it), queued with cuMemcpy2DAsync and waited
 * for.
 */
#include <string.h>

#include <cuda.h>

#include "stubs/link/say.h"
#include "stubs/route/thread_stream.h"

/* cuda.h declares these names only for a per-thread program. */
ONCUDA_API CUresult cuMemcpy3DAsync_v2_ptsz(const CUDA_MEMCPY3D *pCopy,
    CUstream hStream);
ONCUDA_API CUresult cuMemcpy3D_v2_ptds(const CUDA_MEMCPY3D *pCopy);
ONCUDA_API CUresult cuMemcpy3DPeerAsync_ptsz(const CUDA_MEMCPY3D_PEER *pCopy,
    CUstream hStream);
ONCUDA_API CUresult cuMemcpy3DPeer_ptds(const CUDA_MEMCPY3D_PEER *pCopy);
ONCUDA_API CUresult cuMemcpyAtoHAsync_v2_ptsz(void *dstHost,
    CUarray srcArray, size_t srcOffset, size_t ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyHtoAAsync_v2_ptsz(CUarray dstArray,
    size_t dstOffset, const void *srcHost, size_t ByteCount,
    CUstream hStream);
ONCUDA_API CUresult cuMemcpyAtoH_v2_ptds(void *dstHost, CUarray srcArray,
    size_t srcOffset, size_t ByteCount);
ONCUDA_API CUresult cuMemcpyHtoA_v2_ptds(CUarray dstArray, size_t dstOffset,
    const void *srcHost, size_t ByteCount);
ONCUDA_API CUresult cuMemcpyAtoD_v2_ptds(CUdeviceptr dstDevice,
    CUarray srcArray, size_t srcOffset, size_t ByteCount);
ONCUDA_API CUresult cuMemcpyDtoA_v2_ptds(CUarray dstArray, size_t dstOffset,
    CUdeviceptr srcDevice, size_t ByteCount);
ONCUDA_API CUresult cuMemcpyAtoA_v2_ptds(CUarray dstArray, size_t dstOffset,
    CUarray srcArray, size_t srcOffset, size_t ByteCount);
ONCUDA_API CUresult cuMemsetD2D8_v2_ptds(CUdeviceptr dstDevice,
    size_t dstPitch, unsigned char uc, size_t Width, size_t Height);
ONCUDA_API CUresult cuMemsetD2D16_v2_ptds(CUdeviceptr dstDevice,
    size_t dstPitch, unsigned short us, size_t Width, size_t Height);
ONCUDA_API CUresult cuMemsetD2D32_v2_ptds(CUdeviceptr dstDevice,
    size_t dstPitch, unsigned int ui, size_t Width, size_t Height);

/* A synchronous form: its asynchronous form's result e, then the wait. */
static CUresult then_wait(CUresult e)
{
	return e != CUDA_SUCCESS ? e : cuStreamSynchronize(CU_STREAM_PER_THREAD);
}

/*
 * ByteCount bytes as one row on the thread's stream, then the wait: each
 * side an array at a byte offset, or device memory where its array is
 * NULL.
 */
static CUresult row_then_wait(CUarray dstArray, size_t dstOffset,
    CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset,
    CUdeviceptr srcDevice, size_t ByteCount)
{
	CUDA_MEMCPY2D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = srcArray != NULL ? CU_MEMORYTYPE_ARRAY :
	    CU_MEMORYTYPE_DEVICE;
	c.srcArray = srcArray;
	c.srcXInBytes = srcOffset;
	c.srcDevice = srcDevice;
	c.srcPitch = srcArray != NULL ? 0 : ByteCount;
	c.dstMemoryType = dstArray != NULL ? CU_MEMORYTYPE_ARRAY :
	    CU_MEMORYTYPE_DEVICE;
	c.dstArray = dstArray;
	c.dstXInBytes = dstOffset;
	c.dstDevice = dstDevice;
	c.dstPitch = dstArray != NULL ? 0 : ByteCount;
	c.WidthInBytes = ByteCount;
	c.Height = 1;
	return then_wait(cuMemcpy2DAsync(&c, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpy3DAsync_v2_ptsz(const CUDA_MEMCPY3D *pCopy,
    CUstream hStream)
{
	return cuMemcpy3DAsync(pCopy, thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpy3D_v2_ptds(const CUDA_MEMCPY3D *pCopy)
{
	return then_wait(cuMemcpy3DAsync(pCopy, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpy3DPeerAsync_ptsz(const CUDA_MEMCPY3D_PEER *pCopy,
    CUstream hStream)
{
	return cuMemcpy3DPeerAsync(pCopy, thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpy3DPeer_ptds(const CUDA_MEMCPY3D_PEER *pCopy)
{
	return then_wait(cuMemcpy3DPeerAsync(pCopy, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpyAtoHAsync_v2_ptsz(void *dstHost,
    CUarray srcArray, size_t srcOffset, size_t ByteCount, CUstream hStream)
{
	return cuMemcpyAtoHAsync(dstHost, srcArray, srcOffset, ByteCount,
	    thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpyHtoAAsync_v2_ptsz(CUarray dstArray,
    size_t dstOffset, const void *srcHost, size_t ByteCount,
    CUstream hStream)
{
	return cuMemcpyHtoAAsync(dstArray, dstOffset, srcHost, ByteCount,
	    thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpyAtoH_v2_ptds(void *dstHost, CUarray srcArray,
    size_t srcOffset, size_t ByteCount)
{
	return then_wait(cuMemcpyAtoHAsync(dstHost, srcArray, srcOffset,
	    ByteCount, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpyHtoA_v2_ptds(CUarray dstArray, size_t dstOffset,
    const void *srcHost, size_t ByteCount)
{
	return then_wait(cuMemcpyHtoAAsync(dstArray, dstOffset, srcHost,
	    ByteCount, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpyAtoD_v2_ptds(CUdeviceptr dstDevice,
    CUarray srcArray, size_t srcOffset, size_t ByteCount)
{
	return row_then_wait(NULL, 0, dstDevice, srcArray, srcOffset, 0,
	    ByteCount);
}

ONCUDA_API CUresult cuMemcpyDtoA_v2_ptds(CUarray dstArray, size_t dstOffset,
    CUdeviceptr srcDevice, size_t ByteCount)
{
	return row_then_wait(dstArray, dstOffset, 0, NULL, 0, srcDevice,
	    ByteCount);
}

ONCUDA_API CUresult cuMemcpyAtoA_v2_ptds(CUarray dstArray, size_t dstOffset,
    CUarray srcArray, size_t srcOffset, size_t ByteCount)
{
	return row_then_wait(dstArray, dstOffset, 0, srcArray, srcOffset, 0,
	    ByteCount);
}

ONCUDA_API CUresult cuMemsetD2D8_v2_ptds(CUdeviceptr dstDevice,
    size_t dstPitch, unsigned char uc, size_t Width, size_t Height)
{
	return then_wait(cuMemsetD2D8Async(dstDevice, dstPitch, uc, Width,
	    Height, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemsetD2D16_v2_ptds(CUdeviceptr dstDevice,
    size_t dstPitch, unsigned short us, size_t Width, size_t Height)
{
	return then_wait(cuMemsetD2D16Async(dstDevice, dstPitch, us, Width,
	    Height, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemsetD2D32_v2_ptds(CUdeviceptr dstDevice,
    size_t dstPitch, unsigned int ui, size_t Width, size_t Height)
{
	return then_wait(cuMemsetD2D32Async(dstDevice, dstPitch, ui, Width,
	    Height, CU_STREAM_PER_THREAD));
}
