/*
 * svc_module.c -- loading and unloading modules and libraries.
 *
 * Every load consumes the image staged by CU_IMAGE_STAGE.  The image is
 * kept, with the handle, for as long as its module or library lives: the
 * driver may read it lazily (CU_LIBRARY_BINARY_IS_PRESERVED says so
 * outright), so it must outlive the load call.  So are the fatbins a
 * linked image came with (CU_IMAGE_KEEP_PRELINKED) and the wrapper around
 * them that the driver is given in their stead.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/image.h"
#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/svc_image.h"
#include "server/svc/svc_jit.h"
#include "server/svc/svc_managed_var.h"
#include "server/svc/svc_module.h"
#include "server/svc/svc_params.h"

enum load_kind { LOAD_DATA, LOAD_DATA_EX, LOAD_FAT_BINARY, LOAD_LIBRARY };

struct loaded {
	cu_handle handle;
	bool library;
	CUcontext ctx;		/* a module's context; NULL for a library */
	void *image;
	size_t image_size;	/* counted in the session's --max-memory */
	struct prelinked prelinked;	/* with their bytes, counted too */
	struct image_fatbin_wrapper *wrapper;	/* around them, or NULL */
	struct loaded *next;
};

static struct loaded *loaded_list;

struct library_call {
	unsigned int count;
	CUlibraryOption options[ONCUDA_JIT_OPTIONS_MAX];
	void *values[ONCUDA_JIT_OPTIONS_MAX];
};

/* Only numeric library options: the host function table is client memory. */
static CUresult library_prepare(struct library_call *call,
    const library_options *sent)
{
	unsigned int i;

	memset(call, 0, sizeof(*call));
	if (sent == NULL)
		return CUDA_SUCCESS;
	if (sent->library_options_len > ONCUDA_JIT_OPTIONS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	for (i = 0; i < sent->library_options_len; i++) {
		const library_option *o = &sent->library_options_val[i];

		if (o->option == CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE)
			return CUDA_ERROR_NOT_SUPPORTED;
		if (o->option != CU_LIBRARY_BINARY_IS_PRESERVED)
			return CUDA_ERROR_INVALID_VALUE;
		call->options[i] = (CUlibraryOption)o->option;
		call->values[i] = (void *)(uintptr_t)o->value;
	}
	call->count = sent->library_options_len;
	return CUDA_SUCCESS;
}

static CUresult call_driver(enum load_kind kind, const void *image,
    struct jit_call *jit, const library_options *sent_lib, cu_handle *out)
{
	struct library_call lib;
	CUlibrary library;
	CUmodule module;
	CUresult err;

	switch (kind) {
	case LOAD_DATA:
		err = cuModuleLoadData(&module, image);
		break;
	case LOAD_DATA_EX:
		err = cuModuleLoadDataEx(&module, image, jit->count,
		    jit->options, jit->values);
		break;
	case LOAD_FAT_BINARY:
		err = cuModuleLoadFatBinary(&module, image);
		break;
	case LOAD_LIBRARY:
	default:
		if ((err = library_prepare(&lib, sent_lib)) != CUDA_SUCCESS)
			return err;
		err = cuLibraryLoadData(&library, image, jit->options,
		    jit->values, jit->count, lib.options, lib.values,
		    lib.count);
		if (err == CUDA_SUCCESS)
			*out = (cu_handle)(uintptr_t)library;
		return err;
	}
	if (err == CUDA_SUCCESS)
		*out = (cu_handle)(uintptr_t)module;
	return err;
}

static CUresult driver_unload(bool library, cu_handle h)
{
	if (library)
		return cuLibraryUnload((CUlibrary)(uintptr_t)h);
	return cuModuleUnload((CUmodule)(uintptr_t)h);
}

/* Frees the record l, unlinked by the caller, and the image it kept. */
static void loaded_free(struct loaded *l)
{
	free(l->image);
	memory_give(l->image_size + l->prelinked.bytes, USAGE_OTHER);
	prelinked_free(&l->prelinked);
	free(l->wrapper);
	free(l);
}

/*
 * Registers a fresh load and keeps its image; unloads it if it cannot.  A
 * kept image is memory this session holds on the server, so it counts
 * against --max-memory like the GPU memory it holds.
 */
static CUresult remember(bool library, cu_handle h, void *image, size_t size,
    struct prelinked *pre, struct image_fatbin_wrapper *wrapper)
{
	enum handle_kind kind = library ? HANDLE_LIBRARY : HANDLE_MODULE;
	struct loaded *l = malloc(sizeof(*l));

	if (l == NULL || !memory_take(size + pre->bytes, USAGE_OTHER,
	    "module images")) {
		free(l);
		driver_unload(library, h);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (!handle_add(kind, h, 0)) {
		memory_give(size + pre->bytes, USAGE_OTHER);
		free(l);
		driver_unload(library, h);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	l->prelinked = *pre;
	memset(pre, 0, sizeof(*pre));
	l->wrapper = wrapper;
	l->image_size = size;
	l->handle = h;
	l->library = library;
	l->ctx = NULL;
	if (!library && cuCtxGetCurrent(&l->ctx) != CUDA_SUCCESS)
		l->ctx = NULL;
	l->image = image;
	l->next = loaded_list;
	loaded_list = l;
	return CUDA_SUCCESS;
}

/*
 * The wrapper of a linked image (idl/cuda.x, CU_IMAGE_KEEP_PRELINKED): the
 * staged fatbin and the list of the fatbins it was linked from, as the CUDA
 * runtime registers them.  NULL: out of memory.
 */
static struct image_fatbin_wrapper *wrap_prelinked(const void *image,
    const struct prelinked *pre)
{
	struct image_fatbin_wrapper *w = malloc(sizeof(*w));

	assert(pre->count > 0 && pre->fatbins[pre->count] == NULL);
	if (w == NULL)
		return NULL;
	w->magic = IMAGE_WRAPPER_MAGIC;
	w->version = IMAGE_WRAPPER_LINKED;
	w->data = image;
	w->filename_or_fatbins = pre->fatbins;
	return w;
}

static void load(enum load_kind kind, const jit_options *sent_jit,
    const library_options *sent_lib, res_loaded_image *r)
{
	struct image_fatbin_wrapper *wrapper = NULL;
	struct prelinked pre;
	struct jit_call jit;
	jit_output out;
	void *image = NULL;
	size_t size;
	cu_handle h = 0;
	CUresult err, finished;

	/* Taken first: a load consumes the staged image even if it fails. */
	err = image_take(&image, &size);
	image_take_prelinked(&pre);
	if (err == CUDA_SUCCESS && kind == LOAD_LIBRARY && pre.count > 0 &&
	    (wrapper = wrap_prelinked(image, &pre)) == NULL)
		err = CUDA_ERROR_OUT_OF_MEMORY;
	if (err == CUDA_SUCCESS)
		err = jit_prepare(&jit, sent_jit);
	else
		jit_prepare(&jit, NULL);
	if (err == CUDA_SUCCESS)
		err = call_driver(kind, wrapper != NULL ? (void *)wrapper :
		    image, &jit, sent_lib, &h);
	finished = jit_finish(&jit, &out);
	jit_release(&jit);
	if (err == CUDA_SUCCESS && finished != CUDA_SUCCESS) {
		driver_unload(kind == LOAD_LIBRARY, h);
		err = finished;
	}
	if (err == CUDA_SUCCESS)
		err = remember(kind == LOAD_LIBRARY, h, image, size, &pre,
		    wrapper);
	r->err = err;
	if (err != CUDA_SUCCESS) {
		/* A failed load still answers with the logs: they say why. */
		free(image);
		free(wrapper);
		prelinked_free(&pre);
		r->res_loaded_image_u.jit = out;
		return;
	}
	/* Only a library load takes a wrapper; a module load drops them. */
	prelinked_free(&pre);
	r->res_loaded_image_u.value.handle = h;
	r->res_loaded_image_u.value.jit = out;
}

bool_t cu_module_load_data_svc(res_loaded_image *r, struct svc_req *rq)
{
	(void)rq;
	load(LOAD_DATA, NULL, NULL, r);
	return TRUE;
}

bool_t cu_module_load_data_ex_svc(jit_options options,
    res_loaded_image *r, struct svc_req *rq)
{
	(void)rq;
	load(LOAD_DATA_EX, &options, NULL, r);
	return TRUE;
}

bool_t cu_module_load_fat_binary_svc(res_loaded_image *r,
    struct svc_req *rq)
{
	(void)rq;
	load(LOAD_FAT_BINARY, NULL, NULL, r);
	return TRUE;
}

bool_t cu_library_load_data_svc(jit_options jit,
    library_options options, res_loaded_image *r, struct svc_req *rq)
{
	(void)rq;
	load(LOAD_LIBRARY, &jit, &options, r);
	return TRUE;
}

/* Drops the record of h (if there is one) and its image. */
static void forget_loaded(cu_handle h, bool library)
{
	struct loaded **at, *l;

	for (at = &loaded_list; *at != NULL; at = &(*at)->next) {
		l = *at;
		if (l->handle == h && l->library == library) {
			*at = l->next;
			loaded_free(l);
			return;
		}
	}
}

static void unload(bool library, cu_handle h, res_none *r)
{
	enum handle_kind kind = library ? HANDLE_LIBRARY : HANDLE_MODULE;

	if ((r->err = handle_check(kind, h, false)) != CUDA_SUCCESS)
		return;
	if ((r->err = driver_unload(library, h)) != CUDA_SUCCESS)
		return;
	/* Its functions and kernels went with it, and the driver may give
	 * their handle values to new ones: no cached layout may outlive it. */
	handle_forget(kind, h);
	forget_loaded(h, library);
	managed_vars_library_gone(h);
	ranges_forget_owner(RANGE_GLOBAL, h);
	layouts_flush();
}

bool_t cu_module_unload_svc(cu_handle module, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	unload(false, module, r);
	return TRUE;
}

bool_t cu_library_unload_svc(cu_handle library, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	unload(true, library, r);
	return TRUE;
}

/*
 * Records a global of owner (a module or library) as the client's: it lives
 * in the module's context, or, for a library, in the current one.
 */
static bool note_global(bool library, cu_handle owner, CUdeviceptr dptr,
    size_t bytes)
{
	cu_handle range_owner = owner;
	CUcontext ctx = NULL;
	struct loaded *l;

	if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
		ctx = NULL;
	if (!library) {
		for (l = loaded_list; l != NULL; l = l->next)
			if (!l->library && l->handle == owner)
				break;
		if (l != NULL)
			ctx = l->ctx;
		else if ((range_owner = handle_owner(HANDLE_MODULE, owner,
		    HANDLE_LIBRARY)) == 0)
			range_owner = owner;
	}
	return ranges_add(dptr, bytes, RANGE_GLOBAL, range_owner, ctx);
}

static void get_global(bool library, cu_handle owner, const char *name,
    res_dev_range *r)
{
	enum handle_kind kind = library ? HANDLE_LIBRARY : HANDLE_MODULE;
	CUdeviceptr dptr;
	size_t bytes;

	if ((r->err = handle_check(kind, owner, false)) != CUDA_SUCCESS)
		return;
	if (library)
		r->err = cuLibraryGetGlobal(&dptr, &bytes,
		    (CUlibrary)(uintptr_t)owner, name);
	else
		r->err = cuModuleGetGlobal(&dptr, &bytes,
		    (CUmodule)(uintptr_t)owner, name);
	if (r->err == CUDA_SUCCESS &&
	    !note_global(library, owner, dptr, bytes))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	if (r->err == CUDA_SUCCESS) {
		r->res_dev_range_u.value.base = dptr;
		r->res_dev_range_u.value.size = bytes;
	}
}

bool_t cu_module_get_global_svc(cu_handle module, cu_name name,
    res_managed_var *r, struct svc_req *rq)
{
	res_dev_range found;

	(void)rq;
	memset(r, 0, sizeof(*r));
	memset(&found, 0, sizeof(found));
	get_global(false, module, name, &found);
	if ((r->err = found.err) == CUDA_SUCCESS)
		r->err = managed_var_of_module(module,
		    (CUdeviceptr)found.res_dev_range_u.value.base,
		    (size_t)found.res_dev_range_u.value.size,
		    &r->res_managed_var_u.value);
	return TRUE;
}

bool_t cu_library_get_global_svc(cu_handle library, cu_name name,
    res_dev_range *r, struct svc_req *rq)
{
	(void)rq;
	get_global(true, library, name, r);
	return TRUE;
}

/* ---------------------------------------------------------------- teardown */

void modules_context_gone(CUcontext ctx)
{
	struct loaded **at = &loaded_list, *l;

	/* The driver unloaded the context's modules with it. */
	while ((l = *at) != NULL) {
		if (!l->library && l->ctx == ctx) {
			managed_vars_library_gone(l->handle);
			*at = l->next;
			loaded_free(l);
		} else {
			at = &l->next;
		}
	}
}

void libraries_unload_all(void)
{
	struct loaded **at = &loaded_list, *l;
	unsigned int unloaded = 0;

	while ((l = *at) != NULL) {
		if (!l->library) {
			at = &l->next;
			continue;
		}
		managed_vars_library_gone(l->handle);
		driver_unload(true, l->handle);
		unloaded++;
		*at = l->next;
		loaded_free(l);
	}
	log_msg(LOG_DEBUG, "unloaded %u libraries", unloaded);
}

void modules_drop_all(void)
{
	unsigned int dropped = 0;

	/* Called once the contexts are gone, and the modules with them. */
	while (loaded_list != NULL) {
		struct loaded *l = loaded_list;

		loaded_list = l->next;
		loaded_free(l);
		dropped++;
	}
	log_msg(LOG_DEBUG, "dropped the images of %u modules", dropped);
}
