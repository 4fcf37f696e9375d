/*
 * context.c - creating and destroying contexts, and the primary context.
 *
 * A context owns its modules, streams, events and memory; tearing it down
 * releases all of them and its share of the device-wide memory counter, so
 * a leaked context shows up in cuMemGetInfo of every process.
 *
 * The primary context object lives for the whole process so that its handle
 * stays the same across release and reset, as the driver's does; only its
 * contents come and go with the retain count.
 */
#include <stdlib.h>

#include "fakecuda.h"
#include "fake_array.h"
#include "fake_texref.h"

struct fc_context *fc_contexts;
static struct fc_context *primary[FC_MAX_DEVICES];   /* by visible ordinal */

static const size_t default_limits[CU_LIMIT_MAX] = {
	[CU_LIMIT_STACK_SIZE] = 1024,
	[CU_LIMIT_PRINTF_FIFO_SIZE] = 1 << 20,
	[CU_LIMIT_MALLOC_HEAP_SIZE] = 8 << 20,
	[CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH] = 2,
	[CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048,
	[CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 64,
	[CU_LIMIT_PERSISTING_L2_CACHE_SIZE] = 0,
};

/* The driver wants at most one scheduling policy. */
static bool
flags_valid(unsigned int flags)
{
	unsigned int sched = flags & CU_CTX_SCHED_MASK;

	if (flags & ~(unsigned int)CU_CTX_FLAGS_MASK)
		return false;
	return sched == CU_CTX_SCHED_AUTO || sched == CU_CTX_SCHED_SPIN ||
	    sched == CU_CTX_SCHED_YIELD || sched == CU_CTX_SCHED_BLOCKING_SYNC;
}

struct fc_context *
fc_context_lookup(CUcontext handle)
{
	struct fc_context *ctx;

	ctx = fc_handle_lookup((uintptr_t)handle, FC_KIND_CONTEXT);
	if (ctx == NULL || (ctx->is_primary && ctx->primary_refs == 0))
		return NULL;
	return ctx;
}

void
fc_context_setup(struct fc_context *ctx, unsigned int flags)
{
	ctx->flags = flags;
	ctx->sticky_error = CUDA_SUCCESS;
	for (int i = 0; i < CU_LIMIT_MAX; i++)
		ctx->limits[i] = default_limits[i];
}

void
fc_context_teardown(struct fc_context *ctx)
{
	while (ctx->modules != NULL)
		fc_module_destroy(ctx->modules);
	fc_stream_destroy_all(ctx);
	fc_event_destroy_all(ctx);
	fc_texture_release_context(ctx);
	fc_texref_release_context(ctx);
	fc_array_release_context(ctx);
	fc_alloc_release_context(ctx);
	fc_accounting_release(ctx->device, FC_CONTEXT_OVERHEAD);
	ctx->sticky_error = CUDA_SUCCESS;
}

static void
unlink_context(struct fc_context *ctx)
{
	struct fc_context **p;

	for (p = &fc_contexts; *p != NULL; p = &(*p)->next) {
		if (*p == ctx) {
			*p = ctx->next;
			return;
		}
	}
}

/* Allocates and registers a context; the caller charges its overhead. */
static CUresult
new_context(CUdevice dev, bool is_primary, struct fc_context **out)
{
	struct fc_context *ctx = calloc(1, sizeof(*ctx));

	if (ctx == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	ctx->handle = fc_handle_new(FC_KIND_CONTEXT, ctx);
	if (ctx->handle == 0) {
		free(ctx);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	ctx->device = dev;
	ctx->is_primary = is_primary;
	ctx->next = fc_contexts;
	fc_contexts = ctx;
	*out = ctx;
	return CUDA_SUCCESS;
}

static void
free_context(struct fc_context *ctx)
{
	unlink_context(ctx);
	fc_handle_drop(ctx->handle);
	free(ctx);
}

static CUresult
create_locked(CUcontext *pctx, const CUctxCreateParams *params,
    unsigned int flags, CUdevice dev)
{
	struct fc_context *ctx = NULL;
	CUresult rc;

	rc = fc_check_device(dev);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (pctx == NULL || !flags_valid(flags))
		return CUDA_ERROR_INVALID_VALUE;
	/* Affinities are checked and kept (ctx_config.c); CIG is ignored. */
	rc = fc_exec_affinity_check(params);
	if (rc != CUDA_SUCCESS)
		return rc;
	rc = fc_accounting_charge(dev, FC_CONTEXT_OVERHEAD);
	if (rc != CUDA_SUCCESS)
		return rc;
	rc = new_context(dev, false, &ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_current_push(ctx->handle);
	if (rc != CUDA_SUCCESS) {
		if (ctx != NULL)
			free_context(ctx);
		fc_accounting_release(dev, FC_CONTEXT_OVERHEAD);
		return rc;
	}
	fc_context_setup(ctx, flags);
	fc_exec_affinity_record(ctx, params);
	*pctx = (CUcontext)ctx->handle;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuCtxCreate(CUcontext *pctx, CUctxCreateParams *ctxCreateParams,
    unsigned int flags, CUdevice dev)
{
	CUresult rc;

	fc_lock();
	rc = create_locked(pctx, ctxCreateParams, flags, dev);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxDestroy(CUcontext ctx)
{
	struct fc_context *c;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS) {
		c = fc_context_lookup(ctx);
		/* The primary context belongs to cuDevicePrimaryCtx*. */
		if (c == NULL || c->is_primary) {
			rc = CUDA_ERROR_INVALID_CONTEXT;
		} else {
			fc_current_pop_if_top(c->handle);
			fc_context_teardown(c);
			free_context(c);
		}
	}
	fc_unlock();
	return rc;
}

/* The device's primary context object, created on first use. */
static CUresult
primary_get(CUdevice dev, struct fc_context **out)
{
	CUresult rc = fc_check_device(dev);

	if (rc != CUDA_SUCCESS)
		return rc;
	if (primary[dev] == NULL) {
		rc = new_context(dev, true, &primary[dev]);
		if (rc != CUDA_SUCCESS)
			return rc;
		fc_context_setup(primary[dev], 0);
	}
	*out = primary[dev];
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)
{
	struct fc_context *ctx = NULL;
	CUresult rc;

	fc_lock();
	rc = primary_get(dev, &ctx);
	if (rc == CUDA_SUCCESS && pctx == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && ctx->primary_refs == 0) {
		rc = fc_accounting_charge(dev, FC_CONTEXT_OVERHEAD);
		if (rc == CUDA_SUCCESS)
			fc_context_setup(ctx, ctx->flags);
	}
	if (rc == CUDA_SUCCESS) {
		ctx->primary_refs++;
		*pctx = (CUcontext)ctx->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDevicePrimaryCtxRelease(CUdevice dev)
{
	struct fc_context *ctx = NULL;
	CUresult rc;

	fc_lock();
	rc = primary_get(dev, &ctx);
	if (rc == CUDA_SUCCESS && ctx->primary_refs == 0)
		rc = CUDA_ERROR_INVALID_CONTEXT;
	if (rc == CUDA_SUCCESS && --ctx->primary_refs == 0)
		fc_context_teardown(ctx);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDevicePrimaryCtxReset(CUdevice dev)
{
	struct fc_context *ctx = NULL;
	CUresult rc;

	fc_lock();
	rc = primary_get(dev, &ctx);
	if (rc == CUDA_SUCCESS && ctx->primary_refs > 0) {
		ctx->primary_refs = 0;
		fc_context_teardown(ctx);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active)
{
	struct fc_context *ctx = NULL;
	CUresult rc;

	fc_lock();
	rc = primary_get(dev, &ctx);
	if (rc == CUDA_SUCCESS && (flags == NULL || active == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		*flags = ctx->flags;
		*active = ctx->primary_refs > 0;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags)
{
	struct fc_context *ctx = NULL;
	CUresult rc;

	fc_lock();
	rc = primary_get(dev, &ctx);
	if (rc == CUDA_SUCCESS && !flags_valid(flags))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		ctx->flags = flags;
	fc_unlock();
	return rc;
}
