/*
 * copy_per_thread.c -- the per-thread default stream forms of copies and
 * memsets (nvcc --default-stream per-thread, or cuGetProcAddress with
 * CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM).
 *
 * The asynchronous _ptsz forms are the usual calls with a NULL stream
 * meaning the calling thread's default stream (thread_stream.h).  The
 * synchronous _ptds forms are ordered in that stream instead of the legacy
 * one: each is its asynchronous form on CU_STREAM_PER_THREAD followed by a
 * wait for that stream, which returns, as the synchronous call does, once
 * the copy is done (a host source may be reused at once either way).  The
 * asynchronous forms from host memory and the memsets are one-way calls,
 * so the pair costs one round trip, as the legacy forms do.
 */
#include <cuda.h>

#include "stubs/link/say.h"
#include "stubs/route/thread_stream.h"

/* cuda.h declares these names only for a per-thread program. */
ONCUDA_API CUresult cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dstDevice,
    const void *srcHost, size_t ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyDtoHAsync_v2_ptsz(void *dstHost,
    CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src,
    size_t ByteCount, CUstream hStream);
ONCUDA_API CUresult cuMemcpy2DAsync_v2_ptsz(const CUDA_MEMCPY2D *pCopy,
    CUstream hStream);
ONCUDA_API CUresult cuMemcpyHtoD_v2_ptds(CUdeviceptr dstDevice,
    const void *srcHost, size_t ByteCount);
ONCUDA_API CUresult cuMemcpyDtoH_v2_ptds(void *dstHost,
    CUdeviceptr srcDevice, size_t ByteCount);
ONCUDA_API CUresult cuMemcpyDtoD_v2_ptds(CUdeviceptr dstDevice,
    CUdeviceptr srcDevice, size_t ByteCount);
ONCUDA_API CUresult cuMemcpy_ptds(CUdeviceptr dst, CUdeviceptr src,
    size_t ByteCount);
ONCUDA_API CUresult cuMemcpy2D_v2_ptds(const CUDA_MEMCPY2D *pCopy);
ONCUDA_API CUresult cuMemcpy2DUnaligned_v2_ptds(const CUDA_MEMCPY2D *pCopy);
ONCUDA_API CUresult cuMemsetD8_v2_ptds(CUdeviceptr dstDevice,
    unsigned char uc, size_t N);
ONCUDA_API CUresult cuMemsetD16_v2_ptds(CUdeviceptr dstDevice,
    unsigned short us, size_t N);
ONCUDA_API CUresult cuMemsetD32_v2_ptds(CUdeviceptr dstDevice,
    unsigned int ui, size_t N);

/* A synchronous form: its asynchronous form's result e, then the wait. */
static CUresult then_wait(CUresult e)
{
	return e != CUDA_SUCCESS ? e : cuStreamSynchronize(CU_STREAM_PER_THREAD);
}

ONCUDA_API CUresult cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dstDevice,
    const void *srcHost, size_t ByteCount, CUstream hStream)
{
	return cuMemcpyHtoDAsync(dstDevice, srcHost, ByteCount,
	    thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpyDtoHAsync_v2_ptsz(void *dstHost,
    CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)
{
	return cuMemcpyDtoHAsync(dstHost, srcDevice, ByteCount,
	    thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src,
    size_t ByteCount, CUstream hStream)
{
	return cuMemcpyAsync(dst, src, ByteCount, thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpy2DAsync_v2_ptsz(const CUDA_MEMCPY2D *pCopy,
    CUstream hStream)
{
	return cuMemcpy2DAsync(pCopy, thread_stream_null(hStream));
}

ONCUDA_API CUresult cuMemcpyHtoD_v2_ptds(CUdeviceptr dstDevice,
    const void *srcHost, size_t ByteCount)
{
	return then_wait(cuMemcpyHtoDAsync(dstDevice, srcHost, ByteCount,
	    CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpyDtoH_v2_ptds(void *dstHost,
    CUdeviceptr srcDevice, size_t ByteCount)
{
	return then_wait(cuMemcpyDtoHAsync(dstHost, srcDevice, ByteCount,
	    CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpyDtoD_v2_ptds(CUdeviceptr dstDevice,
    CUdeviceptr srcDevice, size_t ByteCount)
{
	return then_wait(cuMemcpyDtoDAsync(dstDevice, srcDevice, ByteCount,
	    CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpy_ptds(CUdeviceptr dst, CUdeviceptr src,
    size_t ByteCount)
{
	return then_wait(cuMemcpyAsync(dst, src, ByteCount,
	    CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemcpy2D_v2_ptds(const CUDA_MEMCPY2D *pCopy)
{
	return then_wait(cuMemcpy2DAsync(pCopy, CU_STREAM_PER_THREAD));
}

/* As cuMemcpy2DUnaligned is cuMemcpy2D here (copy2d.c). */
ONCUDA_API CUresult cuMemcpy2DUnaligned_v2_ptds(const CUDA_MEMCPY2D *pCopy)
{
	return then_wait(cuMemcpy2DAsync(pCopy, CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemsetD8_v2_ptds(CUdeviceptr dstDevice,
    unsigned char uc, size_t N)
{
	return then_wait(cuMemsetD8Async(dstDevice, uc, N,
	    CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemsetD16_v2_ptds(CUdeviceptr dstDevice,
    unsigned short us, size_t N)
{
	return then_wait(cuMemsetD16Async(dstDevice, us, N,
	    CU_STREAM_PER_THREAD));
}

ONCUDA_API CUresult cuMemsetD32_v2_ptds(CUdeviceptr dstDevice,
    unsigned int ui, size_t N)
{
	return then_wait(cuMemsetD32Async(dstDevice, ui, N,
	    CU_STREAM_PER_THREAD));
}
