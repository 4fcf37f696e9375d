/*
 * Sparse CUDA arrays: a sparse 2D array's tile extent, one tile mapped
 * onto a tile-pool allocation with cuMemMapArrayAsync, bytes copied into
 * that tile and back, kept by the allocation across an unmap and a new
 * mapping, and after its handle is released while mapped; then a sparse
 * mipmapped array's mip tail and a tile of its first level, mapped and
 * copied through; an array of deferred mapping, mapped whole.  Skipped
 * where the device has neither.
 * Through oncuda (ONCUDA_TEST_REMOTE), handles the server never gave out,
 * or took back, stop there.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

CUresult cuMemMapArrayAsync_ptsz(CUarrayMapInfo *mapInfoList,
    unsigned int count, CUstream hStream);

/*
 * The primary context, a stream and the descriptor of a sparse w x h
 * float array; E2E_SKIPPED, said, where the device has no sparse arrays.
 */
static int begin(CUdevice *dev, CUstream *s, CUDA_ARRAY3D_DESCRIPTOR *d,
    size_t w, size_t h)
{
	CUcontext ctx;
	int yes = 0;

	TRY(e2e_primary_ctx(dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&yes,
		 CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED, *dev),
		 CUDA_SUCCESS);
	if (!yes)
		return e2e_skip("the device has no sparse CUDA arrays");
	TRY(e2e_stream(s));
	memset(d, 0, sizeof *d);
	d->Width = w;
	d->Height = h;
	d->Format = CU_AD_FORMAT_FLOAT;
	d->NumChannels = 1;
	d->Flags = CUDA_ARRAY3D_SPARSE;
	return 0;
}

/* A tile-pool allocation of at least bytes, in whole granules. */
static int tile_pool(CUmemGenericAllocationHandle *h, CUdevice dev,
    size_t bytes, size_t *size)
{
	CUmemAllocationProp prop;
	size_t gran = 0;

	memset(&prop, 0, sizeof prop);
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = (int)dev;
	prop.allocFlags.usage = CU_MEM_CREATE_USAGE_TILE_POOL;
	CHECK_CU(cuMemGetAllocationGranularity(&gran, &prop,
		 CU_MEM_ALLOC_GRANULARITY_MINIMUM), CUDA_SUCCESS);
	CHECK(gran != 0 && (gran & (gran - 1)) == 0);
	*size = (bytes + gran - 1) / gran * gran;
	CHECK_CU(cuMemCreate(h, *size, &prop, 0), CUDA_SUCCESS);
	return 0;
}

/* A map (h not 0) or unmap of a region of a sparse level. */
static CUarrayMapInfo level_op(CUresourcetype type, void *resource,
    unsigned int level, unsigned int x, unsigned int y, unsigned int w,
    unsigned int hgt, CUmemGenericAllocationHandle h,
    unsigned long long offset, CUdevice dev)
{
	CUarrayMapInfo m;

	memset(&m, 0, sizeof m);
	m.resourceType = type;
	if (type == CU_RESOURCE_TYPE_MIPMAPPED_ARRAY)
		m.resource.mipmap = (CUmipmappedArray)resource;
	else
		m.resource.array = (CUarray)resource;
	m.subresourceType = CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL;
	m.subresource.sparseLevel.level = level;
	m.subresource.sparseLevel.offsetX = x;
	m.subresource.sparseLevel.offsetY = y;
	m.subresource.sparseLevel.extentWidth = w;
	m.subresource.sparseLevel.extentHeight = hgt;
	m.subresource.sparseLevel.extentDepth = 1;
	m.memOperationType = h != 0 ? CU_MEM_OPERATION_TYPE_MAP :
	    CU_MEM_OPERATION_TYPE_UNMAP;
	m.memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
	m.memHandle.memHandle = h;
	m.offset = h != 0 ? offset : 0;
	m.deviceBitMask = 1u << dev;
	return m;
}

/* Host rows (packed) into or out of a w x h region at (x, y) of array a. */
static int copy_2d(CUarray a, size_t x_bytes, size_t y, size_t w_bytes,
    size_t h, void *host, int to_array)
{
	CUDA_MEMCPY3D c;

	memset(&c, 0, sizeof c);
	if (to_array) {
		c.srcMemoryType = CU_MEMORYTYPE_HOST;
		c.srcHost = host;
		c.srcPitch = w_bytes;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
		c.dstArray = a;
		c.dstXInBytes = x_bytes;
		c.dstY = y;
	} else {
		c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
		c.srcArray = a;
		c.srcXInBytes = x_bytes;
		c.srcY = y;
		c.dstMemoryType = CU_MEMORYTYPE_HOST;
		c.dstHost = host;
		c.dstPitch = w_bytes;
	}
	c.WidthInBytes = w_bytes;
	c.Height = h;
	c.Depth = 1;
	CHECK_CU(cuMemcpy3D(&c), CUDA_SUCCESS);
	return 0;
}

/* One tile of a sparse level: bytes in, read back equal. */
static int tile_round_trip(CUarray a, size_t x_bytes, size_t y,
    size_t w_bytes, size_t h, uint64_t seed, unsigned char *in,
    unsigned char *back)
{
	e2e_fill_random(in, w_bytes * h, seed);
	memset(back, 0, w_bytes * h);
	TRY(copy_2d(a, x_bytes, y, w_bytes, h, in, 1));
	TRY(copy_2d(a, x_bytes, y, w_bytes, h, back, 0));
	for (size_t i = 0; i < w_bytes * h; i++)
		if (back[i] != in[i])
			return e2e_fail(__FILE__, __LINE__, "tile at (%zu, %zu) "
					"of %zux%zu bytes (seed %llu): byte %zu "
					"reads back %#x, written %#x", x_bytes, y,
					w_bytes, h, (unsigned long long)seed, i,
					back[i], in[i]);
	return 0;
}

int test_sparse_array(void)
{
	enum { W = 512, H = 512 };
	CUDA_ARRAY3D_DESCRIPTOR d;
	CUDA_ARRAY_SPARSE_PROPERTIES p;
	CUmemGenericAllocationHandle h;
	CUarrayMapInfo m;
	CUarray a, plain;
	CUstream s;
	CUdevice dev;
	size_t pool, tile_bytes, row;
	unsigned char *in, *back;
	int rc;
	int remote = getenv("ONCUDA_TEST_REMOTE") != NULL;

	if ((rc = begin(&dev, &s, &d, W, H)) != 0)
		return rc;
	CHECK_CU(cuArray3DCreate(&a, &d), CUDA_SUCCESS);
	memset(&p, 0xff, sizeof p);
	CHECK_CU(cuArrayGetSparseProperties(&p, a), CUDA_SUCCESS);
	CHECK(p.tileExtent.width != 0 && p.tileExtent.height != 0 &&
	      p.tileExtent.depth == 1);
	CHECK(W % p.tileExtent.width == 0 && H % p.tileExtent.height == 0);
	CHECK_EQ(p.flags & CU_ARRAY_SPARSE_PROPERTIES_SINGLE_MIPTAIL, 0u);
	CHECK_EQ(p.miptailFirstLevel, 0u);
	row = (size_t)p.tileExtent.width * sizeof(float);
	tile_bytes = row * p.tileExtent.height;
	CHECK(tile_bytes != 0 && (tile_bytes & (tile_bytes - 1)) == 0);

	/* An array made without the flag has no sparse properties. */
	d.Flags = 0;
	CHECK_CU(cuArray3DCreate(&plain, &d), CUDA_SUCCESS);
	CHECK_CU(cuArrayGetSparseProperties(&p, plain), CUDA_ERROR_INVALID_VALUE);

	TRY(tile_pool(&h, dev, 2 * tile_bytes, &pool));
	CHECK(pool >= 2 * tile_bytes);
	in = e2e_malloc(tile_bytes);
	back = e2e_malloc(tile_bytes);

	/* Tile (1, 1) onto the pool's second tile. */
	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, p.tileExtent.width,
		     p.tileExtent.height, p.tileExtent.width,
		     p.tileExtent.height, h, tile_bytes, dev);
	CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(tile_round_trip(a, row, p.tileExtent.height, row,
			    p.tileExtent.height, 141, in, back));

	/* Unmapped, and mapped again at the same place of the pool: the
	 * bytes were the pool's all along.  The thread's stream this time. */
	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, p.tileExtent.width,
		     p.tileExtent.height, p.tileExtent.width,
		     p.tileExtent.height, 0, 0, dev);
	CHECK_CU(cuMemMapArrayAsync_ptsz(&m, 1, NULL), CUDA_SUCCESS);
	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, p.tileExtent.width,
		     p.tileExtent.height, p.tileExtent.width,
		     p.tileExtent.height, h, tile_bytes, dev);
	CHECK_CU(cuMemMapArrayAsync_ptsz(&m, 1, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(CU_STREAM_PER_THREAD), CUDA_SUCCESS);
	memset(back, 0, tile_bytes);
	TRY(copy_2d(a, row, p.tileExtent.height, row, p.tileExtent.height,
		    back, 0));
	CHECK_MEM(back, in, tile_bytes);

	/* Released while mapped: the tile keeps the memory, as a mapping
	 * does (the server still counts it), until it is unmapped. */
	CHECK_CU(cuMemRelease(h), CUDA_SUCCESS);
	memset(back, 0, tile_bytes);
	TRY(copy_2d(a, row, p.tileExtent.height, row, p.tileExtent.height,
		    back, 0));
	CHECK_MEM(back, in, tile_bytes);

	/* Refused before the driver: no mapping of a plain array, an
	 * unmapping that names an allocation, no such resource type. */
	CHECK_CU(cuMemMapArrayAsync(NULL, 1, s), CUDA_ERROR_INVALID_VALUE);
	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, 0, 0, p.tileExtent.width,
		     p.tileExtent.height, 0, 0, dev);
	m.resourceType = CU_RESOURCE_TYPE_LINEAR;
	CHECK_CU2(cuMemMapArrayAsync(&m, 1, s), CUDA_ERROR_INVALID_VALUE,
		  CUDA_ERROR_INVALID_HANDLE);
	if (remote) {
		/* Natively these are wild or dangling pointers inside the
		 * driver; through oncuda the server stops them. */
		CUmemGenericAllocationHandle released = h;

		m = level_op(CU_RESOURCE_TYPE_ARRAY, plain, 0, 0, 0,
			     p.tileExtent.width, p.tileExtent.height, 0, 0, dev);
		m.memHandle.memHandle = released;
		CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_ERROR_INVALID_VALUE);
		m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, 0, 0,
			     p.tileExtent.width, p.tileExtent.height, released,
			     0, dev);
		CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_ERROR_INVALID_VALUE);
		m.resource.array = (CUarray)(uintptr_t)0x7f0000001000;
		CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_ERROR_INVALID_HANDLE);
		CHECK_CU(cuArrayGetSparseProperties(&p, m.resource.array),
			 CUDA_ERROR_INVALID_HANDLE);
		CHECK_CU(cuMipmappedArrayGetSparseProperties(&p,
			 (CUmipmappedArray)(uintptr_t)0x7f0000001000),
			 CUDA_ERROR_INVALID_HANDLE);
	}

	/* Unmapped, the memory goes; then the arrays. */
	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, p.tileExtent.width,
		     p.tileExtent.height, p.tileExtent.width,
		     p.tileExtent.height, 0, 0, dev);
	CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(plain), CUDA_SUCCESS);
	if (remote)
		CHECK_CU(cuArrayGetSparseProperties(&p, a),
			 CUDA_ERROR_INVALID_HANDLE);
	return 0;
}

int test_sparse_mipmap(void)
{
	enum { W = 1024, H = 1024, LEVELS = 11 };
	CUDA_ARRAY3D_DESCRIPTOR d, ld;
	CUDA_ARRAY_SPARSE_PROPERTIES p;
	CUmemGenericAllocationHandle h;
	CUarrayMapInfo ops[2];
	CUmipmappedArray mm;
	CUarray level0, tail;
	CUstream s;
	CUdevice dev;
	size_t pool, tile_bytes, row, tail_bytes;
	unsigned char *in, *back;
	int rc;

	if ((rc = begin(&dev, &s, &d, W, H)) != 0)
		return rc;
	CHECK_CU(cuMipmappedArrayCreate(&mm, &d, LEVELS), CUDA_SUCCESS);
	memset(&p, 0, sizeof p);
	CHECK_CU(cuMipmappedArrayGetSparseProperties(&p, mm), CUDA_SUCCESS);
	CHECK(p.tileExtent.width != 0 && p.tileExtent.height != 0);
	/* The small levels share a tail: at least the 1x1 one. */
	CHECK(p.miptailSize != 0);
	CHECK(p.miptailFirstLevel > 0 && p.miptailFirstLevel < LEVELS);
	CHECK((W >> p.miptailFirstLevel) < (int)p.tileExtent.width ||
	      (H >> p.miptailFirstLevel) < (int)p.tileExtent.height);
	row = (size_t)p.tileExtent.width * sizeof(float);
	tile_bytes = row * p.tileExtent.height;
	CHECK(p.miptailSize % tile_bytes == 0);

	/* Level 0's tile (0, 0) at the pool's start, the tail after it. */
	TRY(tile_pool(&h, dev, tile_bytes + p.miptailSize, &pool));
	ops[0] = level_op(CU_RESOURCE_TYPE_MIPMAPPED_ARRAY, mm, 0, 0, 0,
			  p.tileExtent.width, p.tileExtent.height, h, 0, dev);
	memset(&ops[1], 0, sizeof ops[1]);
	ops[1].resourceType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
	ops[1].resource.mipmap = mm;
	ops[1].subresourceType = CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL;
	ops[1].subresource.miptail.offset = 0;
	ops[1].subresource.miptail.size = p.miptailSize;
	ops[1].memOperationType = CU_MEM_OPERATION_TYPE_MAP;
	ops[1].memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
	ops[1].memHandle.memHandle = h;
	ops[1].offset = tile_bytes;
	ops[1].deviceBitMask = 1u << dev;
	/*
	 * One call each: given the driver in one list, the tail read back
	 * zeros natively on the H200 (driver 580), while each alone maps;
	 * oncudad hands the driver one operation at a time (idl/cuda.x).
	 */
	CHECK_CU(cuMemMapArrayAsync(&ops[0], 1, s), CUDA_SUCCESS);
	CHECK_CU(cuMemMapArrayAsync(&ops[1], 1, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);

	in = e2e_malloc(tile_bytes);
	back = e2e_malloc(tile_bytes);
	CHECK_CU(cuMipmappedArrayGetLevel(&level0, mm, 0), CUDA_SUCCESS);
	TRY(tile_round_trip(level0, 0, 0, row, p.tileExtent.height, 142, in,
			    back));
	/* The whole first level of the tail. */
	CHECK_CU(cuMipmappedArrayGetLevel(&tail, mm, p.miptailFirstLevel),
		 CUDA_SUCCESS);
	CHECK_CU(cuArray3DGetDescriptor(&ld, tail), CUDA_SUCCESS);
	CHECK_EQ(ld.Width, (size_t)(W >> p.miptailFirstLevel));
	tail_bytes = ld.Width * sizeof(float) * ld.Height;
	CHECK(tail_bytes <= tile_bytes);
	TRY(tile_round_trip(tail, 0, 0, ld.Width * sizeof(float), ld.Height,
			    143, in, back));

	/* A level of a mipmapped array is mapped through its mipmap. */
	ops[0] = level_op(CU_RESOURCE_TYPE_ARRAY, level0, 0, 0, 0,
			  p.tileExtent.width, p.tileExtent.height, h, 0, dev);
	CHECK_CU(cuMemMapArrayAsync(ops, 1, s), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuArrayGetSparseProperties(&p, level0),
		 CUDA_ERROR_INVALID_VALUE);

	/* Destroyed while mapped: the tiles go with it, then the pool. */
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMipmappedArrayDestroy(mm), CUDA_SUCCESS);
	CHECK_CU(cuMemRelease(h), CUDA_SUCCESS);
	return 0;
}

/*
 * An array made with CUDA_ARRAY3D_DEFERRED_MAPPING: its memory
 * requirements, the whole of it mapped onto a tile pool (the subresource
 * is ignored), its bytes copied in and back, then unmapped.
 */
int test_deferred_array(void)
{
	enum { W = 300, H = 200 };
	CUDA_ARRAY3D_DESCRIPTOR d;
	CUDA_ARRAY_MEMORY_REQUIREMENTS req;
	CUDA_ARRAY_SPARSE_PROPERTIES p;
	CUmemGenericAllocationHandle h;
	CUarrayMapInfo m;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	CUarray a;
	size_t pool;
	unsigned char *in, *back;
	int yes = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&yes,
		 CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED, dev),
		 CUDA_SUCCESS);
	if (!yes)
		return e2e_skip("the device has no deferred mapping arrays");
	TRY(e2e_stream(&s));
	memset(&d, 0, sizeof d);
	d.Width = W;
	d.Height = H;
	d.Format = CU_AD_FORMAT_FLOAT;
	d.NumChannels = 1;
	d.Flags = CUDA_ARRAY3D_DEFERRED_MAPPING;
	CHECK_CU(cuArray3DCreate(&a, &d), CUDA_SUCCESS);
	CHECK_CU(cuArrayGetSparseProperties(&p, a), CUDA_ERROR_INVALID_VALUE);
	memset(&req, 0, sizeof req);
	CHECK_CU(cuArrayGetMemoryRequirements(&req, a, dev), CUDA_SUCCESS);
	CHECK(req.size >= (size_t)W * H * sizeof(float));
	CHECK(req.alignment != 0 && (req.alignment & (req.alignment - 1)) == 0);
	TRY(tile_pool(&h, dev, req.size, &pool));
	CHECK(pool % req.alignment == 0);

	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, 0, 0, 0, 0, h, 0, dev);
	CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	in = e2e_malloc((size_t)W * H * sizeof(float));
	back = e2e_malloc((size_t)W * H * sizeof(float));
	TRY(tile_round_trip(a, 0, 0, W * sizeof(float), H, 144, in, back));

	m = level_op(CU_RESOURCE_TYPE_ARRAY, a, 0, 0, 0, 0, 0, 0, 0, dev);
	CHECK_CU(cuMemMapArrayAsync(&m, 1, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
	CHECK_CU(cuMemRelease(h), CUDA_SUCCESS);
	return 0;
}
