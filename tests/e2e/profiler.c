/*
 * cuProfilerStart and cuProfilerStop around some work: with no profiler
 * attached they succeed and change nothing, on the server as natively.
 */
#include <cudaProfiler.h>

#include "check.h"

int test_profiler(void)
{
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d;
	unsigned int v = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d, sizeof(v)));
	CHECK_CU(cuProfilerStart(), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(d, 42, 1), CUDA_SUCCESS);
	CHECK_CU(cuProfilerStop(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(&v, d, sizeof(v)), CUDA_SUCCESS);
	CHECK_EQ(v, 42);
	/* Stopping twice is not an error. */
	CHECK_CU(cuProfilerStop(), CUDA_SUCCESS);
	return 0;
}
