/*
 * texture.c -- texture and surface objects (idl/cuda.x, CU_TEX_OBJECT_CREATE
 * and after).
 *
 * A CUtexObject or CUsurfObject reaches kernels as an argument, by value,
 * so the program gets the server's value itself, with no server tag: the
 * calls that name one go to the current context's server, which checks
 * that it is this client's.  The arrays a resource descriptor names are
 * tagged handles like any other, stripped on the way out and tagged on
 * the way back.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/link/say.h"
#include "stubs/route/route.h"

static resource_desc resource_to_wire(const CUDA_RESOURCE_DESC *d)
{
	resource_desc w;

	memset(&w, 0, sizeof w);
	w.type = (int)d->resType;
	w.flags = d->flags;
	switch (d->resType) {
	case CU_RESOURCE_TYPE_ARRAY:
		w.handle = route_strip(d->res.array.hArray);
		break;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		w.handle = route_strip(d->res.mipmap.hMipmappedArray);
		break;
	case CU_RESOURCE_TYPE_LINEAR:
		w.device = d->res.linear.devPtr;
		w.format = (int)d->res.linear.format;
		w.num_channels = d->res.linear.numChannels;
		w.size = d->res.linear.sizeInBytes;
		break;
	case CU_RESOURCE_TYPE_PITCH2D:
		w.device = d->res.pitch2D.devPtr;
		w.format = (int)d->res.pitch2D.format;
		w.num_channels = d->res.pitch2D.numChannels;
		w.width = d->res.pitch2D.width;
		w.height = d->res.pitch2D.height;
		w.pitch = d->res.pitch2D.pitchInBytes;
		break;
	default:
		break;
	}
	return w;
}

static void resource_from_wire(const resource_desc *w, unsigned server,
    CUDA_RESOURCE_DESC *d)
{
	memset(d, 0, sizeof *d);
	d->resType = (CUresourcetype)w->type;
	d->flags = w->flags;
	switch (d->resType) {
	case CU_RESOURCE_TYPE_ARRAY:
		d->res.array.hArray = (CUarray)(uintptr_t)route_tag(w->handle, server);
		break;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		d->res.mipmap.hMipmappedArray =
		    (CUmipmappedArray)(uintptr_t)route_tag(w->handle, server);
		break;
	case CU_RESOURCE_TYPE_LINEAR:
		d->res.linear.devPtr = (CUdeviceptr)w->device;
		d->res.linear.format = (CUarray_format)w->format;
		d->res.linear.numChannels = w->num_channels;
		d->res.linear.sizeInBytes = (size_t)w->size;
		break;
	case CU_RESOURCE_TYPE_PITCH2D:
		d->res.pitch2D.devPtr = (CUdeviceptr)w->device;
		d->res.pitch2D.format = (CUarray_format)w->format;
		d->res.pitch2D.numChannels = w->num_channels;
		d->res.pitch2D.width = (size_t)w->width;
		d->res.pitch2D.height = (size_t)w->height;
		d->res.pitch2D.pitchInBytes = (size_t)w->pitch;
		break;
	default:
		break;
	}
}

/* Begins a call on the server of the resource's array, else the current one. */
static CUresult begin_for(struct call *k, const CUDA_RESOURCE_DESC *d,
    void *reply, size_t size)
{
	const void *h = NULL;

	if (d->resType == CU_RESOURCE_TYPE_ARRAY)
		h = d->res.array.hArray;
	else if (d->resType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
		h = d->res.mipmap.hMipmappedArray;
	return route_call_handles(k, h, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    reply, size);
}

ONCUDA_API CUresult cuTexObjectCreate(CUtexObject *pTexObject,
    const CUDA_RESOURCE_DESC *pResDesc, const CUDA_TEXTURE_DESC *pTexDesc,
    const CUDA_RESOURCE_VIEW_DESC *pResViewDesc)
{
	texture_desc t;
	view_desc v;
	view_desc_opt view = { 0, NULL };
	res_handle r;
	struct call k;
	CUresult e;

	if (pTexObject == NULL || pResDesc == NULL || pTexDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&t, 0, sizeof t);
	for (int i = 0; i < 3; i++)
		t.address_mode[i] = (int)pTexDesc->addressMode[i];
	t.filter_mode = (int)pTexDesc->filterMode;
	t.flags = pTexDesc->flags;
	t.max_anisotropy = pTexDesc->maxAnisotropy;
	t.mipmap_filter_mode = (int)pTexDesc->mipmapFilterMode;
	t.mipmap_level_bias = pTexDesc->mipmapLevelBias;
	t.min_mipmap_level_clamp = pTexDesc->minMipmapLevelClamp;
	t.max_mipmap_level_clamp = pTexDesc->maxMipmapLevelClamp;
	for (int i = 0; i < 4; i++)
		t.border_color[i] = pTexDesc->borderColor[i];
	if (pResViewDesc != NULL) {
		memset(&v, 0, sizeof v);
		v.format = (int)pResViewDesc->format;
		v.width = pResViewDesc->width;
		v.height = pResViewDesc->height;
		v.depth = pResViewDesc->depth;
		v.first_mipmap_level = pResViewDesc->firstMipmapLevel;
		v.last_mipmap_level = pResViewDesc->lastMipmapLevel;
		v.first_layer = pResViewDesc->firstLayer;
		v.last_layer = pResViewDesc->lastLayer;
		view.view_desc_opt_len = 1;
		view.view_desc_opt_val = &v;
	}
	if ((e = begin_for(&k, pResDesc, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_tex_object_create(resource_to_wire(pResDesc), t,
	    view, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*pTexObject = (CUtexObject)r.res_handle_u.value;
	return e;
}

static CUresult destroy(uint64_t object, bool surface)
{
	res_none r;
	struct call k;
	CUresult e;

	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, surface ? cu_surf_object_destroy(object, &r, k.c) :
	    cu_tex_object_destroy(object, &r, k.c), &r.err);
}

ONCUDA_API CUresult cuTexObjectDestroy(CUtexObject texObject)
{
	return destroy(texObject, false);
}

/* The resource of a texture object, or of a surface object. */
static CUresult get_resource(CUDA_RESOURCE_DESC *out, uint64_t object,
    bool surface)
{
	res_resource_desc r;
	struct call k;
	CUresult e;

	if (out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, surface ?
	    cu_surf_object_get_resource_desc(object, &r, k.c) :
	    cu_tex_object_get_resource_desc(object, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		resource_from_wire(&r.res_resource_desc_u.value, k.server, out);
	return e;
}

ONCUDA_API CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
    CUtexObject texObject)
{
	return get_resource(pResDesc, texObject, false);
}

ONCUDA_API CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc,
    CUtexObject texObject)
{
	res_texture_desc r;
	const texture_desc *t = &r.res_texture_desc_u.value;
	struct call k;
	CUresult e;

	if (pTexDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_tex_object_get_texture_desc(texObject, &r, k.c),
	    &r.err);
	if (e != CUDA_SUCCESS)
		return e;
	memset(pTexDesc, 0, sizeof *pTexDesc);
	for (int i = 0; i < 3; i++)
		pTexDesc->addressMode[i] = (CUaddress_mode)t->address_mode[i];
	pTexDesc->filterMode = (CUfilter_mode)t->filter_mode;
	pTexDesc->flags = t->flags;
	pTexDesc->maxAnisotropy = t->max_anisotropy;
	pTexDesc->mipmapFilterMode = (CUfilter_mode)t->mipmap_filter_mode;
	pTexDesc->mipmapLevelBias = t->mipmap_level_bias;
	pTexDesc->minMipmapLevelClamp = t->min_mipmap_level_clamp;
	pTexDesc->maxMipmapLevelClamp = t->max_mipmap_level_clamp;
	for (int i = 0; i < 4; i++)
		pTexDesc->borderColor[i] = t->border_color[i];
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuTexObjectGetResourceViewDesc(
    CUDA_RESOURCE_VIEW_DESC *pResViewDesc, CUtexObject texObject)
{
	res_view_desc r;
	const view_desc *v = &r.res_view_desc_u.value;
	struct call k;
	CUresult e;

	if (pResViewDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_tex_object_get_resource_view_desc(texObject, &r,
	    k.c), &r.err);
	if (e != CUDA_SUCCESS)
		return e;
	memset(pResViewDesc, 0, sizeof *pResViewDesc);
	pResViewDesc->format = (CUresourceViewFormat)v->format;
	pResViewDesc->width = (size_t)v->width;
	pResViewDesc->height = (size_t)v->height;
	pResViewDesc->depth = (size_t)v->depth;
	pResViewDesc->firstMipmapLevel = v->first_mipmap_level;
	pResViewDesc->lastMipmapLevel = v->last_mipmap_level;
	pResViewDesc->firstLayer = v->first_layer;
	pResViewDesc->lastLayer = v->last_layer;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuSurfObjectCreate(CUsurfObject *pSurfObject,
    const CUDA_RESOURCE_DESC *pResDesc)
{
	res_handle r;
	struct call k;
	CUresult e;

	if (pSurfObject == NULL || pResDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = begin_for(&k, pResDesc, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_surf_object_create(resource_to_wire(pResDesc), &r,
	    k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*pSurfObject = (CUsurfObject)r.res_handle_u.value;
	return e;
}

ONCUDA_API CUresult cuSurfObjectDestroy(CUsurfObject surfObject)
{
	return destroy(surfObject, true);
}

ONCUDA_API CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
    CUsurfObject surfObject)
{
	return get_resource(pResDesc, surfObject, true);
}
