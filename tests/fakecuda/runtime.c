/*
 * runtime.c - entry points that the CUDA runtime calls as it starts and
 * works, beyond what the driver API tests use.
 */
#include "fakecuda.h"

/* The driver's default since CUDA 12.2 (CUDA_MODULE_LOADING unset). */
FC_API CUresult
cuModuleGetLoadingMode(CUmoduleLoadingMode *mode)
{
	CUresult e;

	if (mode == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = fc_check_init()) != CUDA_SUCCESS)
		return e;
	*mode = CU_MODULE_LAZY_LOADING;
	return CUDA_SUCCESS;
}
