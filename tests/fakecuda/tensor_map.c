/*
 * tensor_map.c - cuTensorMapEncodeTiled, cuTensorMapEncodeIm2col,
 * cuTensorMapEncodeIm2colWide and cuTensorMapReplaceAddress.
 *
 * No kernel of the stand-in reads a tensor map, so the encoding is the
 * stand-in's own: the address in the first word, the rest of the
 * description packed after it.  What the tests can see is the driver's:
 * the requirements cuda.h lists are checked, equal descriptions give equal
 * maps, and replacing the address gives the map encoded for the new one.
 */
#include <stdint.h>
#include <string.h>

#include "fakecuda.h"

#define RANK_MAX 5

struct description {
	CUtensorMapDataType type;
	cuuint32_t rank;
	void *address;
	const cuuint64_t *dims;
	const cuuint64_t *strides;
	const cuuint32_t *element_strides;
	CUtensorMapInterleave interleave;
};

/* cuda.h's requirements on the tensor, common to every encode. */
static CUresult
check(const CUtensorMap *map, const struct description *d)
{
	uintptr_t align = d->interleave == CU_TENSOR_MAP_INTERLEAVE_32B ?
	    32 : 16;
	struct fc_context *ctx;
	CUresult rc;

	if ((rc = fc_context_current(&ctx)) != CUDA_SUCCESS)
		return rc;
	if (map == NULL || (uintptr_t)map % 64 != 0 || d->rank == 0 ||
	    d->rank > RANK_MAX || (int)d->type < 0 ||
	    d->type > CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B ||
	    (d->interleave != CU_TENSOR_MAP_INTERLEAVE_NONE && d->rank < 3) ||
	    (uintptr_t)d->address % align != 0 || d->dims == NULL ||
	    d->element_strides == NULL || (d->rank > 1 && d->strides == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	for (cuuint32_t i = 0; i < d->rank; i++) {
		if (d->dims[i] == 0 || d->dims[i] > (UINT64_C(1) << 32) ||
		    d->element_strides[i] == 0 || d->element_strides[i] > 8)
			return CUDA_ERROR_INVALID_VALUE;
		if (i + 1 < d->rank && (d->strides[i] % 16 != 0 ||
		    d->strides[i] >= (UINT64_C(1) << 40)))
			return CUDA_ERROR_INVALID_VALUE;
	}
	return CUDA_SUCCESS;
}

/* The stand-in's map: words 0 to 11, then what the kind adds from 12. */
static void
encode(CUtensorMap *map, const struct description *d, uint64_t kind,
    uint64_t style)
{
	memset(map, 0, sizeof(*map));
	map->opaque[0] = (uint64_t)(uintptr_t)d->address;
	map->opaque[1] = kind | (uint64_t)d->type << 8 |
	    (uint64_t)d->rank << 16 | (uint64_t)d->interleave << 24 |
	    style << 32;
	for (cuuint32_t i = 0; i < d->rank; i++) {
		map->opaque[2 + i] = d->dims[i];
		map->opaque[7] |= (uint64_t)d->element_strides[i] << (8 * i);
		if (i + 1 < d->rank)
			map->opaque[8 + i] = d->strides[i];
	}
}

/* Swizzle, L2 promotion and fill, packed into the map's word 1. */
static uint64_t
style_of(CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2,
    CUtensorMapFloatOOBfill oob)
{
	return (uint64_t)(swizzle & 0xff) | (uint64_t)(l2 & 0xff) << 8 |
	    (uint64_t)(oob & 0xff) << 16;
}

FC_API CUresult
cuTensorMapEncodeTiled(CUtensorMap *tensorMap,
    CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill)
{
	struct description d = { tensorDataType, tensorRank, globalAddress,
	    globalDim, globalStrides, elementStrides, interleave };
	CUresult rc;

	fc_lock();
	rc = check(tensorMap, &d);
	if (rc == CUDA_SUCCESS && boxDim == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	for (cuuint32_t i = 0; rc == CUDA_SUCCESS && i < tensorRank; i++) {
		if (boxDim[i] == 0 || boxDim[i] > 256)
			rc = CUDA_ERROR_INVALID_VALUE;
	}
	if (rc == CUDA_SUCCESS) {
		encode(tensorMap, &d, 1, style_of(swizzle, l2Promotion,
		    oobFill));
		for (cuuint32_t i = 0; i < tensorRank; i++)
			tensorMap->opaque[12 + i / 4] |= (uint64_t)boxDim[i] <<
			    (16 * (i % 4));
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuTensorMapEncodeIm2col(CUtensorMap *tensorMap,
    CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner,
    const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill)
{
	struct description d = { tensorDataType, tensorRank, globalAddress,
	    globalDim, globalStrides, elementStrides, interleave };
	CUresult rc;

	fc_lock();
	rc = check(tensorMap, &d);
	if (rc == CUDA_SUCCESS && (tensorRank < 3 ||
	    pixelBoxLowerCorner == NULL || pixelBoxUpperCorner == NULL ||
	    channelsPerPixel == 0 || channelsPerPixel > 256 ||
	    pixelsPerColumn == 0 || pixelsPerColumn > 1024))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		encode(tensorMap, &d, 2, style_of(swizzle, l2Promotion,
		    oobFill));
		tensorMap->opaque[12] = channelsPerPixel |
		    (uint64_t)pixelsPerColumn << 32;
		for (cuuint32_t i = 0; i + 2 < tensorRank; i++)
			tensorMap->opaque[13] |= (uint64_t)(uint8_t)
			    pixelBoxLowerCorner[i] << (8 * i) |
			    (uint64_t)(uint8_t)pixelBoxUpperCorner[i] <<
			    (8 * i + 32);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuTensorMapEncodeIm2colWide(CUtensorMap *tensorMap,
    CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, int pixelBoxLowerCornerWidth,
    int pixelBoxUpperCornerWidth, cuuint32_t channelsPerPixel,
    cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapIm2ColWideMode mode,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill)
{
	struct description d = { tensorDataType, tensorRank, globalAddress,
	    globalDim, globalStrides, elementStrides, interleave };
	CUresult rc;

	fc_lock();
	rc = check(tensorMap, &d);
	if (rc == CUDA_SUCCESS && (tensorRank < 3 || channelsPerPixel == 0 ||
	    pixelsPerColumn == 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		encode(tensorMap, &d, 3, style_of(swizzle, l2Promotion,
		    oobFill));
		tensorMap->opaque[12] = channelsPerPixel |
		    (uint64_t)pixelsPerColumn << 32;
		tensorMap->opaque[13] = (uint64_t)(uint32_t)
		    pixelBoxLowerCornerWidth |
		    (uint64_t)(uint32_t)pixelBoxUpperCornerWidth << 32;
		tensorMap->opaque[14] = (uint64_t)mode;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuTensorMapReplaceAddress(CUtensorMap *tensorMap, void *globalAddress)
{
	uint64_t interleave;
	uintptr_t align;

	if (tensorMap == NULL || (uintptr_t)tensorMap % 64 != 0)
		return CUDA_ERROR_INVALID_VALUE;
	interleave = tensorMap->opaque[1] >> 24 & 0xff;
	align = interleave == CU_TENSOR_MAP_INTERLEAVE_32B ? 32 : 16;
	if ((uintptr_t)globalAddress % align != 0)
		return CUDA_ERROR_INVALID_VALUE;
	tensorMap->opaque[0] = (uint64_t)(uintptr_t)globalAddress;
	return CUDA_SUCCESS;
}
