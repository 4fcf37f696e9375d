/*
 * A kernel that faults.  The error is sticky: the context is unusable
 * from then on, so this test runs in a process of its own.
 */
#include "check.h"

int test_fault(void)
{
	CUdeviceptr p = 0, out = 0;
	void *params[] = { &out };
	CUfunction fault;
	CUcontext ctx;
	CUmodule m;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fault, m, "fault"));

	/* The launch itself succeeds: the fault happens later, on the GPU. */
	CHECK_CU(cuLaunchKernel(fault, 1, 1, 1, 1, 1, 1, 0, NULL, params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
	/* Every later call in the context reports it again. */
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK_CU(cuMemAlloc(&p, 64), CUDA_ERROR_ILLEGAL_ADDRESS);
	return 0;
}
