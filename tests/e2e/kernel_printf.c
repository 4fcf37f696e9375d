/*
 * What a kernel prints (printf) reaches the program's stdout by the time
 * a synchronization returns, through the same stdio stream the program
 * prints with, as the driver does natively; what the driver says of a
 * kernel's failed assert() reaches its stderr.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define OUTPUT_MAX 4096

/* Runs say_hello on 2 blocks of 2 threads and synchronizes, with stdout
 * a pipe; what came out is in out. */
static int run_captured(CUfunction say_hello, char *out, size_t room)
{
	int tag = 7, pipefd[2], saved;
	void *params[] = { &tag };
	size_t have = 0;
	ssize_t n;

	fflush(stdout);
	CHECK(pipe(pipefd) == 0);
	CHECK((saved = dup(STDOUT_FILENO)) >= 0);
	CHECK(dup2(pipefd[1], STDOUT_FILENO) >= 0);
	close(pipefd[1]);
	printf("before\n");
	CUresult launched = cuLaunchKernel(say_hello, 2, 1, 1, 2, 1, 1, 0, NULL,
	    params, NULL);
	CUresult synced = cuCtxSynchronize();
	printf("after\n");
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	while (have + 1 < room &&
	    (n = read(pipefd[0], out + have, room - 1 - have)) > 0)
		have += (size_t)n;
	close(pipefd[0]);
	out[have] = '\0';
	CHECK_CU(launched, CUDA_SUCCESS);
	CHECK_CU(synced, CUDA_SUCCESS);
	return 0;
}

int test_kernel_printf(void)
{
	static char out[OUTPUT_MAX];
	char line[80];
	CUfunction say_hello;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	const char *after;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&say_hello, m, "say_hello"));
	TRY(run_captured(say_hello, out, sizeof out));

	/* Every thread's line once, between the program's own two lines. */
	CHECK(strncmp(out, "before\n", 7) == 0);
	CHECK((after = strstr(out, "after\n")) != NULL);
	CHECK(after[6] == '\0');
	CHECK_EQ((size_t)(after - out), 7 + 4 * strlen(
	    "hello from thread 0 of block 0, tag 7\n"));
	for (int b = 0; b < 2; b++)
		for (int t = 0; t < 2; t++) {
			snprintf(line, sizeof line,
			    "hello from thread %d of block %d, tag 7\n", t, b);
			CHECK(strstr(out, line) != NULL);
		}
	return 0;
}

/*
 * A kernel whose assert() fails: the synchronization reports
 * CUDA_ERROR_ASSERT, and by the time it returns the driver's line for the
 * failure (file and line, the kernel, block, thread and condition) is on
 * the program's stderr.  The context is lost, so the test has a process
 * of its own.
 */
int test_kernel_assert(void)
{
	static char err[OUTPUT_MAX];
	int pipefd[2], saved, v = 1;
	void *params[] = { &v };
	CUresult passed, launched, synced;
	CUfunction assert_nonzero;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	size_t have = 0;
	ssize_t n;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&assert_nonzero, m, "assert_nonzero"));

	fflush(stderr);
	CHECK(pipe(pipefd) == 0);
	CHECK((saved = dup(STDERR_FILENO)) >= 0);
	CHECK(dup2(pipefd[1], STDERR_FILENO) >= 0);
	close(pipefd[1]);
	passed = cuLaunchKernel(assert_nonzero, 1, 1, 1, 1, 1, 1, 0, NULL,
	    params, NULL);
	if (passed == CUDA_SUCCESS)
		passed = cuCtxSynchronize();
	v = 0;
	launched = cuLaunchKernel(assert_nonzero, 1, 1, 1, 1, 1, 1, 0, NULL,
	    params, NULL);
	synced = cuCtxSynchronize();
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	while (have + 1 < sizeof err &&
	    (n = read(pipefd[0], err + have, sizeof err - 1 - have)) > 0)
		have += (size_t)n;
	close(pipefd[0]);
	err[have] = '\0';

	CHECK_CU(passed, CUDA_SUCCESS);
	CHECK_CU(launched, CUDA_SUCCESS);
	CHECK_CU(synced, CUDA_ERROR_ASSERT);
	if (strstr(err, "Assertion `v != 0` failed.") == NULL ||
	    strstr(err, "assert_nonzero") == NULL)
		return e2e_fail(__FILE__, __LINE__, "stderr has no line for "
		    "the failed assert; it has: \"%s\"", err);
	/* The context is lost: every later call says so. */
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_ASSERT);
	return 0;
}
