/*
 * check.h: error handling shared by the system-test helpers.
 *
 * A helper that cannot set itself up has nothing to test: it names the call
 * that failed and the driver's answer, and exits with status 1, which the
 * test runner reports as a failure.
 */
#ifndef SYSTEM_CHECK_H
#define SYSTEM_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>

#define CHECK(call) check_result((call), #call)

static inline const char *result_name(CUresult result)
{
	const char *name = NULL;

	if (cuGetErrorName(result, &name) != CUDA_SUCCESS || name == NULL)
		return "unrecognized CUresult";
	return name;
}

static inline void check_result(CUresult result, const char *call)
{
	if (result == CUDA_SUCCESS)
		return;
	fprintf(stderr, "%s returned %s (%d)\n", call, result_name(result),
		(int)result);
	exit(EXIT_FAILURE);
}

#endif
