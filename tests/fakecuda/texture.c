/*
 * texture.c - texture and surface objects as records of their
 * descriptors, for the kernels of kernels_texture.c to read through.
 *
 * Creation checks what the tests can tell: the resource exists (an array
 * of this stand-in, or device memory inside one allocation; a surface
 * over any array, as the H200's driver allows) and the descriptor flags
 * are 0.  An object dies with its context.
 */
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"
#include "fake_array.h"

struct fc_object {
	uintptr_t handle;
	bool surface;
	struct fc_context *ctx;
	CUDA_RESOURCE_DESC res;
	CUDA_TEXTURE_DESC tex;
	CUDA_RESOURCE_VIEW_DESC view;
	bool has_view;
	struct fc_object *next;
};

static struct fc_object *objects;

static CUresult
check_resource(const CUDA_RESOURCE_DESC *r, bool surface)
{
	struct fc_array *a;
	size_t elem, bytes;

	if (r->flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	switch (r->resType) {
	case CU_RESOURCE_TYPE_ARRAY:
		if ((a = fc_array_lookup(r->res.array.hArray)) == NULL)
			return CUDA_ERROR_INVALID_HANDLE;
		/* The H200's driver makes a surface over any array. */
		(void)surface;
		return CUDA_SUCCESS;
	case CU_RESOURCE_TYPE_LINEAR:
		if (surface)
			return CUDA_ERROR_INVALID_VALUE;
		elem = fc_format_bytes(r->res.linear.format);
		if (elem == 0 || r->res.linear.sizeInBytes == 0 ||
		    !fc_alloc_covers(r->res.linear.devPtr,
		    r->res.linear.sizeInBytes))
			return CUDA_ERROR_INVALID_VALUE;
		return CUDA_SUCCESS;
	case CU_RESOURCE_TYPE_PITCH2D:
		if (surface)
			return CUDA_ERROR_INVALID_VALUE;
		elem = fc_format_bytes(r->res.pitch2D.format) *
		    r->res.pitch2D.numChannels;
		if (elem == 0 || r->res.pitch2D.width == 0 ||
		    r->res.pitch2D.height == 0 ||
		    r->res.pitch2D.pitchInBytes < r->res.pitch2D.width * elem)
			return CUDA_ERROR_INVALID_VALUE;
		bytes = (r->res.pitch2D.height - 1) * r->res.pitch2D.pitchInBytes +
		    r->res.pitch2D.width * elem;
		if (!fc_alloc_covers(r->res.pitch2D.devPtr, bytes))
			return CUDA_ERROR_INVALID_VALUE;
		return CUDA_SUCCESS;
	default:
		/* No mipmapped textures in the stand-in's kernels. */
		return CUDA_ERROR_INVALID_VALUE;
	}
}

static CUresult
create(unsigned long long *out, const CUDA_RESOURCE_DESC *r,
    const CUDA_TEXTURE_DESC *t, const CUDA_RESOURCE_VIEW_DESC *v, bool surface)
{
	struct fc_context *ctx;
	struct fc_object *o = NULL;
	CUresult rc;

	if (out == NULL || r == NULL || (!surface && t == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = check_resource(r, surface);
	if (rc == CUDA_SUCCESS && ((o = calloc(1, sizeof(*o))) == NULL ||
	    (o->handle = fc_handle_new(surface ? FC_KIND_SURF_OBJECT :
	    FC_KIND_TEX_OBJECT, o)) == 0)) {
		free(o);
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (rc == CUDA_SUCCESS) {
		o->surface = surface;
		o->ctx = ctx;
		o->res = *r;
		if (t != NULL)
			o->tex = *t;
		if (v != NULL) {
			o->view = *v;
			o->has_view = true;
		}
		o->next = objects;
		objects = o;
		*out = o->handle;
	}
	fc_unlock();
	return rc;
}

static struct fc_object *
lookup(unsigned long long handle, bool surface)
{
	return fc_handle_lookup((uintptr_t)handle, surface ?
	    FC_KIND_SURF_OBJECT : FC_KIND_TEX_OBJECT);
}

static void
unlink_object(struct fc_object *o)
{
	for (struct fc_object **p = &objects; *p != NULL; p = &(*p)->next)
		if (*p == o) {
			*p = o->next;
			return;
		}
}

static CUresult
destroy(unsigned long long handle, bool surface)
{
	struct fc_object *o;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if ((o = lookup(handle, surface)) == NULL) {
		rc = CUDA_ERROR_INVALID_VALUE;
	} else {
		unlink_object(o);
		fc_handle_drop(o->handle);
		free(o);
	}
	fc_unlock();
	return rc;
}

/* Copies out what the object holds: which of res, tex and view. */
static CUresult
describe(unsigned long long handle, bool surface, CUDA_RESOURCE_DESC *res,
    CUDA_TEXTURE_DESC *tex, CUDA_RESOURCE_VIEW_DESC *view)
{
	struct fc_object *o;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if ((o = lookup(handle, surface)) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	else if (view != NULL && !o->has_view)
		memset(&o->view, 0, sizeof o->view);	/* the driver's empty view */
	else {
		if (res != NULL)
			*res = o->res;
		if (tex != NULL)
			*tex = o->tex;
		if (view != NULL)
			*view = o->view;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc,
    const CUDA_TEXTURE_DESC *pTexDesc,
    const CUDA_RESOURCE_VIEW_DESC *pResViewDesc)
{
	return create(pTexObject, pResDesc, pTexDesc, pResViewDesc, false);
}

FC_API CUresult
cuTexObjectDestroy(CUtexObject texObject)
{
	return destroy(texObject, false);
}

FC_API CUresult
cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject)
{
	if (pResDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return describe(texObject, false, pResDesc, NULL, NULL);
}

FC_API CUresult
cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject)
{
	if (pTexDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return describe(texObject, false, NULL, pTexDesc, NULL);
}

FC_API CUresult
cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc,
    CUtexObject texObject)
{
	if (pResViewDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return describe(texObject, false, NULL, NULL, pResViewDesc);
}

FC_API CUresult
cuSurfObjectCreate(CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc)
{
	return create(pSurfObject, pResDesc, NULL, NULL, true);
}

FC_API CUresult
cuSurfObjectDestroy(CUsurfObject surfObject)
{
	return destroy(surfObject, true);
}

FC_API CUresult
cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
    CUsurfObject surfObject)
{
	if (pResDesc == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return describe(surfObject, true, pResDesc, NULL, NULL);
}

void
fc_texture_release_context(struct fc_context *ctx)
{
	struct fc_object **p = &objects;

	while (*p != NULL) {
		struct fc_object *o = *p;

		if (o->ctx == ctx) {
			*p = o->next;
			fc_handle_drop(o->handle);
			free(o);
		} else {
			p = &o->next;
		}
	}
}

/* The kernels run under the lock (launch.c). */
bool
fc_texture_fetch_2d(unsigned long long tex, size_t x, size_t y, float *value)
{
	struct fc_object *o = lookup(tex, false);
	const CUDA_RESOURCE_DESC *r;
	struct fc_array *a;

	if (o == NULL)
		return false;
	r = &o->res;
	if (r->resType == CU_RESOURCE_TYPE_ARRAY) {
		a = fc_array_lookup(r->res.array.hArray);
		if (a == NULL || a->desc.Format != CU_AD_FORMAT_FLOAT ||
		    a->desc.NumChannels != 1 || x >= a->desc.Width || y >= a->rows)
			return false;
		memcpy(value, a->data + y * a->row_bytes + x * sizeof(float),
		    sizeof(float));
		return true;
	}
	if (r->resType == CU_RESOURCE_TYPE_PITCH2D) {
		if (r->res.pitch2D.format != CU_AD_FORMAT_FLOAT ||
		    r->res.pitch2D.numChannels != 1 ||
		    x >= r->res.pitch2D.width || y >= r->res.pitch2D.height)
			return false;
		memcpy(value, (const unsigned char *)r->res.pitch2D.devPtr +
		    y * r->res.pitch2D.pitchInBytes + x * sizeof(float),
		    sizeof(float));
		return true;
	}
	return false;
}

float *
fc_surface_at_2d(unsigned long long surf, size_t x_bytes, size_t y)
{
	struct fc_object *o = lookup(surf, true);
	struct fc_array *a;

	if (o == NULL || (a = fc_array_lookup(o->res.res.array.hArray)) == NULL ||
	    x_bytes % sizeof(float) != 0 || x_bytes + sizeof(float) > a->row_bytes ||
	    y >= a->rows)
		return NULL;
	return (float *)(void *)(a->data + y * a->row_bytes + x_bytes);
}

/* What the H200's driver answers for the formats the stand-in has. */
#define LINEAR_MAX_BYTES (1ull << 29)

FC_API CUresult
cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements,
    CUarray_format format, unsigned numChannels, CUdevice dev)
{
	size_t elem = fc_format_bytes(format) * numChannels;
	CUresult rc;

	if (maxWidthInElements == NULL || elem == 0 ||
	    (numChannels != 1 && numChannels != 2 && numChannels != 4))
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_check_device(dev);
	fc_unlock();
	if (rc == CUDA_SUCCESS)
		*maxWidthInElements = LINEAR_MAX_BYTES / elem;
	return rc;
}
