/*
 * sparse.c - sparse CUDA arrays: their properties, and the bookkeeping of
 * cuMemMapArrayAsync.
 *
 * The stand-in's arrays keep their bytes in host buffers whether sparse or
 * not, so mapping moves no data: it checks each operation as the driver
 * documents it (tile-aligned regions inside the level, a live tile-pool
 * allocation large enough, one device) and records which tiles are
 * mapped onto which allocation, so that the allocation's memory lives on
 * after cuMemRelease while a tile holds it, as with the driver.  An array
 * made with CUDA_ARRAY3D_DEFERRED_MAPPING is mapped whole, as one tile of
 * its size in whole tiles.  Tiles are
 * 64 KiB, their extents the shapes NVIDIA documents for each element
 * size; the mip tail is the levels smaller than a tile, packed, in 64 KiB
 * units.
 */
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"
#include "fake_array.h"

#define TILE_BYTES 65536u
#define WHOLE (UINT32_MAX - 1)

struct tile {
	uintptr_t resource;
	unsigned int level, layer;	/* level UINT32_MAX: the mip tail,
					 * WHOLE: a deferred mapping's */
	unsigned long long x, y, z;	/* mip tail: 64 KiB unit in x */
	void *physical;
	struct tile *next;
};

static struct tile *tiles;

/* The tile extent for a descriptor: 2D (depth 1) or 3D shapes. */
static void
tile_extent(const CUDA_ARRAY3D_DESCRIPTOR *d, unsigned int e[3])
{
	static const unsigned int two_d[5][2] = {
		{ 256, 256 }, { 256, 128 }, { 128, 128 }, { 128, 64 }, { 64, 64 }
	};
	static const unsigned int three_d[5][3] = {
		{ 64, 32, 32 }, { 32, 32, 32 }, { 32, 32, 16 }, { 32, 16, 16 },
		{ 16, 16, 16 }
	};
	size_t bytes = fc_format_bytes(d->Format) * d->NumChannels;
	unsigned int i = 0;

	while (i < 4 && ((size_t)1 << i) < bytes)
		i++;
	if (d->Depth != 0 && !(d->Flags & CUDA_ARRAY3D_LAYERED)) {
		memcpy(e, three_d[i], sizeof three_d[i]);
		return;
	}
	e[0] = two_d[i][0];
	e[1] = two_d[i][1];
	e[2] = 1;
}

static bool
smaller_than_tile(const struct fc_array *a, const unsigned int e[3])
{
	bool three_d = a->desc.Depth != 0 &&
	    !(a->desc.Flags & CUDA_ARRAY3D_LAYERED);

	return a->desc.Width < e[0] || a->rows < e[1] ||
	    (three_d && a->slices < e[2]);
}

static unsigned long long
round_tile(unsigned long long bytes)
{
	return (bytes + TILE_BYTES - 1) / TILE_BYTES * TILE_BYTES;
}

/* A sparse mipmapped array's properties: its tail from the first small level. */
static void
mipmap_properties(struct fc_array **level, unsigned int levels,
    CUDA_ARRAY_SPARSE_PROPERTIES *p)
{
	unsigned int e[3];
	unsigned long long tail = 0;

	tile_extent(&level[0]->desc, e);
	memset(p, 0, sizeof(*p));
	p->tileExtent.width = e[0];
	p->tileExtent.height = e[1];
	p->tileExtent.depth = e[2];
	p->miptailFirstLevel = levels;
	for (unsigned int i = 0; i < levels; i++)
		if (smaller_than_tile(level[i], e)) {
			if (p->miptailFirstLevel == levels)
				p->miptailFirstLevel = i;
			tail += level[i]->row_bytes * level[i]->rows *
			    level[i]->slices;
		}
	p->miptailSize = round_tile(tail);
	if (tail == 0)
		p->miptailFirstLevel = 0;
}

FC_API CUresult
cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties,
    CUarray array)
{
	struct fc_array *a;
	unsigned int e[3];
	CUresult rc = CUDA_SUCCESS;

	if (sparseProperties == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	if ((a = fc_array_lookup(array)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	else if (a->level_of != 0 || !(a->desc.Flags & CUDA_ARRAY3D_SPARSE))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		tile_extent(&a->desc, e);
		memset(sparseProperties, 0, sizeof(*sparseProperties));
		sparseProperties->tileExtent.width = e[0];
		sparseProperties->tileExtent.height = e[1];
		sparseProperties->tileExtent.depth = e[2];
		/* An array smaller than a tile is all mip tail. */
		if (smaller_than_tile(a, e)) {
			sparseProperties->flags =
			    CU_ARRAY_SPARSE_PROPERTIES_SINGLE_MIPTAIL;
			sparseProperties->miptailSize = round_tile(
			    a->row_bytes * a->rows * a->slices);
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMipmappedArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap)
{
	struct fc_array **level;
	unsigned int levels;
	CUresult rc = CUDA_SUCCESS;

	if (sparseProperties == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	if ((level = fc_mipmap_levels(mipmap, &levels)) == NULL)
		rc = CUDA_ERROR_INVALID_HANDLE;
	else if (!(level[0]->desc.Flags & CUDA_ARRAY3D_SPARSE))
		rc = CUDA_ERROR_INVALID_VALUE;
	else
		mipmap_properties(level, levels, sparseProperties);
	fc_unlock();
	return rc;
}

/* One tile: recorded as mapped onto physical, or as unmapped (NULL). */
static bool
set_tile(const struct tile *key, void *physical)
{
	struct tile **at = &tiles, *t;

	for (; *at != NULL; at = &(*at)->next)
		if ((*at)->resource == key->resource &&
		    (*at)->level == key->level && (*at)->layer == key->layer &&
		    (*at)->x == key->x && (*at)->y == key->y &&
		    (*at)->z == key->z)
			break;
	if (*at != NULL) {
		t = *at;
		fc_vmm_tile_unmap(t->physical);
		if (physical == NULL) {
			*at = t->next;
			free(t);
		} else {
			t->physical = physical;
		}
		return true;
	}
	if (physical == NULL)
		return true;
	if ((t = malloc(sizeof(*t))) == NULL)
		return false;
	*t = *key;
	t->physical = physical;
	t->next = tiles;
	tiles = t;
	return true;
}

void
fc_sparse_forget(uintptr_t handle)
{
	for (struct tile **at = &tiles; *at != NULL;) {
		struct tile *t = *at;

		if (t->resource != handle) {
			at = &t->next;
			continue;
		}
		*at = t->next;
		fc_vmm_tile_unmap(t->physical);
		free(t);
	}
}

/* [offset, offset + extent) in whole tiles of size tile, inside limit. */
static bool
aligned(unsigned long long offset, unsigned long long extent,
    unsigned long long tile, unsigned long long limit)
{
	return offset % tile == 0 && offset <= limit &&
	    extent <= limit - offset &&
	    (extent % tile == 0 || offset + extent == limit);
}

/*
 * A deferred mapping's: the whole resource, levels of them, as one tile
 * of its bytes in whole tiles (count[0] of them).
 */
static CUresult
whole(struct fc_array **level, unsigned int levels, struct tile *first,
    unsigned long long count[3])
{
	unsigned long long bytes = 0;

	for (unsigned int i = 0; i < levels; i++)
		bytes += level[i]->row_bytes * level[i]->rows * level[i]->slices;
	first->level = WHOLE;
	count[0] = round_tile(bytes) / TILE_BYTES;
	count[1] = count[2] = 1;
	return CUDA_SUCCESS;
}

/* The tiles operation m names, in *first and *count (x, y, z), checked. */
static CUresult
region(const CUarrayMapInfo *m, struct tile *first, unsigned long long count[3])
{
	struct fc_array *a, **level = NULL;
	unsigned int levels = 1, e[3];
	CUDA_ARRAY_SPARSE_PROPERTIES p;

	memset(first, 0, sizeof(*first));
	if (m->resourceType == CU_RESOURCE_TYPE_ARRAY) {
		if ((a = fc_array_lookup(m->resource.array)) == NULL)
			return CUDA_ERROR_INVALID_HANDLE;
		first->resource = a->handle;
		if (a->level_of == 0 &&
		    (a->desc.Flags & CUDA_ARRAY3D_DEFERRED_MAPPING))
			return whole(&a, 1, first, count);
		if (a->level_of != 0 || !(a->desc.Flags & CUDA_ARRAY3D_SPARSE))
			return CUDA_ERROR_INVALID_VALUE;
		level = &a;
		tile_extent(&a->desc, e);
		memset(&p, 0, sizeof(p));
		if (smaller_than_tile(a, e))
			p.miptailSize = round_tile(a->row_bytes * a->rows *
			    a->slices);
	} else if (m->resourceType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY) {
		if ((level = fc_mipmap_levels(m->resource.mipmap, &levels)) == NULL)
			return CUDA_ERROR_INVALID_HANDLE;
		first->resource = (uintptr_t)m->resource.mipmap;
		if (level[0]->desc.Flags & CUDA_ARRAY3D_DEFERRED_MAPPING)
			return whole(level, levels, first, count);
		if (!(level[0]->desc.Flags & CUDA_ARRAY3D_SPARSE))
			return CUDA_ERROR_INVALID_VALUE;
		mipmap_properties(level, levels, &p);
		tile_extent(&level[0]->desc, e);
	} else {
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (m->subresourceType == CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL) {
		if (m->subresource.miptail.layer != 0 || p.miptailSize == 0 ||
		    !aligned(m->subresource.miptail.offset,
		    m->subresource.miptail.size, TILE_BYTES, p.miptailSize) ||
		    m->subresource.miptail.size == 0)
			return CUDA_ERROR_INVALID_VALUE;
		first->level = UINT32_MAX;
		first->x = m->subresource.miptail.offset / TILE_BYTES;
		count[0] = m->subresource.miptail.size / TILE_BYTES;
		count[1] = count[2] = 1;
		return CUDA_SUCCESS;
	}
	if (m->subresourceType != CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL)
		return CUDA_ERROR_INVALID_VALUE;
	{
		const __typeof__(m->subresource.sparseLevel) *s =
		    &m->subresource.sparseLevel;
		struct fc_array *l;

		if (s->level >= levels || s->layer != 0 ||
		    s->extentWidth == 0 || s->extentHeight == 0 ||
		    s->extentDepth == 0)
			return CUDA_ERROR_INVALID_VALUE;
		l = level[s->level];
		if (smaller_than_tile(l, e) ||
		    !aligned(s->offsetX, s->extentWidth, e[0], l->desc.Width) ||
		    !aligned(s->offsetY, s->extentHeight, e[1], l->rows) ||
		    !aligned(s->offsetZ, s->extentDepth, e[2], l->slices))
			return CUDA_ERROR_INVALID_VALUE;
		first->level = s->level;
		first->x = s->offsetX / e[0];
		first->y = s->offsetY / e[1];
		first->z = s->offsetZ / e[2];
		count[0] = (s->extentWidth + e[0] - 1) / e[0];
		count[1] = (s->extentHeight + e[1] - 1) / e[1];
		count[2] = (s->extentDepth + e[2] - 1) / e[2];
	}
	return CUDA_SUCCESS;
}

static CUresult
map_one(const CUarrayMapInfo *m)
{
	unsigned long long n[3], bytes;
	struct tile first, t;
	void *physical = NULL;
	unsigned int mask = m->deviceBitMask;
	CUresult rc;

	if ((rc = region(m, &first, n)) != CUDA_SUCCESS)
		return rc;
	if (m->flags != 0 || m->reserved[0] != 0 || m->reserved[1] != 0 ||
	    mask == 0 || (mask & (mask - 1)) != 0 ||
	    fc_check_device((CUdevice)__builtin_ctz(mask)) != CUDA_SUCCESS)
		return CUDA_ERROR_INVALID_VALUE;
	bytes = n[0] * n[1] * n[2] * TILE_BYTES;
	if (m->memOperationType == CU_MEM_OPERATION_TYPE_UNMAP) {
		if (m->memHandle.memHandle != 0)
			return CUDA_ERROR_INVALID_VALUE;
	} else if (m->memOperationType != CU_MEM_OPERATION_TYPE_MAP ||
	    m->memHandleType != CU_MEM_HANDLE_TYPE_GENERIC ||
	    m->offset % TILE_BYTES != 0) {
		return CUDA_ERROR_INVALID_VALUE;
	} else {
		/* Check the whole range first: one mapping per tile below. */
		if ((physical = fc_vmm_tile_map(m->memHandle.memHandle,
		    m->offset, bytes)) == NULL)
			return CUDA_ERROR_INVALID_VALUE;
	}
	t = first;
	for (t.z = first.z; t.z < first.z + n[2]; t.z++)
		for (t.y = first.y; t.y < first.y + n[1]; t.y++)
			for (t.x = first.x; t.x < first.x + n[0]; t.x++) {
				if (physical != NULL)
					fc_vmm_tile_map(m->memHandle.memHandle,
					    m->offset, bytes);
				if (!set_tile(&t, physical)) {
					fc_vmm_tile_unmap(physical);
					rc = CUDA_ERROR_OUT_OF_MEMORY;
				}
			}
	if (physical != NULL)
		fc_vmm_tile_unmap(physical);	/* the whole-range check's */
	return rc;
}

FC_API CUresult
cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count,
    CUstream hStream)
{
	struct fc_context *ctx;
	CUresult rc;

	if (mapInfoList == NULL && count != 0)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < count; i++)
		rc = map_one(&mapInfoList[i]);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuMemMapArrayAsync_ptsz(CUarrayMapInfo *mapInfoList, unsigned int count,
    CUstream hStream)
{
	return cuMemMapArrayAsync(mapInfoList, count, hStream);
}
