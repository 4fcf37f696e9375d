/*
 * tests/install/partial_driver.c -- a libcuda.so.1 with cuInit and
 * cuDriverGetVersion only: a driver that lacks entry points oncudad calls,
 * as an older one lacks the newest.  tests/install/driver.sh checks that
 * oncudad starts on it, names what it lacks, and refuses those calls with
 * CUDA_ERROR_NOT_SUPPORTED instead of dying in the loader.
 */
#include <cuda.h>

CUresult cuInit(unsigned int flags)
{
	(void)flags;
	return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *version)
{
	if (version == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*version = 12000;
	return CUDA_SUCCESS;
}
