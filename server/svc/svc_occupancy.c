/*
 * svc_occupancy.c -- occupancy queries that need more than plain values:
 * a block-size callback, or a whole launch configuration.
 */
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_launch.h"

/*
 * The program's blockSizeToDynamicSMemSize callback ran on the client for
 * every block size; the driver's callback gets no user data, so the table
 * of answers sits here for the length of the one call that uses it.  The
 * server runs one call at a time.
 */
static const cu_size *smem_table_now;
static unsigned int smem_table_len_now;

static size_t CUDA_CB smem_for_block_size(int block_size)
{
	unsigned int i;

	if (smem_table_len_now == 0 || block_size < 1)
		return 0;
	/* The client covers every size the function allows; a larger one is
	 * answered with the last known value rather than read out of bounds. */
	i = (unsigned int)block_size - 1;
	if (i >= smem_table_len_now)
		i = smem_table_len_now - 1;
	return (size_t)smem_table_now[i];
}

bool_t cu_occupancy_max_potential_block_size_svc(cu_handle func,
    smem_table smem_by_block_size, cu_size dynamic_smem, int block_size_limit,
    u_int flags, res_block_size *r, struct svc_req *rq)
{
	CUoccupancyB2DSize callback = NULL;
	int min_grid_size, block_size;

	(void)rq;
	if ((r->err = handle_check(HANDLE_FUNCTION, func, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (smem_by_block_size.smem_table_len > 0) {
		smem_table_now = smem_by_block_size.smem_table_val;
		smem_table_len_now = smem_by_block_size.smem_table_len;
		callback = smem_for_block_size;
	}
	r->err = cuOccupancyMaxPotentialBlockSizeWithFlags(&min_grid_size,
	    &block_size, (CUfunction)(uintptr_t)func, callback,
	    (size_t)dynamic_smem, block_size_limit, flags);
	smem_table_now = NULL;
	smem_table_len_now = 0;
	if (r->err == CUDA_SUCCESS) {
		r->res_block_size_u.value.min_grid_size = min_grid_size;
		r->res_block_size_u.value.block_size = block_size;
	}
	return TRUE;
}

typedef CUresult (*cluster_query)(int *answer, CUfunction func,
    const CUlaunchConfig *config);

static void clusters(cluster_query query, cu_handle func,
    const launch_config *config, res_int *r)
{
	CUlaunchAttribute attrs[ONCUDA_LAUNCH_ATTRS_MAX];
	CUlaunchConfig cfg;
	int answer;

	if ((r->err = handle_check(HANDLE_FUNCTION, func, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = launch_config_build(config, &cfg, attrs)) !=
	    CUDA_SUCCESS)
		return;
	r->err = query(&answer, (CUfunction)(uintptr_t)func, &cfg);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = answer;
}

bool_t cu_occupancy_max_active_clusters_svc(cu_handle func,
    launch_config config, res_int *r, struct svc_req *rq)
{
	(void)rq;
	clusters(cuOccupancyMaxActiveClusters, func, &config, r);
	return TRUE;
}

bool_t cu_occupancy_max_potential_cluster_size_svc(cu_handle func,
    launch_config config, res_int *r, struct svc_req *rq)
{
	(void)rq;
	clusters(cuOccupancyMaxPotentialClusterSize, func, &config, r);
	return TRUE;
}
