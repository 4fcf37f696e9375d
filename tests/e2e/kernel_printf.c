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

/* What is written to descriptor fd, with stream its stdio stream, goes
 * into a pipe from capture_begin to capture_end. */
struct capture {
	int fd;
	FILE *stream;
	int saved;	/* fd as it was */
	int read_end;
};

static int capture_begin(struct capture *c, int fd, FILE *stream)
{
	int pipefd[2];

	c->fd = fd;
	c->stream = stream;
	fflush(stream);
	CHECK(pipe(pipefd) == 0);
	CHECK((c->saved = dup(fd)) >= 0);
	CHECK(dup2(pipefd[1], fd) >= 0);
	close(pipefd[1]);
	c->read_end = pipefd[0];
	return 0;
}

/* Puts fd back, and what came out in out (room bytes with the NUL). */
static void capture_end(struct capture *c, char *out, size_t room)
{
	size_t have = 0;
	ssize_t n;

	fflush(c->stream);
	dup2(c->saved, c->fd);
	close(c->saved);
	while (have + 1 < room &&
	    (n = read(c->read_end, out + have, room - 1 - have)) > 0)
		have += (size_t)n;
	close(c->read_end);
	out[have] = '\0';
}

/* Runs say_hello on 2 blocks of 2 threads and synchronizes, with stdout
 * a pipe; what came out is in out. */
static int run_captured(CUfunction say_hello, char *out, size_t room)
{
	struct capture c;
	int tag = 7;
	void *params[] = { &tag };

	TRY(capture_begin(&c, STDOUT_FILENO, stdout));
	printf("before\n");
	CUresult launched = cuLaunchKernel(say_hello, 2, 1, 1, 2, 1, 1, 0, NULL,
	    params, NULL);
	CUresult synced = cuCtxSynchronize();
	printf("after\n");
	capture_end(&c, out, room);
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
	struct capture c;
	int v = 1;
	void *params[] = { &v };
	CUresult passed, launched, synced;
	CUfunction assert_nonzero;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&assert_nonzero, m, "assert_nonzero"));

	TRY(capture_begin(&c, STDERR_FILENO, stderr));
	passed = cuLaunchKernel(assert_nonzero, 1, 1, 1, 1, 1, 1, 0, NULL,
	    params, NULL);
	if (passed == CUDA_SUCCESS)
		passed = cuCtxSynchronize();
	v = 0;
	launched = cuLaunchKernel(assert_nonzero, 1, 1, 1, 1, 1, 1, 0, NULL,
	    params, NULL);
	synced = cuCtxSynchronize();
	capture_end(&c, err, sizeof err);

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
