/*
 * ctx_current.c - the per-thread stack of current contexts, and the calls
 * that act on the current context.
 *
 * The stack holds handles, not pointers: a context destroyed by another
 * thread stays on this thread's stack, and using it then answers
 * CUDA_ERROR_CONTEXT_IS_DESTROYED as the driver does.
 */
#include "fakecuda.h"

/* Far deeper than any program nests contexts. */
#define CONTEXT_STACK_MAX 64

static _Thread_local uintptr_t context_stack[CONTEXT_STACK_MAX];
static _Thread_local unsigned int context_depth;

CUresult
fc_current_push(uintptr_t handle)
{
	if (context_depth == CONTEXT_STACK_MAX)
		return CUDA_ERROR_OUT_OF_MEMORY;
	context_stack[context_depth++] = handle;
	return CUDA_SUCCESS;
}

void
fc_current_pop_if_top(uintptr_t handle)
{
	if (context_depth > 0 && context_stack[context_depth - 1] == handle)
		context_depth--;
}

CUresult
fc_context_current(struct fc_context **ctx)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	if (context_depth == 0)
		return CUDA_ERROR_INVALID_CONTEXT;
	*ctx = fc_context_lookup((CUcontext)context_stack[context_depth - 1]);
	if (*ctx == NULL)
		return CUDA_ERROR_CONTEXT_IS_DESTROYED;
	return CUDA_SUCCESS;
}

/* The current context, provided no kernel fault has poisoned it. */
CUresult
fc_context_usable(struct fc_context **ctx)
{
	CUresult rc = fc_context_current(ctx);

	if (rc != CUDA_SUCCESS)
		return rc;
	return (*ctx)->sticky_error;
}

/* An explicit context argument, where NULL means the current one. */
CUresult
fc_context_resolve(CUcontext handle, struct fc_context **ctx)
{
	CUresult rc;

	if (handle == NULL)
		return fc_context_current(ctx);
	rc = fc_check_init();
	if (rc != CUDA_SUCCESS)
		return rc;
	*ctx = fc_context_lookup(handle);
	return *ctx != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

FC_API CUresult
cuCtxSetCurrent(CUcontext ctx)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && ctx == NULL) {
		/* Documented as a pop, or nothing if the stack is empty. */
		if (context_depth > 0)
			context_depth--;
	} else if (rc == CUDA_SUCCESS && fc_context_lookup(ctx) == NULL) {
		rc = CUDA_ERROR_INVALID_CONTEXT;
	} else if (rc == CUDA_SUCCESS && context_depth == 0) {
		rc = fc_current_push((uintptr_t)ctx);
	} else if (rc == CUDA_SUCCESS) {
		context_stack[context_depth - 1] = (uintptr_t)ctx;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetCurrent(CUcontext *pctx)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (pctx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*pctx = context_depth > 0 ?
	    (CUcontext)context_stack[context_depth - 1] : NULL;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuCtxPushCurrent(CUcontext ctx)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && fc_context_lookup(ctx) == NULL)
		rc = CUDA_ERROR_INVALID_CONTEXT;
	if (rc == CUDA_SUCCESS)
		rc = fc_current_push((uintptr_t)ctx);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxPopCurrent(CUcontext *pctx)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (context_depth == 0)
		return CUDA_ERROR_INVALID_CONTEXT;
	context_depth--;
	if (pctx != NULL)
		*pctx = (CUcontext)context_stack[context_depth];
	return CUDA_SUCCESS;
}

static CUresult
get_device(CUdevice *device, CUcontext handle)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_resolve(handle, &ctx);
	if (rc == CUDA_SUCCESS && device == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*device = ctx->device;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetDevice(CUdevice *device)
{
	return get_device(device, NULL);
}

FC_API CUresult
cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx)
{
	return get_device(device, ctx);
}

/*
 * Work finishes before each call returns; only a kernel fault remains.
 * Waiting for a whole context is a "potentially unsafe" call in capture.
 */
static CUresult
synchronize(CUcontext handle)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_resolve(handle, &ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_check_unsafe();
	if (rc == CUDA_SUCCESS)
		rc = ctx->sticky_error;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxSynchronize(void)
{
	return synchronize(NULL);
}

FC_API CUresult
cuCtxSynchronize_v2(CUcontext ctx)
{
	return synchronize(ctx);
}

/* Limits past CU_LIMIT_PERSISTING_L2_CACHE_SIZE need CIG contexts. */
static CUresult
check_limit(CUlimit limit)
{
	if ((int)limit < 0 || limit >= CU_LIMIT_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	if (limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE)
		return CUDA_ERROR_UNSUPPORTED_LIMIT;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuCtxGetLimit(size_t *pvalue, CUlimit limit)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_current(&ctx);
	if (rc == CUDA_SUCCESS && pvalue == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = check_limit(limit);
	if (rc == CUDA_SUCCESS)
		*pvalue = ctx->limits[limit];
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxSetLimit(CUlimit limit, size_t value)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = check_limit(limit);
	if (rc == CUDA_SUCCESS)
		ctx->limits[limit] = value;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetApiVersion(CUcontext ctx, unsigned int *version)
{
	struct fc_context *c;
	CUresult rc;

	fc_lock();
	rc = fc_context_resolve(ctx, &c);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (version == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*version = FC_DRIVER_VERSION;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuCtxGetFlags(unsigned int *flags)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_current(&ctx);
	if (rc == CUDA_SUCCESS && flags == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*flags = ctx->flags;
	fc_unlock();
	return rc;
}

/* Handles are never reused (state.c), so a context's handle is its id. */
FC_API CUresult
cuCtxGetId(CUcontext ctx, unsigned long long *ctxId)
{
	struct fc_context *c;
	CUresult rc;

	fc_lock();
	rc = fc_context_resolve(ctx, &c);
	if (rc == CUDA_SUCCESS && ctxId == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*ctxId = c->handle;
	fc_unlock();
	return rc;
}
