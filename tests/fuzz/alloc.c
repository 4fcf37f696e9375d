/*
 * tests/fuzz/alloc.c -- asks for device memory, for step_limits.
 *
 *   alloc [pool:|vmm:|tile:|tilectx:|managed:|mapped:]MIB...
 *
 * Makes a context, then for each MIB allocates MIB MiB, prints
 * "MIB MiB: RESULT" with the driver's name for the result, and frees it.
 * With pool: the memory comes from the device's pool (cuMemAllocAsync,
 * then a synchronize), printed "pool MIB MiB: RESULT"; with vmm: it is a
 * physical allocation (cuMemCreate, MIB rounded up to the granularity),
 * "vmm MIB MiB: RESULT"; with tile: a tile pool of MIB MiB with two
 * tiles of a sparse array mapped onto it, its handle released (the tiles
 * hold the memory), and while it is held a second physical allocation of
 * MIB MiB, whose result is printed, "tile MIB MiB: RESULT", before one
 * tile is unmapped and the array destroyed with the other (with tilectx:
 * the same in a context of its own, destroyed at the end, "tilectx MIB
 * MiB: RESULT"); with managed: cuMemAllocManaged; with mapped:
 * page-locked memory mapped for the device (cuMemHostAlloc with
 * CU_MEMHOSTALLOC_DEVICEMAP), its device pointer, then a copy on the
 * device, the first call that makes oncuda keep the mapping coherent (the
 * result is the first failure).  Exits 0 once every request has had an
 * answer, 1 if setting up failed.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

static CUresult plain_alloc(size_t bytes)
{
	CUdeviceptr p;
	CUresult err = cuMemAlloc(&p, bytes);

	if (err == CUDA_SUCCESS)
		cuMemFree(p);
	return err;
}

static CUresult pool_alloc(size_t bytes)
{
	CUdeviceptr p;
	CUresult err = cuMemAllocAsync(&p, bytes, NULL);

	if (err == CUDA_SUCCESS)
		err = cuStreamSynchronize(NULL);
	if (err == CUDA_SUCCESS) {
		cuMemFreeAsync(p, NULL);
		cuStreamSynchronize(NULL);
	}
	return err;
}

static CUresult managed_alloc(size_t bytes)
{
	CUdeviceptr p;
	CUresult err = cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL);

	if (err == CUDA_SUCCESS)
		cuMemFree(p);
	return err;
}

static CUresult mapped_alloc(size_t bytes)
{
	CUdeviceptr mapped, scratch;
	unsigned char *host;
	CUresult err;

	if ((err = cuMemHostAlloc((void **)&host, bytes,
	    CU_MEMHOSTALLOC_DEVICEMAP)) != CUDA_SUCCESS)
		return err;
	memset(host, 7, bytes);
	if ((err = cuMemHostGetDevicePointer(&mapped, host, 0)) ==
	    CUDA_SUCCESS &&
	    (err = cuMemAlloc(&scratch, 1)) == CUDA_SUCCESS) {
		err = cuMemcpyDtoD(scratch, mapped + bytes - 1, 1);
		cuMemFree(scratch);
	}
	cuMemFreeHost(host);
	return err;
}

static CUresult vmm_alloc(CUdevice dev, size_t bytes)
{
	CUmemAllocationProp prop;
	CUmemGenericAllocationHandle h;
	size_t gran = 0;
	CUresult err;

	memset(&prop, 0, sizeof prop);
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = (int)dev;
	err = cuMemGetAllocationGranularity(&gran, &prop,
	    CU_MEM_ALLOC_GRANULARITY_MINIMUM);
	if (err != CUDA_SUCCESS)
		return err;
	bytes = (bytes + gran - 1) / gran * gran;
	if ((err = cuMemCreate(&h, bytes, &prop, 0)) == CUDA_SUCCESS)
		cuMemRelease(h);
	return err;
}

/*
 * A sparse 2D array with tiles (0, 0) and (1, 0) mapped onto the first
 * two tiles of a tile pool of bytes (m[0], m[1]).
 */
static CUresult tile_map(CUdevice dev, size_t bytes, CUarray *a,
    CUarrayMapInfo m[2])
{
	CUDA_ARRAY3D_DESCRIPTOR d;
	CUDA_ARRAY_SPARSE_PROPERTIES p;
	CUmemAllocationProp prop;
	CUmemGenericAllocationHandle h;
	size_t gran = 0;
	CUresult err;

	memset(&d, 0, sizeof d);
	d.Width = d.Height = 512;
	d.Format = CU_AD_FORMAT_FLOAT;
	d.NumChannels = 1;
	d.Flags = CUDA_ARRAY3D_SPARSE;
	memset(&prop, 0, sizeof prop);
	prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
	prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	prop.location.id = (int)dev;
	prop.allocFlags.usage = CU_MEM_CREATE_USAGE_TILE_POOL;
	if ((err = cuArray3DCreate(a, &d)) != CUDA_SUCCESS)
		return err;
	if ((err = cuArrayGetSparseProperties(&p, *a)) != CUDA_SUCCESS ||
	    (err = cuMemGetAllocationGranularity(&gran, &prop,
	    CU_MEM_ALLOC_GRANULARITY_MINIMUM)) != CUDA_SUCCESS ||
	    (err = cuMemCreate(&h, (bytes + gran - 1) / gran * gran, &prop,
	    0)) != CUDA_SUCCESS) {
		cuArrayDestroy(*a);
		return err;
	}
	memset(m, 0, sizeof *m);
	m->resourceType = CU_RESOURCE_TYPE_ARRAY;
	m->resource.array = *a;
	m->subresourceType = CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL;
	m->subresource.sparseLevel.extentWidth = p.tileExtent.width;
	m->subresource.sparseLevel.extentHeight = p.tileExtent.height;
	m->subresource.sparseLevel.extentDepth = 1;
	m->memOperationType = CU_MEM_OPERATION_TYPE_MAP;
	m->memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
	m->memHandle.memHandle = h;
	m->deviceBitMask = 1u << dev;
	m[1] = m[0];
	m[1].subresource.sparseLevel.offsetX = p.tileExtent.width;
	m[1].offset = (unsigned long long)p.tileExtent.width *
	    p.tileExtent.height * sizeof(float);
	err = cuMemMapArrayAsync(m, 2, NULL);
	cuMemRelease(h);
	if (err != CUDA_SUCCESS)
		cuArrayDestroy(*a);
	return err;
}

/*
 * The memory goes when tile (0, 0) is unmapped and (1, 0) destroyed with
 * its array; with own_ctx, when the context the array was made in is.
 */
static CUresult tile_alloc(CUdevice dev, size_t bytes, bool own_ctx)
{
	CUarrayMapInfo m[2];
	CUcontext ctx, own = NULL;
	CUarray a;
	CUresult err;

	if (own_ctx && ((err = cuCtxGetCurrent(&ctx)) != CUDA_SUCCESS ||
	    (err = cuCtxCreate(&own, NULL, 0, dev)) != CUDA_SUCCESS))
		return err;
	if ((err = tile_map(dev, bytes, &a, m)) == CUDA_SUCCESS)
		err = vmm_alloc(dev, bytes);
	else
		a = NULL;
	if (own != NULL) {
		cuCtxDestroy(own);
		cuCtxSetCurrent(ctx);
		return err;
	}
	if (a == NULL)
		return err;
	m[0].memOperationType = CU_MEM_OPERATION_TYPE_UNMAP;
	m[0].memHandle.memHandle = 0;
	m[0].offset = 0;
	cuMemMapArrayAsync(m, 1, NULL);
	cuStreamSynchronize(NULL);
	cuArrayDestroy(a);
	return err;
}

int main(int argc, char **argv)
{
	CUcontext ctx;
	CUdevice dev;
	CUresult err;

	if (argc < 2) {
		fprintf(stderr, "usage: alloc MIB...\n");
		return 1;
	}
	if ((err = cuInit(0)) != CUDA_SUCCESS ||
	    (err = cuDeviceGet(&dev, 0)) != CUDA_SUCCESS ||
	    (err = cuCtxCreate(&ctx, NULL, 0, dev)) != CUDA_SUCCESS) {
		fprintf(stderr, "alloc: setting up failed with error %d\n", err);
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *kind = "";
		unsigned long mib;
		const char *name = "?";

		size_t bytes;

		if (strchr(arg, ':') != NULL) {
			kind = strncmp(arg, "pool:", 5) == 0 ? "pool " :
			    strncmp(arg, "vmm:", 4) == 0 ? "vmm " :
			    strncmp(arg, "tile:", 5) == 0 ? "tile " :
			    strncmp(arg, "tilectx:", 8) == 0 ? "tilectx " :
			    strncmp(arg, "managed:", 8) == 0 ? "managed " :
			    strncmp(arg, "mapped:", 7) == 0 ? "mapped " : "? ";
			arg = strchr(arg, ':') + 1;
		}
		mib = strtoul(arg, NULL, 10);
		bytes = (size_t)mib << 20;
		if (strcmp(kind, "pool ") == 0)
			err = pool_alloc(bytes);
		else if (strcmp(kind, "vmm ") == 0)
			err = vmm_alloc(dev, bytes);
		else if (strcmp(kind, "tile ") == 0)
			err = tile_alloc(dev, bytes, false);
		else if (strcmp(kind, "tilectx ") == 0)
			err = tile_alloc(dev, bytes, true);
		else if (strcmp(kind, "managed ") == 0)
			err = managed_alloc(bytes);
		else if (strcmp(kind, "mapped ") == 0)
			err = mapped_alloc(bytes);
		else if (kind[0] == '\0')
			err = plain_alloc(bytes);
		else
			err = CUDA_ERROR_INVALID_VALUE;
		cuGetErrorName(err, &name);
		printf("%s%lu MiB: %s\n", kind, mib, name);
	}
	cuCtxDestroy(ctx);
	return 0;
}
