/*
 * library.c - context-independent loading: libraries and their kernels.
 *
 * A library is loaded once for the process; the first time it is used in
 * a context it gets a module there, found again by its library pointer.
 * Kernel attributes live in the library, so that setting one applies in
 * every context, as with the driver.
 */
#include <stdlib.h>

#include <string.h>

#include "fakecuda.h"

static CUresult
lookup(CUlibrary handle, struct fc_library **lib)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*lib = fc_handle_lookup((uintptr_t)handle, FC_KIND_LIBRARY);
	return *lib != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

static CUresult
lookup_kernel(CUkernel handle, struct fc_kernel **kernel)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*kernel = fc_handle_lookup((uintptr_t)handle, FC_KIND_KERNEL);
	return *kernel != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult
fc_library_module(struct fc_library *lib, struct fc_context *ctx,
    struct fc_module **out)
{
	for (struct fc_module *m = ctx->modules; m != NULL; m = m->next) {
		if (m->library == lib) {
			*out = m;
			return CUDA_SUCCESS;
		}
	}
	return fc_module_create(ctx, lib, out);
}

/* Also frees a library that load_locked only partly built. */
static void
free_library(struct fc_library *lib)
{
	for (struct fc_context *ctx = fc_contexts; ctx != NULL;
	    ctx = ctx->next) {
		struct fc_module *m = ctx->modules, *next;

		for (; m != NULL; m = next) {
			next = m->next;
			if (m->library == lib)
				fc_module_destroy(m);
		}
	}
	for (int i = 0; i < FC_KERNEL_COUNT; i++)
		fc_handle_drop(lib->kernels[i].handle);
	fc_handle_drop(lib->handle);
	free(lib);
}

static CUresult
load_locked(CUlibrary *library, const void *code, CUjit_option *jitOptions,
    void **jitOptionsValues, unsigned int numJitOptions,
    unsigned int numLibraryOptions, CUlibraryOption *libraryOptions)
{
	struct fc_library *lib;
	CUresult rc;

	rc = fc_check_init();
	if (rc != CUDA_SUCCESS)
		return rc;
	/* Library options (preserved binaries, host tables) need no action. */
	if (library == NULL ||
	    (numLibraryOptions > 0 && libraryOptions == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	rc = fc_image_load(code, numJitOptions, jitOptions, jitOptionsValues);
	if (rc != CUDA_SUCCESS)
		return rc;
	lib = calloc(1, sizeof(*lib));
	if (lib == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	lib->handle = fc_handle_new(FC_KIND_LIBRARY, lib);
	rc = lib->handle != 0 ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
	for (int i = 0; rc == CUDA_SUCCESS && i < FC_KERNEL_COUNT; i++) {
		struct fc_kernel *k = &lib->kernels[i];

		k->library = lib;
		k->def = &fc_kernel_defs[i];
		fc_func_attrs_init(&k->attrs, k->def);
		k->handle = fc_handle_new(FC_KIND_KERNEL, k);
		if (k->handle == 0)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (rc != CUDA_SUCCESS) {
		free_library(lib);
		return rc;
	}
	*library = (CUlibrary)lib->handle;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuLibraryLoadData(CUlibrary *library, const void *code,
    CUjit_option *jitOptions, void **jitOptionsValues,
    unsigned int numJitOptions, CUlibraryOption *libraryOptions,
    void **libraryOptionValues, unsigned int numLibraryOptions)
{
	CUresult rc;

	(void)libraryOptionValues;
	fc_lock();
	rc = load_locked(library, code, jitOptions, jitOptionsValues,
	    numJitOptions, numLibraryOptions, libraryOptions);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLibraryUnload(CUlibrary library)
{
	struct fc_library *lib;
	CUresult rc;

	fc_lock();
	rc = lookup(library, &lib);
	if (rc == CUDA_SUCCESS)
		free_library(lib);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library, const char *name)
{
	struct fc_library *lib;
	int index = -1;
	CUresult rc;

	fc_lock();
	rc = lookup(library, &lib);
	if (rc == CUDA_SUCCESS && (pKernel == NULL || name == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (index = fc_kernel_index(name)) < 0)
		rc = CUDA_ERROR_NOT_FOUND;
	if (rc == CUDA_SUCCESS)
		*pKernel = (CUkernel)lib->kernels[index].handle;
	fc_unlock();
	return rc;
}

/* The library's module in the current context, loaded on first use. */
static CUresult
current_module(struct fc_library *lib, struct fc_module **mod)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_library_module(lib, ctx, mod);
	return rc;
}

FC_API CUresult
cuLibraryGetModule(CUmodule *pMod, CUlibrary library)
{
	struct fc_library *lib;
	struct fc_module *mod;
	CUresult rc;

	fc_lock();
	rc = lookup(library, &lib);
	if (rc == CUDA_SUCCESS && pMod == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = current_module(lib, &mod);
	if (rc == CUDA_SUCCESS)
		*pMod = (CUmodule)mod->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library,
    const char *name)
{
	struct fc_library *lib;
	struct fc_module *mod;
	CUresult rc;

	fc_lock();
	rc = lookup(library, &lib);
	if (rc == CUDA_SUCCESS)
		rc = current_module(lib, &mod);
	if (rc == CUDA_SUCCESS)
		rc = fc_module_global(mod, name, dptr, bytes);
	fc_unlock();
	return rc;
}

/* A __managed__ variable of the library: only those, as the driver. */
FC_API CUresult
cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes, CUlibrary library,
    const char *name)
{
	struct fc_library *lib;
	struct fc_module *mod;
	CUresult rc;
	size_t i;

	fc_lock();
	rc = lookup(library, &lib);
	for (i = 0; rc == CUDA_SUCCESS && name != NULL &&
	    i < fc_global_count; i++)
		if (strcmp(fc_global_defs[i].name, name) == 0)
			break;
	if (rc == CUDA_SUCCESS && (name == NULL ||
	    (dptr == NULL && bytes == NULL)))
		rc = CUDA_ERROR_INVALID_VALUE;
	else if (rc == CUDA_SUCCESS && (i == fc_global_count ||
	    !fc_global_defs[i].managed))
		rc = CUDA_ERROR_NOT_FOUND;
	/* The driver needs no current context: the variables are the
	 * library's.  Here they are a module's, of the current context, else
	 * of the first there is. */
	if (rc == CUDA_SUCCESS && current_module(lib, &mod) != CUDA_SUCCESS)
		rc = fc_contexts != NULL ?
		    fc_library_module(lib, fc_contexts, &mod) :
		    CUDA_ERROR_INVALID_CONTEXT;
	if (rc == CUDA_SUCCESS)
		rc = fc_module_global(mod, name, dptr, bytes);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel)
{
	struct fc_kernel *k;
	struct fc_module *mod;
	CUresult rc;

	fc_lock();
	rc = lookup_kernel(kernel, &k);
	if (rc == CUDA_SUCCESS && pFunc == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = current_module(k->library, &mod);
	if (rc == CUDA_SUCCESS)
		*pFunc = (CUfunction)
		    mod->functions[k - k->library->kernels].handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelGetAttribute(int *pi, CUfunction_attribute attrib, CUkernel kernel,
    CUdevice dev)
{
	struct fc_kernel *k;
	CUresult rc;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS)
		rc = lookup_kernel(kernel, &k);
	if (rc == CUDA_SUCCESS)
		rc = fc_func_attr_get(&k->attrs, attrib, pi);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelSetAttribute(CUfunction_attribute attrib, int val, CUkernel kernel,
    CUdevice dev)
{
	struct fc_kernel *k;
	CUresult rc;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS)
		rc = lookup_kernel(kernel, &k);
	if (rc == CUDA_SUCCESS)
		rc = fc_func_attr_set(&k->attrs, k->def, attrib, val);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex, size_t *paramOffset,
    size_t *paramSize)
{
	struct fc_kernel *k;
	CUresult rc;

	fc_lock();
	rc = lookup_kernel(kernel, &k);
	if (rc == CUDA_SUCCESS)
		rc = fc_param_info(k->def, paramIndex, paramOffset, paramSize);
	fc_unlock();
	return rc;
}
