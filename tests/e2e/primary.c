/*
 * The primary context: one per device, reference counted, shared with
 * the CUDA runtime.
 */
#include "check.h"

int test_primary_ctx(void)
{
	CUcontext ctx = NULL, again = NULL, current = NULL;
	CUdeviceptr p = 0;
	CUdevice dev, got;
	unsigned flags = 0, ctx_flags = 0;
	int active = -1;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);

	/* Every test before this one released its reference. */
	CHECK_CU(cuDevicePrimaryCtxGetState(dev, &flags, &active),
		 CUDA_SUCCESS);
	CHECK_EQ(active, 0);
	CHECK_CU(cuDevicePrimaryCtxGetState(-1, &flags, &active),
		 CUDA_ERROR_INVALID_DEVICE);

	CHECK_CU(cuDevicePrimaryCtxSetFlags(dev, 0xffff),
		 CUDA_ERROR_INVALID_VALUE);
	/* Flags set while inactive apply when it is next created. */
	CHECK_CU(cuDevicePrimaryCtxSetFlags(dev, CU_CTX_SCHED_BLOCKING_SYNC),
		 CUDA_SUCCESS);
	CHECK_CU(cuDevicePrimaryCtxGetState(dev, &flags, &active),
		 CUDA_SUCCESS);
	CHECK_EQ(flags & CU_CTX_SCHED_MASK, CU_CTX_SCHED_BLOCKING_SYNC);
	CHECK_EQ(active, 0);

	CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, dev), CUDA_SUCCESS);
	e2e_defer_primary(dev);
	CHECK(ctx != NULL);
	CHECK_CU(cuDevicePrimaryCtxGetState(dev, &flags, &active),
		 CUDA_SUCCESS);
	CHECK_EQ(active, 1);
	/* Retaining again gives the same context and a second reference. */
	CHECK_CU(cuDevicePrimaryCtxRetain(&again, dev), CUDA_SUCCESS);
	CHECK(again == ctx);
	CHECK_CU(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
	CHECK_CU(cuDevicePrimaryCtxGetState(dev, &flags, &active),
		 CUDA_SUCCESS);
	CHECK_EQ(active, 1);

	/* Retaining does not make it current; cuCtxSetCurrent does. */
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == NULL);
	CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == ctx);
	CHECK_CU(cuCtxGetDevice(&got), CUDA_SUCCESS);
	CHECK_EQ(got, dev);
	CHECK_CU(cuCtxGetFlags(&ctx_flags), CUDA_SUCCESS);
	CHECK_EQ(ctx_flags & CU_CTX_SCHED_MASK, CU_CTX_SCHED_BLOCKING_SYNC);
	CHECK_CU(cuMemAlloc(&p, 4096), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);

	/* The last release makes it inactive again. */
	CHECK_CU(cuCtxSetCurrent(NULL), CUDA_SUCCESS);
	CHECK_CU(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
	CHECK_CU(cuDevicePrimaryCtxGetState(dev, &flags, &active),
		 CUDA_SUCCESS);
	CHECK_EQ(active, 0);
	CHECK_CU(cuDevicePrimaryCtxRetain(&ctx, dev), CUDA_SUCCESS);
	CHECK_CU(cuDevicePrimaryCtxReset(dev), CUDA_SUCCESS);

	/* Leave the default flags for the tests that follow. */
	CHECK_CU(cuDevicePrimaryCtxSetFlags(dev, CU_CTX_SCHED_AUTO),
		 CUDA_SUCCESS);
	return 0;
}
