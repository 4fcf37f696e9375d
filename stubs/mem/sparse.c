/*
 * sparse.c -- sparse arrays: their properties, and mapping their tiles
 * onto physical allocations (idl/cuda.x, CU_ARRAY_GET_SPARSE_PROPERTIES
 * and after).
 *
 * The arrays, the allocations and the stream of one list must all be of
 * one server, as they are of one device natively; the server checks each
 * handle.  The client only cuts a long list into messages and translates
 * the device of deviceBitMask to the server's ordinal.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"

static CUresult properties(CUDA_ARRAY_SPARSE_PROPERTIES *out,
    const void *array, bool mipmapped)
{
	res_sparse_properties r;
	const sparse_properties *w = &r.res_sparse_properties_u.value;
	struct call k;
	CUresult e;

	if (out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, array, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if (mipmapped)
		e = call_done(&k, cu_mipmapped_array_get_sparse_properties(
		    route_strip(array), &r, k.c), &r.err);
	else
		e = call_done(&k, cu_array_get_sparse_properties(
		    route_strip(array), &r, k.c), &r.err);
	if (e != CUDA_SUCCESS)
		return e;
	memset(out, 0, sizeof *out);
	out->tileExtent.width = w->tile_width;
	out->tileExtent.height = w->tile_height;
	out->tileExtent.depth = w->tile_depth;
	out->miptailFirstLevel = w->miptail_first_level;
	out->miptailSize = w->miptail_size;
	out->flags = w->flags;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array)
{
	return properties(sparseProperties, array, false);
}

ONCUDA_API CUresult cuMipmappedArrayGetSparseProperties(
    CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap)
{
	return properties(sparseProperties, mipmap, true);
}

static const void *resource_of(const CUarrayMapInfo *m)
{
	return m->resourceType == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY ?
	    (const void *)m->resource.mipmap : (const void *)m->resource.array;
}

/*
 * Routes the list's handles and devices; *masks gets each operation's
 * deviceBitMask with its device's server ordinal.  A mask of one device
 * is translated; any other goes as it is, for the driver to refuse (it
 * takes exactly one), and so does a device the client does not know, as
 * no device (0).
 */
static void route_list(struct route *rt, const CUarrayMapInfo *list,
    unsigned int count, unsigned int *masks)
{
	for (unsigned int i = 0; i < count; i++) {
		unsigned int mask = list[i].deviceBitMask;
		CUdevice local;

		route_handle(rt, resource_of(&list[i]), ROUTE_HANDLE);
		if (list[i].memOperationType == CU_MEM_OPERATION_TYPE_MAP)
			route_handle(rt, (const void *)(uintptr_t)
			    list[i].memHandle.memHandle, ROUTE_HANDLE);
		masks[i] = mask;
		if (mask == 0 || (mask & (mask - 1)) != 0)
			continue;
		route_device(rt, (CUdevice)__builtin_ctz(mask), &local);
		masks[i] = local >= 0 && local < 32 ? 1u << local : 0;
	}
}

static array_map_info info_to_wire(const CUarrayMapInfo *m, unsigned int mask)
{
	array_map_info w;

	memset(&w, 0, sizeof w);
	w.resource_type = (int)m->resourceType;
	w.resource = route_strip(resource_of(m));
	w.subresource_type = (int)m->subresourceType;
	if (m->subresourceType == CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL) {
		w.layer = m->subresource.miptail.layer;
		w.miptail_offset = m->subresource.miptail.offset;
		w.miptail_size = m->subresource.miptail.size;
	} else {
		w.level = m->subresource.sparseLevel.level;
		w.layer = m->subresource.sparseLevel.layer;
		w.offset_x = m->subresource.sparseLevel.offsetX;
		w.offset_y = m->subresource.sparseLevel.offsetY;
		w.offset_z = m->subresource.sparseLevel.offsetZ;
		w.extent_width = m->subresource.sparseLevel.extentWidth;
		w.extent_height = m->subresource.sparseLevel.extentHeight;
		w.extent_depth = m->subresource.sparseLevel.extentDepth;
	}
	w.mem_operation_type = (int)m->memOperationType;
	w.mem_handle_type = (int)m->memHandleType;
	w.mem_handle = route_strip((const void *)(uintptr_t)
	    m->memHandle.memHandle);
	w.offset = m->offset;
	w.device_bit_mask = mask;
	w.flags = m->flags;
	w.reserved0 = m->reserved[0];
	w.reserved1 = m->reserved[1];
	return w;
}

ONCUDA_API CUresult cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList,
    unsigned int count, CUstream hStream)
{
	array_map_info wire[ONCUDA_ARRAY_MAP_INFOS_MAX];
	unsigned int masks[ONCUDA_ARRAY_MAP_INFOS_MAX];
	struct route rt = ROUTE_INIT;
	enum clnt_stat st = RPC_SUCCESS;
	unsigned int done = 0;
	res_none r;
	struct call k;
	CUresult e;

	if (mapInfoList == NULL && count != 0)
		return CUDA_ERROR_INVALID_VALUE;
	/* CU_STREAM_PER_THREAD is the thread's own stream (thread_stream.h). */
	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	route_handle(&rt, hStream, ROUTE_STREAM);
	for (unsigned int i = 0; i < count; i += ONCUDA_ARRAY_MAP_INFOS_MAX) {
		unsigned int n = count - i < ONCUDA_ARRAY_MAP_INFOS_MAX ?
		    count - i : ONCUDA_ARRAY_MAP_INFOS_MAX;

		route_list(&rt, mapInfoList + i, n, masks);
	}
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	/* In order, a message at a time; the first error ends the list. */
	do {
		unsigned int n = count - done < ONCUDA_ARRAY_MAP_INFOS_MAX ?
		    count - done : ONCUDA_ARRAY_MAP_INFOS_MAX;
		array_map_infos list = { n, wire };

		struct route again = ROUTE_INIT;

		route_list(&again, mapInfoList + done, n, masks);
		for (unsigned int i = 0; i < n; i++)
			wire[i] = info_to_wire(&mapInfoList[done + i], masks[i]);
		memset(&r, 0, sizeof r);
		st = cu_mem_map_array_async(list, route_strip(hStream), &r, k.c);
		done += n;
	} while (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && done < count);
	return call_done(&k, st, &r.err);
}

ONCUDA_API CUresult cuMemMapArrayAsync_ptsz(CUarrayMapInfo *mapInfoList,
    unsigned int count, CUstream hStream);

ONCUDA_API CUresult cuMemMapArrayAsync_ptsz(CUarrayMapInfo *mapInfoList,
    unsigned int count, CUstream hStream)
{
	return cuMemMapArrayAsync(mapInfoList, count, thread_stream_null(hStream));
}
