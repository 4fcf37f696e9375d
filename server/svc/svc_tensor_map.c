/*
 * svc_tensor_map.c -- cuTensorMapEncodeTiled, cuTensorMapEncodeIm2col,
 * cuTensorMapEncodeIm2colWide and cuTensorMapReplaceAddress.
 *
 * A tensor map is a device address with the shape of the tensor there,
 * which the GPU's copy engine (TMA) reads and writes through without
 * further checks.  So the whole extent of the tensor must be this
 * client's memory (ranges.h), not only its first byte.  A map sent back
 * for cuTensorMapReplaceAddress hides its extent in opaque bytes: the
 * maps encoded here are remembered with their extents, and only those are
 * accepted.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/log.h"
#include "server/session/ranges.h"

/* Maps remembered for cuTensorMapReplaceAddress, the oldest forgotten. */
#define MAPS_KEPT 4096

struct kept_map {
	CUtensorMap map;
	uint64_t extent;
};

static struct kept_map *kept;	/* MAPS_KEPT of them, once one is made */
static unsigned kept_next;	/* where the next one goes */
static unsigned kept_count;

_Static_assert(sizeof(CUtensorMap) == ONCUDA_TENSOR_MAP_BYTES,
    "a CUtensorMap is 128 bytes");

static void remember(const CUtensorMap *map, uint64_t extent)
{
	if (kept == NULL && (kept = calloc(MAPS_KEPT, sizeof(*kept))) == NULL)
		return;		/* the map works; it cannot be replaced */
	kept[kept_next].map = *map;
	kept[kept_next].extent = extent;
	kept_next = (kept_next + 1) % MAPS_KEPT;
	if (kept_count < MAPS_KEPT)
		kept_count++;
}

static const struct kept_map *recall(const CUtensorMap *map)
{
	unsigned i;

	for (i = 0; i < kept_count; i++)
		if (memcmp(&kept[i].map, map, sizeof(*map)) == 0)
			return &kept[i];
	return NULL;
}

/* Bytes of n elements of the first dimension, false for no such type. */
static bool row_bytes(int type, uint64_t n, uint64_t *bytes)
{
	uint64_t size;

	switch (type) {
	case CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B:
		/* Packed 4-bit values without gaps: two to a byte. */
		*bytes = (n + 1) / 2;
		return true;
	case CU_TENSOR_MAP_DATA_TYPE_UINT8:
	case CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B:
	case CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B:
		/* The 16-byte aligned packings spend 16 bytes on 16 values. */
		size = 1;
		break;
	case CU_TENSOR_MAP_DATA_TYPE_UINT16:
	case CU_TENSOR_MAP_DATA_TYPE_FLOAT16:
	case CU_TENSOR_MAP_DATA_TYPE_BFLOAT16:
		size = 2;
		break;
	case CU_TENSOR_MAP_DATA_TYPE_UINT32:
	case CU_TENSOR_MAP_DATA_TYPE_INT32:
	case CU_TENSOR_MAP_DATA_TYPE_FLOAT32:
	case CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ:
	case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32:
	case CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ:
		size = 4;
		break;
	case CU_TENSOR_MAP_DATA_TYPE_UINT64:
	case CU_TENSOR_MAP_DATA_TYPE_INT64:
	case CU_TENSOR_MAP_DATA_TYPE_FLOAT64:
		size = 8;
		break;
	default:
		return false;
	}
	return !__builtin_mul_overflow(n, size, bytes);
}

/*
 * The bytes from the tensor's address to the end of its last element, or
 * CUDA_ERROR_INVALID_VALUE for a shape the arrays do not carry, a type
 * this version does not know, or an extent past 64 bits.
 */
static CUresult tensor_extent(const tensor_global *t, uint64_t *extent)
{
	uint64_t bytes, step;
	unsigned i;

	if (t->rank == 0 || t->rank > ONCUDA_TENSOR_RANK_MAX ||
	    t->dims.tensor_dims_len != t->rank ||
	    t->strides.tensor_dims_len != t->rank - 1 ||
	    t->element_strides.tensor_counts_len != t->rank)
		return CUDA_ERROR_INVALID_VALUE;
	for (i = 0; i < t->rank; i++)
		if (t->dims.tensor_dims_val[i] == 0)
			return CUDA_ERROR_INVALID_VALUE;
	if (!row_bytes(t->data_type, t->dims.tensor_dims_val[0], &bytes))
		return CUDA_ERROR_INVALID_VALUE;
	/* An interleaved row is read in whole 16 or 32 bytes. */
	if (t->interleave == CU_TENSOR_MAP_INTERLEAVE_16B && bytes < 16)
		bytes = 16;
	if (t->interleave == CU_TENSOR_MAP_INTERLEAVE_32B && bytes < 32)
		bytes = 32;
	for (i = 1; i < t->rank; i++) {
		if (__builtin_mul_overflow(t->dims.tensor_dims_val[i] - 1,
		    t->strides.tensor_dims_val[i - 1], &step) ||
		    __builtin_add_overflow(bytes, step, &bytes))
			return CUDA_ERROR_INVALID_VALUE;
	}
	*extent = bytes;
	return CUDA_SUCCESS;
}

/* The checks every encode makes before its driver call. */
static CUresult check_tensor(const tensor_global *t, const char *call,
    uint64_t *extent)
{
	CUresult e;

	if ((e = tensor_extent(t, extent)) != CUDA_SUCCESS)
		return e;
	return range_check(t->address, *extent, 1, call);
}

/* Answers with map, remembered with its extent, after the driver's e. */
static void answer(CUresult e, const CUtensorMap *map, uint64_t extent,
    res_tensor_map *r)
{
	r->err = e;
	if (e != CUDA_SUCCESS)
		return;
	memcpy(r->res_tensor_map_u.map.bytes, map, sizeof(*map));
	remember(map, extent);
}

/*
 * A tensor of rank 1 has no strides, and XDR decodes the empty array as
 * NULL; driver 580 refuses NULL there (XLA's rank-1 TMA descriptors came
 * back CUDA_ERROR_INVALID_VALUE), where the program passed an array.
 */
static cuuint64_t *strides_of(const tensor_global *t)
{
	static cuuint64_t none[1];

	return t->strides.tensor_dims_val != NULL ?
	    t->strides.tensor_dims_val : none;
}

#define TENSOR_ARGS(t) (CUtensorMapDataType)(t).data_type, (t).rank, \
	(void *)(uintptr_t)(t).address, (t).dims.tensor_dims_val, \
	strides_of(&(t))

bool_t cu_tensor_map_encode_tiled_svc(tensor_global tensor,
    tensor_counts box, res_tensor_map *r, struct svc_req *rq)
{
	CUtensorMap map;
	uint64_t extent = 0;
	CUresult e;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((e = check_tensor(&tensor, "cuTensorMapEncodeTiled", &extent)) ==
	    CUDA_SUCCESS && box.tensor_counts_len != tensor.rank)
		e = CUDA_ERROR_INVALID_VALUE;
	if (e == CUDA_SUCCESS)
		e = cuTensorMapEncodeTiled(&map, TENSOR_ARGS(tensor),
		    box.tensor_counts_val,
		    tensor.element_strides.tensor_counts_val,
		    (CUtensorMapInterleave)tensor.interleave,
		    (CUtensorMapSwizzle)tensor.swizzle,
		    (CUtensorMapL2promotion)tensor.l2_promotion,
		    (CUtensorMapFloatOOBfill)tensor.oob_fill);
	answer(e, &map, extent, r);
	return TRUE;
}

bool_t cu_tensor_map_encode_im2col_svc(tensor_global tensor,
    tensor_corner lower, tensor_corner upper, u_int channels, u_int pixels,
    res_tensor_map *r, struct svc_req *rq)
{
	CUtensorMap map;
	uint64_t extent = 0;
	CUresult e;

	(void)rq;
	memset(r, 0, sizeof(*r));
	e = check_tensor(&tensor, "cuTensorMapEncodeIm2col", &extent);
	/* The corners name the spatial dimensions: all but two. */
	if (e == CUDA_SUCCESS && (tensor.rank < 3 ||
	    lower.tensor_corner_len != tensor.rank - 2 ||
	    upper.tensor_corner_len != tensor.rank - 2))
		e = CUDA_ERROR_INVALID_VALUE;
	if (e == CUDA_SUCCESS)
		e = cuTensorMapEncodeIm2col(&map, TENSOR_ARGS(tensor),
		    lower.tensor_corner_val, upper.tensor_corner_val,
		    channels, pixels,
		    tensor.element_strides.tensor_counts_val,
		    (CUtensorMapInterleave)tensor.interleave,
		    (CUtensorMapSwizzle)tensor.swizzle,
		    (CUtensorMapL2promotion)tensor.l2_promotion,
		    (CUtensorMapFloatOOBfill)tensor.oob_fill);
	answer(e, &map, extent, r);
	return TRUE;
}

bool_t cu_tensor_map_encode_im2col_wide_svc(tensor_global tensor,
    int lower, int upper, u_int channels, u_int pixels, int mode,
    res_tensor_map *r, struct svc_req *rq)
{
	CUtensorMap map;
	uint64_t extent = 0;
	CUresult e;

	(void)rq;
	memset(r, 0, sizeof(*r));
	e = check_tensor(&tensor, "cuTensorMapEncodeIm2colWide", &extent);
	if (e == CUDA_SUCCESS)
		e = cuTensorMapEncodeIm2colWide(&map, TENSOR_ARGS(tensor),
		    lower, upper, channels, pixels,
		    tensor.element_strides.tensor_counts_val,
		    (CUtensorMapInterleave)tensor.interleave,
		    (CUtensorMapIm2ColWideMode)mode,
		    (CUtensorMapSwizzle)tensor.swizzle,
		    (CUtensorMapL2promotion)tensor.l2_promotion,
		    (CUtensorMapFloatOOBfill)tensor.oob_fill);
	answer(e, &map, extent, r);
	return TRUE;
}

bool_t cu_tensor_map_replace_address_svc(tensor_map sent, cu_dptr address,
    res_tensor_map *r, struct svc_req *rq)
{
	const struct kept_map *k;
	CUtensorMap map;
	uint64_t extent = 0;
	CUresult e;

	(void)rq;
	memset(r, 0, sizeof(*r));
	memcpy(&map, sent.bytes, sizeof(map));
	if ((k = recall(&map)) == NULL) {
		log_msg(LOG_INFO, "cuTensorMapReplaceAddress: refused a map "
		    "not encoded for this client");
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	extent = k->extent;
	if ((e = range_check(address, extent, 1,
	    "cuTensorMapReplaceAddress")) == CUDA_SUCCESS)
		e = cuTensorMapReplaceAddress(&map, (void *)(uintptr_t)address);
	answer(e, &map, extent, r);
	return TRUE;
}
