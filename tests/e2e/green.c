/*
 * Green contexts: the device's SMs split into groups, a green context made
 * of one group, which reports that share; its context current like any
 * other, a module loaded there and a kernel run on the green context's
 * stream, its result checked; events recorded on it; and destroying it.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "kernel_runs.h"

/* The smallest group on compute capability 9.0 (cuda.h: groups are 8 SMs
 * or more there), which every GPU with green contexts can give twice. */
#define GROUP_SMS 8
#define WORDS 4096

/* Work in the green context g: a module there, fill_u32 on its stream. */
static int run_in_green(CUgreenCtx g, CUcontext gctx, CUstream s)
{
	CUcontext popped;
	CUfunction fill;
	CUmodule m;
	CUdeviceptr p;
	CUevent done;
	int r;

	CHECK_CU(cuCtxPushCurrent(gctx), CUDA_SUCCESS);
	CHECK_CU(cuModuleLoad(&m, e2e_kernel_path("kernels.cubin")),
		 CUDA_SUCCESS);
	CHECK_CU(cuModuleGetFunction(&fill, m, "fill_u32"), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&p, (WORDS + 1) * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(p + WORDS * sizeof(unsigned), 0, 1),
		 CUDA_SUCCESS);
	r = e2e_run_fill(fill, p, 0xc0ffee, WORDS, s);
	/* An event recorded after the green context's work completes. */
	CHECK_CU(cuEventCreate(&done, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	CHECK_CU(cuGreenCtxRecordEvent(g, done), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(done), CUDA_SUCCESS);
	CHECK_CU(cuGreenCtxWaitEvent(g, done), CUDA_SUCCESS);
	CHECK_CU(cuEventDestroy(done), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	CHECK_CU(cuModuleUnload(m), CUDA_SUCCESS);
	CHECK_CU(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
	CHECK(popped == gctx);
	return r;
}

int test_green_ctx(void)
{
	CUdevResource all, groups[2], rest, mine;
	CUdevResourceDesc desc;
	CUgreenCtx g, found;
	CUcontext ctx, gctx;
	CUdevice dev;
	CUstream s;
	unsigned long long id;
	unsigned int n;
	int sms;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&sms,
	    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetDevResource(dev, &all, CU_DEV_RESOURCE_TYPE_SM),
		 CUDA_SUCCESS);
	CHECK_EQ(all.type, CU_DEV_RESOURCE_TYPE_SM);
	CHECK_EQ(all.sm.smCount, sms);
	if (sms < 2 * GROUP_SMS)
		return e2e_skip("fewer than 16 SMs to split");

	/* How many groups there would be, then two of them. */
	n = 0;
	CHECK_CU(cuDevSmResourceSplitByCount(NULL, &n, &all, NULL, 0,
	    GROUP_SMS), CUDA_SUCCESS);
	CHECK(n >= 2);
	n = 2;
	CHECK_CU(cuDevSmResourceSplitByCount(groups, &n, &all, &rest, 0,
	    GROUP_SMS), CUDA_SUCCESS);
	CHECK_EQ(n, 2);
	CHECK(groups[0].sm.smCount >= GROUP_SMS);
	/* The alignment is 0 where the driver does not say it (580). */
	if (groups[0].sm.smCoscheduledAlignment != 0)
		CHECK_EQ(groups[0].sm.smCount %
			 groups[0].sm.smCoscheduledAlignment, 0);
	CHECK_EQ(groups[0].sm.smCount + groups[1].sm.smCount +
		 rest.sm.smCount, all.sm.smCount);

	CHECK_CU(cuDevResourceGenerateDesc(&desc, &groups[0], 1),
		 CUDA_SUCCESS);
	CHECK_CU(cuGreenCtxCreate(&g, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM),
		 CUDA_SUCCESS);
	CHECK_CU(cuGreenCtxGetDevResource(g, &mine, CU_DEV_RESOURCE_TYPE_SM),
		 CUDA_SUCCESS);
	CHECK_EQ(mine.sm.smCount, groups[0].sm.smCount);
	CHECK_CU(cuCtxFromGreenCtx(&gctx, g), CUDA_SUCCESS);
	CHECK(gctx != NULL && gctx != ctx);
	CHECK_CU(cuCtxGetDevResource(gctx, &mine, CU_DEV_RESOURCE_TYPE_SM),
		 CUDA_SUCCESS);
	CHECK_EQ(mine.sm.smCount, groups[0].sm.smCount);
	CHECK_CU(cuGreenCtxGetId(g, &id), CUDA_SUCCESS);

	CHECK_CU(cuGreenCtxStreamCreate(&s, g, CU_STREAM_NON_BLOCKING, 0),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamGetGreenCtx(s, &found), CUDA_SUCCESS);
	CHECK(found == g);
	/* The primary context's stream belongs to no green context. */
	CHECK_CU(cuStreamGetGreenCtx(NULL, &found), CUDA_SUCCESS);
	CHECK(found == NULL);

	TRY(run_in_green(g, gctx, s));
	CHECK_CU(cuStreamDestroy(s), CUDA_SUCCESS);
	CHECK_CU(cuGreenCtxDestroy(g), CUDA_SUCCESS);
	/* The primary context is untouched and still current. */
	CHECK_CU(cuCtxGetCurrent(&gctx), CUDA_SUCCESS);
	CHECK(gctx == ctx);
	return 0;
}

/* Through oncuda: a resource whose private bytes were changed is not the
 * server driver's, and is refused before the driver reads it. */
int test_green_ctx_forged(void)
{
	CUdevResource all, forged;
	CUdevResourceDesc desc;
	CUcontext ctx;
	CUdevice dev;
	unsigned int n = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetDevResource(dev, &all, CU_DEV_RESOURCE_TYPE_SM),
		 CUDA_SUCCESS);
	forged = all;
	forged._internal_padding[40] ^= 0x55;
	CHECK_CU(cuDevSmResourceSplitByCount(NULL, &n, &forged, NULL, 0,
	    GROUP_SMS), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDevResourceGenerateDesc(&desc, &forged, 1),
		 CUDA_ERROR_INVALID_VALUE);
	/* The resource as handed out is still good. */
	CHECK_CU(cuDevSmResourceSplitByCount(NULL, &n, &all, NULL, 0,
	    GROUP_SMS), CUDA_SUCCESS);
	CHECK(n >= 1);
	return 0;
}
