/*
 * Device queries beyond the attribute table, and the GPUDirect RDMA
 * flush: cuDeviceGetTexture1DLinearMaxWidth for the element sizes a 1D
 * linear texture may have, and cuFlushGPUDirectRDMAWrites on the current
 * context.
 */
#include <stdint.h>

#include "check.h"

int test_device_limits(void)
{
	static const unsigned channels[] = { 1, 2, 4 };
	size_t width = 0, first = 0;
	CUcontext ctx;
	CUdevice dev;
	int count;
	unsigned i;

	TRY(e2e_primary_ctx(&dev, &ctx));
	for (i = 0; i < sizeof(channels) / sizeof(channels[0]); i++) {
		CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width,
			 CU_AD_FORMAT_FLOAT, channels[i], dev), CUDA_SUCCESS);
		/* Some elements, and never more for wider ones. */
		CHECK(width > 0 && width <= (size_t)1 << 40);
		CHECK(i == 0 || width <= first);
		if (i == 0)
			first = width;
	}
	/* Asked again: the same answer (the client may keep it). */
	CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width,
		 CU_AD_FORMAT_FLOAT, 1, dev), CUDA_SUCCESS);
	CHECK_EQ(width, first);
	CHECK_CU(cuDeviceGetCount(&count), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width,
		 CU_AD_FORMAT_FLOAT, 1, (CUdevice)count),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(NULL, CU_AD_FORMAT_FLOAT,
		 1, dev), CUDA_ERROR_INVALID_VALUE);

	CHECK_CU(cuFlushGPUDirectRDMAWrites(
		 CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
		 CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER), CUDA_SUCCESS);
	CHECK_CU(cuFlushGPUDirectRDMAWrites(
		 CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
		 (CUflushGPUDirectRDMAWritesScope)99), CUDA_ERROR_INVALID_VALUE);
	return 0;
}
