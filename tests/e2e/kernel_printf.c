/*
 * What a kernel prints (printf) reaches the program's stdout by the time
 * a synchronization returns, through the same stdio stream the program
 * prints with, as the driver does natively.
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
