/*
 * svc_sparse.c -- sparse arrays: their properties, and mapping their tiles
 * onto the client's physical allocations (idl/cuda.x,
 * CU_ARRAY_GET_SPARSE_PROPERTIES and after).
 *
 * Every handle an operation names is checked before the driver sees any
 * of the list; the operations then go to the driver one at a time, so
 * that the server knows which took effect and records their tiles
 * (sparse_tiles.h), which keep the memory under them counted.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/svc/sparse_tiles.h"

static void properties_to_wire(const CUDA_ARRAY_SPARSE_PROPERTIES *p,
    res_sparse_properties *r)
{
	sparse_properties *w = &r->res_sparse_properties_u.value;

	if (r->err != CUDA_SUCCESS)
		return;
	w->tile_width = p->tileExtent.width;
	w->tile_height = p->tileExtent.height;
	w->tile_depth = p->tileExtent.depth;
	w->miptail_first_level = p->miptailFirstLevel;
	w->miptail_size = p->miptailSize;
	w->flags = p->flags;
}

bool_t cu_array_get_sparse_properties_svc(cu_handle array,
    res_sparse_properties *r, struct svc_req *rq)
{
	CUDA_ARRAY_SPARSE_PROPERTIES p;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_ARRAY, array, false)) != CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof p);
	r->err = cuArrayGetSparseProperties(&p, (CUarray)(uintptr_t)array);
	properties_to_wire(&p, r);
	return TRUE;
}

bool_t cu_mipmapped_array_get_sparse_properties_svc(cu_handle array,
    res_sparse_properties *r, struct svc_req *rq)
{
	CUDA_ARRAY_SPARSE_PROPERTIES p;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_MIPMAPPED_ARRAY, array, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof p);
	r->err = cuMipmappedArrayGetSparseProperties(&p,
	    (CUmipmappedArray)(uintptr_t)array);
	properties_to_wire(&p, r);
	return TRUE;
}

/* The handles of one operation, as the driver would judge them. */
static CUresult check(const array_map_info *w)
{
	CUresult e;

	if (w->resource_type == CU_RESOURCE_TYPE_ARRAY)
		e = handle_check(HANDLE_ARRAY, w->resource, false);
	else if (w->resource_type == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
		e = handle_check(HANDLE_MIPMAPPED_ARRAY, w->resource, false);
	else
		e = CUDA_ERROR_INVALID_VALUE;
	if (e != CUDA_SUCCESS)
		return e;
	switch (w->mem_operation_type) {
	case CU_MEM_OPERATION_TYPE_MAP:
		if (w->mem_handle_type != CU_MEM_HANDLE_TYPE_GENERIC)
			return CUDA_ERROR_INVALID_VALUE;
		return handle_check(HANDLE_MEM_ALLOCATION, w->mem_handle, false);
	case CU_MEM_OPERATION_TYPE_UNMAP:
		/* The driver wants no allocation: none unchecked reaches it. */
		return w->mem_handle == 0 ? CUDA_SUCCESS :
		    CUDA_ERROR_INVALID_VALUE;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

static CUarrayMapInfo info_from_wire(const array_map_info *w)
{
	CUarrayMapInfo m;

	memset(&m, 0, sizeof m);
	m.resourceType = (CUresourcetype)w->resource_type;
	if (m.resourceType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
		m.resource.mipmap = (CUmipmappedArray)(uintptr_t)w->resource;
	else
		m.resource.array = (CUarray)(uintptr_t)w->resource;
	m.subresourceType = (CUarraySparseSubresourceType)w->subresource_type;
	if (m.subresourceType == CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL) {
		m.subresource.miptail.layer = w->layer;
		m.subresource.miptail.offset = w->miptail_offset;
		m.subresource.miptail.size = w->miptail_size;
	} else {
		m.subresource.sparseLevel.level = w->level;
		m.subresource.sparseLevel.layer = w->layer;
		m.subresource.sparseLevel.offsetX = w->offset_x;
		m.subresource.sparseLevel.offsetY = w->offset_y;
		m.subresource.sparseLevel.offsetZ = w->offset_z;
		m.subresource.sparseLevel.extentWidth = w->extent_width;
		m.subresource.sparseLevel.extentHeight = w->extent_height;
		m.subresource.sparseLevel.extentDepth = w->extent_depth;
	}
	m.memOperationType = (CUmemOperationType)w->mem_operation_type;
	m.memHandleType = (CUmemHandleType)w->mem_handle_type;
	m.memHandle.memHandle = (CUmemGenericAllocationHandle)w->mem_handle;
	m.offset = w->offset;
	m.deviceBitMask = w->device_bit_mask;
	m.flags = w->flags;
	m.reserved[0] = w->reserved0;
	m.reserved[1] = w->reserved1;
	return m;
}

/*
 * Tiles [offset / tile, ceil((offset + extent) / tile)); the driver
 * refused an operation whose sum would overflow before it is recorded.
 */
static void span(uint64_t offset, uint64_t extent, unsigned int tile,
    uint64_t *first, uint64_t *end)
{
	uint64_t t = tile == 0 ? 1 : tile;

	*first = offset / t;
	*end = *first + (offset % t + extent + t - 1) / t;
}

/*
 * The tiles operation m names.  A resource without sparse properties was
 * made with CUDA_ARRAY3D_DEFERRED_MAPPING (else the driver refuses the
 * operation): it is mapped whole, its subresource ignored.
 */
static struct tile_region region_of(const CUarrayMapInfo *m,
    const array_map_info *w)
{
	CUDA_ARRAY_SPARSE_PROPERTIES p;
	struct tile_region r;
	uint64_t first, end;
	CUresult e;

	memset(&r, 0, sizeof r);
	memset(&p, 0, sizeof p);
	r.resource = w->resource;
	r.mipmapped = m->resourceType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
	e = r.mipmapped ?
	    cuMipmappedArrayGetSparseProperties(&p, m->resource.mipmap) :
	    cuArrayGetSparseProperties(&p, m->resource.array);
	r.x1 = r.y1 = r.z1 = 1;
	if (e != CUDA_SUCCESS) {
		r.level = SPARSE_TILES_WHOLE;
		return r;
	}
	if (m->subresourceType == CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL) {
		r.level = SPARSE_TILES_MIPTAIL;
		r.layer = m->subresource.miptail.layer;
		span(m->subresource.miptail.offset, m->subresource.miptail.size,
		    SPARSE_TILES_UNIT, &r.x0, &r.x1);
		return r;
	}
	r.level = m->subresource.sparseLevel.level;
	r.layer = m->subresource.sparseLevel.layer;
	span(m->subresource.sparseLevel.offsetX,
	    m->subresource.sparseLevel.extentWidth, p.tileExtent.width,
	    &r.x0, &r.x1);
	span(m->subresource.sparseLevel.offsetY,
	    m->subresource.sparseLevel.extentHeight, p.tileExtent.height,
	    &first, &end);
	r.y0 = (uint32_t)first;
	r.y1 = (uint32_t)end;
	span(m->subresource.sparseLevel.offsetZ,
	    m->subresource.sparseLevel.extentDepth, p.tileExtent.depth,
	    &first, &end);
	r.z0 = (uint32_t)first;
	r.z1 = (uint32_t)end;
	return r;
}

/* One operation, checked: the driver's, then its tiles recorded. */
static CUresult map_one(const array_map_info *w, CUstream stream)
{
	CUarrayMapInfo m = info_from_wire(w), undo;
	struct tile_region region = region_of(&m, w);
	CUresult e;

	if ((e = cuMemMapArrayAsync(&m, 1, stream)) != CUDA_SUCCESS)
		return e;
	if (m.memOperationType == CU_MEM_OPERATION_TYPE_UNMAP) {
		sparse_tiles_unmap(&region);
		return CUDA_SUCCESS;
	}
	if (sparse_tiles_map(&region, w->mem_handle))
		return CUDA_SUCCESS;
	/* Unrecorded tiles would let their memory be counted free. */
	log_msg(LOG_WARN, "out of memory recording mapped tiles: unmapped "
	    "again");
	undo = m;
	undo.memOperationType = CU_MEM_OPERATION_TYPE_UNMAP;
	undo.memHandle.memHandle = 0;
	undo.offset = 0;
	(void)cuMemMapArrayAsync(&undo, 1, stream);
	sparse_tiles_unmap(&region);
	return CUDA_ERROR_OUT_OF_MEMORY;
}

bool_t cu_mem_map_array_async_svc(array_map_infos infos, cu_handle stream,
    res_none *r, struct svc_req *rq)
{
	const array_map_info *w = infos.array_map_infos_val;
	CUarrayMapInfo none;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_STREAM, stream, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	for (u_int i = 0; i < infos.array_map_infos_len; i++)
		if ((r->err = check(&w[i])) != CUDA_SUCCESS) {
			log_msg(LOG_INFO, "cuMemMapArrayAsync: operation %u names "
			    "a handle not this client's, or none", i);
			return TRUE;
		}
	if (infos.array_map_infos_len == 0) {
		/* The driver's answer to an empty list. */
		memset(&none, 0, sizeof none);
		r->err = cuMemMapArrayAsync(&none, 0,
		    (CUstream)(uintptr_t)stream);
		return TRUE;
	}
	for (u_int i = 0; i < infos.array_map_infos_len &&
	    r->err == CUDA_SUCCESS; i++)
		r->err = map_one(&w[i], (CUstream)(uintptr_t)stream);
	return TRUE;
}
