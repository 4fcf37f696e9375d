/*
 * code_load.c -- loading an image on a server (code_load.h).
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "stubs/code/code_load.h"
#include "stubs/code/load_options.h"
#include "stubs/mem/managed.h"
#include "stubs/mem/mapped.h"
#include "stubs/route/call.h"

enum clnt_stat code_stage(CLIENT *c, const void *image, size_t size,
    CUresult *refused)
{
	const char *bytes = image;
	size_t offset, n;
	cu_bytes piece;
	enum clnt_stat st;
	res_none r;

	assert(rpc_lock_held());
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

static enum clnt_stat call_load(CLIENT *c, enum code_load_kind kind,
				const struct load_options *o,
				res_loaded_image *r)
{
	switch (kind) {
	case CODE_LOAD_MODULE:
		return cu_module_load_data(r, c);
	case CODE_LOAD_MODULE_EX:
		return cu_module_load_data_ex(o->jit, r, c);
	case CODE_LOAD_FAT_BINARY:
		return cu_module_load_fat_binary(r, c);
	case CODE_LOAD_LIBRARY:
		return cu_library_load_data(o->jit, o->library, r, c);
	}
	return RPC_CANTENCODEARGS;
}

/*
 * Stages each of a linked image's prelinked fatbins and has the server keep
 * it for the load that follows in the same call.
 */
static enum clnt_stat stage_prelinked(CLIENT *c, const struct load_options *o,
    CUresult *refused)
{
	enum clnt_stat st = RPC_SUCCESS;
	const void *start;
	size_t size;
	res_none r;

	*refused = CUDA_SUCCESS;
	for (size_t i = 0; i < o->prelinked_count && st == RPC_SUCCESS &&
	    *refused == CUDA_SUCCESS; i++) {
		if ((*refused = image_find_in_memory(o->prelinked[i], &start,
		    &size)) != CUDA_SUCCESS)
			break;
		st = code_stage(c, start, size, refused);
		if (st != RPC_SUCCESS || *refused != CUDA_SUCCESS)
			break;
		memset(&r, 0, sizeof(r));
		st = cu_image_keep_prelinked(&r, c);
		if (st == RPC_SUCCESS)
			*refused = (CUresult)r.err;
	}
	return st;
}

CUresult code_load_on(unsigned server, enum code_load_kind kind,
		      const void *image, size_t size,
		      const struct load_options *o, uint64_t *value)
{
	res_loaded_image r;
	enum clnt_stat st;
	CUresult e, refused;
	struct call k;

	if ((e = call_begin_on(&k, server, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = RPC_SUCCESS;
	refused = CUDA_SUCCESS;
	if (kind == CODE_LOAD_LIBRARY)
		st = stage_prelinked(k.c, o, &refused);
	if (st == RPC_SUCCESS && refused == CUDA_SUCCESS)
		st = code_stage(k.c, image, size, &refused);
	if (st == RPC_SUCCESS && refused == CUDA_SUCCESS)
		st = call_load(k.c, kind, o, &r);
	e = call_end(&k, st);
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

CUresult code_image_in_memory(enum code_load_kind kind, const void *image,
			      const void **start, size_t *size)
{
	CUresult e;

	if ((e = image_find_in_memory(image, start, size)) != CUDA_SUCCESS)
		return e;
	/* Only cuLibraryLoadData takes a fatbin wrapper (cudart passes
	 * one); module loads refuse it, as driver 580 does. */
	if (*start != image && kind != CODE_LOAD_LIBRARY)
		return CUDA_ERROR_INVALID_IMAGE;
	return CUDA_SUCCESS;
}

CUresult code_image_from_file(const char *path, void **data, size_t *size)
{
	CUresult e;

	if ((e = image_read_file(path, data, size)) != CUDA_SUCCESS)
		return e;
	/* An empty file (only the NUL added) is no image, as for the driver. */
	if (*size <= 1) {
		free(*data);
		return CUDA_ERROR_INVALID_IMAGE;
	}
	return CUDA_SUCCESS;
}

CUresult code_global_check(const char *name, CUdeviceptr *dptr,
			   size_t *bytes)
{
	/* Either output may be NULL, not both (the driver's rule). */
	if (name == NULL || (dptr == NULL && bytes == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	if (strnlen(name, ONCUDA_NAME_MAX + 1) > ONCUDA_NAME_MAX) {
		oncuda_unsupported("a symbol name longer than 1024 bytes");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	return CUDA_SUCCESS;
}

enum clnt_stat code_managed_take(CLIENT *c, uint64_t owner,
    const managed_var *v, int *err)
{
	if (v->side > v->base || v->base - v->side > v->side_size ||
	    v->size > v->side_size - (v->base - v->side) ||
	    v->side_size > SIZE_MAX ||
	    !managed_var_side(owner, v->side, (size_t)v->side_size)) {
		*err = CUDA_ERROR_OUT_OF_MEMORY;
		return RPC_SUCCESS;
	}
	return mapped_pull_fresh(c, err);
}

CUresult code_global_give(CUresult e, const res_dev_range *r,
			  CUdeviceptr *dptr, size_t *bytes)
{
	if (e == CUDA_SUCCESS) {
		if (dptr != NULL)
			*dptr = (CUdeviceptr)r->res_dev_range_u.value.base;
		if (bytes != NULL)
			*bytes = (size_t)r->res_dev_range_u.value.size;
	}
	return e;
}
