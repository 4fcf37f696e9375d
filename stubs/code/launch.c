/*
 * launch.c - kernel launches and the occupancy calls that cannot be plain.
 *
 * The arguments of a launch are packed by params.c, and the launch goes
 * out as a one-way call (batch.h): its errors on the server surface at the
 * next synchronizing call.  A CUlaunchConfig
 * travels as launch_config, its attributes as their 64-byte value unions,
 * which the server checks before its driver sees them.  The program's
 * occupancy callback cannot cross the wire, so it is asked here, once per
 * block size, and its answers travel as a table.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/wire/batch.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/mapped.h"
#include "stubs/code/launch.h"
#include "stubs/code/params.h"
#include "stubs/code/own_library.h"
#include "stubs/context/context.h"
#include "stubs/route/ctxstack.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"

_Static_assert(sizeof(CUlaunchAttributeValue) ==
	       sizeof(((launch_attr *)0)->value),
	       "a launch attribute's value travels as 64 bytes");

/* Names for the per-thread-default-stream variants, which cuda.h declares
 * only under CUDA_API_PER_THREAD_DEFAULT_STREAM. */
CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned int gridDimX,
			     unsigned int gridDimY, unsigned int gridDimZ,
			     unsigned int blockDimX, unsigned int blockDimY,
			     unsigned int blockDimZ,
			     unsigned int sharedMemBytes, CUstream hStream,
			     void **kernelParams, void **extra);
CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig *config, CUfunction f,
			       void **kernelParams, void **extra);
CUresult cuLaunchCooperativeKernel_ptsz(CUfunction f, unsigned int gridDimX,
		unsigned int gridDimY, unsigned int gridDimZ,
		unsigned int blockDimX, unsigned int blockDimY,
		unsigned int blockDimZ, unsigned int sharedMemBytes,
		CUstream hStream, void **kernelParams);

static cu_handle handle_of(const void *h)
{
	return (cu_handle)(uintptr_t)h;
}

/*
 * Translates config into wire, whose attributes are kept in attrs
 * (ONCUDA_LAUNCH_ATTRS_MAX of them).  per_thread: a NULL stream means the
 * calling thread's default stream, as in the _ptsz entry points; the
 * launch then translates it (thread_stream.h).
 */
static CUresult config_to_wire(const CUlaunchConfig *config, bool per_thread,
			       launch_config *wire, launch_attr *attrs)
{
	unsigned int i;

	if (config == NULL || (config->numAttrs != 0 && config->attrs == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	if (config->numAttrs > ONCUDA_LAUNCH_ATTRS_MAX) {
		oncuda_unsupported("more than 32 launch attributes");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	memset(wire, 0, sizeof(*wire));
	wire->grid.x = config->gridDimX;
	wire->grid.y = config->gridDimY;
	wire->grid.z = config->gridDimZ;
	wire->block.x = config->blockDimX;
	wire->block.y = config->blockDimY;
	wire->block.z = config->blockDimZ;
	wire->shared_mem_bytes = config->sharedMemBytes;
	wire->stream = handle_of(per_thread ?
	    thread_stream_null(config->hStream) : config->hStream);
	for (i = 0; i < config->numAttrs; i++) {
		memset(&attrs[i], 0, sizeof(attrs[i]));
		attrs[i].id = config->attrs[i].id;
		memcpy(attrs[i].value, &config->attrs[i].value,
		       sizeof(attrs[i].value));
	}
	wire->attrs.attrs_len = config->numAttrs;
	wire->attrs.attrs_val = attrs;
	return CUDA_SUCCESS;
}

/* A stream handle as thread_stream.h translates CU_STREAM_PER_THREAD. */
static CUresult per_thread_handle(cu_handle *stream)
{
	CUstream s = (CUstream)(uintptr_t)*stream;
	CUresult e = thread_stream(&s);

	*stream = handle_of(s);
	return e;
}

/*
 * What the client can tell without the device: a dimension of 0 is never
 * a shape the driver runs.
 */
bool launch_shape_possible(const cu_dim3 *grid, const cu_dim3 *block)
{
	return grid->x != 0 && grid->y != 0 && grid->z != 0 &&
	       block->x != 0 && block->y != 0 && block->z != 0;
}

/* The device attributes a launch's shape is checked against, in order. */
static const CUdevice_attribute shape_limit_attrs[] = {
	CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
	CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
	CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z,
	CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
	CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
	CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
	CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z,
	CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
};
#define SHAPE_LIMITS (sizeof(shape_limit_attrs) / sizeof(shape_limit_attrs[0]))

/*
 * The last device's limits, kept by each thread: every launch would
 * otherwise look up eight answers, each under the answer cache's lock.
 * They never change for a device (answer_cache.h keeps them for the
 * process's life too), so they are kept only once all eight are known.
 * The context they were asked for is kept too, so that a launch in the
 * same context, none having died since (a handle may then name another),
 * need not ask for its device either.
 */
static _Thread_local struct {
	bool known;
	CUdevice dev;
	uint64_t limit[SHAPE_LIMITS];
	CUcontext ctx;
	uint64_t deaths;
} kept_limits;

/* dev's limits into limit; UINT64_MAX where one is not known (the
 * server's driver will say). */
static void shape_limits(CUdevice dev, uint64_t limit[SHAPE_LIMITS])
{
	bool all = true;

	if (kept_limits.known && kept_limits.dev == dev) {
		memcpy(limit, kept_limits.limit, sizeof(kept_limits.limit));
		return;
	}
	for (size_t i = 0; i < SHAPE_LIMITS; i++) {
		int v;

		if (cuDeviceGetAttribute(&v, shape_limit_attrs[i], dev) !=
		    CUDA_SUCCESS || v <= 0) {
			limit[i] = UINT64_MAX;
			all = false;
		} else {
			limit[i] = (uint64_t)v;
		}
	}
	kept_limits.known = all;
	kept_limits.dev = dev;
	memcpy(kept_limits.limit, limit, sizeof(kept_limits.limit));
}

/*
 * A launch is one-way, so an error of the server's comes back at a later
 * call; but the driver refuses a shape the device cannot run at the launch
 * itself, where programs look for it (the runtime's cudaGetLastError after
 * a kernel<<<>>> of 2048 threads).  The device's limits are answers the
 * client keeps (answer_cache.h), so a launch past them is refused here, as
 * the driver refuses it: the block's and grid's dimensions, the threads of
 * a block, and dynamic shared memory past what the device offers a block
 * at most.  What depends on the function (__launch_bounds__, registers,
 * its own shared memory limit) is the server's to say, at a later call.
 * The devices of a multi-device launch (launch_multi.c) are not the
 * current one, so that one checks launch_shape_possible alone.
 */
static CUresult launch_shape_check(const cu_dim3 *grid, const cu_dim3 *block,
				   unsigned int shared_mem)
{
	const uint64_t asked[SHAPE_LIMITS] = {
		block->x, block->y, block->z,
		(uint64_t)block->x * block->y * block->z,
		grid->x, grid->y, grid->z, shared_mem,
	};
	uint64_t limit[SHAPE_LIMITS];
	CUdevice dev;

	CUcontext ctx = ctxstack_current();
	uint64_t deaths = context_deaths();

	if (!launch_shape_possible(grid, block))
		return CUDA_ERROR_INVALID_VALUE;
	if (kept_limits.known && ctx != NULL && ctx == kept_limits.ctx &&
	    deaths == kept_limits.deaths) {
		memcpy(limit, kept_limits.limit, sizeof(limit));
	} else {
		if (cuCtxGetDevice(&dev) != CUDA_SUCCESS)
			return CUDA_SUCCESS;	/* no context: the server says */
		shape_limits(dev, limit);
		kept_limits.ctx = ctx;
		kept_limits.deaths = deaths;
	}
	for (size_t i = 0; i < SHAPE_LIMITS; i++)
		if (asked[i] > limit[i])
			return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

CUresult launch_route(CUfunction f, cu_handle stream, unsigned *server,
		      CUfunction *there, uint64_t *value)
{
	struct route rt = ROUTE_INIT;
	CUresult e;

	route_handle(&rt, f, ROUTE_CODE);
	route_handle(&rt, (void *)(uintptr_t)stream, ROUTE_STREAM);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS ||
	    (e = route_value(&rt, f, value)) != CUDA_SUCCESS)
		return e;
	*server = (unsigned)rt.server;
	*there = (CUfunction)(uintptr_t)route_tag(*value, *server);
	return CUDA_SUCCESS;
}

/*
 * Launches are one-way (batch.h): queued behind what the program wrote
 * into mapped host memory (mapped_push), and not waited for.  proc:
 * CU_LAUNCH_KERNEL, or CU_LAUNCH_COOPERATIVE_KERNEL, which has the same
 * arguments.
 */
static CUresult launch(rpcproc_t proc, CUfunction f, cu_dim3 grid,
		       cu_dim3 block,
		       unsigned int shared_mem, cu_handle stream,
		       void **kernelParams, void **extra)
{
	cu_launch_kernel_argument call;
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	CUfunction there;
	unsigned server;
	struct call k;
	CUresult e;

	if (f == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if ((e = launch_shape_check(&grid, &block, shared_mem)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = per_thread_handle(&stream)) != CUDA_SUCCESS)
		return e;
	e = launch_route(f, stream, &server, &there, &call.func);
	if (e != CUDA_SUCCESS)
		return e;
	e = params_pack(there, kernelParams, extra, &call.args);
	if (e != CUDA_SUCCESS)
		return e;
	call.grid = grid;
	call.block = block;
	call.shared_mem_bytes = shared_mem;
	call.stream = stream & ROUTE_VALUE_MASK;
	if ((e = call_begin_on(&k, server, CALL_NO_REPLY)) != CUDA_SUCCESS) {
		params_release(&call.args);
		return e;
	}
	st = RPC_SUCCESS;
	if (!hostmem_track_reachable(call.args.bytes.bytes_val,
	    call.args.bytes.bytes_len))
		err = CUDA_ERROR_OUT_OF_MEMORY;
	else
		st = mapped_push(k.c, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = batch_send(k.c, proc,
		    (xdrproc_t)xdr_cu_launch_kernel_argument, &call);
	e = call_done(&k, st, &err);
	params_release(&call.args);
	return e;
}

ONCUDA_API CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
				   unsigned int gridDimY,
				   unsigned int gridDimZ,
				   unsigned int blockDimX,
				   unsigned int blockDimY,
				   unsigned int blockDimZ,
				   unsigned int sharedMemBytes,
				   CUstream hStream, void **kernelParams,
				   void **extra)
{
	cu_dim3 grid = { gridDimX, gridDimY, gridDimZ };
	cu_dim3 block = { blockDimX, blockDimY, blockDimZ };

	return launch(CU_LAUNCH_KERNEL, f, grid, block, sharedMemBytes,
		      handle_of(hStream), kernelParams, extra);
}

ONCUDA_API CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned int gridDimX,
					unsigned int gridDimY,
					unsigned int gridDimZ,
					unsigned int blockDimX,
					unsigned int blockDimY,
					unsigned int blockDimZ,
					unsigned int sharedMemBytes,
					CUstream hStream, void **kernelParams,
					void **extra)
{
	return cuLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX,
			      blockDimY, blockDimZ, sharedMemBytes,
			      thread_stream_null(hStream), kernelParams, extra);
}

/*
 * The cooperative launch has no `extra`.  Its arguments are the same
 * structure as CU_LAUNCH_KERNEL's (idl/cuda.x), which rpcgen names after
 * that procedure.
 */
_Static_assert(sizeof(cu_launch_cooperative_kernel_argument) ==
	       sizeof(cu_launch_kernel_argument),
	       "the two launches take the same arguments");

ONCUDA_API CUresult cuLaunchCooperativeKernel(CUfunction f,
		unsigned int gridDimX, unsigned int gridDimY,
		unsigned int gridDimZ, unsigned int blockDimX,
		unsigned int blockDimY, unsigned int blockDimZ,
		unsigned int sharedMemBytes, CUstream hStream,
		void **kernelParams)
{
	cu_dim3 grid = { gridDimX, gridDimY, gridDimZ };
	cu_dim3 block = { blockDimX, blockDimY, blockDimZ };

	return launch(CU_LAUNCH_COOPERATIVE_KERNEL, f, grid, block,
		      sharedMemBytes, handle_of(hStream), kernelParams, NULL);
}

ONCUDA_API CUresult cuLaunchCooperativeKernel_ptsz(CUfunction f,
		unsigned int gridDimX, unsigned int gridDimY,
		unsigned int gridDimZ, unsigned int blockDimX,
		unsigned int blockDimY, unsigned int blockDimZ,
		unsigned int sharedMemBytes, CUstream hStream,
		void **kernelParams)
{
	return cuLaunchCooperativeKernel(f, gridDimX, gridDimY, gridDimZ,
					 blockDimX, blockDimY, blockDimZ,
					 sharedMemBytes,
					 thread_stream_null(hStream),
					 kernelParams);
}

static CUresult launch_ex(const CUlaunchConfig *config, bool per_thread,
			  CUfunction f, void **kernelParams, void **extra)
{
	launch_attr attrs[ONCUDA_LAUNCH_ATTRS_MAX];
	cu_launch_kernel_ex_argument call;
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	CUfunction there;
	unsigned server;
	struct call k;
	CUresult e;

	e = config_to_wire(config, per_thread, &call.config, attrs);
	if (e != CUDA_SUCCESS)
		return e;
	if (f == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if ((e = launch_shape_check(&call.config.grid, &call.config.block,
	    call.config.shared_mem_bytes)) != CUDA_SUCCESS)
		return e;
	if ((e = per_thread_handle(&call.config.stream)) != CUDA_SUCCESS)
		return e;
	e = launch_route(f, call.config.stream, &server, &there, &call.func);
	if (e != CUDA_SUCCESS)
		return e;
	e = params_pack(there, kernelParams, extra, &call.args);
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = call_begin_on(&k, server, CALL_NO_REPLY)) != CUDA_SUCCESS) {
		params_release(&call.args);
		return e;
	}
	call.config.stream &= ROUTE_VALUE_MASK;
	st = RPC_SUCCESS;
	if (!hostmem_track_reachable(call.args.bytes.bytes_val,
	    call.args.bytes.bytes_len))
		err = CUDA_ERROR_OUT_OF_MEMORY;
	else
		st = mapped_push(k.c, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = batch_send(k.c, CU_LAUNCH_KERNEL_EX,
		    (xdrproc_t)xdr_cu_launch_kernel_ex_argument, &call);
	e = call_done(&k, st, &err);
	params_release(&call.args);
	return e;
}

ONCUDA_API CUresult cuLaunchKernelEx(const CUlaunchConfig *config,
				     CUfunction f, void **kernelParams,
				     void **extra)
{
	return launch_ex(config, false, f, kernelParams, extra);
}

ONCUDA_API CUresult cuLaunchKernelEx_ptsz(const CUlaunchConfig *config,
					  CUfunction f, void **kernelParams,
					  void **extra)
{
	return launch_ex(config, true, f, kernelParams, extra);
}

/*
 * The program's callback, asked for every block size the driver may
 * consider: 1 up to the function's limit, the program's limit when lower,
 * and at most ONCUDA_BLOCK_SIZES_MAX.
 */
static CUresult ask_callback(CUfunction func, CUoccupancyB2DSize callback,
			     int block_size_limit, smem_table *table)
{
	int max_threads, n, i;
	CUresult e;

	e = cuFuncGetAttribute(&max_threads,
			       CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, func);
	if (e != CUDA_SUCCESS)
		return e;
	n = max_threads;
	if (block_size_limit > 0 && block_size_limit < n)
		n = block_size_limit;
	if (n > ONCUDA_BLOCK_SIZES_MAX)
		n = ONCUDA_BLOCK_SIZES_MAX;
	if (n <= 0)
		return CUDA_SUCCESS;
	table->smem_table_val = malloc((size_t)n * sizeof(cu_size));
	if (table->smem_table_val == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (i = 0; i < n; i++)
		table->smem_table_val[i] = callback(i + 1);
	table->smem_table_len = (u_int)n;
	return CUDA_SUCCESS;
}

static CUresult potential_block_size(int *minGridSize, int *blockSize,
				     CUfunction func,
				     CUoccupancyB2DSize callback,
				     size_t dynamicSMemSize,
				     int blockSizeLimit, unsigned int flags)
{
	smem_table table = { 0, NULL };
	res_block_size r;
	uint64_t value;
	struct call k;
	CUresult e;

	if (minGridSize == NULL || blockSize == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (callback != NULL &&
	    (e = ask_callback(func, callback, blockSizeLimit, &table)) !=
		    CUDA_SUCCESS)
		return e;
	if ((e = library_call_code(&k, func, NULL, ROUTE_HANDLE, &value,
	    CALL_REPLY(r))) != CUDA_SUCCESS) {
		free(table.smem_table_val);
		return e;
	}
	e = call_done(&k, cu_occupancy_max_potential_block_size(
		value, table, dynamicSMemSize, blockSizeLimit, flags,
		&r, k.c), &r.err);
	free(table.smem_table_val);
	if (e == CUDA_SUCCESS) {
		*minGridSize = r.res_block_size_u.value.min_grid_size;
		*blockSize = r.res_block_size_u.value.block_size;
	}
	return e;
}

ONCUDA_API CUresult cuOccupancyMaxPotentialBlockSize(int *minGridSize,
		int *blockSize, CUfunction func,
		CUoccupancyB2DSize blockSizeToDynamicSMemSize,
		size_t dynamicSMemSize, int blockSizeLimit)
{
	return potential_block_size(minGridSize, blockSize, func,
				    blockSizeToDynamicSMemSize,
				    dynamicSMemSize, blockSizeLimit, 0);
}

ONCUDA_API CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize,
		int *blockSize, CUfunction func,
		CUoccupancyB2DSize blockSizeToDynamicSMemSize,
		size_t dynamicSMemSize, int blockSizeLimit, unsigned int flags)
{
	return potential_block_size(minGridSize, blockSize, func,
				    blockSizeToDynamicSMemSize,
				    dynamicSMemSize, blockSizeLimit, flags);
}

/* The two cluster questions: same arguments, same answer type. */
enum cluster_question { MAX_ACTIVE_CLUSTERS, MAX_POTENTIAL_CLUSTER_SIZE };

static CUresult ask_clusters(enum cluster_question q, int *answer,
			     CUfunction func, const CUlaunchConfig *config)
{
	launch_attr attrs[ONCUDA_LAUNCH_ATTRS_MAX];
	launch_config wire;
	uint64_t value;
	struct call k;
	res_int r;
	CUresult e;

	if (answer == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = config_to_wire(config, false, &wire, attrs)) != CUDA_SUCCESS ||
	    (e = per_thread_handle(&wire.stream)) != CUDA_SUCCESS)
		return e;
	if ((e = library_call_code(&k, func, (void *)(uintptr_t)wire.stream,
				   ROUTE_STREAM, &value, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	wire.stream &= ROUTE_VALUE_MASK;
	e = call_done(&k, q == MAX_ACTIVE_CLUSTERS ?
		      cu_occupancy_max_active_clusters(value, wire, &r, k.c) :
		      cu_occupancy_max_potential_cluster_size(value, wire, &r,
							      k.c), &r.err);
	if (e == CUDA_SUCCESS)
		*answer = r.res_int_u.value;
	return e;
}

ONCUDA_API CUresult cuOccupancyMaxActiveClusters(int *numClusters,
						 CUfunction func,
						 const CUlaunchConfig *config)
{
	return ask_clusters(MAX_ACTIVE_CLUSTERS, numClusters, func, config);
}

ONCUDA_API CUresult cuOccupancyMaxPotentialClusterSize(int *clusterSize,
		CUfunction func, const CUlaunchConfig *config)
{
	return ask_clusters(MAX_POTENTIAL_CLUSTER_SIZE, clusterSize, func,
			    config);
}
