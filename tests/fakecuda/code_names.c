/*
 * code_names.c - names, owners and enumeration of functions and kernels,
 * their loading state, and the cache and bank settings of one function
 * or kernel.
 *
 * A module holds every kernel of kernels.c (FC_KERNEL_COUNT), as a module
 * of tests/kernels holds every kernel of kernels.cu, and its functions
 * are always loaded: the stand-in has no lazy loading.
 */
#include "fakecuda.h"

/* hfunc (a CUfunction, or a CUkernel standing for one) in the current
 * context; under the lock. */
static CUresult
function_of(CUfunction hfunc, struct fc_function **fn)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_function_resolve(hfunc, ctx, fn);
	return rc;
}

static CUresult
kernel_of(CUkernel k, struct fc_kernel **out)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*out = fc_handle_lookup((uintptr_t)k, FC_KIND_KERNEL);
	return *out != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FC_API CUresult
cuFuncGetName(const char **name, CUfunction hfunc)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = name == NULL ? CUDA_ERROR_INVALID_VALUE : function_of(hfunc, &fn);
	if (rc == CUDA_SUCCESS)
		*name = fn->def->name;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelGetName(const char **name, CUkernel hfunc)
{
	struct fc_kernel *k;
	CUresult rc;

	fc_lock();
	rc = name == NULL ? CUDA_ERROR_INVALID_VALUE : kernel_of(hfunc, &k);
	if (rc == CUDA_SUCCESS)
		*name = k->def->name;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuFuncGetModule(CUmodule *hmod, CUfunction hfunc)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = hmod == NULL ? CUDA_ERROR_INVALID_VALUE : function_of(hfunc, &fn);
	if (rc == CUDA_SUCCESS)
		*hmod = (CUmodule)fn->module->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel)
{
	struct fc_kernel *k;
	CUresult rc;

	fc_lock();
	rc = pLib == NULL ? CUDA_ERROR_INVALID_VALUE : kernel_of(kernel, &k);
	if (rc == CUDA_SUCCESS)
		*pLib = (CUlibrary)k->library->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = state == NULL ? CUDA_ERROR_INVALID_VALUE :
	    function_of(function, &fn);
	if (rc == CUDA_SUCCESS)
		*state = CU_FUNCTION_LOADING_STATE_LOADED;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuFuncLoad(CUfunction function)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = function_of(function, &fn);
	fc_unlock();
	return rc;
}

static CUresult
module_of(CUmodule m, struct fc_module **out)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*out = fc_handle_lookup((uintptr_t)m, FC_KIND_MODULE);
	return *out != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FC_API CUresult
cuModuleGetFunctionCount(unsigned int *count, CUmodule mod)
{
	struct fc_module *m;
	CUresult rc;

	fc_lock();
	rc = count == NULL ? CUDA_ERROR_INVALID_VALUE : module_of(mod, &m);
	if (rc == CUDA_SUCCESS)
		*count = FC_KERNEL_COUNT;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuModuleEnumerateFunctions(CUfunction *functions, unsigned int numFunctions,
    CUmodule mod)
{
	struct fc_module *m;
	CUresult rc;

	fc_lock();
	rc = functions == NULL ? CUDA_ERROR_INVALID_VALUE : module_of(mod, &m);
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < numFunctions &&
	    i < FC_KERNEL_COUNT; i++)
		functions[i] = (CUfunction)m->functions[i].handle;
	fc_unlock();
	return rc;
}

static CUresult
library_of(CUlibrary l, struct fc_library **out)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*out = fc_handle_lookup((uintptr_t)l, FC_KIND_LIBRARY);
	return *out != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FC_API CUresult
cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib)
{
	struct fc_library *l;
	CUresult rc;

	fc_lock();
	rc = count == NULL ? CUDA_ERROR_INVALID_VALUE : library_of(lib, &l);
	if (rc == CUDA_SUCCESS)
		*count = FC_KERNEL_COUNT;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels,
    CUlibrary lib)
{
	struct fc_library *l;
	CUresult rc;

	fc_lock();
	rc = kernels == NULL ? CUDA_ERROR_INVALID_VALUE : library_of(lib, &l);
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < numKernels &&
	    i < FC_KERNEL_COUNT; i++)
		kernels[i] = (CUkernel)l->kernels[i].handle;
	fc_unlock();
	return rc;
}

/* Banks are four bytes on Hopper whatever is asked: checked, not kept. */
FC_API CUresult
cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config)
{
	struct fc_function *fn;
	CUresult rc;

	fc_lock();
	rc = function_of(hfunc, &fn);
	if (rc == CUDA_SUCCESS &&
	    ((int)config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ||
	    config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE))
		rc = CUDA_ERROR_INVALID_VALUE;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config, CUdevice dev)
{
	struct fc_kernel *k;
	CUresult rc;

	fc_lock();
	rc = kernel_of(kernel, &k);
	if (rc == CUDA_SUCCESS)
		rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS && ((int)config < CU_FUNC_CACHE_PREFER_NONE ||
	    config > CU_FUNC_CACHE_PREFER_EQUAL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		k->attrs.cache_config = config;
	fc_unlock();
	return rc;
}
