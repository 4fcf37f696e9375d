/*
 * __managed__ variables of a library (cuLibraryGetManaged), as the CUDA
 * runtime reaches them: the host reads the initial value at the variable's
 * address at once, its writes reach a kernel, the kernel's write reaches
 * the host after a synchronizing call, and a second lookup gives the same
 * address.  The host touches the variable only when no kernel runs, as a
 * device without concurrent managed access requires.
 */
#include <stdint.h>

#include "check.h"

int test_managed_variable(void)
{
	CUdeviceptr p, again;
	CUlibrary lib;
	CUkernel add;
	CUcontext ctx;
	CUdevice dev;
	size_t bytes = 0, size;
	volatile int *v;
	int ready, delta = 5;
	void *params[] = { &delta };
	void *fatbin;

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	fatbin = e2e_read_file(e2e_kernel_path("kernels.fatbin"), &size);
	if (fatbin == NULL)
		return -1;
	CHECK_CU(cuLibraryLoadData(&lib, fatbin, NULL, NULL, 0, NULL, NULL, 0),
		 CUDA_SUCCESS);
	e2e_defer_library(lib);
	/* The runtime asks before it makes a context current. */
	CHECK_CU(cuCtxSetCurrent(NULL), CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetManaged(&p, &bytes, lib, "g_managed"),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
	CHECK_EQ(bytes, sizeof(int));
	v = (volatile int *)(uintptr_t)p;
	CHECK_EQ(*v, 7);
	CHECK_CU(cuLibraryGetManaged(&again, NULL, lib, "g_managed"),
		 CUDA_SUCCESS);
	CHECK_EQ(again, p);
	/* An ordinary global is no managed variable. */
	CHECK_CU(cuLibraryGetManaged(&again, NULL, lib, "g_value"),
		 CUDA_ERROR_NOT_FOUND);

	*v = 10;
	CHECK_CU(cuLibraryGetKernel(&add, lib, "add_managed"), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel((CUfunction)add, 1, 1, 1, 1, 1, 1, 0, NULL,
				params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_EQ(*v, 15);
	delta = -20;
	CHECK_CU(cuLaunchKernel((CUfunction)add, 1, 1, 1, 1, 1, 1, 0, NULL,
				params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	CHECK_EQ(*v, -5);

	CHECK_CU(cuLibraryUnload(lib), CUDA_SUCCESS);
	e2e_forget((uintptr_t)lib);
	return 0;
}

/*
 * The same variable of a module loaded with the driver API
 * (cuModuleGetGlobal): a managed address the host reads and writes as
 * well, its initial value there at once, the kernel's writes reaching the
 * host after a synchronizing call.
 */
int test_module_managed_variable(void)
{
	CUdeviceptr p, again, plain;
	CUfunction add;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	size_t bytes = 0;
	volatile int *v;
	int ready, delta = 3;
	unsigned int is_managed = 0;
	void *params[] = { &delta };

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	TRY(e2e_load_module(&m, "kernels.cubin"));
	CHECK_CU(cuModuleGetGlobal(&p, &bytes, m, "g_managed"), CUDA_SUCCESS);
	CHECK_EQ(bytes, sizeof(int));
	CHECK_CU(cuPointerGetAttribute(&is_managed,
		 CU_POINTER_ATTRIBUTE_IS_MANAGED, p), CUDA_SUCCESS);
	CHECK_EQ(is_managed, 1);
	v = (volatile int *)(uintptr_t)p;
	CHECK_EQ(*v, 7);
	CHECK_CU(cuModuleGetGlobal(&again, NULL, m, "g_managed"), CUDA_SUCCESS);
	CHECK_EQ(again, p);
	/* An ordinary global is device memory as before. */
	CHECK_CU(cuModuleGetGlobal(&plain, &bytes, m, "g_value"), CUDA_SUCCESS);
	CHECK(plain != p);

	*v = 20;
	CHECK_CU(cuModuleGetFunction(&add, m, "add_managed"), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(add, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_EQ(*v, 23);
	delta = -30;
	CHECK_CU(cuLaunchKernel(add, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	CHECK_EQ(*v, -7);
	return 0;
}
