/*
 * occupancy.c - the occupancy calculator, for the pretend Hopper device.
 *
 * Blocks per SM are limited by threads, registers, shared memory and the
 * per-SM block limit, as on the GPU; the answers are plausible rather than
 * exact, which is all a test of the forwarding layer needs.
 */
#include "fakecuda.h"

/* What the calculator needs of a function, copied out under the lock. */
struct func_limits {
	int max_threads;
	int max_dynamic_shared;
	int static_shared;
	int required_cluster[3];
	bool non_portable_clusters;
};

static int
round_up(int value, int multiple)
{
	return (value + multiple - 1) / multiple * multiple;
}

static int
min_int(int a, int b)
{
	return a < b ? a : b;
}

static int
blocks_per_sm(const struct func_limits *f, int block_size, size_t dynamic)
{
	int threads, by_threads, by_regs, by_shared;
	size_t shared;

	if (block_size <= 0 || block_size > f->max_threads ||
	    dynamic > (size_t)f->max_dynamic_shared)
		return 0;
	threads = round_up(block_size, FC_WARP_SIZE);
	by_threads = FC_MAX_THREADS_PER_SM / threads;
	by_regs = FC_REGS_PER_SM / (threads * FC_KERNEL_REGS);
	shared = dynamic + (size_t)f->static_shared +
	    FC_SMEM_RESERVED_PER_BLOCK;
	by_shared = (int)(FC_SMEM_PER_SM / shared);
	return min_int(min_int(by_threads, by_regs),
	    min_int(by_shared, FC_MAX_BLOCKS_PER_SM));
}

static CUresult
get_limits(CUfunction func, struct func_limits *f)
{
	struct fc_context *ctx;
	struct fc_function *fn;
	const int *v;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_function_resolve(func, ctx, &fn);
	if (rc == CUDA_SUCCESS) {
		v = fn->attrs->values;
		f->max_threads = v[CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK];
		f->max_dynamic_shared =
		    v[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES];
		f->static_shared = v[CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES];
		f->required_cluster[0] =
		    v[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH];
		f->required_cluster[1] =
		    v[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT];
		f->required_cluster[2] =
		    v[CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH];
		f->non_portable_clusters =
		    v[CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED] != 0;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
    CUfunction func, int blockSize, size_t dynamicSMemSize,
    unsigned int flags)
{
	struct func_limits f;
	CUresult rc;

	rc = get_limits(func, &f);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (numBlocks == NULL || blockSize <= 0 ||
	    (flags & ~(unsigned int)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
		return CUDA_ERROR_INVALID_VALUE;
	*numBlocks = blocks_per_sm(&f, blockSize, dynamicSMemSize);
	return CUDA_SUCCESS;
}

FC_API CUresult
cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func,
    int blockSize, size_t dynamicSMemSize)
{
	return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks,
	    func, blockSize, dynamicSMemSize, CU_OCCUPANCY_DEFAULT);
}

/*
 * Tries block sizes from the largest down, one warp at a time, and keeps
 * the one that puts the most threads on an SM.  The callback, which may
 * call the driver, runs without the lock.
 */
FC_API CUresult
cuOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize,
    CUfunction func, CUoccupancyB2DSize blockSizeToDynamicSMemSize,
    size_t dynamicSMemSize, int blockSizeLimit, unsigned int flags)
{
	int best_size = 0, best_blocks = 0, largest;
	struct func_limits f;
	CUresult rc;

	rc = get_limits(func, &f);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (minGridSize == NULL || blockSize == NULL || blockSizeLimit < 0 ||
	    (flags & ~(unsigned int)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
		return CUDA_ERROR_INVALID_VALUE;
	largest = f.max_threads;
	if (blockSizeLimit > 0 && blockSizeLimit < largest)
		largest = blockSizeLimit;
	for (int size = largest; size > 0;
	    size -= size % FC_WARP_SIZE ? size % FC_WARP_SIZE : FC_WARP_SIZE) {
		size_t dynamic = blockSizeToDynamicSMemSize != NULL ?
		    blockSizeToDynamicSMemSize(size) : dynamicSMemSize;
		int blocks = blocks_per_sm(&f, size, dynamic);

		if (blocks * size > best_blocks * best_size) {
			best_blocks = blocks;
			best_size = size;
		}
		if (best_blocks * best_size == FC_MAX_THREADS_PER_SM)
			break;
	}
	*minGridSize = best_blocks * FC_SM_COUNT;
	*blockSize = best_size;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize,
    CUfunction func, CUoccupancyB2DSize blockSizeToDynamicSMemSize,
    size_t dynamicSMemSize, int blockSizeLimit)
{
	return cuOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize,
	    func, blockSizeToDynamicSMemSize, dynamicSMemSize, blockSizeLimit,
	    CU_OCCUPANCY_DEFAULT);
}

FC_API CUresult
cuOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize,
    CUfunction func, int numBlocks, int blockSize)
{
	struct func_limits f;
	long long available;
	CUresult rc;

	rc = get_limits(func, &f);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (dynamicSmemSize == NULL || numBlocks <= 0 || blockSize <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	*dynamicSmemSize = 0;
	if (blocks_per_sm(&f, blockSize, 0) < numBlocks)
		return CUDA_SUCCESS;
	available = FC_SMEM_PER_SM / numBlocks - FC_SMEM_RESERVED_PER_BLOCK -
	    f.static_shared;
	if (available > FC_SMEM_PER_BLOCK_OPTIN - f.static_shared)
		available = FC_SMEM_PER_BLOCK_OPTIN - f.static_shared;
	if (available > 0)
		*dynamicSmemSize = (size_t)available;
	return CUDA_SUCCESS;
}

/*
 * The cluster size of a launch: from its cluster attribute, else from the
 * function's compiled-in requirement; one of the two must give it.
 */
static CUresult
cluster_size(const CUlaunchConfig *config, const struct func_limits *f,
    int *size)
{
	const CUlaunchAttribute *a;
	unsigned long long blocks;

	*size = 0;
	for (unsigned int i = 0; i < config->numAttrs; i++) {
		a = &config->attrs[i];
		if (a->id != CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
			continue;
		blocks = (unsigned long long)a->value.clusterDim.x *
		    a->value.clusterDim.y * a->value.clusterDim.z;
		*size = blocks > FC_MAX_CLUSTER_SIZE ?
		    FC_MAX_CLUSTER_SIZE + 1 : (int)blocks;
	}
	if (*size == 0)
		*size = f->required_cluster[0] * f->required_cluster[1] *
		    f->required_cluster[2];
	if (*size <= 0 || *size > (f->non_portable_clusters ?
	    FC_MAX_CLUSTER_SIZE : FC_PORTABLE_CLUSTER_SIZE))
		return CUDA_ERROR_INVALID_CLUSTER_SIZE;
	return CUDA_SUCCESS;
}

static int
config_block_size(const CUlaunchConfig *config)
{
	unsigned long long threads = (unsigned long long)config->blockDimX *
	    config->blockDimY * config->blockDimZ;

	/* Too large a block stays too large, without overflowing an int. */
	if (threads > FC_MAX_THREADS_PER_BLOCK)
		return FC_MAX_THREADS_PER_BLOCK + 1;
	return (int)threads;
}

FC_API CUresult
cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func,
    const CUlaunchConfig *config)
{
	struct func_limits f;
	int size, blocks;
	CUresult rc;

	rc = get_limits(func, &f);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (numClusters == NULL || config == NULL ||
	    (config->numAttrs > 0 && config->attrs == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	rc = cluster_size(config, &f, &size);
	if (rc != CUDA_SUCCESS)
		return rc;
	blocks = blocks_per_sm(&f, config_block_size(config),
	    config->sharedMemBytes);
	*numClusters = blocks * FC_SM_COUNT / size;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuOccupancyMaxPotentialClusterSize(int *clusterSize, CUfunction func,
    const CUlaunchConfig *config)
{
	struct func_limits f;
	CUresult rc;

	rc = get_limits(func, &f);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (clusterSize == NULL || config == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (blocks_per_sm(&f, config_block_size(config),
	    config->sharedMemBytes) == 0)
		*clusterSize = 0;
	else
		*clusterSize = f.non_portable_clusters ?
		    FC_MAX_CLUSTER_SIZE : FC_PORTABLE_CLUSTER_SIZE;
	return CUDA_SUCCESS;
}
