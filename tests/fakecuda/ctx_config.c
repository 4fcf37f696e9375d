/*
 * ctx_config.c - a context's settings that change nothing on the CPU:
 * execution affinity, cache and shared-memory bank configuration, flags,
 * the persisting L2 lines; and context-wide event records and waits.
 *
 * The settings are kept beside the contexts, keyed by handle (handles are
 * serial numbers, never reused), so that they read back as they were set,
 * as the driver's do.
 */
#include <stdlib.h>
#include <time.h>

#include "fakecuda.h"

struct ctx_config {
	uintptr_t ctx;
	unsigned int sm_count;
	CUfunc_cache cache;
	struct ctx_config *next;
};

static struct ctx_config *configs;

/* ctx's settings, made with the defaults on first use; NULL: no memory. */
static struct ctx_config *
config_of(const struct fc_context *ctx)
{
	struct ctx_config *c;

	for (c = configs; c != NULL; c = c->next)
		if (c->ctx == ctx->handle)
			return c;
	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	c->ctx = ctx->handle;
	c->sm_count = FC_SM_COUNT;
	c->cache = CU_FUNC_CACHE_PREFER_NONE;
	c->next = configs;
	configs = c;
	return c;
}

/* The current context's settings (under the lock). */
static CUresult
current_config(struct ctx_config **out)
{
	struct fc_context *ctx;
	CUresult rc;

	if ((rc = fc_context_current(&ctx)) != CUDA_SUCCESS)
		return rc;
	*out = config_of(ctx);
	return *out != NULL ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/*
 * cuCtxCreate (context.c) accepts affinities; this records the SM count
 * of the one just made, which is current.  A count of 0 or above the
 * device's is refused by the driver before it makes the context, so it
 * is checked first (fc_exec_affinity_check).
 */
CUresult
fc_exec_affinity_check(const CUctxCreateParams *params)
{
	if (params == NULL)
		return CUDA_SUCCESS;
	if (params->numExecAffinityParams < 0 ||
	    (params->numExecAffinityParams > 0 &&
	    params->execAffinityParams == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	for (int i = 0; i < params->numExecAffinityParams; i++) {
		const CUexecAffinityParam *p = &params->execAffinityParams[i];

		if (p->type != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
			return CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY;
		if (p->param.smCount.val == 0 ||
		    p->param.smCount.val > FC_SM_COUNT)
			return CUDA_ERROR_INVALID_VALUE;
	}
	return CUDA_SUCCESS;
}

void
fc_exec_affinity_record(const struct fc_context *ctx,
    const CUctxCreateParams *params)
{
	struct ctx_config *c = config_of(ctx);

	if (c == NULL || params == NULL)
		return;
	for (int i = 0; i < params->numExecAffinityParams; i++)
		c->sm_count = params->execAffinityParams[i].param.smCount.val;
}

FC_API CUresult
cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type,
    CUdevice dev)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(dev);
	if (rc == CUDA_SUCCESS && pi == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*pi = type == CU_EXEC_AFFINITY_TYPE_SM_COUNT;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity,
    CUexecAffinityType type)
{
	struct ctx_config *c;
	CUresult rc;

	fc_lock();
	rc = current_config(&c);
	if (rc == CUDA_SUCCESS && pExecAffinity == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && type != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
		rc = CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY;
	if (rc == CUDA_SUCCESS) {
		pExecAffinity->type = type;
		pExecAffinity->param.smCount.val = c->sm_count;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetCacheConfig(CUfunc_cache *pconfig)
{
	struct ctx_config *c;
	CUresult rc;

	fc_lock();
	rc = current_config(&c);
	if (rc == CUDA_SUCCESS && pconfig == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*pconfig = c->cache;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxSetCacheConfig(CUfunc_cache config)
{
	struct ctx_config *c;
	CUresult rc;

	fc_lock();
	rc = current_config(&c);
	if (rc == CUDA_SUCCESS && ((int)config < CU_FUNC_CACHE_PREFER_NONE ||
	    config > CU_FUNC_CACHE_PREFER_EQUAL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		c->cache = config;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetSharedMemConfig(CUsharedconfig *pConfig)
{
	struct ctx_config *c;
	CUresult rc;

	fc_lock();
	rc = current_config(&c);
	if (rc == CUDA_SUCCESS && pConfig == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*pConfig = CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE;
	fc_unlock();
	return rc;
}

/* Hopper's banks are four bytes whatever is asked: the setting is
 * checked, and the banks read back as four bytes, as the driver's do. */
FC_API CUresult
cuCtxSetSharedMemConfig(CUsharedconfig config)
{
	struct ctx_config *c;
	CUresult rc;

	fc_lock();
	rc = current_config(&c);
	if (rc == CUDA_SUCCESS &&
	    ((int)config < CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE ||
	    config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE))
		rc = CUDA_ERROR_INVALID_VALUE;
	(void)c;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxSetFlags(unsigned int flags)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_current(&ctx);
	/* Scheduling and sync flags only: no CU_CTX_MAP_HOST or the like. */
	if (rc == CUDA_SUCCESS && (flags & ~(unsigned int)(CU_CTX_SCHED_MASK |
	    CU_CTX_SYNC_MEMOPS)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		ctx->flags = (ctx->flags & ~(unsigned int)(CU_CTX_SCHED_MASK |
		    CU_CTX_SYNC_MEMOPS)) | flags;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxResetPersistingL2Cache(void)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_current(&ctx);
	fc_unlock();
	return rc;
}

/* An event of hCtx (NULL: the current context), for the two below. */
static CUresult
ctx_event(CUcontext hCtx, CUevent hEvent, struct fc_event **out)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = fc_context_resolve(hCtx, &ctx);
	if (rc != CUDA_SUCCESS)
		return rc;
	*out = fc_event_lookup(hEvent);
	if (*out == NULL || (*out)->ctx != ctx)
		return CUDA_ERROR_INVALID_HANDLE;
	return CUDA_SUCCESS;
}

/* All of the context's work is done when a call returns: the event is
 * recorded now. */
FC_API CUresult
cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent)
{
	struct fc_event *e;
	CUresult rc;

	fc_lock();
	rc = ctx_event(hCtx, hEvent, &e);
	if (rc == CUDA_SUCCESS) {
		clock_gettime(CLOCK_MONOTONIC, &e->when);
		e->recorded = true;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent)
{
	struct fc_event *e;
	CUresult rc;

	fc_lock();
	rc = ctx_event(hCtx, hEvent, &e);
	fc_unlock();
	return rc;
}
