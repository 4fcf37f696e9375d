/*
 * Unified addressing: page-locked host memory from cuMemAllocHost is a
 * valid device pointer of a copy, as XLA uses it (cuMemcpyDtoHAsync from
 * a page-locked buffer), and cuMemcpy tells each side's kind from its
 * address, page-locked, managed or device.  Every copy is checked by
 * reading the bytes back another way.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

#define BYTES (3u << 20)		/* several pieces of a copy */

static CUdeviceptr dptr_of(const void *p)
{
	return (CUdeviceptr)(uintptr_t)p;
}

int test_uva_copy(void)
{
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	CUdeviceptr d, m = 0;
	unsigned char *pinned = NULL, *pinned2 = NULL;
	unsigned char *src = e2e_malloc(BYTES), *back = e2e_malloc(BYTES);
	int uva, managed;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&uva, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING,
		 dev), CUDA_SUCCESS);
	if (!uva)
		return e2e_skip("no unified addressing");
	CHECK_CU(cuMemAllocHost((void **)&pinned, BYTES), CUDA_SUCCESS);
	e2e_defer_host(pinned);
	CHECK_CU(cuMemAllocHost((void **)&pinned2, BYTES), CUDA_SUCCESS);
	e2e_defer_host(pinned2);
	TRY(e2e_dalloc(&d, BYTES));
	TRY(e2e_stream(&s));
	e2e_fill_random(src, BYTES, 14);

	/* The page-locked buffer as the source of a device-to-host copy. */
	memcpy(pinned, src, BYTES);
	memset(back, 0, BYTES);
	CHECK_CU(cuMemcpyDtoHAsync(back, dptr_of(pinned), BYTES, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(back, src, BYTES);

	/* As the destination of a host-to-device copy, in stream order
	 * after a copy from device memory it depends on. */
	e2e_fill_random(src, BYTES, 15);
	CHECK_CU(cuMemcpyHtoD(d, src, BYTES), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(pinned2, d, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoDAsync(dptr_of(pinned), pinned2, BYTES, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(pinned, src, BYTES);

	/* Device to device, either side page-locked. */
	e2e_fill_random(pinned, BYTES, 16);
	CHECK_CU(cuMemcpyDtoD(d, dptr_of(pinned), BYTES), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, d, BYTES), CUDA_SUCCESS);
	CHECK_MEM(back, pinned, BYTES);
	memset(pinned2, 0, BYTES);
	CHECK_CU(cuMemcpyDtoD(dptr_of(pinned2), d, BYTES), CUDA_SUCCESS);
	CHECK_MEM(pinned2, pinned, BYTES);

	/* The same on a stream. */
	e2e_fill_random(pinned, BYTES, 18);
	CHECK_CU(cuMemcpyDtoDAsync(d, dptr_of(pinned), BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(dptr_of(pinned2), d, BYTES, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(pinned2, pinned, BYTES);

	/* Memsets through the unified address (XLA fills its page-locked
	 * red zones so), in stream order after a copy into the buffer. */
	e2e_fill_random(src, BYTES, 19);
	CHECK_CU(cuMemcpyHtoD(d, src, BYTES), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(dptr_of(pinned), d, BYTES, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(dptr_of(pinned) + 8, 0xA5A5F00Du, 4, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(pinned, src, 8);
	for (int i = 0; i < 4; i++)
		CHECK_EQ(((unsigned *)(void *)(pinned + 8))[i], 0xA5A5F00Du);
	CHECK_MEM(pinned + 24, src + 24, BYTES - 24);
	CHECK_CU(cuMemsetD8(dptr_of(pinned2), 0x5A, BYTES), CUDA_SUCCESS);
	CHECK_EQ(pinned2[0], 0x5A);
	CHECK_EQ(pinned2[BYTES - 1], 0x5A);
	CHECK_CU(cuMemsetD16(dptr_of(pinned2) + 2, 0x1234, 1), CUDA_SUCCESS);
	CHECK_EQ(((unsigned short *)(void *)pinned2)[1], 0x1234);

	/* cuMemcpy(Async) by address: page-locked, device, managed. */
	e2e_fill_random(pinned, BYTES, 17);
	CHECK_CU(cuMemcpyAsync(d, dptr_of(pinned), BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAsync(dptr_of(pinned2), d, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(pinned2, pinned, BYTES);
	CHECK_CU(cuDeviceGetAttribute(&managed, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY,
		 dev), CUDA_SUCCESS);
	if (!managed)
		return 0;
	CHECK_CU(cuMemAllocManaged(&m, BYTES, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	e2e_defer_mem(m);
	CHECK_CU(cuMemcpy(m, dptr_of(pinned), BYTES), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_MEM((const void *)(uintptr_t)m, pinned, BYTES);
	memset((void *)(uintptr_t)m, 0x33, BYTES / 2);
	CHECK_CU(cuMemcpyAsync(dptr_of(pinned2), m, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(pinned2, (const void *)(uintptr_t)m, BYTES);
	CHECK_EQ(pinned2[0], 0x33);
	CHECK_EQ(pinned2[BYTES - 1], pinned[BYTES - 1]);
	return 0;
}
