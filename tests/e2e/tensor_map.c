/*
 * Tensor maps: a tiled and an im2col map encoded for device memory of the
 * program; equal descriptions give equal maps, and replacing the address
 * gives the map encoded for the new one.  Through oncuda the server also
 * refuses a tensor that reaches past the program's memory, at any byte of
 * its extent (tensor_map_ranges, remote only: the driver itself encodes
 * any address).
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

/* A 64 x 64 float matrix, rows 256 bytes apart: 16 KiB. */
#define ROWS 64
#define COLS 64
#define MATRIX_BYTES (ROWS * COLS * sizeof(float))

static CUresult encode_matrix(CUtensorMap *map, CUdeviceptr at)
{
	cuuint64_t dims[2] = { COLS, ROWS };
	cuuint64_t strides[1] = { COLS * sizeof(float) };
	cuuint32_t box[2] = { 32, 32 };
	cuuint32_t element_strides[2] = { 1, 1 };

	return cuTensorMapEncodeTiled(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2,
	    (void *)(uintptr_t)at, dims, strides, box, element_strides,
	    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
	    CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

/* Skips on a GPU without tensor maps (before compute capability 9.0). */
static int need_tensor_maps(CUdevice dev)
{
	int major;

	CHECK_CU(cuDeviceGetAttribute(&major,
	    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), CUDA_SUCCESS);
	if (major < 9)
		return e2e_skip("tensor maps need compute capability 9.0");
	return 0;
}

int test_tensor_map(void)
{
	/* NHWC: 2 images of 8 x 8 pixels, 16 float channels: 8 KiB. */
	cuuint64_t dims[4] = { 16, 8, 8, 2 };
	cuuint64_t strides[3] = { 64, 512, 4096 };
	cuuint32_t element_strides[4] = { 1, 1, 1, 1 };
	int lower[2] = { 0, 0 }, upper[2] = { 0, 0 };
	CUtensorMap a, b, again, replaced;
	_Alignas(64) unsigned char unaligned[sizeof(CUtensorMap) + 64];
	cuuint64_t too_many[6] = { 4, 4, 4, 4, 4, 4 };
	cuuint32_t ones[6] = { 1, 1, 1, 1, 1, 1 };
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d;
	int r;

	TRY(e2e_primary_ctx(&dev, &ctx));
	if ((r = need_tensor_maps(dev)) != 0)
		return r;
	TRY(e2e_dalloc(&d, 2 * MATRIX_BYTES));

	CHECK_CU(encode_matrix(&a, d), CUDA_SUCCESS);
	CHECK_CU(encode_matrix(&again, d), CUDA_SUCCESS);
	CHECK_MEM(&again, &a, sizeof(a));
	CHECK_CU(encode_matrix(&b, d + MATRIX_BYTES), CUDA_SUCCESS);
	CHECK(memcmp(&a, &b, sizeof(a)) != 0);

	/* The address replaced: the map of the second matrix. */
	replaced = a;
	CHECK_CU(cuTensorMapReplaceAddress(&replaced,
	    (void *)(uintptr_t)(d + MATRIX_BYTES)), CUDA_SUCCESS);
	CHECK_MEM(&replaced, &b, sizeof(b));

	/* cuda.h asks for an aligned map, but the driver encodes into an
	 * unaligned one (seen on the H200): so does oncuda.  The address
	 * must be aligned, the rank at most 5. */
	CHECK_CU(encode_matrix((CUtensorMap *)(unaligned + 16), d),
		 CUDA_SUCCESS);
	CHECK_CU(encode_matrix(&again, d + 8), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuTensorMapEncodeTiled(&again,
	    CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 6, (void *)(uintptr_t)d,
	    too_many, (cuuint64_t[5]){ 16, 64, 256, 1024, 4096 }, ones, ones,
	    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
	    CU_TENSOR_MAP_L2_PROMOTION_NONE,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE), CUDA_ERROR_INVALID_VALUE);

	/* A vector: rank 1, no strides (XLA's Triton kernels use these). */
	CHECK_CU(cuTensorMapEncodeTiled(&again,
	    CU_TENSOR_MAP_DATA_TYPE_UINT32, 1, (void *)(uintptr_t)d,
	    (cuuint64_t[1]){ 1024 }, (cuuint64_t[1]){ 0 }, (cuuint32_t[1]){ 8 },
	    ones, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
	    CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE), CUDA_SUCCESS);

	/* im2col over an NHWC tensor, one pixel per box. */
	CHECK_CU(cuTensorMapEncodeIm2col(&again,
	    CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, (void *)(uintptr_t)d, dims,
	    strides, lower, upper, 16, 64, element_strides,
	    CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
	    CU_TENSOR_MAP_L2_PROMOTION_NONE,
	    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE), CUDA_SUCCESS);
	CHECK(memcmp(&again, &a, sizeof(a)) != 0);
	return 0;
}

int test_tensor_map_ranges(void)
{
	CUtensorMap a, forged, kept;
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d;
	int r;

	TRY(e2e_primary_ctx(&dev, &ctx));
	if ((r = need_tensor_maps(dev)) != 0)
		return r;
	TRY(e2e_dalloc(&d, 2 * MATRIX_BYTES));
	CHECK_CU(encode_matrix(&a, d + MATRIX_BYTES), CUDA_SUCCESS);

	/* The first byte is the program's, the last 64 are not. */
	CHECK_CU(encode_matrix(&kept, d + MATRIX_BYTES + 64),
		 CUDA_ERROR_INVALID_VALUE);
	/* Wholly outside its memory. */
	CHECK_CU(encode_matrix(&kept, d + 2 * MATRIX_BYTES),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(encode_matrix(&kept, 0x1000), CUDA_ERROR_INVALID_VALUE);

	/* Replacing checks the new address over the same extent, and the map
	 * is left as it was. */
	kept = a;
	CHECK_CU(cuTensorMapReplaceAddress(&kept,
	    (void *)(uintptr_t)(d + MATRIX_BYTES + 64)),
	    CUDA_ERROR_INVALID_VALUE);
	CHECK_MEM(&kept, &a, sizeof(a));
	CHECK_CU(cuTensorMapReplaceAddress(&kept, (void *)(uintptr_t)d),
		 CUDA_SUCCESS);

	/* A map the server did not encode is refused. */
	forged = a;
	forged.opaque[5] ^= 1;
	CHECK_CU(cuTensorMapReplaceAddress(&forged, (void *)(uintptr_t)d),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}
