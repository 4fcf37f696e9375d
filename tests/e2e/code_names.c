/*
 * Cooperative launches of a test kernel, and the names, owners and
 * enumeration of tests/kernels' functions and kernels.
 */
#define CUDA_ENABLE_DEPRECATED 1	/* cuFuncSetSharedMemConfig */
#include <string.h>

#include "check.h"
#include "kernel_runs.h"

int test_cooperative_launch(void)
{
	enum { N = 1 << 16 };
	unsigned long long n = N;
	unsigned int v = 0xc0de, *back;
	int coop, sms, per_sm, grid;
	CUcontext ctx;
	CUdeviceptr p;
	CUfunction f;
	CUdevice dev;
	CUmodule m;
	void *args[3];

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&coop,
	    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, dev), CUDA_SUCCESS);
	if (!coop)
		return e2e_skip("no cooperative launches on this device");
	CHECK_CU(cuDeviceGetAttribute(&sms,
	    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&f, m, "fill_u32"));
	CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 256,
	    0), CUDA_SUCCESS);
	CHECK(per_sm > 0);
	TRY(e2e_dalloc(&p, (N + 1) * sizeof(unsigned int)));
	CHECK_CU(cuMemsetD32(p, 0, N + 1), CUDA_SUCCESS);
	args[0] = &p;
	args[1] = &v;
	args[2] = &n;
	/* Every block resident at once: the largest grid that may be. */
	grid = per_sm * sms;
	CHECK_CU(cuLaunchCooperativeKernel(f, (unsigned)grid, 1, 1, 256, 1, 1,
	    0, NULL, args), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	back = e2e_malloc((N + 1) * sizeof(unsigned int));
	CHECK_CU(cuMemcpyDtoH(back, p, (N + 1) * sizeof(unsigned int)),
	    CUDA_SUCCESS);
	for (int i = 0; i < N; i++)
		CHECK_EQ(back[i], 0xc0de);
	CHECK_EQ(back[N], 0);
	/* One block more cannot all be resident. */
	CHECK_CU_ASYNC(cuLaunchCooperativeKernel(f, (unsigned)grid + 1, 1, 1,
	    256, 1, 1, 0, NULL, args), CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
	return 0;
}

/* Whether name is among the n names of names. */
static int has_name(const char **names, unsigned int n, const char *name)
{
	for (unsigned int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return 1;
	return 0;
}

int test_code_names(void)
{
	CUfunctionLoadingState state;
	unsigned int count, kcount, i, j;
	CUfunction f, *fns, fill = NULL, kf;
	CUkernel *kernels, k = NULL;
	CUmodule m, got, lm;
	CUlibrary lib, klib;
	const char *name, **names;
	CUcontext ctx;
	CUdeviceptr p;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&f, m, "vec_add"));
	CHECK_CU(cuFuncGetName(&name, f), CUDA_SUCCESS);
	CHECK(strcmp(name, "vec_add") == 0);
	CHECK_CU(cuFuncGetModule(&got, f), CUDA_SUCCESS);
	CHECK(got == m);
	CHECK_CU(cuFuncIsLoaded(&state, f), CUDA_SUCCESS);
	CHECK(state == CU_FUNCTION_LOADING_STATE_LOADED ||
	    state == CU_FUNCTION_LOADING_STATE_UNLOADED);
	CHECK_CU(cuFuncLoad(f), CUDA_SUCCESS);
	CHECK_CU(cuFuncIsLoaded(&state, f), CUDA_SUCCESS);
	CHECK_EQ(state, CU_FUNCTION_LOADING_STATE_LOADED);
	CHECK_CU(cuFuncGetName(NULL, f), CUDA_ERROR_INVALID_VALUE);

	/* The module's functions: distinct names, the test kernels among
	 * them, each usable as the one cuModuleGetFunction gives. */
	CHECK_CU(cuModuleGetFunctionCount(&count, m), CUDA_SUCCESS);
	CHECK(count >= 7);
	fns = e2e_malloc(count * sizeof(*fns));
	names = e2e_malloc(count * sizeof(*names));
	CHECK_CU(cuModuleEnumerateFunctions(fns, count, m), CUDA_SUCCESS);
	for (i = 0; i < count; i++) {
		CHECK_CU(cuFuncGetName(&names[i], fns[i]), CUDA_SUCCESS);
		for (j = 0; j < i; j++)
			CHECK(strcmp(names[i], names[j]) != 0);
		CHECK_CU(cuFuncGetModule(&got, fns[i]), CUDA_SUCCESS);
		CHECK(got == m);
		if (strcmp(names[i], "fill_u32") == 0)
			fill = fns[i];
	}
	CHECK(has_name(names, count, "vec_add"));
	CHECK(has_name(names, count, "read_global"));
	CHECK(fill != NULL);
	TRY(e2e_dalloc(&p, 257 * sizeof(unsigned int)));
	CHECK_CU(cuMemsetD32(p, 0, 257), CUDA_SUCCESS);
	TRY(e2e_run_fill(fill, p, 0xfeed, 256, NULL));

	/* The library's kernels, from the same image. */
	CHECK_CU(cuLibraryLoadFromFile(&lib, e2e_kernel_path("kernels.cubin"),
	    NULL, NULL, 0, NULL, NULL, 0), CUDA_SUCCESS);
	e2e_defer_library(lib);
	CHECK_CU(cuLibraryGetKernelCount(&kcount, lib), CUDA_SUCCESS);
	CHECK_EQ(kcount, count);
	kernels = e2e_malloc(kcount * sizeof(*kernels));
	CHECK_CU(cuLibraryEnumerateKernels(kernels, kcount, lib),
	    CUDA_SUCCESS);
	for (i = 0; i < kcount; i++) {
		CHECK_CU(cuKernelGetName(&names[i], kernels[i]), CUDA_SUCCESS);
		CHECK_CU(cuKernelGetLibrary(&klib, kernels[i]), CUDA_SUCCESS);
		CHECK(klib == lib);
		if (strcmp(names[i], "fill_u32") == 0)
			k = kernels[i];
	}
	CHECK(has_name(names, kcount, "vec_add"));
	CHECK(k != NULL);
	CHECK_CU(cuKernelSetCacheConfig(k, CU_FUNC_CACHE_PREFER_L1, dev),
	    CUDA_SUCCESS);
	/* The kernel's function lives in the library's module here. */
	CHECK_CU(cuKernelGetFunction(&kf, k), CUDA_SUCCESS);
	CHECK_CU(cuFuncGetModule(&got, kf), CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetModule(&lm, lib), CUDA_SUCCESS);
	CHECK(got == lm);
	CHECK_CU(cuFuncGetName(&name, kf), CUDA_SUCCESS);
	CHECK(strcmp(name, "fill_u32") == 0);
	CHECK_CU(cuFuncSetSharedMemConfig(kf,
	    CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(p, 0, 257), CUDA_SUCCESS);
	TRY(e2e_run_fill(kf, p, 0xbeef, 256, NULL));
	return 0;
}
