/*
 * library.c -- cuLibrary*: loading and unloading libraries, their kernels
 * and globals.
 *
 * With one server a library is the server's, tagged, as a module is.  With
 * several a library the program loads becomes the client's own
 * (own_library.h), which keeps the image to load it on the other servers
 * when a call there needs it.  The image is staged and loaded by
 * code_load.c, which cuModule* (module.c) shares.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "gen/glue_client.h"	/* on_server_cuLibraryGetKernel,
				   plain_cuKernelGetFunction, generated */
#include "stubs/code/code_load.h"
#include "stubs/code/declared.h"
#include "stubs/code/load_options.h"
#include "stubs/code/own_library.h"
#include "stubs/code/params.h"
#include "stubs/context/answer_cache.h"
#include "stubs/mem/managed.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"

/*
 * Loads on the current context's server; *handle is the program's handle:
 * the server's, tagged, or with several servers a library of the client's
 * own.
 */
static CUresult load(const void *image, size_t size,
		     const struct load_options *o, cu_handle *handle)
{
	unsigned server = route_current_server();
	uint64_t value;
	CUlibrary library;
	CUresult e;

	if ((e = code_load_on(server, CODE_LOAD_LIBRARY, image, size, o,
	    &value)) != CUDA_SUCCESS)
		return e;
	if (!library_is_shared()) {
		*handle = route_tag(value, server);
	} else {
		if ((e = library_adopt(server, value, image, size, o,
		    &library)) != CUDA_SUCCESS)
			return e;
		*handle = (cu_handle)(uintptr_t)library;
	}
	declared_image(*handle, true, image, size);
	return CUDA_SUCCESS;
}

/*
 * The image at source: a path when from_file, else in the program's memory,
 * where a linked wrapper also brings the fatbins it was linked from.
 */
static CUresult load_from(const void *source, bool from_file,
			  struct load_options *o, cu_handle *handle)
{
	const void *start;
	void *data;
	size_t size;
	CUresult e;

	if (!from_file) {
		if ((e = code_image_in_memory(CODE_LOAD_LIBRARY, source,
		    &start, &size)) != CUDA_SUCCESS)
			return e;
		o->prelinked_count = image_prelinked(source,
		    ONCUDA_PRELINKED_MAX, &o->prelinked);
		if (o->prelinked_count > ONCUDA_PRELINKED_MAX) {
			oncuda_unsupported("a linked image of more than 256 "
			    "prelinked fatbins");
			return CUDA_ERROR_NOT_SUPPORTED;
		}
		return load(start, size, o, handle);
	}
	if ((e = code_image_from_file(source, &data, &size)) != CUDA_SUCCESS)
		return e;
	e = load(data, size, o, handle);
	free(data);
	return e;
}

/*
 * Loads a library from source: a path when from_file, else an image in the
 * program's memory.  Both kinds of options are taken first.
 */
static CUresult library_load(CUlibrary *library, const void *source,
			     bool from_file, CUjit_option *jitOptions,
			     void **jitValues, unsigned int numJit,
			     CUlibraryOption *libraryOptions,
			     void **libraryValues, unsigned int numLibrary)
{
	struct load_options o;
	cu_handle h;
	CUresult e;

	load_options_init(&o);
	e = load_options_jit(&o, numJit, jitOptions, jitValues);
	if (e == CUDA_SUCCESS)
		e = load_options_library(&o, numLibrary, libraryOptions,
					 libraryValues, from_file);
	if (e == CUDA_SUCCESS)
		e = load_from(source, from_file, &o, &h);
	if (e == CUDA_SUCCESS)
		*library = (CUlibrary)(uintptr_t)h;
	return e;
}

ONCUDA_API CUresult cuLibraryLoadData(CUlibrary *library, const void *code,
				      CUjit_option *jitOptions,
				      void **jitOptionsValues,
				      unsigned int numJitOptions,
				      CUlibraryOption *libraryOptions,
				      void **libraryOptionValues,
				      unsigned int numLibraryOptions)
{
	if (library == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return library_load(library, code, false, jitOptions,
			    jitOptionsValues, numJitOptions, libraryOptions,
			    libraryOptionValues, numLibraryOptions);
}

ONCUDA_API CUresult cuLibraryLoadFromFile(CUlibrary *library,
					  const char *fileName,
					  CUjit_option *jitOptions,
					  void **jitOptionsValues,
					  unsigned int numJitOptions,
					  CUlibraryOption *libraryOptions,
					  void **libraryOptionValues,
					  unsigned int numLibraryOptions)
{
	if (library == NULL || fileName == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return library_load(library, fileName, true, jitOptions,
			    jitOptionsValues, numJitOptions, libraryOptions,
			    libraryOptionValues, numLibraryOptions);
}

/*
 * Its kernels die with the library and the servers may hand their handles
 * out again, so the cached parameter layouts and answers go too; they are
 * emptied even when the unload failed, which only costs a question per
 * function.
 */
ONCUDA_API CUresult cuLibraryUnload(CUlibrary library)
{
	enum clnt_stat st;
	struct call k;
	res_none r;
	bool found;
	CUresult e;

	if (route_server_of(library) == ROUTE_OWN && library_is_shared()) {
		e = library_unload(library, &found);
		if (!found)
			return e;
	} else {
		if ((e = route_call_handles(&k, library, ROUTE_HANDLE, NULL,
		    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
			return e;
		st = cu_library_unload(route_strip(library), &r, k.c);
		if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
			managed_library_unloaded(route_strip(library));
		e = call_done(&k, st, &r.err);
	}
	params_forget_all();
	answer_cache_forget_functions();
	declared_forget((uint64_t)(uintptr_t)library);
	return e;
}

static CUresult get_kernel(CUkernel *pKernel, CUlibrary library,
    const char *name)
{
	struct route rt = ROUTE_INIT;
	uint64_t value;
	CUkernel there;
	CUresult e;

	if (pKernel == NULL || name == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_handle(&rt, library, ROUTE_CODE);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	if (route_server_of(library) != ROUTE_OWN || !library_is_shared())
		return on_server_cuLibraryGetKernel((unsigned)rt.server,
		    pKernel, library, name);
	/* The kernel must exist: ask the current context's server. */
	if ((e = route_value(&rt, library, &value)) != CUDA_SUCCESS)
		return e;
	e = on_server_cuLibraryGetKernel((unsigned)rt.server, &there,
	    (CUlibrary)(uintptr_t)value, name);
	if (e != CUDA_SUCCESS)
		return e;
	return library_kernel_of(library, name, (unsigned)rt.server,
	    route_strip(there), pKernel);
}

/* Noting the kernel the program named, for its layout (declared.h). */
ONCUDA_API CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library,
    const char *name)
{
	CUresult e = get_kernel(pKernel, library, name);

	if (e == CUDA_SUCCESS)
		declared_bind((uint64_t)(uintptr_t)*pKernel,
		    (uint64_t)(uintptr_t)library, name);
	return e;
}

/* The generated call (idl/cuda.x), noting whose function it is. */
ONCUDA_API CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel)
{
	CUresult e = plain_cuKernelGetFunction(pFunc, kernel);

	if (e == CUDA_SUCCESS)
		declared_alias((uint64_t)(uintptr_t)*pFunc,
		    (uint64_t)(uintptr_t)kernel);
	return e;
}

/*
 * Begins the call k about the variable name of library (*value the
 * server's library), once cuLibraryGetGlobal's checks of the outputs and
 * the name pass.
 */
static CUresult begin_variable(struct call *k, CUlibrary library,
    const char *name, CUdeviceptr *dptr, size_t *bytes, uint64_t *value,
    void *reply, size_t size)
{
	CUresult e;

	if ((e = code_global_check(name, dptr, bytes)) != CUDA_SUCCESS)
		return e;
	return library_call_code(k, library, NULL, ROUTE_HANDLE, value, reply,
	    size);
}

ONCUDA_API CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes,
				       CUlibrary library, const char *name)
{
	res_dev_range r;
	struct call k;
	uint64_t value;
	CUresult e;

	if ((e = begin_variable(&k, library, name, dptr, bytes, &value,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_library_get_global(value,
	    (char *)(uintptr_t)name, &r, k.c), &r.err);
	return code_global_give(e, &r, dptr, bytes);
}

/*
 * A __managed__ variable (idl/cuda.x, CU_LIBRARY_GET_MANAGED): the pages
 * holding it are mapped at the server's address and pulled in the same
 * call, so the program reads its initial value at once.
 */
ONCUDA_API CUresult cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes,
    CUlibrary library, const char *name)
{
	managed_var *v;
	res_managed_var r;
	enum clnt_stat st;
	struct call k;
	uint64_t value;
	CUresult e;

	if ((e = begin_variable(&k, library, name, dptr, bytes, &value,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	v = &r.res_managed_var_u.value;
	st = cu_library_get_managed(value, (char *)(uintptr_t)name, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = code_managed_take(k.c, value, v, &r.err);
	if ((e = call_done(&k, st, &r.err)) != CUDA_SUCCESS)
		return e;
	if (dptr != NULL)
		*dptr = (CUdeviceptr)v->base;
	if (bytes != NULL)
		*bytes = (size_t)v->size;
	return CUDA_SUCCESS;
}
