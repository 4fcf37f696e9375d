/*
 * Libraries (CUDA 12's context-independent modules) and their kernels.
 * The CUDA runtime loads code this way and then passes a CUkernel where a
 * CUfunction is expected, so that must work too.
 */
#include <stdint.h>

#include "check.h"
#include "kernel_runs.h"

static int check_library(CUlibrary lib, CUdevice dev)
{
	CUkernel vec_add, read_global, scale, missing;
	CUfunction f;
	CUmodule m = NULL;
	CUdeviceptr g, p;
	size_t bytes = 0;
	int value = 0, n = 1024;
	float data[1024], f2 = 2.0f;
	void *params[] = { &p, &f2, &n };
	int i;

	CHECK_CU(cuLibraryGetKernel(&vec_add, lib, "vec_add"), CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetKernel(&read_global, lib, "read_global"),
		 CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetKernel(&scale, lib, "scale_dyn_smem"),
		 CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetKernel(&missing, lib, "no_such_kernel"),
		 CUDA_ERROR_NOT_FOUND);

	CHECK_CU(cuLibraryGetModule(&m, lib), CUDA_SUCCESS);
	CHECK(m != NULL);

	/* The global, as seen from the current context. */
	CHECK_CU(cuLibraryGetGlobal(&g, &bytes, lib, "g_value"), CUDA_SUCCESS);
	CHECK_EQ(bytes, sizeof(int));
	CHECK_CU(cuMemcpyDtoH(&value, g, sizeof(value)), CUDA_SUCCESS);
	CHECK_EQ(value, 42);

	/* The same kernel as a function of the current context... */
	CHECK_CU(cuKernelGetFunction(&f, vec_add), CUDA_SUCCESS);
	CHECK(f != NULL);
	TRY(e2e_run_vec_add(f, 4097, NULL));
	/* ...and the kernel handle itself, cast, as cudart does. */
	TRY(e2e_run_vec_add((CUfunction)vec_add, 4097, NULL));
	value = 5;
	CHECK_CU(cuMemcpyHtoD(g, &value, sizeof(value)), CUDA_SUCCESS);
	TRY(e2e_run_read_global((CUfunction)read_global, &value));
	CHECK_EQ(value, 5);

	CHECK_CU(cuKernelGetAttribute(&value,
				      CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
				      vec_add, dev), CUDA_SUCCESS);
	CHECK(value > 0 && value <= 1024);

	/* 64 KiB of dynamic shared memory is over the default limit until
	 * the kernel is allowed more. */
	CHECK_CU(cuKernelSetAttribute(
			 CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
			 65536, scale, dev), CUDA_SUCCESS);
	CHECK_CU(cuKernelGetAttribute(&value,
			 CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
			 scale, dev), CUDA_SUCCESS);
	CHECK_EQ(value, 65536);
	for (i = 0; i < n; i++)
		data[i] = (float)i;
	TRY(e2e_dalloc(&p, sizeof(data)));
	CHECK_CU(cuMemcpyHtoD(p, data, sizeof(data)), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel((CUfunction)scale, 1, 1, 1, 1024, 1, 1, 65536,
				NULL, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(data, p, sizeof(data)), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		CHECK(data[i] == 2.0f * (float)i);
	return 0;
}

int test_libraries(void)
{
	CUlibrary from_data, from_file;
	CUcontext ctx;
	CUdevice dev;
	size_t size;
	void *fatbin;

	TRY(e2e_primary_ctx(&dev, &ctx));

	fatbin = e2e_read_file(e2e_kernel_path("kernels.fatbin"), &size);
	if (fatbin == NULL)
		return -1;
	CHECK_CU(cuLibraryLoadData(&from_data, fatbin, NULL, NULL, 0, NULL,
				   NULL, 0), CUDA_SUCCESS);
	e2e_defer_library(from_data);
	TRY(check_library(from_data, dev));

	CHECK_CU(cuLibraryLoadFromFile(&from_file,
				       e2e_kernel_path("kernels.cubin"), NULL,
				       NULL, 0, NULL, NULL, 0), CUDA_SUCCESS);
	e2e_defer_library(from_file);
	TRY(check_library(from_file, dev));

	CHECK_CU(cuLibraryUnload(from_file), CUDA_SUCCESS);
	e2e_forget((uintptr_t)from_file);
	CHECK_CU(cuLibraryUnload(from_data), CUDA_SUCCESS);
	e2e_forget((uintptr_t)from_data);
	return 0;
}

/*
 * A linked image as the CUDA runtime registers relocatable device code
 * (nvcc -rdc=true): a wrapper of version 2 around the fatbin nvlink made,
 * listing the fatbins it was linked from.  Here the linked fatbin holds
 * code for no GPU, as when nvcc's default architecture is older than the
 * GPU, so the driver must JIT-link the listed one (relocatable PTX): the
 * list has to reach the server's driver.
 */
int test_library_linked(void)
{
	static const struct {
		uint32_t magic;
		uint16_t version, header_size;
		uint64_t payload_size;
	} empty = { 0xBA55ED50u, 1, 16, 0 };
	struct {
		uint32_t magic, version;
		const void *data;
		const void *fatbins;
	} wrapper = { 0x466243b1u, 2, &empty, NULL };
	const void *list[2];
	CUlibrary lib;
	CUcontext ctx;
	CUdevice dev;
	size_t size;
	void *rdc;

	TRY(e2e_primary_ctx(&dev, &ctx));
	rdc = e2e_read_file(e2e_kernel_path("kernels_rdc.fatbin"), &size);
	if (rdc == NULL)
		return -1;
	list[0] = rdc;
	list[1] = NULL;
	wrapper.fatbins = list;
	CHECK_CU(cuLibraryLoadData(&lib, &wrapper, NULL, NULL, 0, NULL, NULL,
				   0), CUDA_SUCCESS);
	e2e_defer_library(lib);
	TRY(check_library(lib, dev));
	CHECK_CU(cuLibraryUnload(lib), CUDA_SUCCESS);
	e2e_forget((uintptr_t)lib);
	return 0;
}
