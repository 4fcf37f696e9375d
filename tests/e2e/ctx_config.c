/*
 * Contexts made with CUDA 13's cuCtxCreate (CUctxCreateParams, execution
 * affinity) and used for work; a context's cache, bank, flag and event
 * settings set and read back; the deprecated device queries against the
 * attributes they are made of.
 */
#define CUDA_ENABLE_DEPRECATED 1	/* cuDeviceComputeCapability & co. */
#include <string.h>

#include "check.h"

/* A memset in the current context, read back. */
static int work_in_current(void)
{
	unsigned int v[4] = { 0 }, i;
	CUdeviceptr d;

	TRY(e2e_dalloc(&d, sizeof(v)));
	CHECK_CU(cuMemsetD32(d, 0x5eed, 4), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(v, d, sizeof(v)), CUDA_SUCCESS);
	for (i = 0; i < 4; i++)
		CHECK_EQ(v[i], 0x5eed);
	return 0;
}

int test_context_create_v4(void)
{
	CUexecAffinityParam aff, got;
	CUctxCreateParams params;
	CUcontext ctx, cur;
	int supported, sms;
	unsigned int want;
	CUdevice dev;
	CUresult r;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&sms,
	    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetExecAffinitySupport(&supported,
	    CU_EXEC_AFFINITY_TYPE_SM_COUNT, dev), CUDA_SUCCESS);
	want = sms > 8 ? 8 : (unsigned int)sms;
	memset(&aff, 0, sizeof(aff));
	aff.type = CU_EXEC_AFFINITY_TYPE_SM_COUNT;
	aff.param.smCount.val = want;
	memset(&params, 0, sizeof(params));
	params.execAffinityParams = &aff;
	params.numExecAffinityParams = 1;
	r = cuCtxCreate(&ctx, &params, 0, dev);
	if (supported && r == CUDA_SUCCESS) {
		e2e_defer_ctx(ctx);
		CHECK_CU(cuCtxGetExecAffinity(&got,
		    CU_EXEC_AFFINITY_TYPE_SM_COUNT), CUDA_SUCCESS);
		CHECK_EQ(got.type, CU_EXEC_AFFINITY_TYPE_SM_COUNT);
		/* The driver may round the count up to its granularity. */
		CHECK(got.param.smCount.val >= want);
		CHECK(got.param.smCount.val <= (unsigned int)sms);
	} else {
		/* Affinity needs MPS on some systems: the driver says so. */
		CHECK(!supported || r == CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY);
		e2e_skip_note("execution affinity not supported here");
		params.numExecAffinityParams = 0;
		params.execAffinityParams = NULL;
		CHECK_CU(cuCtxCreate(&ctx, &params, 0, dev), CUDA_SUCCESS);
		e2e_defer_ctx(ctx);
	}
	/* Pushed on this thread's stack, current, and usable. */
	CHECK_CU(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
	CHECK(cur == ctx);
	TRY(work_in_current());
	CHECK_CU(cuCtxPopCurrent(&cur), CUDA_SUCCESS);
	CHECK(cur == ctx);
	/* No parameters at all: the plain cuCtxCreate. */
	CHECK_CU(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(ctx);
	TRY(work_in_current());
	CHECK_CU(cuCtxPopCurrent(&cur), CUDA_SUCCESS);
	CHECK(cur == ctx);
	return 0;
}

int test_context_config(void)
{
	unsigned int flags, original;
	CUsharedconfig shared;
	CUfunc_cache cache;
	CUcontext ctx;
	CUevent ev;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED),
	    CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCacheConfig(&cache), CUDA_SUCCESS);
	CHECK_EQ(cache, CU_FUNC_CACHE_PREFER_SHARED);
	CHECK_CU(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_NONE), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCacheConfig(&cache), CUDA_SUCCESS);
	CHECK_EQ(cache, CU_FUNC_CACHE_PREFER_NONE);
	CHECK_CU(cuCtxSetCacheConfig((CUfunc_cache)99),
	    CUDA_ERROR_INVALID_VALUE);

	/* Bank sizes are fixed since Volta: accepted, read back as such. */
	CHECK_CU(cuCtxSetSharedMemConfig(
	    CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetSharedMemConfig(&shared), CUDA_SUCCESS);
	CHECK(shared == CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE ||
	    shared == CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE);
	CHECK_CU(cuCtxSetSharedMemConfig(
	    CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE), CUDA_SUCCESS);

	CHECK_CU(cuCtxGetFlags(&original), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetFlags(CU_CTX_SCHED_BLOCKING_SYNC), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetFlags(&flags), CUDA_SUCCESS);
	CHECK_EQ(flags & CU_CTX_SCHED_MASK, CU_CTX_SCHED_BLOCKING_SYNC);
	CHECK_CU(cuCtxSetFlags(original & (CU_CTX_SCHED_MASK |
	    CU_CTX_SYNC_MEMOPS)), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetFlags(&flags), CUDA_SUCCESS);
	CHECK_EQ(flags & CU_CTX_SCHED_MASK, original & CU_CTX_SCHED_MASK);

	CHECK_CU(cuCtxResetPersistingL2Cache(), CUDA_SUCCESS);

	/* An event recorded after all of the context's work. */
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(ev);
	TRY(work_in_current());
	CHECK_CU(cuCtxRecordEvent(ctx, ev), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(ev), CUDA_SUCCESS);
	CHECK_CU(cuEventQuery(ev), CUDA_SUCCESS);
	CHECK_CU(cuCtxWaitEvent(ctx, ev), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

int test_device_deprecated(void)
{
	int major, minor, attr;
	CUdevprop prop;
	CUdevice dev;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceComputeCapability(&major, &minor, dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&attr,
	    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), CUDA_SUCCESS);
	CHECK_EQ(major, attr);
	CHECK_CU(cuDeviceGetAttribute(&attr,
	    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev), CUDA_SUCCESS);
	CHECK_EQ(minor, attr);
	memset(&prop, 0xff, sizeof(prop));
	CHECK_CU(cuDeviceGetProperties(&prop, dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&attr,
	    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev), CUDA_SUCCESS);
	CHECK_EQ(prop.maxThreadsPerBlock, attr);
	CHECK_CU(cuDeviceGetAttribute(&attr, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
	    dev), CUDA_SUCCESS);
	CHECK_EQ(prop.maxGridSize[1], attr);
	CHECK_CU(cuDeviceGetAttribute(&attr, CU_DEVICE_ATTRIBUTE_WARP_SIZE,
	    dev), CUDA_SUCCESS);
	CHECK_EQ(prop.SIMDWidth, attr);
	CHECK_CU(cuDeviceGetAttribute(&attr,
	    CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, dev), CUDA_SUCCESS);
	CHECK_EQ(prop.textureAlign, attr);
	CHECK_CU(cuDeviceComputeCapability(NULL, &minor, dev),
	    CUDA_ERROR_INVALID_VALUE);
	return 0;
}
