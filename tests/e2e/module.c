/*
 * Modules: loading each kind of image from a file and from memory,
 * functions, globals, and images the driver must refuse.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "kernel_runs.h"

static const char *const kernel_names[] = {
	"vec_add", "fill_u32", "mixed_args", "read_global", "scale_dyn_smem",
	"fault", "spin",
};

static const char *const images[] = {
	"kernels.cubin", "kernels.fatbin", "kernels.ptx",
};

/* Every kernel is there, and the module runs code. */
static int check_module(CUmodule m)
{
	CUfunction f;
	size_t i;
	int value;

	for (i = 0; i < sizeof(kernel_names) / sizeof(kernel_names[0]); i++)
		TRY(e2e_get_function(&f, m, kernel_names[i]));
	CHECK_CU(cuModuleGetFunction(&f, m, "no_such_kernel"),
		 CUDA_ERROR_NOT_FOUND);
	TRY(e2e_get_function(&f, m, "vec_add"));
	TRY(e2e_run_vec_add(f, 1000, NULL));
	TRY(e2e_get_function(&f, m, "read_global"));
	TRY(e2e_run_read_global(f, &value));
	CHECK_EQ(value, 42);
	return 0;
}

int test_modules(void)
{
	char info[4096], error[4096];
	CUjit_option options[] = {
		CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
	};
	void *values[4];
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	size_t i, size;
	void *image;

	TRY(e2e_primary_ctx(&dev, &ctx));
	for (i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		/* From the file. */
		TRY(e2e_load_module(&m, images[i]));
		TRY(check_module(m));
		CHECK_CU(cuModuleUnload(m), CUDA_SUCCESS);
		e2e_forget((uintptr_t)m);

		/* From memory. */
		image = e2e_read_file(e2e_kernel_path(images[i]), &size);
		if (image == NULL)
			return -1;
		CHECK_CU(cuModuleLoadData(&m, image), CUDA_SUCCESS);
		e2e_defer_module(m);
		TRY(check_module(m));

		/* With options, some of which the driver writes back: the
		 * log sizes become the bytes it used. */
		memset(info, 'x', sizeof(info));
		memset(error, 'x', sizeof(error));
		values[0] = info;
		values[1] = (void *)(uintptr_t)sizeof(info);
		values[2] = error;
		values[3] = (void *)(uintptr_t)sizeof(error);
		CHECK_CU(cuModuleLoadDataEx(&m, image, 4, options, values),
			 CUDA_SUCCESS);
		e2e_defer_module(m);
		CHECK((uintptr_t)values[1] < sizeof(info));
		CHECK(memchr(info, '\0', (uintptr_t)values[1] + 1) != NULL);
		/* There was no error, so an empty error log. */
		CHECK_EQ((uintptr_t)values[3], 0);
		CHECK_EQ(error[0], '\0');
		TRY(check_module(m));
	}

	image = e2e_read_file(e2e_kernel_path("kernels.fatbin"), &size);
	if (image == NULL)
		return -1;
	CHECK_CU(cuModuleLoadFatBinary(&m, image), CUDA_SUCCESS);
	e2e_defer_module(m);
	TRY(check_module(m));
	return 0;
}

int test_module_globals(void)
{
	CUmodule m, other;
	CUfunction read_global;
	CUdeviceptr g, g_other;
	CUcontext ctx;
	CUdevice dev;
	size_t bytes = 0;
	int value = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&read_global, m, "read_global"));

	CHECK_CU(cuModuleGetGlobal(&g, &bytes, m, "g_value"), CUDA_SUCCESS);
	CHECK_EQ(bytes, sizeof(int));
	CHECK_CU(cuMemcpyDtoH(&value, g, sizeof(value)), CUDA_SUCCESS);
	CHECK_EQ(value, 42);
	value = 7;
	CHECK_CU(cuMemcpyHtoD(g, &value, sizeof(value)), CUDA_SUCCESS);
	TRY(e2e_run_read_global(read_global, &value));
	CHECK_EQ(value, 7);
	CHECK_CU(cuModuleGetGlobal(&g, NULL, m, "no_such_global"),
		 CUDA_ERROR_NOT_FOUND);

	/* Each load is a module of its own, with globals of its own. */
	TRY(e2e_load_module(&other, "kernels.cubin"));
	CHECK_CU(cuModuleGetGlobal(&g_other, NULL, other, "g_value"),
		 CUDA_SUCCESS);
	CHECK(g_other != g);
	CHECK_CU(cuMemcpyDtoH(&value, g_other, sizeof(value)), CUDA_SUCCESS);
	CHECK_EQ(value, 42);
	return 0;
}

int test_module_errors(void)
{
	static const char text[] = "this is not a CUDA module";
	unsigned char garbage[4096];
	unsigned char *cubin;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	size_t size;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuModuleLoad(&m, "/nonexistent/kernels.cubin"),
		 CUDA_ERROR_FILE_NOT_FOUND);

	/* Text is taken for PTX, bytes for an image; both are refused. */
	CHECK_CU2(cuModuleLoadData(&m, text), CUDA_ERROR_INVALID_IMAGE,
		  CUDA_ERROR_INVALID_PTX);
	e2e_fill_random(garbage, sizeof(garbage) - 1, 10);
	garbage[sizeof(garbage) - 1] = '\0';
	CHECK_CU2(cuModuleLoadData(&m, garbage), CUDA_ERROR_INVALID_IMAGE,
		  CUDA_ERROR_INVALID_PTX);

	/* A cubin's ELF header with nothing behind it. */
	cubin = e2e_read_file(e2e_kernel_path("kernels.cubin"), &size);
	if (cubin == NULL)
		return -1;
	memset(cubin + 64, 0, size - 64);
	CHECK_CU2(cuModuleLoadData(&m, cubin), CUDA_ERROR_INVALID_IMAGE,
		  CUDA_ERROR_NO_BINARY_FOR_GPU);
	return 0;
}
