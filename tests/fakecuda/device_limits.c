/*
 * device_limits.c - the GPUDirect RDMA flush, which the stand-in has
 * nothing to flush for.
 */
#include "fakecuda.h"

/* cuDeviceGetTexture1DLinearMaxWidth is texture.c's. */

FC_API CUresult
cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target,
    CUflushGPUDirectRDMAWritesScope scope)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (target != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX ||
	    (scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER &&
	     scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES))
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}
