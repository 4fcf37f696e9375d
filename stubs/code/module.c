/*
 * module.c - loading and unloading modules and libraries, and their globals.
 *
 * A load is two steps on the wire: the image goes to the server's staging
 * buffer in pieces (CU_IMAGE_STAGE), then a load procedure consumes it.  Both
 * run under one rpc_begin()/rpc_end(), so no other thread's image can slip
 * in between a piece and the load.  The image's size comes from its header
 * (image.c), or from the file for cuModuleLoad and cuLibraryLoadFromFile.
 * With several servers a library becomes the client's own (library.h),
 * which keeps the image to load it on the other servers when needed.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/context/answer_cache.h"
#include "common/image.h"
#include "stubs/code/library.h"
#include "stubs/code/load_options.h"
#include "stubs/code/params.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/* The load procedures, each consuming the staged image. */
enum load_kind {
	LOAD_MODULE,		/* CU_MODULE_LOAD_DATA */
	LOAD_MODULE_EX,		/* CU_MODULE_LOAD_DATA_EX */
	LOAD_FAT_BINARY,	/* CU_MODULE_LOAD_FAT_BINARY */
	LOAD_LIBRARY,		/* CU_LIBRARY_LOAD_DATA */
};

/*
 * Sends the image in pieces of ONCUDA_CHUNK_DEFAULT bytes.  The caller holds
 * the connection; *refused is the server's error, if it refused a piece.
 */
static enum clnt_stat stage_image(CLIENT *c, const void *image, size_t size,
				  CUresult *refused)
{
	const char *bytes = image;
	size_t offset, n;
	cu_bytes piece;
	enum clnt_stat st;
	res_none r;

	*refused = CUDA_SUCCESS;
	for (offset = 0; offset < size; offset += n) {
		n = size - offset;
		if (n > ONCUDA_CHUNK_DEFAULT)
			n = ONCUDA_CHUNK_DEFAULT;
		piece.cu_bytes_len = (u_int)n;
		piece.cu_bytes_val = (char *)(uintptr_t)(bytes + offset);
		memset(&r, 0, sizeof(r));
		st = cu_image_stage(size, offset, piece, &r, c);
		if (st != RPC_SUCCESS)
			return st;
		if (r.err != CUDA_SUCCESS) {
			*refused = (CUresult)r.err;
			break;
		}
	}
	return RPC_SUCCESS;
}

static enum clnt_stat call_load(CLIENT *c, enum load_kind kind,
				const struct load_options *o,
				res_loaded_image *r)
{
	switch (kind) {
	case LOAD_MODULE:
		return cu_module_load_data(r, c);
	case LOAD_MODULE_EX:
		return cu_module_load_data_ex(o->jit, r, c);
	case LOAD_FAT_BINARY:
		return cu_module_load_fat_binary(r, c);
	case LOAD_LIBRARY:
		return cu_library_load_data(o->jit, o->library, r, c);
	}
	return RPC_CANTENCODEARGS;
}

/*
 * Stages the image of `size` bytes at `image` on server and loads it; on
 * success *value is the server's module or library.  The JIT outputs are
 * written back whether the load succeeded or not: a failed load's log says
 * why.
 */
static CUresult load_on(unsigned server, enum load_kind kind,
			const void *image, size_t size,
			const struct load_options *o, uint64_t *value)
{
	res_loaded_image r;
	enum clnt_stat st;
	CUresult e, refused;
	CLIENT *c;

	memset(&r, 0, sizeof(r));
	if ((c = rpc_begin_on(server)) == NULL)
		return rpc_unavailable();
	st = stage_image(c, image, size, &refused);
	if (st == RPC_SUCCESS && refused == CUDA_SUCCESS)
		st = call_load(c, kind, o, &r);
	e = rpc_end(st);
	if (e == CUDA_SUCCESS && refused != CUDA_SUCCESS)
		e = refused;
	if (e == CUDA_SUCCESS) {
		if (r.err == CUDA_SUCCESS) {
			load_options_give_back(o,
					       &r.res_loaded_image_u.value.jit);
			*value = r.res_loaded_image_u.value.handle;
		} else {
			load_options_give_back(o, &r.res_loaded_image_u.jit);
			e = (CUresult)r.err;
		}
	}
	xdr_free((xdrproc_t)xdr_res_loaded_image, (char *)&r);
	return e;
}

CUresult module_load_library(unsigned server, const void *image, size_t size,
			     const struct load_options *o, uint64_t *value)
{
	return load_on(server, LOAD_LIBRARY, image, size, o, value);
}

/*
 * Loads on the current context's server; *handle is the program's handle:
 * the server's, tagged, or with several servers a library of the client's
 * own (library.h).
 */
static CUresult load(enum load_kind kind, const void *image, size_t size,
		     const struct load_options *o, cu_handle *handle)
{
	unsigned server = route_current_server();
	uint64_t value;
	CUlibrary library;
	CUresult e;

	if ((e = load_on(server, kind, image, size, o, &value)) !=
	    CUDA_SUCCESS)
		return e;
	if (kind != LOAD_LIBRARY || !library_is_shared()) {
		*handle = route_tag(value, server);
		return CUDA_SUCCESS;
	}
	e = library_adopt(server, value, image, size, o, &library);
	if (e == CUDA_SUCCESS)
		*handle = (cu_handle)(uintptr_t)library;
	return e;
}

/* Loads an image in the program's memory, its size found from its header. */
static CUresult load_from_memory(enum load_kind kind, const void *image,
				 const struct load_options *o,
				 cu_handle *handle)
{
	const void *start;
	size_t size;
	CUresult e;

	if ((e = image_find_in_memory(image, &start, &size)) != CUDA_SUCCESS)
		return e;
	/* Only cuLibraryLoadData takes a fatbin wrapper (cudart passes
	 * one); module loads refuse it, as driver 580 does. */
	if (start != image && kind != LOAD_LIBRARY)
		return CUDA_ERROR_INVALID_IMAGE;
	return load(kind, start, size, o, handle);
}

static CUresult load_from_file(enum load_kind kind, const char *path,
			       const struct load_options *o, cu_handle *handle)
{
	void *data;
	size_t size;
	CUresult e;

	if ((e = image_read_file(path, &data, &size)) != CUDA_SUCCESS)
		return e;
	/* An empty file (only the NUL added) is no image, as for the driver. */
	e = size > 1 ? load(kind, data, size, o, handle) :
		       CUDA_ERROR_INVALID_IMAGE;
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
	if ((e = load_from_file(LOAD_MODULE, fname, &o, &h)) == CUDA_SUCCESS)
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
	if ((e = load_from_memory(LOAD_MODULE, image, &o, &h)) == CUDA_SUCCESS)
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
		e = load_from_memory(LOAD_MODULE_EX, image, &o, &h);
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
	e = load_from_memory(LOAD_FAT_BINARY, fatCubin, &o, &h);
	if (e == CUDA_SUCCESS)
		*module = (CUmodule)(uintptr_t)h;
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
		e = from_file ? load_from_file(LOAD_LIBRARY, source, &o, &h) :
				load_from_memory(LOAD_LIBRARY, source, &o, &h);
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
 * Unloads a module or library.  Its functions and kernels die with it and
 * the server may hand their handles out again, so the cached parameter
 * layouts go too; they are emptied even when the unload failed, which only
 * costs a question per function.
 */
static CUresult unload(bool is_library, cu_handle handle)
{
	res_none r;
	CLIENT *c;
	CUresult e;

	memset(&r, 0, sizeof(r));
	if ((c = route_begin((const void *)(uintptr_t)handle, ROUTE_HANDLE,
			     NULL, ROUTE_HANDLE, &e)) == NULL)
		return e;
	handle &= ROUTE_VALUE_MASK;
	e = rpc_end(is_library ? cu_library_unload(handle, &r, c) :
				 cu_module_unload(handle, &r, c));
	params_forget_all();
	answer_cache_forget_functions();
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuModuleUnload(CUmodule hmod)
{
	return unload(false, (cu_handle)(uintptr_t)hmod);
}

ONCUDA_API CUresult cuLibraryUnload(CUlibrary library)
{
	if (route_server_of(library) == ROUTE_OWN && library_is_shared())
		return library_unload(library);
	return unload(true, (cu_handle)(uintptr_t)library);
}

/* A module's or library's global: its device address and size. */
static CUresult get_global(bool is_library, cu_handle owner, const char *name,
			   CUdeviceptr *dptr, size_t *bytes)
{
	res_dev_range r;
	CLIENT *c;
	CUresult e;

	/* Either output may be NULL, not both (the driver's rule). */
	if (name == NULL || (dptr == NULL && bytes == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	if (strnlen(name, ONCUDA_NAME_MAX + 1) > ONCUDA_NAME_MAX) {
		oncuda_unsupported("a symbol name longer than 1024 bytes");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	memset(&r, 0, sizeof(r));
	c = is_library ?
		route_begin_code((const void *)(uintptr_t)owner, NULL,
				 ROUTE_HANDLE, &owner, &e) :
		route_begin((const void *)(uintptr_t)owner, ROUTE_HANDLE,
			    NULL, ROUTE_HANDLE, &e);
	if (c == NULL)
		return e;
	owner &= ROUTE_VALUE_MASK;
	e = rpc_end(is_library ?
		    cu_library_get_global(owner, (char *)(uintptr_t)name,
						&r, c) :
		    cu_module_get_global(owner, (char *)(uintptr_t)name,
					       &r, c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		if (dptr != NULL)
			*dptr = (CUdeviceptr)r.res_dev_range_u.value.base;
		if (bytes != NULL)
			*bytes = (size_t)r.res_dev_range_u.value.size;
	}
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes,
					 CUmodule hmod, const char *name)
{
	return get_global(false, (cu_handle)(uintptr_t)hmod, name, dptr, bytes);
}

ONCUDA_API CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes,
				       CUlibrary library, const char *name)
{
	return get_global(true, (cu_handle)(uintptr_t)library, name, dptr,
			  bytes);
}
