/*
 * Initialisation and versions.
 */
#include "check.h"

/* Runs in a process of its own in which nothing has called cuInit yet. */
int test_before_init(void)
{
	CUdeviceptr p;
	CUcontext ctx;
	CUdevice dev;
	int version = 0, count = 0;

	/* The one call documented to work before cuInit. */
	CHECK_CU(cuDriverGetVersion(&version), CUDA_SUCCESS);
	CHECK(version >= CUDA_VERSION);
	CHECK_CU(cuDriverGetVersion(NULL), CUDA_ERROR_INVALID_VALUE);

	CHECK_CU(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuCtxGetCurrent(&ctx), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuMemAlloc(&p, 64), CUDA_ERROR_NOT_INITIALIZED);

	CHECK_CU(cuInit(0), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetCount(&count), CUDA_SUCCESS);
	CHECK(count >= 1);
	return 0;
}

int test_init(void)
{
	int version = 0;

	/* The runner called cuInit(0) already: a second call is harmless. */
	CHECK_CU(cuInit(0), CUDA_SUCCESS);
	/* No flags are defined, so none are accepted, then or now. */
	CHECK_CU(cuInit(1), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDriverGetVersion(&version), CUDA_SUCCESS);
	CHECK(version >= CUDA_VERSION);
	/* Versions are 1000 * major + 10 * minor. */
	CHECK_EQ(version % 10, 0);
	return 0;
}
