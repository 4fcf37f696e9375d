/*
 * The multi-device cooperative launch, on the one device the suite uses:
 * fill_u32 over a buffer with the largest grid that is resident at once,
 * the result checked, and one block more refused.
 */
#define CUDA_ENABLE_DEPRECATED 1	/* cuLaunchCooperativeKernelMultiDevice */
#include <string.h>

#include "check.h"

int test_cooperative_multi_device(void)
{
	enum { N = 1 << 16 };
	unsigned long long n = N;
	unsigned int v = 0xfeed, *back;
	int multi, sms, per_sm;
	CUDA_LAUNCH_PARAMS launch;
	CUcontext ctx;
	CUdeviceptr p;
	CUfunction f;
	CUdevice dev;
	CUmodule m;
	CUstream s;
	void *args[3];

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&multi,
	    CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH, dev),
	    CUDA_SUCCESS);
	if (!multi)
		return e2e_skip("no multi-device cooperative launches here");
	CHECK_CU(cuDeviceGetAttribute(&sms,
	    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&f, m, "fill_u32"));
	CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 256,
	    0), CUDA_SUCCESS);
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&p, (N + 1) * sizeof(unsigned int)));
	CHECK_CU(cuMemsetD32(p, 0, N + 1), CUDA_SUCCESS);
	args[0] = &p;
	args[1] = &v;
	args[2] = &n;
	memset(&launch, 0, sizeof(launch));
	launch.function = f;
	launch.gridDimX = (unsigned)(per_sm * sms);
	launch.gridDimY = launch.gridDimZ = 1;
	launch.blockDimX = 256;
	launch.blockDimY = launch.blockDimZ = 1;
	launch.hStream = s;
	launch.kernelParams = args;
	CHECK_CU(cuLaunchCooperativeKernelMultiDevice(&launch, 1, 0),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	back = e2e_malloc((N + 1) * sizeof(unsigned int));
	CHECK_CU(cuMemcpyDtoH(back, p, (N + 1) * sizeof(unsigned int)),
	    CUDA_SUCCESS);
	for (int i = 0; i < N; i++)
		CHECK_EQ(back[i], 0xfeed);
	CHECK_EQ(back[N], 0);
	/* One block more cannot all be resident. */
	launch.gridDimX++;
	CHECK_CU_ASYNC(cuLaunchCooperativeKernelMultiDevice(&launch, 1, 0),
		       CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
	CHECK_CU(cuLaunchCooperativeKernelMultiDevice(NULL, 1, 0),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}
