/*
 * selftest.h - shared helpers of the stand-in's self-test.
 *
 * The self-test is linked against NVIDIA's stub libcuda.so, exactly as
 * oncudad is, and run with LD_LIBRARY_PATH=tests/fakecuda, so it exercises
 * the exported ABI names rather than the stand-in's internals.
 */
#ifndef SELFTEST_H
#define SELFTEST_H

#include <cuda.h>
#include <stdio.h>

extern int selftest_failures;

static inline void
selftest_expect(CUresult got, CUresult want, const char *what, int line)
{
	if (got != want) {
		fprintf(stderr, "%s:%d: %s returned %d, expected %d\n",
		    __FILE__, line, what, (int)got, (int)want);
		selftest_failures++;
	}
}

#define EXPECT(call, want) selftest_expect((call), (want), #call, __LINE__)
#define OK(call) EXPECT(call, CUDA_SUCCESS)
#define CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: check failed: %s\n",		\
		    __FILE__, __LINE__, #cond);				\
		selftest_failures++;					\
	}								\
} while (0)

/* A minimal PTX text, which is all the stand-in looks at. */
#define SELFTEST_PTX "//\n// selftest\n//\n.version 8.8\n.target sm_90\n"

void selftest_modules(void);
void selftest_launches(void);
void selftest_streams_and_events(void);
void selftest_occupancy(void);
void selftest_graphs(void);

#endif /* SELFTEST_H */
