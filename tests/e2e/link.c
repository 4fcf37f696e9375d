/*
 * The JIT linker: the test kernels' PTX linked, from memory and from the
 * file, into a cubin that cuModuleLoadData loads and that runs; the logs
 * and their sizes written into cuLinkCreate's options; and PTX that is not
 * PTX refused at cuLinkAddData with the reason in the error log.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "kernel_runs.h"

enum { INFO, INFO_SIZE, ERROR, ERROR_SIZE, VERBOSE, OPTION_COUNT };

struct logs {
	char info[8192];
	char error[8192];
	CUjit_option options[OPTION_COUNT];
	void *values[OPTION_COUNT];
};

static void logs_init(struct logs *l)
{
	memset(l->info, 'x', sizeof(l->info));
	memset(l->error, 'x', sizeof(l->error));
	l->options[INFO] = CU_JIT_INFO_LOG_BUFFER;
	l->values[INFO] = l->info;
	l->options[INFO_SIZE] = CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
	l->values[INFO_SIZE] = (void *)(uintptr_t)sizeof(l->info);
	l->options[ERROR] = CU_JIT_ERROR_LOG_BUFFER;
	l->values[ERROR] = l->error;
	l->options[ERROR_SIZE] = CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES;
	l->values[ERROR_SIZE] = (void *)(uintptr_t)sizeof(l->error);
	l->options[VERBOSE] = CU_JIT_LOG_VERBOSE;
	l->values[VERBOSE] = (void *)(uintptr_t)1;
}

/* The linked image is a cubin in the program's memory, and it runs;
 * size is 0 when the program did not ask for it. */
static int check_cubin(const void *cubin, size_t size)
{
	CUfunction f;
	CUmodule m;
	int value;

	CHECK(cubin != NULL);
	CHECK(size == 0 || size > 64);
	CHECK(memcmp(cubin, "\177ELF", 4) == 0);
	CHECK_CU(cuModuleLoadData(&m, cubin), CUDA_SUCCESS);
	e2e_defer_module(m);
	TRY(e2e_get_function(&f, m, "vec_add"));
	TRY(e2e_run_vec_add(f, 1000, NULL));
	TRY(e2e_get_function(&f, m, "read_global"));
	TRY(e2e_run_read_global(f, &value));
	CHECK_EQ(value, 42);
	return 0;
}

int test_link(void)
{
	CUjit_option level = CU_JIT_OPTIMIZATION_LEVEL;
	void *level_value = (void *)(uintptr_t)3;
	CUcontext ctx;
	CUdevice dev;
	CUlinkState link;
	struct logs logs;
	void *cubin;
	size_t ptx_size, size, used;
	char *ptx_path, *ptx;

	TRY(e2e_primary_ctx(&dev, &ctx));
	ptx_path = e2e_kernel_path("kernels.ptx");
	if ((ptx = e2e_read_file(ptx_path, &ptx_size)) == NULL)
		return -1;

	/* From memory, with an option of the input's own. */
	logs_init(&logs);
	CHECK_CU(cuLinkCreate(OPTION_COUNT, logs.options, logs.values, &link),
		 CUDA_SUCCESS);
	/* PTX is passed with its NUL (e2e_read_file puts one after it). */
	CHECK_CU(cuLinkAddData(link, CU_JIT_INPUT_PTX, ptx, ptx_size + 1,
			       "kernels.ptx", 1, &level, &level_value),
		 CUDA_SUCCESS);
	CHECK_CU(cuLinkComplete(link, &cubin, &size), CUDA_SUCCESS);
	/* The driver wrote the bytes of its logs it used, NUL included, and
	 * a verbose link says something. */
	used = (uintptr_t)logs.values[INFO_SIZE];
	CHECK(used > 1 && used <= sizeof(logs.info));
	CHECK(strlen(logs.info) == used || strlen(logs.info) + 1 == used);
	CHECK((uintptr_t)logs.values[ERROR_SIZE] < sizeof(logs.error));
	TRY(check_cubin(cubin, size));
	CHECK_CU(cuLinkDestroy(link), CUDA_SUCCESS);

	/* From the file; the size is optional. */
	CHECK_CU(cuLinkCreate(0, NULL, NULL, &link), CUDA_SUCCESS);
	CHECK_CU(cuLinkAddFile(link, CU_JIT_INPUT_PTX, ptx_path, 0, NULL,
			       NULL), CUDA_SUCCESS);
	CHECK_CU(cuLinkAddFile(link, CU_JIT_INPUT_PTX, "/no/such/file.ptx",
			       0, NULL, NULL), CUDA_ERROR_FILE_NOT_FOUND);
	CHECK_CU(cuLinkComplete(link, &cubin, NULL), CUDA_SUCCESS);
	TRY(check_cubin(cubin, 0));
	CHECK_CU(cuLinkDestroy(link), CUDA_SUCCESS);
	return 0;
}

int test_link_errors(void)
{
	static char not_ptx[] = "this is not PTX at all\n";
	CUcontext ctx;
	CUdevice dev;
	CUlinkState link;
	struct logs logs;
	size_t used;

	TRY(e2e_primary_ctx(&dev, &ctx));
	logs_init(&logs);
	CHECK_CU(cuLinkCreate(OPTION_COUNT, logs.options, logs.values, &link),
		 CUDA_SUCCESS);
	/* Text that is no PTX: the H200's driver says it is no image. */
	CHECK_CU(cuLinkAddData(link, CU_JIT_INPUT_PTX, not_ptx,
			       sizeof(not_ptx), "not_ptx", 0, NULL, NULL),
		 CUDA_ERROR_INVALID_IMAGE);
	/* Whatever the error log holds, its size is what it used. */
	used = (uintptr_t)logs.values[ERROR_SIZE];
	CHECK(used <= sizeof(logs.error));
	CHECK(used == 0 || strlen(logs.error) == used ||
	      strlen(logs.error) + 1 == used);
	CHECK_CU(cuLinkAddData(link, CU_JIT_INPUT_PTX, NULL, 16, "null", 0,
			       NULL, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLinkDestroy(link), CUDA_SUCCESS);
	return 0;
}
