/*
 * launch.c - kernel launches and host functions.
 *
 * A launch is checked as the driver checks it, its parameters are packed
 * into one buffer laid out as kernels.c describes, and the kernel's host
 * version runs the whole grid before the call returns.  A kernel that
 * faults still launches successfully, as launches are asynchronous on a
 * GPU; the fault instead poisons the context, and every later call in it
 * reports CUDA_ERROR_ILLEGAL_ADDRESS.  On a capturing stream the checked,
 * packed launch becomes a kernel node instead (capture.c).
 */
#include <string.h>

#include "graph.h"

/* Far more than any launch needs; stops a runaway walk of a bad array. */
#define EXTRA_MAX_ENTRIES 64

struct launch_request {
	CUfunction function;
	unsigned int grid[3];
	unsigned int block[3];
	unsigned int shared_bytes;
	CUstream stream;
	void **params;
	void **extra;
};

static CUresult
check_dims(const unsigned int grid[3], const unsigned int block[3])
{
	unsigned long long threads;

	if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0 ||
	    grid[0] > FC_MAX_GRID_X || grid[1] > FC_MAX_GRID_YZ ||
	    grid[2] > FC_MAX_GRID_YZ)
		return CUDA_ERROR_INVALID_VALUE;
	if (block[0] == 0 || block[1] == 0 || block[2] == 0 ||
	    block[0] > FC_MAX_BLOCK_XY || block[1] > FC_MAX_BLOCK_XY ||
	    block[2] > FC_MAX_BLOCK_Z)
		return CUDA_ERROR_INVALID_VALUE;
	threads = (unsigned long long)block[0] * block[1] * block[2];
	return threads <= FC_MAX_THREADS_PER_BLOCK ? CUDA_SUCCESS :
	    CUDA_ERROR_INVALID_VALUE;
}

/*
 * Parameters arrive either as an array of pointers to each value, or in
 * `extra` as one buffer already laid out; never both.
 */
static CUresult
pack_params(const struct fc_kernel_def *def, void **params, void **extra,
    unsigned char *buf)
{
	size_t need = fc_kernel_params_end(def);
	const void *buffer = NULL;
	const size_t *buffer_size = NULL;

	if (params != NULL && extra != NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (params != NULL) {
		for (unsigned int i = 0; i < def->param_count; i++) {
			if (params[i] == NULL)
				return CUDA_ERROR_INVALID_VALUE;
			memcpy(buf + def->params[i].offset, params[i],
			    def->params[i].size);
		}
		return CUDA_SUCCESS;
	}
	if (extra == NULL)
		return need == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	for (int i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
		if (i >= EXTRA_MAX_ENTRIES)
			return CUDA_ERROR_INVALID_VALUE;
		if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
			buffer = extra[i + 1];
		else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
			buffer_size = extra[i + 1];
		else
			return CUDA_ERROR_INVALID_VALUE;
	}
	if (buffer == NULL || buffer_size == NULL || *buffer_size < need)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(buf, buffer, need);
	return CUDA_SUCCESS;
}

/*
 * Checks a launch in ctx and packs its arguments by value, as both a launch
 * and a kernel node (cuGraphAddKernelNode copies them at add time) do.
 */
CUresult
fc_kernel_call_prepare(struct fc_context *ctx, CUfunction f,
    const unsigned int grid[3], const unsigned int block[3],
    unsigned int shared_bytes, void **params, void **extra,
    struct fc_kernel_call *call)
{
	struct fc_function *fn;
	CUresult rc;

	memset(call, 0, sizeof(*call));
	rc = fc_function_resolve(f, ctx, &fn);
	if (rc == CUDA_SUCCESS && fn->module->ctx != ctx)
		rc = CUDA_ERROR_INVALID_HANDLE;
	if (rc == CUDA_SUCCESS)
		rc = check_dims(grid, block);
	/* Dynamic shared memory beyond 48 KiB needs the attribute raised. */
	if (rc == CUDA_SUCCESS && shared_bytes > (unsigned int)
	    fn->attrs->values[CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES])
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = pack_params(fn->def, params, extra, call->params);
	if (rc != CUDA_SUCCESS)
		return rc;
	/* A library kernel resolves to its module's function in ctx. */
	call->function = (CUfunction)fn->handle;
	call->ctx = ctx->handle;
	call->def = fn->def;
	memcpy(call->grid, grid, sizeof(call->grid));
	memcpy(call->block, block, sizeof(call->block));
	call->shared_bytes = shared_bytes;
	return CUDA_SUCCESS;
}

/*
 * Runs a prepared launch.  Its module or context may have gone since it
 * was captured; a GPU would fault, so that poisons the context too.
 */
CUresult
fc_kernel_call_run(const struct fc_kernel_call *call)
{
	struct fc_context *ctx = fc_context_lookup((CUcontext)call->ctx);
	struct fc_function *fn;
	struct fc_launch launch;
	CUresult fault;

	if (ctx == NULL)
		return CUDA_ERROR_CONTEXT_IS_DESTROYED;
	fn = fc_handle_lookup((uintptr_t)call->function, FC_KIND_FUNCTION);
	if (fn == NULL) {
		ctx->sticky_error = CUDA_ERROR_ILLEGAL_ADDRESS;
		return CUDA_SUCCESS;
	}
	memcpy(launch.grid, call->grid, sizeof(launch.grid));
	memcpy(launch.block, call->block, sizeof(launch.block));
	launch.dynamic_shared_bytes = call->shared_bytes;
	launch.globals = (unsigned char *)fn->module->globals->base;
	launch.managed = (unsigned char *)fn->module->managed->base;
	launch.module = fn->module;
	launch.params = call->params;
	fault = fn->def->run(&launch);
	if (fault != CUDA_SUCCESS)
		ctx->sticky_error = fault;
	return CUDA_SUCCESS;
}

static CUresult
launch_locked(const struct launch_request *r)
{
	struct fc_kernel_call call;
	struct fc_stream *capturing = NULL;
	struct fc_context *ctx;
	struct fc_node *n;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(r->stream, ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_kernel_call_prepare(ctx, r->function, r->grid, r->block,
		    r->shared_bytes, r->params, r->extra, &call);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_route(r->stream, ctx, &capturing);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (capturing == NULL)
		return fc_kernel_call_run(&call);
	rc = fc_node_new(CU_GRAPH_NODE_TYPE_KERNEL, &n);
	if (rc != CUDA_SUCCESS)
		return rc;
	n->u.kernel.call = call;
	for (unsigned int i = 0; i < call.def->param_count; i++)
		n->u.kernel.arg_ptrs[i] =
		    n->u.kernel.call.params + call.def->params[i].offset;
	return fc_capture_add(capturing, n);
}

static CUresult
launch(const struct launch_request *r)
{
	CUresult rc;

	fc_lock();
	rc = launch_locked(r);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams, void **extra)
{
	struct launch_request r = {
		.function = f,
		.grid = { gridDimX, gridDimY, gridDimZ },
		.block = { blockDimX, blockDimY, blockDimZ },
		.shared_bytes = sharedMemBytes,
		.stream = hStream,
		.params = kernelParams,
		.extra = extra,
	};

	return launch(&r);
}

/*
 * Launch attributes (clusters, priorities, programmatic dependencies, ...)
 * change how a GPU schedules the grid, not what it computes, so they are
 * accepted and ignored.
 */
FC_API CUresult
cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
    void **kernelParams, void **extra)
{
	struct launch_request r;
	CUresult rc;

	if (config == NULL || (config->numAttrs > 0 && config->attrs == NULL)) {
		fc_lock();
		rc = fc_check_init();
		fc_unlock();
		return rc != CUDA_SUCCESS ? rc : CUDA_ERROR_INVALID_VALUE;
	}
	r.function = f;
	r.grid[0] = config->gridDimX;
	r.grid[1] = config->gridDimY;
	r.grid[2] = config->gridDimZ;
	r.block[0] = config->blockDimX;
	r.block[1] = config->blockDimY;
	r.block[2] = config->blockDimZ;
	r.shared_bytes = config->sharedMemBytes;
	r.stream = config->hStream;
	r.params = kernelParams;
	r.extra = extra;
	return launch(&r);
}

/*
 * The stream is always idle, so the function runs now, in order; while
 * the stream captures it becomes a host node.
 */
FC_API CUresult
cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData)
{
	struct fc_stream *capturing = NULL;
	struct fc_context *ctx;
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc == CUDA_SUCCESS && fn == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_route(hStream, ctx, &capturing);
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		rc = fc_node_new(CU_GRAPH_NODE_TYPE_HOST, &n);
		if (rc == CUDA_SUCCESS) {
			n->u.host.fn = fn;
			n->u.host.userData = userData;
			rc = fc_capture_add(capturing, n);
		}
		fc_unlock();
		return rc;
	}
	fc_unlock();
	/* Unlocked: the function may call back into the driver. */
	if (rc == CUDA_SUCCESS)
		fn(userData);
	return rc;
}

/*
 * As cuLaunchHostFunc, with the callback's signature; into a capturing
 * stream it is illegal, as in the driver.
 */
FC_API CUresult
cuStreamAddCallback(CUstream hStream, CUstreamCallback callback,
    void *userData, unsigned int flags)
{
	struct fc_stream *capturing = NULL;
	struct fc_context *ctx;
	CUresult rc, status = CUDA_SUCCESS;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc == CUDA_SUCCESS && (callback == NULL || flags != 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_route(hStream, ctx, &capturing);
	if (rc == CUDA_SUCCESS && capturing != NULL)
		rc = CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
	if (rc == CUDA_SUCCESS)
		status = ctx->sticky_error;
	fc_unlock();
	if (rc == CUDA_SUCCESS)
		callback(hStream, status, userData);
	return rc;
}
