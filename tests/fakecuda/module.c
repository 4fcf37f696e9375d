/*
 * module.c - modules: loading, unloading, and looking up their functions
 * and globals.
 *
 * Every module holds every kernel of kernels.c and its own copy of the
 * globals, living in device memory so that cuModuleGetGlobal's pointer
 * works with the ordinary copy calls.
 */
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"
#include "fake_texref.h"

static void
unlink_module(struct fc_module *mod)
{
	struct fc_module **p;

	for (p = &mod->ctx->modules; *p != NULL; p = &(*p)->next) {
		if (*p == mod) {
			*p = mod->next;
			return;
		}
	}
}

/* Also frees a module that fc_module_create only partly built. */
static void
free_module(struct fc_module *mod)
{
	for (int i = 0; i < FC_KERNEL_COUNT; i++)
		fc_handle_drop(mod->functions[i].handle);
	fc_texref_release_module(mod);
	if (mod->globals != NULL)
		fc_alloc_destroy(mod->globals);
	if (mod->managed != NULL)
		fc_alloc_destroy(mod->managed);
	fc_handle_drop(mod->handle);
	free(mod);
}

void
fc_module_destroy(struct fc_module *mod)
{
	unlink_module(mod);
	free_module(mod);
}

static void
init_function(struct fc_function *fn, struct fc_module *mod, int index)
{
	fn->module = mod;
	fn->def = &fc_kernel_defs[index];
	if (mod->library != NULL) {
		/* Attributes set on a library kernel apply in every context. */
		fn->attrs = &mod->library->kernels[index].attrs;
	} else {
		fc_func_attrs_init(&fn->own_attrs, fn->def);
		fn->attrs = &fn->own_attrs;
	}
}

CUresult
fc_module_create(struct fc_context *ctx, struct fc_library *library,
    struct fc_module **out)
{
	struct fc_module *mod;
	unsigned char *globals;
	CUresult rc;

	mod = calloc(1, sizeof(*mod));
	if (mod == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	mod->ctx = ctx;
	mod->library = library;
	mod->handle = fc_handle_new(FC_KIND_MODULE, mod);
	rc = mod->handle != 0 ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
	for (int i = 0; rc == CUDA_SUCCESS && i < FC_KERNEL_COUNT; i++) {
		init_function(&mod->functions[i], mod, i);
		mod->functions[i].handle = fc_handle_new(FC_KIND_FUNCTION,
		    &mod->functions[i]);
		if (mod->functions[i].handle == 0)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (rc == CUDA_SUCCESS)
		rc = fc_alloc_create(ctx, FC_MEM_MODULE_GLOBALS,
		    FC_GLOBALS_BYTES, 0, &mod->globals);
	if (rc == CUDA_SUCCESS)
		rc = fc_alloc_create(ctx, FC_MEM_MANAGED, FC_GLOBALS_BYTES,
		    CU_MEM_ATTACH_GLOBAL, &mod->managed);
	if (rc != CUDA_SUCCESS) {
		free_module(mod);
		return rc;
	}
	for (size_t i = 0; i < fc_global_count; i++) {
		globals = (unsigned char *)(fc_global_defs[i].managed ?
		    mod->managed : mod->globals)->base;
		memcpy(globals + fc_global_defs[i].offset,
		    &fc_global_defs[i].initial, fc_global_defs[i].size);
	}
	mod->next = ctx->modules;
	ctx->modules = mod;
	*out = mod;
	return CUDA_SUCCESS;
}

CUresult
fc_module_global(struct fc_module *mod, const char *name, CUdeviceptr *dptr,
    size_t *bytes)
{
	if (name == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < fc_global_count; i++) {
		if (strcmp(fc_global_defs[i].name, name) != 0)
			continue;
		/* Both outputs are optional. */
		if (dptr != NULL)
			*dptr = (CUdeviceptr)((fc_global_defs[i].managed ?
			    mod->managed : mod->globals)->base +
			    fc_global_defs[i].offset);
		if (bytes != NULL)
			*bytes = fc_global_defs[i].size;
		return CUDA_SUCCESS;
	}
	return CUDA_ERROR_NOT_FOUND;
}

static CUresult
load(CUmodule *module, const void *image, unsigned int count,
    CUjit_option *options, void **values)
{
	struct fc_context *ctx;
	struct fc_module *mod;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS && module == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_image_load(image, count, options, values);
	if (rc == CUDA_SUCCESS)
		rc = fc_module_create(ctx, NULL, &mod);
	if (rc == CUDA_SUCCESS)
		*module = (CUmodule)mod->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuModuleLoadDataEx(CUmodule *module, const void *image,
    unsigned int numOptions, CUjit_option *options, void **optionValues)
{
	return load(module, image, numOptions, options, optionValues);
}

FC_API CUresult
cuModuleLoadData(CUmodule *module, const void *image)
{
	return load(module, image, 0, NULL, NULL);
}

FC_API CUresult
cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin)
{
	return load(module, fatCubin, 0, NULL, NULL);
}

/* A module handle the caller may use; the context must be usable. */
static CUresult
lookup(CUmodule handle, struct fc_module **mod)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc != CUDA_SUCCESS)
		return rc;
	*mod = fc_handle_lookup((uintptr_t)handle, FC_KIND_MODULE);
	return *mod != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FC_API CUresult
cuModuleUnload(CUmodule hmod)
{
	struct fc_module *mod;
	CUresult rc;

	fc_lock();
	rc = lookup(hmod, &mod);
	/* A library's modules go when the library is unloaded. */
	if (rc == CUDA_SUCCESS && mod->library != NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS)
		fc_module_destroy(mod);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name)
{
	struct fc_module *mod;
	int index = -1;
	CUresult rc;

	fc_lock();
	rc = lookup(hmod, &mod);
	if (rc == CUDA_SUCCESS && (hfunc == NULL || name == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (index = fc_kernel_index(name)) < 0)
		rc = CUDA_ERROR_NOT_FOUND;
	if (rc == CUDA_SUCCESS)
		*hfunc = (CUfunction)mod->functions[index].handle;
	fc_unlock();
	if (rc == CUDA_ERROR_NOT_FOUND)
		fc_log_error("cuModuleGetFunction", "Returning 500 "
		    "(CUDA_ERROR_NOT_FOUND) from cuModuleGetFunction");
	return rc;
}

FC_API CUresult
cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule hmod,
    const char *name)
{
	struct fc_module *mod;
	CUresult rc;

	fc_lock();
	rc = lookup(hmod, &mod);
	if (rc == CUDA_SUCCESS)
		rc = fc_module_global(mod, name, dptr, bytes);
	fc_unlock();
	return rc;
}
