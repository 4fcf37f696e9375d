/*
 * device_limits.c - device queries of limits beyond the attribute table,
 * and the GPUDirect RDMA flush, which the stand-in has nothing to flush
 * for.
 */
#include "fakecuda.h"

/* An H200's answer for every format: 2^28 elements, as the deprecated
 * attribute MAXIMUM_TEXTURE1D_LINEAR_WIDTH says (device.c). */
#define TEXTURE1D_LINEAR_ELEMENTS 268435456u

FC_API CUresult
cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements,
    CUarray_format format, unsigned numChannels, CUdevice dev)
{
	CUresult rc;

	(void)format;
	fc_lock();
	rc = fc_check_device(dev);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (maxWidthInElements == NULL ||
	    (numChannels != 1 && numChannels != 2 && numChannels != 4))
		return CUDA_ERROR_INVALID_VALUE;
	*maxWidthInElements = TEXTURE1D_LINEAR_ELEMENTS;
	return CUDA_SUCCESS;
}

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
