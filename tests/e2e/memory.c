/*
 * Device memory: allocation, pitch, free-memory accounting, ranges.
 */
#include <stdint.h>

#include "check.h"

#define MiB (1024 * 1024ull)

int test_memory(void)
{
	CUdeviceptr p = 0, base = 0, pitched = 0;
	size_t size = 0, pitch = 0, free0, free1, free2, total, device_total;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));

	CHECK_CU(cuMemAlloc(&p, 1 * MiB), CUDA_SUCCESS);
	CHECK(p != 0);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&p, 0), CUDA_ERROR_INVALID_VALUE);
	/* Not an allocation, so nothing to free; but NULL is, as free(). */
	CHECK_CU(cuMemFree((CUdeviceptr)0x1234), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemFree(0), CUDA_SUCCESS);

	/* A pitched row is at least as wide as asked, in whole elements. */
	CHECK_CU(cuMemAllocPitch(&pitched, &pitch, 1000, 10, 4), CUDA_SUCCESS);
	e2e_defer_mem(pitched);
	CHECK(pitch >= 1000);
	CHECK_EQ(pitch % 4, 0);
	/* Elements are 4, 8 or 16 bytes. */
	CHECK_CU(cuMemAllocPitch(&base, &size, 1000, 10, 3),
		 CUDA_ERROR_INVALID_VALUE);

	/* An interior pointer leads back to its allocation. */
	TRY(e2e_dalloc(&p, 3000));
	CHECK_CU(cuMemGetAddressRange(&base, &size, p + 1234), CUDA_SUCCESS);
	CHECK_EQ(base, p);
	CHECK_EQ(size, 3000);
	CHECK_CU(cuMemGetAddressRange(NULL, &size, p + 2999), CUDA_SUCCESS);
	CHECK_EQ(size, 3000);
	/* Only the start of an allocation frees it. */
	CHECK_CU(cuMemFree(p + 16), CUDA_ERROR_INVALID_VALUE);
	/* Host memory is no device allocation. */
	CHECK_CU(cuMemGetAddressRange(&base, &size,
				      (CUdeviceptr)(uintptr_t)&size),
		 CUDA_ERROR_NOT_FOUND);

	/* Free memory drops by about 256 MiB while 256 MiB is allocated.
	 * Other work on the device moves it too; the slack allows for it. */
	CHECK_CU(cuMemGetInfo(&free0, &total), CUDA_SUCCESS);
	CHECK(free0 > 256 * MiB);
	CHECK(free0 <= total);
	CHECK_CU(cuDeviceTotalMem(&device_total, dev), CUDA_SUCCESS);
	CHECK(total <= device_total);
	TRY(e2e_dalloc(&p, 256 * MiB));
	CHECK_CU(cuMemGetInfo(&free1, &total), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	e2e_forget(p);
	CHECK_CU(cuMemGetInfo(&free2, &total), CUDA_SUCCESS);
	CHECK(free1 + 224 * MiB <= free0);
	CHECK(free2 >= free1 + 224 * MiB);
	return 0;
}
