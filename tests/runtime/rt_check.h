/*
 * rt_check.h -- what the CUDA runtime tests share: a check that names the
 * failed call and its error, and the verdict line tests/run.sh looks for.
 *
 * Each test is one program built by plain nvcc (static cudart) and again
 * with -cudart shared; it runs unchanged on a GPU host and through oncuda.
 * It prints "PASS name" and exits 0, or a reason per failed check on
 * stderr, then "FAIL name", and exits 1.
 */
#ifndef RT_CHECK_H
#define RT_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

static int rt_failures;

/* A runtime call that must succeed. */
#define RT_OK(call) rt_ok((call), #call, __FILE__, __LINE__)

/* A condition on the results. */
#define RT_CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
		    __FILE__, __LINE__, #cond);				\
		rt_failures++;						\
	}								\
} while (0)

static inline bool rt_ok(cudaError_t e, const char *call, const char *file,
    int line)
{
	if (e == cudaSuccess)
		return true;
	fprintf(stderr, "%s:%d: %s returned %s (%d): %s\n", file, line, call,
	    cudaGetErrorName(e), (int)e, cudaGetErrorString(e));
	rt_failures++;
	return false;
}

/* main's last word. */
static inline int rt_verdict(const char *name)
{
	printf("%s %s\n", rt_failures == 0 ? "PASS" : "FAIL", name);
	return rt_failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
