/*
 * tensor_map.c - cuTensorMapEncode* and cuTensorMapReplaceAddress: the
 * server's driver encodes the 128-byte CUtensorMap for an address of the
 * server, checked there over the tensor's whole extent, and the bytes are
 * stored into the program's map (see the tensor map procedures in
 * idl/cuda.x).
 */
#include <stdint.h>
#include <string.h>

#include "stubs/route/call.h"

/*
 * Where the map is written.  cuda.h declares CUtensorMap 64-byte aligned,
 * but the H200's driver encodes into a map at any address (seen with one
 * 16 bytes past a 64-byte boundary), and the client writes the bytes it
 * receives: so no alignment is asked here either.
 */
static bool map_given(const CUtensorMap *map)
{
	return map != NULL;
}

/*
 * The tensor description for the wire, its arrays pointing into the
 * program's (the XDR encoder only reads them).  false when an array the
 * rank needs is missing: the driver's CUDA_ERROR_INVALID_VALUE.
 */
static bool describe(tensor_global *t, CUtensorMapDataType type,
		     cuuint32_t rank, void *address, const cuuint64_t *dims,
		     const cuuint64_t *strides,
		     const cuuint32_t *element_strides,
		     CUtensorMapInterleave interleave,
		     CUtensorMapSwizzle swizzle,
		     CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oob)
{
	/* Past the largest rank nothing is read: the server refuses it. */
	u_int n = rank <= ONCUDA_TENSOR_RANK_MAX ? rank : 0;

	memset(t, 0, sizeof(*t));
	if (n > 0 && (dims == NULL || element_strides == NULL ||
		      (n > 1 && strides == NULL)))
		return false;
	t->data_type = type;
	t->rank = rank;
	t->address = (cu_dptr)(uintptr_t)address;
	t->dims.tensor_dims_len = n;
	t->dims.tensor_dims_val = (cuuint64_t *)(uintptr_t)dims;
	t->strides.tensor_dims_len = n > 0 ? n - 1 : 0;
	t->strides.tensor_dims_val = (cuuint64_t *)(uintptr_t)strides;
	t->element_strides.tensor_counts_len = n;
	t->element_strides.tensor_counts_val =
		(cuuint32_t *)(uintptr_t)element_strides;
	t->interleave = interleave;
	t->swizzle = swizzle;
	t->l2_promotion = l2;
	t->oob_fill = oob;
	return true;
}

/* Stores the map the server answered into the program's. */
static CUresult give_map(CUresult e, const res_tensor_map *r,
			 CUtensorMap *map)
{
	if (e == CUDA_SUCCESS)
		memcpy(map, r->res_tensor_map_u.map.bytes, sizeof(*map));
	return e;
}

ONCUDA_API CUresult cuTensorMapEncodeTiled(CUtensorMap *tensorMap,
    CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill)
{
	tensor_global t;
	tensor_counts box;
	res_tensor_map r;
	struct call k;
	CUresult e;

	if (!map_given(tensorMap) ||
	    !describe(&t, tensorDataType, tensorRank, globalAddress,
		      globalDim, globalStrides, elementStrides, interleave,
		      swizzle, l2Promotion, oobFill) ||
	    (t.dims.tensor_dims_len > 0 && boxDim == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	box.tensor_counts_len = t.dims.tensor_dims_len;
	box.tensor_counts_val = (cuuint32_t *)(uintptr_t)boxDim;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give_map(call_done(&k, cu_tensor_map_encode_tiled(t, box, &r,
								  k.c),
				  &r.err), &r, tensorMap);
}

ONCUDA_API CUresult cuTensorMapEncodeIm2col(CUtensorMap *tensorMap,
    CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
    const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill)
{
	tensor_corner lower, upper;
	tensor_global t;
	res_tensor_map r;
	struct call k;
	u_int corners;
	CUresult e;

	if (!map_given(tensorMap) ||
	    !describe(&t, tensorDataType, tensorRank, globalAddress,
		      globalDim, globalStrides, elementStrides, interleave,
		      swizzle, l2Promotion, oobFill))
		return CUDA_ERROR_INVALID_VALUE;
	/* A corner for each spatial dimension: all but the channels and
	 * the batch (the server refuses a rank below 3). */
	corners = t.dims.tensor_dims_len >= 3 ? t.dims.tensor_dims_len - 2 : 0;
	if (corners > 0 && (pixelBoxLowerCorner == NULL ||
			    pixelBoxUpperCorner == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	lower.tensor_corner_len = upper.tensor_corner_len = corners;
	lower.tensor_corner_val = (int *)(uintptr_t)pixelBoxLowerCorner;
	upper.tensor_corner_val = (int *)(uintptr_t)pixelBoxUpperCorner;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give_map(call_done(&k, cu_tensor_map_encode_im2col(t, lower,
			upper, channelsPerPixel, pixelsPerColumn, &r, k.c),
				  &r.err), &r, tensorMap);
}

ONCUDA_API CUresult cuTensorMapEncodeIm2colWide(CUtensorMap *tensorMap,
    CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, int pixelBoxLowerCornerWidth,
    int pixelBoxUpperCornerWidth, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapIm2ColWideMode mode,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill)
{
	tensor_global t;
	res_tensor_map r;
	struct call k;
	CUresult e;

	if (!map_given(tensorMap) ||
	    !describe(&t, tensorDataType, tensorRank, globalAddress,
		      globalDim, globalStrides, elementStrides, interleave,
		      swizzle, l2Promotion, oobFill))
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give_map(call_done(&k, cu_tensor_map_encode_im2col_wide(t,
			pixelBoxLowerCornerWidth, pixelBoxUpperCornerWidth,
			channelsPerPixel, pixelsPerColumn, mode, &r, k.c),
				  &r.err), &r, tensorMap);
}

ONCUDA_API CUresult cuTensorMapReplaceAddress(CUtensorMap *tensorMap,
					      void *globalAddress)
{
	tensor_map sent;
	res_tensor_map r;
	struct call k;
	CUresult e;

	if (!map_given(tensorMap))
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(sent.bytes, tensorMap, sizeof(sent.bytes));
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give_map(call_done(&k, cu_tensor_map_replace_address(sent,
			(cu_dptr)(uintptr_t)globalAddress, &r, k.c),
				  &r.err), &r, tensorMap);
}
