/*
 * array.c - CUDA arrays and mipmapped arrays as host buffers.
 *
 * An array's elements lie in rows of Width elements, Height rows a slice
 * (1 for a 1D array), Depth slices (1 for 1D and 2D arrays; layers for a
 * layered one), packed.  Copies reach them through fc_array_locate, which
 * checks that a region lies inside the array and gives its first byte,
 * so that memcpy.c can treat an array side as pitched host memory.  The
 * descriptor checks are the documented rules of cuArray3DCreate; an array
 * dies with its context, a level with its mipmapped array.
 */
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"
#include "fake_array.h"

#define MAX_WIDTH_1D  131072u
#define MAX_WIDTH_2D  131072u
#define MAX_HEIGHT_2D 65536u
#define MAX_EXTENT_3D 16384u
#define MAX_LAYERS    2048u

#define KNOWN_FLAGS (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST | \
    CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_TEXTURE_GATHER | \
    CUDA_ARRAY3D_SPARSE | CUDA_ARRAY3D_DEFERRED_MAPPING)

struct fc_mipmap {
	uintptr_t handle;
	struct fc_context *ctx;
	unsigned int levels;
	struct fc_array **level;	/* levels entries */
};

/* Every live array and mipmapped array, for their context's end. */
static struct fc_array *arrays;

size_t
fc_format_bytes(CUarray_format format)
{
	switch (format) {
	case CU_AD_FORMAT_UNSIGNED_INT8:
	case CU_AD_FORMAT_SIGNED_INT8:
		return 1;
	case CU_AD_FORMAT_UNSIGNED_INT16:
	case CU_AD_FORMAT_SIGNED_INT16:
	case CU_AD_FORMAT_HALF:
		return 2;
	case CU_AD_FORMAT_UNSIGNED_INT32:
	case CU_AD_FORMAT_SIGNED_INT32:
	case CU_AD_FORMAT_FLOAT:
		return 4;
	default:
		return 0;
	}
}

static CUresult
check_desc(const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	bool layered = (d->Flags & CUDA_ARRAY3D_LAYERED) != 0;

	if (fc_format_bytes(d->Format) == 0 || (d->Flags & ~KNOWN_FLAGS) ||
	    (d->NumChannels != 1 && d->NumChannels != 2 && d->NumChannels != 4))
		return CUDA_ERROR_INVALID_VALUE;
	if (d->Width == 0 || (d->Height == 0 && d->Depth != 0 && !layered))
		return CUDA_ERROR_INVALID_VALUE;
	if (layered) {
		if (d->Depth == 0 || d->Depth > MAX_LAYERS ||
		    d->Width > MAX_EXTENT_3D * 2 || d->Height > MAX_EXTENT_3D * 2)
			return CUDA_ERROR_INVALID_VALUE;
		return CUDA_SUCCESS;
	}
	if (d->Depth != 0)
		return d->Width > MAX_EXTENT_3D || d->Height > MAX_EXTENT_3D ||
		    d->Depth > MAX_EXTENT_3D ? CUDA_ERROR_INVALID_VALUE :
		    CUDA_SUCCESS;
	if (d->Height != 0)
		return d->Width > MAX_WIDTH_2D || d->Height > MAX_HEIGHT_2D ?
		    CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
	return d->Width > MAX_WIDTH_1D ? CUDA_ERROR_INVALID_VALUE :
	    CUDA_SUCCESS;
}

/* A new array of a checked descriptor, owned by ctx; not yet listed. */
static CUresult
make(const CUDA_ARRAY3D_DESCRIPTOR *d, struct fc_context *ctx,
    struct fc_array **out)
{
	struct fc_array *a = calloc(1, sizeof(*a));
	size_t rows = d->Height ? d->Height : 1;
	size_t slices = d->Depth ? d->Depth : 1;

	if (a == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	a->desc = *d;
	a->ctx = ctx;
	a->row_bytes = d->Width * fc_format_bytes(d->Format) * d->NumChannels;
	a->rows = rows;
	a->slices = slices;
	a->data = calloc(slices * rows, a->row_bytes);
	a->handle = fc_handle_new(FC_KIND_ARRAY, a);
	if (a->data == NULL || a->handle == 0) {
		if (a->handle != 0)
			fc_handle_drop(a->handle);
		free(a->data);
		free(a);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*out = a;
	return CUDA_SUCCESS;
}

static void
unmake(struct fc_array *a)
{
	fc_sparse_forget(a->handle);
	fc_handle_drop(a->handle);
	free(a->data);
	free(a);
}

static void
list(struct fc_array *a)
{
	a->next = arrays;
	arrays = a;
}

static void
unlist(struct fc_array *a)
{
	for (struct fc_array **p = &arrays; *p != NULL; p = &(*p)->next)
		if (*p == a) {
			*p = a->next;
			return;
		}
}

struct fc_array *
fc_array_lookup(CUarray handle)
{
	return fc_handle_lookup((uintptr_t)handle, FC_KIND_ARRAY);
}

CUresult
fc_array_locate(CUarray handle, size_t x, size_t y, size_t z, size_t width,
    size_t height, size_t depth, unsigned char **base, size_t *pitch,
    size_t *slice_rows)
{
	struct fc_array *a = fc_array_lookup(handle);

	if (a == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (x > a->row_bytes || width > a->row_bytes - x ||
	    y > a->rows || height > a->rows - y ||
	    z > a->slices || depth > a->slices - z)
		return CUDA_ERROR_INVALID_VALUE;
	*base = a->data;
	*pitch = a->row_bytes;
	*slice_rows = a->rows;
	return CUDA_SUCCESS;
}

static CUresult
create(CUarray *out, const CUDA_ARRAY3D_DESCRIPTOR *d)
{
	struct fc_context *ctx;
	struct fc_array *a;
	CUresult rc;

	if (out == NULL || d == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = check_desc(d);
	if (rc == CUDA_SUCCESS)
		rc = make(d, ctx, &a);
	if (rc == CUDA_SUCCESS) {
		list(a);
		*out = (CUarray)a->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuArrayCreate(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray)
{
	CUDA_ARRAY3D_DESCRIPTOR d;

	if (pAllocateArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&d, 0, sizeof(d));
	d.Width = pAllocateArray->Width;
	d.Height = pAllocateArray->Height;
	d.Format = pAllocateArray->Format;
	d.NumChannels = pAllocateArray->NumChannels;
	return create(pHandle, &d);
}

FC_API CUresult
cuArray3DCreate(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray)
{
	return create(pHandle, pAllocateArray);
}

FC_API CUresult
cuArray3DGetDescriptor(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	struct fc_array *a;
	CUresult rc = CUDA_SUCCESS;

	if (pArrayDescriptor == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	if ((a = fc_array_lookup(hArray)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	else
		*pArrayDescriptor = a->desc;
	fc_unlock();
	return rc;
}

/* The stand-in refuses a layered or 3D array, which a 2D descriptor
 * cannot describe. */
FC_API CUresult
cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	CUDA_ARRAY3D_DESCRIPTOR d;
	CUresult rc;

	if (pArrayDescriptor == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((rc = cuArray3DGetDescriptor(&d, hArray)) != CUDA_SUCCESS)
		return rc;
	if (d.Depth != 0)
		return CUDA_ERROR_INVALID_VALUE;
	pArrayDescriptor->Width = d.Width;
	pArrayDescriptor->Height = d.Height;
	pArrayDescriptor->Format = d.Format;
	pArrayDescriptor->NumChannels = d.NumChannels;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuArrayDestroy(CUarray hArray)
{
	struct fc_array *a;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	a = fc_array_lookup(hArray);
	if (a == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	else if (a->level_of != 0)
		rc = CUDA_ERROR_INVALID_VALUE;	/* a mipmap level */
	else {
		unlist(a);
		unmake(a);
	}
	fc_unlock();
	return rc;
}

/* Its bytes, in whole pages of REQUIREMENT_ALIGNMENT. */
#define REQUIREMENT_ALIGNMENT 65536u

static size_t
array_bytes(const struct fc_array *a)
{
	size_t bytes = a->row_bytes * a->rows * a->slices;

	return (bytes + REQUIREMENT_ALIGNMENT - 1) / REQUIREMENT_ALIGNMENT *
	    REQUIREMENT_ALIGNMENT;
}

FC_API CUresult
cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements,
    CUarray array, CUdevice device)
{
	struct fc_array *a;
	CUresult rc;

	if (memoryRequirements == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_check_device(device);
	if (rc == CUDA_SUCCESS && (a = fc_array_lookup(array)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS) {
		memset(memoryRequirements, 0, sizeof(*memoryRequirements));
		memoryRequirements->size = array_bytes(a);
		memoryRequirements->alignment = REQUIREMENT_ALIGNMENT;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuArrayGetPlane(CUarray *pPlaneArray, CUarray hArray, unsigned int planeIdx)
{
	CUresult rc = CUDA_ERROR_INVALID_VALUE;	/* no multi-planar formats */

	(void)planeIdx;
	if (pPlaneArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	if (fc_array_lookup(hArray) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	fc_unlock();
	return rc;
}

/* ---- mipmapped arrays ---- */

static void
mipmap_free(struct fc_mipmap *m)
{
	fc_sparse_forget(m->handle);
	for (unsigned int i = 0; i < m->levels; i++)
		if (m->level[i] != NULL)
			unmake(m->level[i]);
	free(m->level);
	fc_handle_drop(m->handle);
	free(m);
}

/* Mipmapped arrays are kept on their own list, one entry per mipmap. */
struct mipmap_entry {
	struct fc_mipmap *m;
	struct mipmap_entry *next;
};

static struct mipmap_entry *mipmaps;

static size_t
halve(size_t v)
{
	return v > 1 ? v / 2 : v;
}

FC_API CUresult
cuMipmappedArrayCreate(CUmipmappedArray *pHandle,
    const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
    unsigned int numMipmapLevels)
{
	CUDA_ARRAY3D_DESCRIPTOR d;
	struct fc_context *ctx;
	struct fc_mipmap *m = NULL;
	struct mipmap_entry *e = NULL;
	CUresult rc;

	if (pHandle == NULL || pMipmappedArrayDesc == NULL ||
	    numMipmapLevels == 0 || numMipmapLevels > 32)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = check_desc(pMipmappedArrayDesc);
	if (rc == CUDA_SUCCESS &&
	    ((m = calloc(1, sizeof(*m))) == NULL ||
	    (m->level = calloc(numMipmapLevels, sizeof(*m->level))) == NULL ||
	    (e = calloc(1, sizeof(*e))) == NULL ||
	    (m->handle = fc_handle_new(FC_KIND_MIPMAPPED_ARRAY, m)) == 0))
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (m != NULL) {
		m->ctx = ctx;
		d = *pMipmappedArrayDesc;
		for (unsigned int i = 0; rc == CUDA_SUCCESS && i < numMipmapLevels; i++) {
			rc = make(&d, ctx, &m->level[i]);
			if (rc == CUDA_SUCCESS)
				m->level[i]->level_of = m->handle;
			m->levels = i + 1;
			d.Width = halve(d.Width);
			d.Height = halve(d.Height);
			if (!(d.Flags & CUDA_ARRAY3D_LAYERED))
				d.Depth = halve(d.Depth);
		}
	}
	if (rc == CUDA_SUCCESS) {
		e->m = m;
		e->next = mipmaps;
		mipmaps = e;
		*pHandle = (CUmipmappedArray)m->handle;
	} else {
		if (m != NULL)
			mipmap_free(m);
		free(e);
	}
	fc_unlock();
	return rc;
}

static struct mipmap_entry **
find_mipmap(CUmipmappedArray handle)
{
	struct mipmap_entry **p;

	for (p = &mipmaps; *p != NULL; p = &(*p)->next)
		if ((*p)->m->handle == (uintptr_t)handle)
			return p;
	return NULL;
}

struct fc_array **
fc_mipmap_levels(CUmipmappedArray handle, unsigned int *levels)
{
	struct mipmap_entry **p = find_mipmap(handle);

	if (p == NULL)
		return NULL;
	*levels = (*p)->m->levels;
	return (*p)->m->level;
}

FC_API CUresult
cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray)
{
	struct mipmap_entry **p, *e;
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if ((p = find_mipmap(hMipmappedArray)) == NULL) {
		rc = CUDA_ERROR_INVALID_HANDLE;
	} else {
		e = *p;
		*p = e->next;
		mipmap_free(e->m);
		free(e);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray,
    unsigned int level)
{
	struct mipmap_entry **p;
	CUresult rc = CUDA_SUCCESS;

	if (pLevelArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	if ((p = find_mipmap(hMipmappedArray)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	else if (level >= (*p)->m->levels)
		rc = CUDA_ERROR_INVALID_VALUE;
	else
		*pLevelArray = (CUarray)(*p)->m->level[level]->handle;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMipmappedArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements,
    CUmipmappedArray mipmap, CUdevice device)
{
	struct mipmap_entry **p;
	CUresult rc;

	if (memoryRequirements == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_check_device(device);
	if (rc == CUDA_SUCCESS && (p = find_mipmap(mipmap)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS) {
		memset(memoryRequirements, 0, sizeof(*memoryRequirements));
		for (unsigned int i = 0; i < (*p)->m->levels; i++)
			memoryRequirements->size += array_bytes((*p)->m->level[i]);
		memoryRequirements->alignment = REQUIREMENT_ALIGNMENT;
	}
	fc_unlock();
	return rc;
}

void
fc_array_release_context(struct fc_context *ctx)
{
	struct fc_array **p = &arrays;
	struct mipmap_entry **q = &mipmaps;

	while (*p != NULL) {
		struct fc_array *a = *p;

		if (a->ctx == ctx) {
			*p = a->next;
			unmake(a);
		} else {
			p = &a->next;
		}
	}
	while (*q != NULL) {
		struct mipmap_entry *e = *q;

		if (e->m->ctx == ctx) {
			*q = e->next;
			mipmap_free(e->m);
			free(e);
		} else {
			q = &e->next;
		}
	}
}
