/*
 * svc_texture.c -- texture and surface objects.
 *
 * A CUtexObject or CUsurfObject is a 64-bit value that kernels receive as
 * an argument, so the client gets the driver's value as it is; it is
 * registered as this client's, and checked on every call that names it,
 * like a handle.  The resource a descriptor names is checked before the
 * driver sees it: an array or mipmapped array of this client, or device
 * memory of this client covering every byte the object can read.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"

/*
 * The bytes of one element of format with channels channels, or 0 for the
 * formats whose elements are not laid out in rows of bytes (block
 * compressed, planar video) or that the driver refuses anyway.
 */
static cu_size element_bytes(int format, unsigned channels)
{
	switch (format) {
	case CU_AD_FORMAT_UNSIGNED_INT8:
	case CU_AD_FORMAT_SIGNED_INT8:
		return channels;
	case CU_AD_FORMAT_UNSIGNED_INT16:
	case CU_AD_FORMAT_SIGNED_INT16:
	case CU_AD_FORMAT_HALF:
		return 2 * (cu_size)channels;
	case CU_AD_FORMAT_UNSIGNED_INT32:
	case CU_AD_FORMAT_SIGNED_INT32:
	case CU_AD_FORMAT_FLOAT:
		return 4 * (cu_size)channels;
	case CU_AD_FORMAT_UNORM_INT8X1:
	case CU_AD_FORMAT_SNORM_INT8X1:
		return 1;
	case CU_AD_FORMAT_UNORM_INT8X2:
	case CU_AD_FORMAT_SNORM_INT8X2:
	case CU_AD_FORMAT_UNORM_INT16X1:
	case CU_AD_FORMAT_SNORM_INT16X1:
		return 2;
	case CU_AD_FORMAT_UNORM_INT8X4:
	case CU_AD_FORMAT_SNORM_INT8X4:
	case CU_AD_FORMAT_UNORM_INT16X2:
	case CU_AD_FORMAT_SNORM_INT16X2:
	case CU_AD_FORMAT_UNORM_INT_101010_2:
		return 4;
	case CU_AD_FORMAT_UNORM_INT16X4:
	case CU_AD_FORMAT_SNORM_INT16X4:
		return 8;
	default:
		return 0;
	}
}

/*
 * The device bytes a pitch2D resource reads: (height - 1) * pitch + the
 * last row's width elements; a whole pitch for the last row when the
 * element size is unknown.  false when it does not fit in 64 bits.
 */
static bool pitch2d_bytes(const resource_desc *w, cu_size *bytes)
{
	cu_size row, elem = element_bytes(w->format, w->num_channels);

	if (w->width == 0 || w->height == 0) {
		*bytes = 0;
		return true;
	}
	if (elem == 0)
		row = w->pitch;
	else if (__builtin_mul_overflow(w->width, elem, &row))
		return false;
	return !__builtin_mul_overflow(w->height - 1, w->pitch, bytes) &&
	    !__builtin_add_overflow(*bytes, row, bytes);
}

/* The driver's descriptor for the wire's, its resource checked. */
static CUresult resource_from_wire(const resource_desc *w, CUDA_RESOURCE_DESC *d)
{
	CUresult err = CUDA_SUCCESS;
	cu_size bytes;

	memset(d, 0, sizeof *d);
	d->resType = (CUresourcetype)w->type;
	d->flags = w->flags;
	switch (w->type) {
	case CU_RESOURCE_TYPE_ARRAY:
		err = handle_check(HANDLE_ARRAY, w->handle, false);
		d->res.array.hArray = (CUarray)(uintptr_t)w->handle;
		break;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		err = handle_check(HANDLE_MIPMAPPED_ARRAY, w->handle, false);
		d->res.mipmap.hMipmappedArray = (CUmipmappedArray)(uintptr_t)w->handle;
		break;
	case CU_RESOURCE_TYPE_LINEAR:
		err = range_check(w->device, w->size, 1, "cuTexObjectCreate");
		d->res.linear.devPtr = (CUdeviceptr)w->device;
		d->res.linear.format = (CUarray_format)w->format;
		d->res.linear.numChannels = w->num_channels;
		d->res.linear.sizeInBytes = (size_t)w->size;
		break;
	case CU_RESOURCE_TYPE_PITCH2D:
		if (!pitch2d_bytes(w, &bytes))
			return CUDA_ERROR_INVALID_VALUE;
		err = range_check(w->device, bytes, 1, "cuTexObjectCreate");
		d->res.pitch2D.devPtr = (CUdeviceptr)w->device;
		d->res.pitch2D.format = (CUarray_format)w->format;
		d->res.pitch2D.numChannels = w->num_channels;
		d->res.pitch2D.width = (size_t)w->width;
		d->res.pitch2D.height = (size_t)w->height;
		d->res.pitch2D.pitchInBytes = (size_t)w->pitch;
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	return err;
}

static void resource_to_wire(const CUDA_RESOURCE_DESC *d, resource_desc *w)
{
	memset(w, 0, sizeof *w);
	w->type = (int)d->resType;
	w->flags = d->flags;
	switch (d->resType) {
	case CU_RESOURCE_TYPE_ARRAY:
		w->handle = (cu_handle)(uintptr_t)d->res.array.hArray;
		break;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		w->handle = (cu_handle)(uintptr_t)d->res.mipmap.hMipmappedArray;
		break;
	case CU_RESOURCE_TYPE_LINEAR:
		w->device = d->res.linear.devPtr;
		w->format = (int)d->res.linear.format;
		w->num_channels = d->res.linear.numChannels;
		w->size = d->res.linear.sizeInBytes;
		break;
	case CU_RESOURCE_TYPE_PITCH2D:
		w->device = d->res.pitch2D.devPtr;
		w->format = (int)d->res.pitch2D.format;
		w->num_channels = d->res.pitch2D.numChannels;
		w->width = d->res.pitch2D.width;
		w->height = d->res.pitch2D.height;
		w->pitch = d->res.pitch2D.pitchInBytes;
		break;
	default:
		break;
	}
}

static void texture_from_wire(const texture_desc *w, CUDA_TEXTURE_DESC *d)
{
	memset(d, 0, sizeof *d);
	for (int i = 0; i < 3; i++)
		d->addressMode[i] = (CUaddress_mode)w->address_mode[i];
	d->filterMode = (CUfilter_mode)w->filter_mode;
	d->flags = w->flags;
	d->maxAnisotropy = w->max_anisotropy;
	d->mipmapFilterMode = (CUfilter_mode)w->mipmap_filter_mode;
	d->mipmapLevelBias = w->mipmap_level_bias;
	d->minMipmapLevelClamp = w->min_mipmap_level_clamp;
	d->maxMipmapLevelClamp = w->max_mipmap_level_clamp;
	for (int i = 0; i < 4; i++)
		d->borderColor[i] = w->border_color[i];
}

static void texture_to_wire(const CUDA_TEXTURE_DESC *d, texture_desc *w)
{
	memset(w, 0, sizeof *w);
	for (int i = 0; i < 3; i++)
		w->address_mode[i] = (int)d->addressMode[i];
	w->filter_mode = (int)d->filterMode;
	w->flags = d->flags;
	w->max_anisotropy = d->maxAnisotropy;
	w->mipmap_filter_mode = (int)d->mipmapFilterMode;
	w->mipmap_level_bias = d->mipmapLevelBias;
	w->min_mipmap_level_clamp = d->minMipmapLevelClamp;
	w->max_mipmap_level_clamp = d->maxMipmapLevelClamp;
	for (int i = 0; i < 4; i++)
		w->border_color[i] = d->borderColor[i];
}

static void view_from_wire(const view_desc *w, CUDA_RESOURCE_VIEW_DESC *d)
{
	memset(d, 0, sizeof *d);
	d->format = (CUresourceViewFormat)w->format;
	d->width = (size_t)w->width;
	d->height = (size_t)w->height;
	d->depth = (size_t)w->depth;
	d->firstMipmapLevel = w->first_mipmap_level;
	d->lastMipmapLevel = w->last_mipmap_level;
	d->firstLayer = w->first_layer;
	d->lastLayer = w->last_layer;
}

static void view_to_wire(const CUDA_RESOURCE_VIEW_DESC *d, view_desc *w)
{
	memset(w, 0, sizeof *w);
	w->format = (int)d->format;
	w->width = d->width;
	w->height = d->height;
	w->depth = d->depth;
	w->first_mipmap_level = d->firstMipmapLevel;
	w->last_mipmap_level = d->lastMipmapLevel;
	w->first_layer = d->firstLayer;
	w->last_layer = d->lastLayer;
}

bool_t cu_tex_object_create_svc(resource_desc res, texture_desc tex,
    view_desc_opt view, res_handle *r, struct svc_req *rq)
{
	CUDA_RESOURCE_DESC rd;
	CUDA_TEXTURE_DESC td;
	CUDA_RESOURCE_VIEW_DESC vd;
	CUtexObject t = 0;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = resource_from_wire(&res, &rd)) != CUDA_SUCCESS)
		return TRUE;
	texture_from_wire(&tex, &td);
	if (view.view_desc_opt_len == 1)
		view_from_wire(view.view_desc_opt_val, &vd);
	r->err = cuTexObjectCreate(&t, &rd, &td,
	    view.view_desc_opt_len == 1 ? &vd : NULL);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (!handle_add(HANDLE_TEX_OBJECT, t, 0)) {
		(void)cuTexObjectDestroy(t);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_handle_u.value = t;
	return TRUE;
}

/* Destroys a texture or surface object of this client's. */
static void destroy(enum handle_kind kind, cu_handle object, res_none *r)
{
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(kind, object, false)) != CUDA_SUCCESS)
		return;
	r->err = kind == HANDLE_TEX_OBJECT ? cuTexObjectDestroy(object) :
	    cuSurfObjectDestroy(object);
	if (r->err == CUDA_SUCCESS)
		handle_forget(kind, object);
}

/* The resource of a texture or surface object of this client's. */
static void get_resource(enum handle_kind kind, cu_handle object,
    res_resource_desc *r)
{
	CUDA_RESOURCE_DESC d;

	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(kind, object, false)) != CUDA_SUCCESS)
		return;
	memset(&d, 0, sizeof d);
	r->err = kind == HANDLE_TEX_OBJECT ? cuTexObjectGetResourceDesc(&d, object) :
	    cuSurfObjectGetResourceDesc(&d, object);
	if (r->err == CUDA_SUCCESS)
		resource_to_wire(&d, &r->res_resource_desc_u.value);
}

bool_t cu_tex_object_destroy_svc(cu_handle tex, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	destroy(HANDLE_TEX_OBJECT, tex, r);
	return TRUE;
}

bool_t cu_tex_object_get_resource_desc_svc(cu_handle tex,
    res_resource_desc *r, struct svc_req *rq)
{
	(void)rq;
	get_resource(HANDLE_TEX_OBJECT, tex, r);
	return TRUE;
}

bool_t cu_tex_object_get_texture_desc_svc(cu_handle tex,
    res_texture_desc *r, struct svc_req *rq)
{
	CUDA_TEXTURE_DESC d;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_TEX_OBJECT, tex, false)) != CUDA_SUCCESS)
		return TRUE;
	memset(&d, 0, sizeof d);
	if ((r->err = cuTexObjectGetTextureDesc(&d, (CUtexObject)tex)) == CUDA_SUCCESS)
		texture_to_wire(&d, &r->res_texture_desc_u.value);
	return TRUE;
}

bool_t cu_tex_object_get_resource_view_desc_svc(cu_handle tex,
    res_view_desc *r, struct svc_req *rq)
{
	CUDA_RESOURCE_VIEW_DESC d;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_TEX_OBJECT, tex, false)) != CUDA_SUCCESS)
		return TRUE;
	memset(&d, 0, sizeof d);
	if ((r->err = cuTexObjectGetResourceViewDesc(&d, (CUtexObject)tex)) == CUDA_SUCCESS)
		view_to_wire(&d, &r->res_view_desc_u.value);
	return TRUE;
}

bool_t cu_surf_object_create_svc(resource_desc res, res_handle *r,
    struct svc_req *rq)
{
	CUDA_RESOURCE_DESC rd;
	CUsurfObject s = 0;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = resource_from_wire(&res, &rd)) != CUDA_SUCCESS)
		return TRUE;
	if ((r->err = cuSurfObjectCreate(&s, &rd)) != CUDA_SUCCESS)
		return TRUE;
	if (!handle_add(HANDLE_SURF_OBJECT, s, 0)) {
		(void)cuSurfObjectDestroy(s);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_handle_u.value = s;
	return TRUE;
}

bool_t cu_surf_object_destroy_svc(cu_handle surf, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	destroy(HANDLE_SURF_OBJECT, surf, r);
	return TRUE;
}

bool_t cu_surf_object_get_resource_desc_svc(cu_handle surf,
    res_resource_desc *r, struct svc_req *rq)
{
	(void)rq;
	get_resource(HANDLE_SURF_OBJECT, surf, r);
	return TRUE;
}
