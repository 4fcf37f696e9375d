/*
 * test_launch.c - unit test of the client's launch and occupancy entry
 * points (stubs/code/launch.c, with params.c), against a fake server: the RPC
 * procedures they call, and cuFuncGetAttribute, are defined here and record
 * what reached the wire: packed arguments, the launch configuration and its
 * attributes, the occupancy callback's table.
 * Exits 0 when every check passed.
 */
#include <stdint.h>
#include <string.h>

#include "fake_conn.h"
#include "stubs/code/params.h"
#include "unit_check.h"

/* cuda.h declares these only under CUDA_API_PER_THREAD_DEFAULT_STREAM. */
CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned int gridDimX,
			     unsigned int gridDimY, unsigned int gridDimZ,
			     unsigned int blockDimX, unsigned int blockDimY,
			     unsigned int blockDimZ,
			     unsigned int sharedMemBytes, CUstream hStream,
			     void **kernelParams, void **extra);
CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig *config, CUfunction f,
			       void **kernelParams, void **extra);

/* ------------------------------------------------------ the fake server */

#define FUNC FAKE_VEC_ADD

static int launches;
static cu_handle launch_func, launch_stream;
static cu_dim3 launch_grid, launch_block;
static unsigned int launch_smem;
static unsigned char launch_bytes[64];
static unsigned int launch_bytes_len, launch_offsets_len;
static bool_t launch_by_extra;
static launch_config launch_cfg;
static launch_attr launch_attrs[4];
static cu_size smem_sent[1024];
static unsigned int smem_sent_len;
static int block_size_limit_sent;
static int max_threads = 256;

CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
			    CUfunction hfunc)
{
	CHECK(attrib == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
	CHECK((uintptr_t)hfunc == FUNC);
	*pi = max_threads;
	return CUDA_SUCCESS;
}

/* The thread's one context, and its device's limits as an H200 gives them. */
CUcontext ctxstack_current(void)
{
	return (CUcontext)(uintptr_t)0x10;
}

static int device_asks;

CUresult cuCtxGetDevice(CUdevice *device)
{
	device_asks++;
	*device = 0;
	return CUDA_SUCCESS;
}

static int attribute_asks;

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
			      CUdevice dev)
{
	CHECK_EQ(dev, 0);
	attribute_asks++;
	switch (attrib) {
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
	case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
		*pi = 1024;
		return CUDA_SUCCESS;
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
		*pi = 64;
		return CUDA_SUCCESS;
	case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
		*pi = 2147483647;
		return CUDA_SUCCESS;
	case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
	case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
		*pi = 65535;
		return CUDA_SUCCESS;
	case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
		*pi = 232448;
		return CUDA_SUCCESS;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

static void record_args(const kernel_args *args)
{
	CHECK(fake_open_section != 0);
	launches++;
	launch_bytes_len = args->bytes.bytes_len;
	launch_offsets_len = args->offsets.offsets_len;
	launch_by_extra = args->by_extra;
	memset(launch_bytes, 0, sizeof(launch_bytes));
	if (args->bytes.bytes_len != 0 &&
	    args->bytes.bytes_len <= sizeof(launch_bytes))
		memcpy(launch_bytes, args->bytes.bytes_val,
		       args->bytes.bytes_len);
}

static void record_config(const launch_config *config)
{
	launch_cfg = *config;
	memset(launch_attrs, 0, sizeof(launch_attrs));
	if (config->attrs.attrs_len != 0 && config->attrs.attrs_len <= 4)
		memcpy(launch_attrs, config->attrs.attrs_val,
		       config->attrs.attrs_len * sizeof(launch_attr));
}

/* Launches are one-way calls (stubs/wire/batch.h). */
enum clnt_stat batch_send(CLIENT *c, rpcproc_t proc, xdrproc_t xdr_args,
			  void *args)
{
	const cu_launch_kernel_ex_argument *ex = args;
	const cu_launch_kernel_argument *k = args;

	(void)c;
	(void)xdr_args;
	if (proc == CU_LAUNCH_KERNEL) {
		launch_func = k->func;
		launch_grid = k->grid;
		launch_block = k->block;
		launch_smem = k->shared_mem_bytes;
		launch_stream = k->stream;
		record_args(&k->args);
	} else {
		CHECK_EQ(proc, CU_LAUNCH_KERNEL_EX);
		launch_func = ex->func;
		record_config(&ex->config);
		record_args(&ex->args);
	}
	return RPC_SUCCESS;
}

enum clnt_stat cu_occupancy_max_potential_block_size(cu_handle func,
		smem_table table, cu_size dynamic_smem, int limit,
		u_int flags, res_block_size *r, CLIENT *c)
{
	(void)c;
	(void)dynamic_smem;
	CHECK_EQ(func, FUNC);
	smem_sent_len = table.smem_table_len;
	if (table.smem_table_len != 0 && table.smem_table_len <= 1024)
		memcpy(smem_sent, table.smem_table_val,
		       table.smem_table_len * sizeof(cu_size));
	block_size_limit_sent = limit;
	r->err = CUDA_SUCCESS;
	r->res_block_size_u.value.min_grid_size = 264;
	r->res_block_size_u.value.block_size = (int)flags + 128;
	return RPC_SUCCESS;
}

enum clnt_stat cu_occupancy_max_active_clusters(cu_handle func,
		launch_config config, res_int *r, CLIENT *c)
{
	(void)c;
	(void)func;
	record_config(&config);
	r->err = CUDA_SUCCESS;
	r->res_int_u.value = 7;
	return RPC_SUCCESS;
}

enum clnt_stat cu_occupancy_max_potential_cluster_size(cu_handle func,
		launch_config config, res_int *r, CLIENT *c)
{
	(void)c;
	(void)func;
	record_config(&config);
	r->err = CUDA_SUCCESS;
	r->res_int_u.value = 8;
	return RPC_SUCCESS;
}

/* ---------------------------------------------------------------- tests */

static void test_launches(void)
{
	CUfunction f = (CUfunction)(uintptr_t)FUNC;
	CUstream s = (CUstream)(uintptr_t)0x9000;
	uint64_t a = 0xa, b = 0xb, c = 0xc;
	int n = 77;
	void *params[] = { &a, &b, &c, &n };
	unsigned char buffer[28] = { 5 };
	size_t size = sizeof(buffer);
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buffer,
			  CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			  CU_LAUNCH_PARAM_END };
	CUlaunchAttribute attrs[2];
	CUlaunchConfig config;
	int before;

	CHECK_EQ(cuLaunchKernel(f, 1, 2, 3, 4, 5, 6, 100, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_EQ(launch_func, FUNC);
	CHECK(launch_grid.x == 1 && launch_grid.y == 2 && launch_grid.z == 3);
	CHECK(launch_block.x == 4 && launch_block.y == 5 &&
	      launch_block.z == 6);
	CHECK_EQ(launch_smem, 100);
	CHECK_EQ(launch_stream, 0x9000);
	CHECK_EQ(launch_bytes_len, 28);
	CHECK_EQ(launch_offsets_len, 4);
	CHECK(memcmp(launch_bytes + 24, &n, 4) == 0);

	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra),
		 CUDA_SUCCESS);
	CHECK_EQ(launch_by_extra, TRUE);
	CHECK_EQ(launch_bytes[0], 5);
	CHECK_EQ(launch_stream, 0);
	CHECK_EQ(cuLaunchKernel_ptsz(f, 1, 1, 1, 1, 1, 1, 0, NULL, params,
				     NULL), CUDA_SUCCESS);
	CHECK_EQ(launch_stream, (uintptr_t)CU_STREAM_PER_THREAD);

	before = launches;
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, params, extra),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(launches, before);
	/* A dimension of 0 is refused here, not queued for the server. */
	CHECK_EQ(cuLaunchKernel(f, 1, 0, 1, 1, 1, 1, 0, NULL, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 1, 1, 0, 0, NULL, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	/* So is a shape past the device's limits, at the limit accepted. */
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 1025, 1, 1, 0, NULL, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 64, 16, 2, 0, NULL, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 65536, 1, 1, 1, 0, NULL, params,
				NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 232449, NULL, params,
				NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(launches, before);
	CHECK_EQ(cuLaunchKernel(f, 2147483647u, 65535, 1, 1024, 1, 1, 232448,
				NULL, params, NULL), CUDA_SUCCESS);
	CHECK_EQ(launches, before + 1);
	CHECK_EQ(launch_grid.x, 2147483647u);
	/* The eight limits were asked once, then kept for the thread, and
	 * with them the context's device. */
	CHECK_EQ(attribute_asks, 8);
	CHECK_EQ(device_asks, 1);
	/* A context died: the handle may name another now, so its device is
	 * asked again (its limits, the same device's, are still kept). */
	fake_context_deaths++;
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_EQ(device_asks, 2);
	CHECK_EQ(attribute_asks, 8);
	CHECK_EQ(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_EQ(device_asks, 2);
	before = launches;

	memset(attrs, 0, sizeof(attrs));
	attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	attrs[0].value.clusterDim.x = 2;
	attrs[0].value.clusterDim.y = 1;
	attrs[0].value.clusterDim.z = 1;
	attrs[1].id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
	attrs[1].value.priority = -1;
	memset(&config, 0, sizeof(config));
	config.gridDimX = 8;
	config.gridDimY = config.gridDimZ = 1;
	config.blockDimX = 32;
	config.blockDimY = config.blockDimZ = 1;
	config.sharedMemBytes = 16;
	config.hStream = s;
	config.attrs = attrs;
	config.numAttrs = 2;
	CHECK_EQ(cuLaunchKernelEx(&config, f, params, NULL), CUDA_SUCCESS);
	CHECK_EQ(launch_cfg.grid.x, 8);
	CHECK_EQ(launch_cfg.block.x, 32);
	CHECK_EQ(launch_cfg.shared_mem_bytes, 16);
	CHECK_EQ(launch_cfg.stream, 0x9000);
	CHECK_EQ(launch_cfg.attrs.attrs_len, 2);
	CHECK_EQ(launch_attrs[0].id, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
	CHECK(memcmp(launch_attrs[0].value, &attrs[0].value, 64) == 0);
	CHECK(memcmp(launch_attrs[1].value, &attrs[1].value, 64) == 0);
	CHECK_EQ(launch_offsets_len, 4);

	config.hStream = NULL;
	CHECK_EQ(cuLaunchKernelEx_ptsz(&config, f, params, NULL), CUDA_SUCCESS);
	CHECK_EQ(launch_cfg.stream, (uintptr_t)CU_STREAM_PER_THREAD);

	before = launches;
	CHECK_EQ(cuLaunchKernelEx(NULL, f, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	config.numAttrs = ONCUDA_LAUNCH_ATTRS_MAX + 1;
	CHECK_EQ(cuLaunchKernelEx(&config, f, params, NULL),
		 CUDA_ERROR_NOT_SUPPORTED);
	config.numAttrs = 1;
	config.attrs = NULL;
	CHECK_EQ(cuLaunchKernelEx(&config, f, params, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(launches, before);
}

static size_t smem_for(int block_size)
{
	return (size_t)block_size * 12;
}

static void test_occupancy(void)
{
	CUfunction f = (CUfunction)(uintptr_t)FUNC;
	CUlaunchAttribute attr;
	CUlaunchConfig config;
	int grid = 0, block = 0, answer = 0;

	CHECK_EQ(cuOccupancyMaxPotentialBlockSize(&grid, &block, f, smem_for,
						  0, 0), CUDA_SUCCESS);
	CHECK_EQ(grid, 264);
	CHECK_EQ(block, 128);
	CHECK_EQ(smem_sent_len, 256);	/* the function's limit */
	CHECK_EQ(smem_sent[0], 12);
	CHECK_EQ(smem_sent[255], 256 * 12);

	CHECK_EQ(cuOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f,
			smem_for, 0, 100, 1), CUDA_SUCCESS);
	CHECK_EQ(smem_sent_len, 100);	/* the program's limit */
	CHECK_EQ(block_size_limit_sent, 100);
	CHECK_EQ(block, 129);

	max_threads = 4096;		/* more than a table holds */
	CHECK_EQ(cuOccupancyMaxPotentialBlockSize(&grid, &block, f, smem_for,
						  0, 0), CUDA_SUCCESS);
	CHECK_EQ(smem_sent_len, ONCUDA_BLOCK_SIZES_MAX);
	max_threads = 256;

	CHECK_EQ(cuOccupancyMaxPotentialBlockSize(&grid, &block, f, NULL, 64,
						  0), CUDA_SUCCESS);
	CHECK_EQ(smem_sent_len, 0);
	CHECK_EQ(cuOccupancyMaxPotentialBlockSize(NULL, &block, f, NULL, 0, 0),
		 CUDA_ERROR_INVALID_VALUE);

	memset(&attr, 0, sizeof(attr));
	attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	attr.value.clusterDim.x = 4;
	memset(&config, 0, sizeof(config));
	config.gridDimX = 16;
	config.blockDimX = 128;
	config.attrs = &attr;
	config.numAttrs = 1;
	CHECK_EQ(cuOccupancyMaxActiveClusters(&answer, f, &config),
		 CUDA_SUCCESS);
	CHECK_EQ(answer, 7);
	CHECK_EQ(launch_cfg.attrs.attrs_len, 1);
	CHECK(memcmp(launch_attrs[0].value, &attr.value, 64) == 0);
	CHECK_EQ(cuOccupancyMaxPotentialClusterSize(&answer, f, &config),
		 CUDA_SUCCESS);
	CHECK_EQ(answer, 8);
	CHECK_EQ(cuOccupancyMaxActiveClusters(NULL, f, &config),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuOccupancyMaxPotentialClusterSize(&answer, f, NULL),
		 CUDA_ERROR_INVALID_VALUE);
}

int main(void)
{
	test_launches();
	test_occupancy();
	params_forget_all();
	return unit_report("test_launch");
}
