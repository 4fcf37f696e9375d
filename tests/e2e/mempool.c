/*
 * Stream-ordered allocation and memory pools: cuMemAllocAsync and
 * cuMemFreeAsync around kernels and copies on a stream, a pool of the
 * program's own with its attributes (release threshold, used and reserved
 * memory, high-water marks) and cuMemPoolTrimTo, and the device's pools.
 *
 * Pointers freed twice and destroyed pools are undefined natively; through
 * oncuda (ONCUDA_TEST_REMOTE) the server refuses them before its driver
 * sees them, and that is checked.
 */
#include <stdlib.h>

#include "check.h"
#include "kernel_runs.h"

/* Skips the test where the device has no pools (natively or as told). */
static int pools_or_skip(CUdevice dev, int *skip)
{
	int yes = 0;

	*skip = 0;
	CHECK_CU(cuDeviceGetAttribute(&yes,
		 CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, dev), CUDA_SUCCESS);
	if (!yes)
		*skip = 1;
	return 0;
}

int test_alloc_async(void)
{
	enum { N = 100000 };
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	CUmodule m;
	CUfunction fill;
	CUdeviceptr a, b;
	unsigned *host = e2e_malloc(N * sizeof(unsigned));
	int skip;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(pools_or_skip(dev, &skip));
	if (skip)
		return e2e_skip("the device has no memory pools");
	TRY(e2e_stream(&s));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));

	CHECK_CU(cuMemAllocAsync(NULL, 64, s), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemAllocAsync(&a, (N + 1) * sizeof(unsigned), s),
		 CUDA_SUCCESS);
	CHECK(a != 0);
	/* A kernel writes it on the stream, a copy reads it back. */
	TRY(e2e_run_fill(fill, a, 0xC0FFEEu, N, s));
	/* Device to device into a second one from the default stream. */
	CHECK_CU(cuMemAllocAsync(&b, N * sizeof(unsigned), NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(b, a, N * sizeof(unsigned), s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host, b, N * sizeof(unsigned), s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_EQ(host[0], 0xC0FFEEu);
	CHECK_EQ(host[N - 1], 0xC0FFEEu);
	/* cuMemcpy tells pool memory from host memory. */
	CHECK_CU(cuMemsetD32(b, 7, N), CUDA_SUCCESS);
	CHECK_CU(cuMemcpy((CUdeviceptr)(uintptr_t)host, b, sizeof(unsigned)),
		 CUDA_SUCCESS);
	CHECK_EQ(host[0], 7);

	CHECK_CU(cuMemFreeAsync(a, s), CUDA_SUCCESS);
	CHECK_CU(cuMemFreeAsync(b, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	if (getenv("ONCUDA_TEST_REMOTE") != NULL)
		/* Sent one-way: refused at the call or at the next
		 * synchronizing call. */
		CHECK_CU_ASYNC(cuMemFreeAsync(b, s), CUDA_ERROR_INVALID_VALUE);
	/* cuMemFree takes pool memory too. */
	CHECK_CU(cuMemAllocAsync(&a, 4096, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(a), CUDA_SUCCESS);
	return 0;
}

static int pool_attr(CUmemoryPool p, CUmemPool_attribute attr,
		     cuuint64_t *value)
{
	CHECK_CU(cuMemPoolGetAttribute(p, attr, value), CUDA_SUCCESS);
	return 0;
}

int test_mem_pools(void)
{
	const size_t size = 4u << 20;
	CUmemPoolProps props = { 0 };
	CUmemAccessDesc access = { { CU_MEM_LOCATION_TYPE_DEVICE, 0 },
				   CU_MEM_ACCESS_FLAGS_PROT_READWRITE };
	CUmemLocation here = { CU_MEM_LOCATION_TYPE_DEVICE, 0 };
	CUmemAccess_flags flags;
	CUmemoryPool pool, dflt, cur;
	cuuint64_t v, max = ~(cuuint64_t)0;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	CUdeviceptr d;
	unsigned word = 0;
	int follow = -1, skip;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(pools_or_skip(dev, &skip));
	if (skip)
		return e2e_skip("the device has no memory pools");
	TRY(e2e_stream(&s));
	access.location.id = here.id = (int)dev;

	CHECK_CU(cuDeviceGetDefaultMemPool(&dflt, dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetMemPool(&cur, dev), CUDA_SUCCESS);
	CHECK(cur == dflt);

	props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	props.location.id = (int)dev;
	CHECK_CU(cuMemPoolCreate(&pool, &props), CUDA_SUCCESS);

	/* Attributes of both types travel as they are. */
	CHECK_CU(cuMemPoolGetAttribute(pool,
		 CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES, &follow),
		 CUDA_SUCCESS);
	CHECK(follow == 0 || follow == 1);
	CHECK_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
		 &max), CUDA_SUCCESS);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &v));
	CHECK_EQ(v, max);

	CHECK_CU(cuMemAllocFromPoolAsync(&d, size, pool, s), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(d, 0x1234, size / 4, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(&word, d + size - 4, 4, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_EQ(word, 0x1234);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &v));
	CHECK(v >= size);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &v));
	CHECK(v >= size);

	/* Freed with a threshold of everything: the pool keeps it. */
	CHECK_CU(cuMemFreeAsync(d, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &v));
	CHECK_EQ(v, 0);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &v));
	CHECK(v >= size);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &v));
	CHECK(v >= size);
	/* Trimmed to nothing, it keeps nothing. */
	CHECK_CU(cuMemPoolTrimTo(pool, 0), CUDA_SUCCESS);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT, &v));
	CHECK_EQ(v, 0);
	/* The high-water marks reset to the current values. */
	v = 0;
	CHECK_CU(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &v),
		 CUDA_SUCCESS);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_USED_MEM_HIGH, &v));
	CHECK_EQ(v, 0);

	CHECK_CU(cuMemPoolSetAccess(pool, &access, 1), CUDA_SUCCESS);
	CHECK_CU(cuMemPoolGetAccess(&flags, pool, &here), CUDA_SUCCESS);
	CHECK_EQ(flags, CU_MEM_ACCESS_FLAGS_PROT_READWRITE);

	/* The device's current pool, then back to the default. */
	CHECK_CU(cuDeviceSetMemPool(dev, pool), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetMemPool(&cur, dev), CUDA_SUCCESS);
	CHECK(cur == pool);
	CHECK_CU(cuMemAllocAsync(&d, 4096, s), CUDA_SUCCESS);
	TRY(pool_attr(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &v));
	CHECK(v >= 4096);
	CHECK_CU(cuMemFreeAsync(d, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuDeviceSetMemPool(dev, dflt), CUDA_SUCCESS);

	/* An exportable pool would hand out the server's descriptors. */
	if (getenv("ONCUDA_TEST_REMOTE") != NULL) {
		CUmemoryPool shared;

		props.handleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
		CHECK_CU(cuMemPoolCreate(&shared, &props),
			 CUDA_ERROR_NOT_SUPPORTED);
	}
	CHECK_CU(cuMemPoolDestroy(pool), CUDA_SUCCESS);
	if (getenv("ONCUDA_TEST_REMOTE") != NULL)
		CHECK_CU(cuMemAllocFromPoolAsync(&d, 4096, pool, s),
			 CUDA_ERROR_INVALID_VALUE);
	return 0;
}
