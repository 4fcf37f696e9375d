/*
 * What the driver says about a compiled kernel, and how many of its
 * blocks fit on a multiprocessor.
 */
#include <string.h>

#include "check.h"

static int setup(CUmodule *m)
{
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(m, "kernels.cubin"));
	return 0;
}

int test_func_attributes(void)
{
	CUfunction f;
	CUmodule m;
	int value = -1;

	TRY(setup(&m));
	TRY(e2e_get_function(&f, m, "vec_add"));
	CHECK_CU(cuFuncGetAttribute(&value,
			CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f),
		 CUDA_SUCCESS);
	CHECK(value > 0 && value <= 1024);
	CHECK_CU(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, f),
		 CUDA_SUCCESS);
	CHECK(value >= 0);
	/* The cubin was built for sm_90. */
	CHECK_CU(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_BINARY_VERSION,
				    f), CUDA_SUCCESS);
	CHECK_EQ(value, 90);
	/* vec_add declares no shared memory of its own. */
	CHECK_CU(cuFuncGetAttribute(&value,
			CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f), CUDA_SUCCESS);
	CHECK_EQ(value, 0);

	CHECK_CU(cuFuncSetCacheConfig(f, CU_FUNC_CACHE_PREFER_SHARED),
		 CUDA_SUCCESS);
	CHECK_CU(cuFuncSetCacheConfig(f, CU_FUNC_CACHE_PREFER_NONE),
		 CUDA_SUCCESS);
	CHECK_CU(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX, f),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}

/* scale_dyn_smem needs 4 bytes of shared memory per thread. */
static size_t smem_for_block(int block_size)
{
	return (size_t)block_size * 4;
}

int test_occupancy(void)
{
	CUlaunchAttribute cluster;
	CUlaunchConfig config;
	CUfunction vec_add, scale;
	CUmodule m;
	size_t bytes = 0;
	int blocks = -1, again = -1, min_grid = -1, block = -1;
	int clusters = -1;

	TRY(setup(&m));
	TRY(e2e_get_function(&vec_add, m, "vec_add"));
	TRY(e2e_get_function(&scale, m, "scale_dyn_smem"));

	CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, vec_add,
							     256, 0),
		 CUDA_SUCCESS);
	CHECK(blocks > 0);
	CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&again,
			vec_add, 256, 0, CU_OCCUPANCY_DEFAULT), CUDA_SUCCESS);
	CHECK_EQ(again, blocks);

	CHECK_CU(cuOccupancyMaxPotentialBlockSize(&min_grid, &block, vec_add,
						  NULL, 0, 0), CUDA_SUCCESS);
	CHECK(block > 0 && block <= 1024);
	CHECK(min_grid > 0);
	/* With a callback the driver calls for each block size it tries:
	 * here, in this process. */
	min_grid = block = -1;
	CHECK_CU(cuOccupancyMaxPotentialBlockSize(&min_grid, &block, scale,
						  smem_for_block, 0, 0),
		 CUDA_SUCCESS);
	CHECK(block > 0 && block <= 1024);
	CHECK(min_grid > 0);

	CHECK_CU(cuOccupancyAvailableDynamicSMemPerBlock(&bytes, scale, 1,
							 256), CUDA_SUCCESS);
	CHECK(bytes >= 256 * 4);

	/* Clusters of two blocks. */
	memset(&cluster, 0, sizeof(cluster));
	cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	cluster.value.clusterDim.x = 2;
	cluster.value.clusterDim.y = 1;
	cluster.value.clusterDim.z = 1;
	memset(&config, 0, sizeof(config));
	config.gridDimX = 4;
	config.gridDimY = config.gridDimZ = 1;
	config.blockDimX = 128;
	config.blockDimY = config.blockDimZ = 1;
	config.attrs = &cluster;
	config.numAttrs = 1;
	CHECK_CU(cuOccupancyMaxActiveClusters(&clusters, vec_add, &config),
		 CUDA_SUCCESS);
	CHECK(clusters >= 0);
	return 0;
}
