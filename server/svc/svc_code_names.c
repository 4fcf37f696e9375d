/*
 * svc_code_names.c -- what the driver says about loaded code: the names of
 * functions and kernels, the module or library each belongs to, and the
 * functions of a module or kernels of a library by enumeration.
 *
 * Every handle these answer with is one the client will send back, so
 * each is registered as this client's (handles.h) under the owner whose
 * death ends it: a function under its module, a kernel under its library,
 * a library's module for a context under the library.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"

/* A copy of the driver's name for the result, which xdr_free frees. */
static void name_result(CUresult err, const char *name, res_symbol *r)
{
	r->err = err;
	if (err != CUDA_SUCCESS)
		return;
	if (name == NULL || strlen(name) > ONCUDA_SYMBOL_MAX) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return;
	}
	if ((r->res_symbol_u.value = strdup(name)) == NULL)
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
}

bool_t cu_func_get_name_svc(cu_handle func, res_symbol *r,
    struct svc_req *rq)
{
	const char *name = NULL;
	CUresult err;

	(void)rq;
	if ((r->err = handle_check(HANDLE_FUNCTION, func, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	err = cuFuncGetName(&name, (CUfunction)(uintptr_t)func);
	name_result(err, name, r);
	return TRUE;
}

bool_t cu_kernel_get_name_svc(cu_handle kernel, res_symbol *r,
    struct svc_req *rq)
{
	const char *name = NULL;
	CUresult err;

	(void)rq;
	if ((r->err = handle_check(HANDLE_KERNEL, kernel, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	err = cuKernelGetName(&name, (CUkernel)(uintptr_t)kernel);
	name_result(err, name, r);
	return TRUE;
}

/* The library of a kernel, or of the kernel a function came from; 0. */
static cu_handle library_behind(cu_handle func)
{
	cu_handle kernel, library;

	if ((library = handle_owner(HANDLE_KERNEL, func, HANDLE_LIBRARY)) != 0)
		return library;
	kernel = handle_owner(HANDLE_FUNCTION, func, HANDLE_KERNEL);
	return kernel != 0 ?
	    handle_owner(HANDLE_KERNEL, kernel, HANDLE_LIBRARY) : 0;
}

bool_t cu_func_get_module_svc(cu_handle func, res_handle *r,
    struct svc_req *rq)
{
	cu_handle module, library;
	CUmodule mod;

	(void)rq;
	if ((r->err = handle_check(HANDLE_FUNCTION, func, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuFuncGetModule(&mod, (CUfunction)(uintptr_t)func);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	module = (cu_handle)(uintptr_t)mod;
	r->res_handle_u.value = module;
	if (handle_check(HANDLE_MODULE, module, false) == CUDA_SUCCESS)
		return TRUE;
	/* A library's module in this context, not asked for before. */
	library = library_behind(func);
	if (library == 0) {
		log_msg(LOG_INFO, "cuFuncGetModule: module %#llx of function "
		    "%#llx is unknown", (unsigned long long)module,
		    (unsigned long long)func);
		r->err = CUDA_ERROR_INVALID_HANDLE;
	} else if (!handle_add(HANDLE_MODULE, module, library)) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}

bool_t cu_kernel_get_library_svc(cu_handle kernel, res_handle *r,
    struct svc_req *rq)
{
	CUlibrary lib;

	(void)rq;
	if ((r->err = handle_check(HANDLE_KERNEL, kernel, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuKernelGetLibrary(&lib, (CUkernel)(uintptr_t)kernel);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	r->res_handle_u.value = (cu_handle)(uintptr_t)lib;
	/* A kernel is registered under its library, which is known. */
	if (handle_owner(HANDLE_KERNEL, kernel, HANDLE_LIBRARY) !=
	    r->res_handle_u.value)
		r->err = CUDA_ERROR_INVALID_HANDLE;
	return TRUE;
}

/*
 * The body of both enumerations: asks count(), then at most `room` handles
 * of enumerate(), and registers each, owned by owner, as kind.
 */
static void enumerate(cu_handle owner, u_int room, unsigned int count,
    CUresult (*list)(void *, unsigned int, void *), enum handle_kind kind,
    res_handles *r)
{
	unsigned int n = room < count ? room : count, i;
	void **found;

	if (n > ONCUDA_ENUM_MAX)
		n = ONCUDA_ENUM_MAX;
	found = calloc(n > 0 ? n : 1, sizeof(*found));
	if (found == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->err = list(found, n, (void *)(uintptr_t)owner);
	for (i = 0; r->err == CUDA_SUCCESS && i < n; i++) {
		if (!handle_add(kind, (cu_handle)(uintptr_t)found[i], owner))
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err != CUDA_SUCCESS) {
		free(found);
		return;
	}
	/* cu_handle and a pointer are both 64 bits: the array is reused. */
	_Static_assert(sizeof(void *) == sizeof(cu_handle),
	    "handles are 64-bit pointers");
	for (i = 0; i < n; i++) {
		cu_handle h = (cu_handle)(uintptr_t)found[i];

		memcpy(&found[i], &h, sizeof(h));
	}
	r->res_handles_u.value.cu_handles_len = n;
	r->res_handles_u.value.cu_handles_val = (cu_handle *)found;
}

static CUresult list_functions(void *out, unsigned int n, void *mod)
{
	return cuModuleEnumerateFunctions(out, n, mod);
}

static CUresult list_kernels(void *out, unsigned int n, void *lib)
{
	return cuLibraryEnumerateKernels(out, n, lib);
}

bool_t cu_module_enumerate_functions_svc(cu_handle module, u_int room,
    res_handles *r, struct svc_req *rq)
{
	unsigned int count;

	(void)rq;
	if ((r->err = handle_check(HANDLE_MODULE, module, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuModuleGetFunctionCount(&count,
	    (CUmodule)(uintptr_t)module);
	if (r->err == CUDA_SUCCESS)
		enumerate(module, room, count, list_functions,
		    HANDLE_FUNCTION, r);
	return TRUE;
}

bool_t cu_library_enumerate_kernels_svc(cu_handle library, u_int room,
    res_handles *r, struct svc_req *rq)
{
	unsigned int count;

	(void)rq;
	if ((r->err = handle_check(HANDLE_LIBRARY, library, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuLibraryGetKernelCount(&count,
	    (CUlibrary)(uintptr_t)library);
	if (r->err == CUDA_SUCCESS)
		enumerate(library, room, count, list_kernels, HANDLE_KERNEL,
		    r);
	return TRUE;
}
