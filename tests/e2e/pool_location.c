/*
 * CUDA 13's pools by location: a device's default and current pinned
 * pools named by a CUmemLocation are its cuDeviceGet(Default)MemPool's,
 * cuMemSetMemPool makes a pool of the program's the current one (which
 * cuMemAllocAsync then allocates from: its used memory grows), and
 * setting the default back restores it.  Through oncuda (ONCUDA_TEST_REMOTE)
 * a host location is refused with CUDA_ERROR_NOT_SUPPORTED: a host pool
 * would be the server's host memory.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

int test_pool_location(void)
{
	CUmemLocation loc = { CU_MEM_LOCATION_TYPE_DEVICE, 0 };
	CUmemLocation host = { CU_MEM_LOCATION_TYPE_HOST, 0 };
	CUmemoryPool def, cur, dev_def, mine;
	CUmemPoolProps props;
	CUdeviceptr p;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	cuuint64_t used = 0;
	int yes = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&yes,
		 CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, dev), CUDA_SUCCESS);
	if (!yes)
		return e2e_skip("the device has no memory pools");
	loc.id = dev;
	CHECK_CU(cuMemGetDefaultMemPool(NULL, &loc,
		 CU_MEM_ALLOCATION_TYPE_PINNED), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemGetDefaultMemPool(&def, &loc,
		 CU_MEM_ALLOCATION_TYPE_PINNED), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetDefaultMemPool(&dev_def, dev), CUDA_SUCCESS);
	CHECK(def == dev_def);
	CHECK_CU(cuMemGetMemPool(&cur, &loc, CU_MEM_ALLOCATION_TYPE_PINNED),
		 CUDA_SUCCESS);
	CHECK(cur == def);

	memset(&props, 0, sizeof props);
	props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	props.handleTypes = CU_MEM_HANDLE_TYPE_NONE;
	props.location = loc;
	CHECK_CU(cuMemPoolCreate(&mine, &props), CUDA_SUCCESS);
	CHECK_CU(cuMemSetMemPool(&loc, CU_MEM_ALLOCATION_TYPE_PINNED, mine),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemGetMemPool(&cur, &loc, CU_MEM_ALLOCATION_TYPE_PINNED),
		 CUDA_SUCCESS);
	CHECK(cur == mine);
	CHECK_CU(cuDeviceGetMemPool(&cur, dev), CUDA_SUCCESS);
	CHECK(cur == mine);

	/* cuMemAllocAsync now takes from the program's pool. */
	TRY(e2e_stream(&s));
	CHECK_CU(cuMemAllocAsync(&p, 1 << 20, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemPoolGetAttribute(mine, CU_MEMPOOL_ATTR_USED_MEM_CURRENT,
		 &used), CUDA_SUCCESS);
	CHECK(used >= 1 << 20);
	CHECK_CU(cuMemsetD8(p, 0x3C, 1 << 20), CUDA_SUCCESS);
	CHECK_CU(cuMemFreeAsync(p, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemPoolGetAttribute(mine, CU_MEMPOOL_ATTR_USED_MEM_CURRENT,
		 &used), CUDA_SUCCESS);
	CHECK_EQ(used, 0);

	CHECK_CU(cuMemSetMemPool(&loc, CU_MEM_ALLOCATION_TYPE_PINNED, def),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemGetMemPool(&cur, &loc, CU_MEM_ALLOCATION_TYPE_PINNED),
		 CUDA_SUCCESS);
	CHECK(cur == def);
	CHECK_CU(cuMemPoolDestroy(mine), CUDA_SUCCESS);

	if (getenv("ONCUDA_TEST_REMOTE") != NULL)
		CHECK_CU(cuMemGetDefaultMemPool(&cur, &host,
			 CU_MEM_ALLOCATION_TYPE_PINNED),
			 CUDA_ERROR_NOT_SUPPORTED);
	return 0;
}
