/*
 * fill_host.c -- memsets whose device address is the program's page-locked
 * host memory.
 *
 * With unified addressing (which the server reports), the pointer
 * cuMemAllocHost or cuMemHostAlloc gave the program is also a device
 * pointer to the same bytes, and programs fill their page-locked buffers
 * with cuMemsetD32Async through it (XLA's autotuner does, for its red
 * zones).  Those bytes are the client's (stubs/mem/hostmem.h): the server
 * knows only its mirror, and would rightly refuse the address as no device
 * memory of the client's.  So the fill is done here, in stream order: the
 * stream's earlier work is waited for (its copies into the buffer land
 * first), then the bytes are written.  Every other memset is the
 * generated call (plain_cuMemset*, gen/glue_client.c).
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "gen/glue_client.h"
#include "stubs/copy/copy_between.h"
#include "stubs/copy/copy_wire.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/managed.h"
#include "stubs/route/thread_stream.h"

/* Whether [dst, dst + count * elem) is the program's page-locked memory. */
static bool in_host_memory(CUdeviceptr dst, size_t count, unsigned elem)
{
	const char *p = (const char *)(uintptr_t)dst;

	if (count == 0 || !hostmem_contains(p))
		return false;
	return count <= SIZE_MAX / elem &&
	    hostmem_contains(p + count * elem - 1);
}

/* Writes count elements of elem bytes with value at dst, after s's work. */
static CUresult fill_host(CUdeviceptr dst, unsigned value, unsigned elem,
    size_t count, const struct copy_stream *s)
{
	CUresult e;

	if ((e = copy_host_settle(s)) != CUDA_SUCCESS)
		return e;
	managed_host_write((void *)(uintptr_t)dst, count * elem);
	if (elem == 1) {
		memset((void *)(uintptr_t)dst, (int)(value & 0xff), count);
	} else if (elem == 2) {
		uint16_t *q = (uint16_t *)(uintptr_t)dst;

		for (size_t i = 0; i < count; i++)
			q[i] = (uint16_t)value;
	} else {
		uint32_t *q = (uint32_t *)(uintptr_t)dst;

		for (size_t i = 0; i < count; i++)
			q[i] = value;
	}
	return CUDA_SUCCESS;
}

/* The asynchronous forms: on hStream, CU_STREAM_PER_THREAD resolved. */
static CUresult fill_host_async(CUdeviceptr dst, unsigned value,
    unsigned elem, size_t count, CUstream hStream)
{
	struct copy_stream s;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	s.handle = (cu_handle)(uintptr_t)hStream;
	s.async = true;
	return fill_host(dst, value, elem, count, &s);
}

ONCUDA_API CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc,
    size_t N)
{
	if (in_host_memory(dstDevice, N, 1))
		return fill_host(dstDevice, uc, 1, N, &copy_sync);
	return plain_cuMemsetD8(dstDevice, uc, N);
}

ONCUDA_API CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us,
    size_t N)
{
	if (in_host_memory(dstDevice, N, 2))
		return fill_host(dstDevice, us, 2, N, &copy_sync);
	return plain_cuMemsetD16(dstDevice, us, N);
}

ONCUDA_API CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui,
    size_t N)
{
	if (in_host_memory(dstDevice, N, 4))
		return fill_host(dstDevice, ui, 4, N, &copy_sync);
	return plain_cuMemsetD32(dstDevice, ui, N);
}

ONCUDA_API CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc,
    size_t N, CUstream hStream)
{
	if (in_host_memory(dstDevice, N, 1))
		return fill_host_async(dstDevice, uc, 1, N, hStream);
	return plain_cuMemsetD8Async(dstDevice, uc, N, hStream);
}

ONCUDA_API CUresult cuMemsetD16Async(CUdeviceptr dstDevice,
    unsigned short us, size_t N, CUstream hStream)
{
	if (in_host_memory(dstDevice, N, 2))
		return fill_host_async(dstDevice, us, 2, N, hStream);
	return plain_cuMemsetD16Async(dstDevice, us, N, hStream);
}

ONCUDA_API CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
    size_t N, CUstream hStream)
{
	if (in_host_memory(dstDevice, N, 4))
		return fill_host_async(dstDevice, ui, 4, N, hStream);
	return plain_cuMemsetD32Async(dstDevice, ui, N, hStream);
}
