/*
 * check.h: error handling shared by the example programs.
 *
 * The examples are small test programs: on any driver error they report
 * which call failed and why, print FAIL and exit.  The process exit releases
 * whatever the program held, on the native driver and through oncuda alike.
 */
#ifndef EXAMPLES_CHECK_H
#define EXAMPLES_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>

#define CHECK(call) check_result((call), #call, __FILE__, __LINE__)

static inline const char *result_name(CUresult result)
{
	const char *name = NULL;

	/* cuGetErrorName fails on codes it does not know; say so plainly. */
	if (cuGetErrorName(result, &name) != CUDA_SUCCESS || name == NULL)
		return "unrecognized CUresult";
	return name;
}

static inline void fail(const char *why)
{
	fprintf(stderr, "%s\n", why);
	printf("FAIL\n");
	exit(EXIT_FAILURE);
}

static inline void check_result(CUresult result, const char *call,
				const char *file, int line)
{
	if (result == CUDA_SUCCESS)
		return;
	fprintf(stderr, "%s:%d: %s returned %s (%d)\n", file, line, call,
		result_name(result), (int)result);
	printf("FAIL\n");
	exit(EXIT_FAILURE);
}

#endif
