/*
 * module.c - cuModule*: loading and unloading modules, and their globals.
 *
 * The image is staged and loaded by code_load.c, which cuLibrary*
 * (library.c) shares.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen/glue_client.h"	/* plain_cuModuleGetFunction, generated */
#include "stubs/code/code_load.h"
#include "stubs/code/declared.h"
#include "stubs/code/load_options.h"
#include "stubs/code/params.h"
#include "stubs/context/answer_cache.h"
#include "stubs/mem/managed.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"

/* Loads on the current context's server; *handle is the server's, tagged. */
static CUresult load(enum code_load_kind kind, const void *image, size_t size,
		     const struct load_options *o, cu_handle *handle)
{
	unsigned server = route_current_server();
	uint64_t value;
	CUresult e;

	if ((e = code_load_on(server, kind, image, size, o, &value)) !=
	    CUDA_SUCCESS)
		return e;
	*handle = route_tag(value, server);
	declared_image(*handle, false, image, size);
	return CUDA_SUCCESS;
}

/* Loads an image in the program's memory, its size found from its header. */
static CUresult load_from_memory(enum code_load_kind kind, const void *image,
				 const struct load_options *o,
				 cu_handle *handle)
{
	const void *start;
	size_t size;
	CUresult e;

	if ((e = code_image_in_memory(kind, image, &start, &size)) !=
	    CUDA_SUCCESS)
		return e;
	return load(kind, start, size, o, handle);
}

static CUresult load_from_file(enum code_load_kind kind, const char *path,
			       const struct load_options *o, cu_handle *handle)
{
	void *data;
	size_t size;
	CUresult e;

	if ((e = code_image_from_file(path, &data, &size)) != CUDA_SUCCESS)
		return e;
	e = load(kind, data, size, o, handle);
	free(data);
	return e;
}

ONCUDA_API CUresult cuModuleLoad(CUmodule *module, const char *fname)
{
	struct load_options o;
	cu_handle h;
	CUresult e;

	if (module == NULL || fname == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	load_options_init(&o);
	if ((e = load_from_file(CODE_LOAD_MODULE, fname, &o, &h)) == CUDA_SUCCESS)
		*module = (CUmodule)(uintptr_t)h;
	return e;
}

ONCUDA_API CUresult cuModuleLoadData(CUmodule *module, const void *image)
{
	struct load_options o;
	cu_handle h;
	CUresult e;

	if (module == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	load_options_init(&o);
	if ((e = load_from_memory(CODE_LOAD_MODULE, image, &o, &h)) == CUDA_SUCCESS)
		*module = (CUmodule)(uintptr_t)h;
	return e;
}

ONCUDA_API CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
				       unsigned int numOptions,
				       CUjit_option *options,
				       void **optionValues)
{
	struct load_options o;
	cu_handle h;
	CUresult e;

	if (module == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	load_options_init(&o);
	e = load_options_jit(&o, numOptions, options, optionValues);
	if (e == CUDA_SUCCESS)
		e = load_from_memory(CODE_LOAD_MODULE_EX, image, &o, &h);
	if (e == CUDA_SUCCESS)
		*module = (CUmodule)(uintptr_t)h;
	return e;
}

ONCUDA_API CUresult cuModuleLoadFatBinary(CUmodule *module,
					  const void *fatCubin)
{
	struct load_options o;
	cu_handle h;
	CUresult e;

	if (module == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	load_options_init(&o);
	e = load_from_memory(CODE_LOAD_FAT_BINARY, fatCubin, &o, &h);
	if (e == CUDA_SUCCESS)
		*module = (CUmodule)(uintptr_t)h;
	return e;
}

/*
 * Its functions die with the module and the server may hand their handles
 * out again, so the cached parameter layouts and answers go too (and its
 * managed variables' pages, mapped here); they are
 * emptied even when the unload failed, which only costs a question per
 * function.
 */
ONCUDA_API CUresult cuModuleUnload(CUmodule hmod)
{
	enum clnt_stat st;
	struct call k;
	res_none r;
	CUresult e;

	if ((e = route_call_handles(&k, hmod, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = cu_module_unload(route_strip(hmod), &r, k.c);
	/* Its managed variables' pages go with it (managed.h). */
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		managed_library_unloaded(route_strip(hmod));
	e = call_done(&k, st, &r.err);
	params_forget_all();
	answer_cache_forget_functions();
	declared_forget((uint64_t)(uintptr_t)hmod);
	return e;
}

/* The generated call (idl/cuda.x), noting the kernel the program named. */
ONCUDA_API CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
					const char *name)
{
	CUresult e = plain_cuModuleGetFunction(hfunc, hmod, name);

	if (e == CUDA_SUCCESS)
		declared_bind((uint64_t)(uintptr_t)*hfunc,
			      (uint64_t)(uintptr_t)hmod, name);
	return e;
}

/*
 * A __managed__ variable comes with its range (idl/cuda.x,
 * CU_MODULE_GET_GLOBAL): mapped at the server's address and pulled in the
 * same call, as cuLibraryGetManaged's, so the program may read it at once.
 */
ONCUDA_API CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes,
					 CUmodule hmod, const char *name)
{
	managed_var *v;
	res_managed_var r;
	enum clnt_stat st;
	struct call k;
	CUresult e;

	if ((e = code_global_check(name, dptr, bytes)) != CUDA_SUCCESS ||
	    (e = route_call_handles(&k, hmod, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	v = &r.res_managed_var_u.value;
	st = cu_module_get_global(route_strip(hmod), (char *)(uintptr_t)name,
	    &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && v->side_size != 0)
		st = code_managed_take(k.c, route_strip(hmod), v, &r.err);
	if ((e = call_done(&k, st, &r.err)) != CUDA_SUCCESS)
		return e;
	if (dptr != NULL)
		*dptr = (CUdeviceptr)v->base;
	if (bytes != NULL)
		*bytes = (size_t)v->size;
	return CUDA_SUCCESS;
}
