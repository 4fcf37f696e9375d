/*
 * launch_multi.c - cuLaunchCooperativeKernelMultiDevice: each launch is a
 * cooperative launch of its own, on streams the program created (the
 * driver takes no NULL or special stream here); a launch that cannot run
 * refuses the whole set before any runs.
 */
#define CUDA_ENABLE_DEPRECATED 1
#include <stdint.h>

#include "fakecuda.h"

#define FLAGS (CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_PRE_LAUNCH_SYNC | \
	CUDA_COOPERATIVE_LAUNCH_MULTI_DEVICE_NO_POST_LAUNCH_SYNC)

FC_API CUresult
cuLaunchCooperativeKernelMultiDevice(CUDA_LAUNCH_PARAMS *launchParamsList,
    unsigned int numDevices, unsigned int flags)
{
	unsigned long long threads, blocks, per_sm;
	CUresult rc;

	if (launchParamsList == NULL || numDevices == 0 || (flags & ~FLAGS))
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < numDevices; i++) {
		const CUDA_LAUNCH_PARAMS *p = &launchParamsList[i];

		if (p->hStream == NULL || p->hStream == CU_STREAM_LEGACY ||
		    p->hStream == CU_STREAM_PER_THREAD)
			return CUDA_ERROR_INVALID_HANDLE;
		threads = (unsigned long long)p->blockDimX * p->blockDimY *
		    p->blockDimZ;
		blocks = (unsigned long long)p->gridDimX * p->gridDimY *
		    p->gridDimZ;
		if (threads == 0 || threads > FC_MAX_THREADS_PER_BLOCK ||
		    blocks == 0)
			return CUDA_ERROR_INVALID_VALUE;
		per_sm = FC_MAX_THREADS_PER_SM / threads;
		if (per_sm > FC_MAX_BLOCKS_PER_SM)
			per_sm = FC_MAX_BLOCKS_PER_SM;
		if (blocks > per_sm * FC_SM_COUNT)
			return CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
	}
	for (unsigned int i = 0; i < numDevices; i++) {
		const CUDA_LAUNCH_PARAMS *p = &launchParamsList[i];

		rc = cuLaunchCooperativeKernel(p->function, p->gridDimX,
		    p->gridDimY, p->gridDimZ, p->blockDimX, p->blockDimY,
		    p->blockDimZ, p->sharedMemBytes, p->hStream,
		    p->kernelParams);
		if (rc != CUDA_SUCCESS)
			return rc;
	}
	return CUDA_SUCCESS;
}
