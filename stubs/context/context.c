/*
 * context.c -- contexts: creation, destruction, the per-thread stack of
 * current contexts, and primary contexts.
 *
 * Each client thread's stack lives in the client (ctxstack.c); call_begin
 * makes the server's current context the calling thread's before a call.
 * cuCtxSetCurrent and cuCtxPushCurrent still tell the server at once, so
 * that a bad handle fails at the call that named it; cuCtxGetCurrent and
 * cuCtxPopCurrent are answered from the stack.  The exception is setting
 * the context the thread has current already, which the CUDA runtime does
 * on every cudaSetDevice (PyTorch's device guards, torch.compile's
 * generated code: once per forward): when the server accepted that very
 * context from this thread and no context died since, there is nothing to
 * tell it and nothing that could fail.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "stubs/context/answer_cache.h"
#include "stubs/context/context.h"
#include "stubs/route/ctxstack.h"
#include "stubs/context/context_storage.h"
#include "stubs/context/ctx_attach.h"
#include "stubs/context/event_ahead.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

/*
 * Older ABIs of cuCtxCreate that the driver still exports and the CUDA
 * runtime asks for (cuCtxCreate at 3020 is _v2); cuda.h 13 does not
 * declare them.  The driver also exports cuDevicePrimaryCtxRelease and
 * cuDevicePrimaryCtxReset from before CUDA 11, which cuda.h maps to _v2.
 */
ONCUDA_API CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags,
    CUdevice dev);
ONCUDA_API CUresult cuCtxCreate_v3(CUcontext *pctx,
    CUexecAffinityParam *paramsArray, int numParams, unsigned int flags,
    CUdevice dev);
#undef cuDevicePrimaryCtxRelease
ONCUDA_API CUresult cuDevicePrimaryCtxRelease(CUdevice dev);
#undef cuDevicePrimaryCtxReset
ONCUDA_API CUresult cuDevicePrimaryCtxReset(CUdevice dev);
#undef cuCtxCreate
ONCUDA_API CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags,
    CUdevice dev);
ONCUDA_API CUresult cuCtxAttach(CUcontext *pctx, unsigned int flags);
ONCUDA_API CUresult cuCtxDetach(CUcontext ctx);

/*
 * Creates a context on dev's server and pushes it on the calling thread's
 * stack, as the driver does.  affinity: the execution affinities of a
 * CUctxCreateParams or a _v3 array (CU_CTX_CREATE_WITH_AFFINITY), or NULL
 * for none (CU_CTX_CREATE).
 */
static CUresult create(CUcontext *pctx, const exec_affinities *affinity,
    unsigned int flags, CUdevice dev)
{
	enum clnt_stat st;
	res_handle r;
	CUresult e;
	struct call k;

	if (pctx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* Once the server has the context, pushing it must not fail. */
	if (!ctxstack_reserve())
		return CUDA_ERROR_OUT_OF_MEMORY;
	/* The new context becomes current: no use making another so first. */
	if ((e = route_call_device(&k, dev, false, &dev,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if (affinity != NULL)
		st = cu_ctx_create_with_affinity(*affinity, flags, dev, &r,
		    k.c);
	else
		st = cu_ctx_create(flags, dev, &r, k.c);
	/* The server made the new context current, as the driver does. */
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		rpc_server_context_is(r.res_handle_u.value);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	*pctx = (CUcontext)(uintptr_t)route_tag(r.res_handle_u.value, k.server);
	ctxstack_push(*pctx);
	return CUDA_SUCCESS;
}

/*
 * With execution affinities: they travel as exec_affinity, at most
 * ONCUDA_EXEC_AFFINITY_MAX of them (the driver has one type, so a program
 * passes one).  A negative count or a NULL array with a count is the
 * driver's CUDA_ERROR_INVALID_VALUE.
 */
static CUresult create_with_affinity(CUcontext *pctx,
    const CUexecAffinityParam *params, int count, unsigned int flags,
    CUdevice dev)
{
	exec_affinity wire[ONCUDA_EXEC_AFFINITY_MAX];
	exec_affinities list;
	int i;

	if (count < 0 || (count > 0 && params == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	if (count > ONCUDA_EXEC_AFFINITY_MAX) {
		oncuda_unsupported("more than 8 execution affinity parameters");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	for (i = 0; i < count; i++) {
		wire[i].type = (int)params[i].type;
		wire[i].value = params[i].param.smCount.val;
	}
	list.exec_affinities_len = (u_int)count;
	list.exec_affinities_val = wire;
	return create(pctx, &list, flags, dev);
}

ONCUDA_API CUresult cuCtxCreate_v4(CUcontext *pctx,
    CUctxCreateParams *ctxCreateParams, unsigned int flags, CUdevice dev)
{
	if (ctxCreateParams == NULL)
		return create(pctx, NULL, flags, dev);
	/* A CIG context shares a graphics client's D3D12 or Vulkan
	 * context, on the program's machine: nothing the server reaches. */
	if (ctxCreateParams->cigParams != NULL) {
		oncuda_unsupported("cuCtxCreate with CIG parameters");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	return create_with_affinity(pctx, ctxCreateParams->execAffinityParams,
	    ctxCreateParams->numExecAffinityParams, flags, dev);
}

ONCUDA_API CUresult cuCtxCreate_v3(CUcontext *pctx,
    CUexecAffinityParam *paramsArray, int numParams, unsigned int flags,
    CUdevice dev)
{
	return create_with_affinity(pctx, paramsArray, numParams, flags, dev);
}

ONCUDA_API CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags,
    CUdevice dev)
{
	return create(pctx, NULL, flags, dev);
}

/* The CUDA 2 ABI: the same parameters as _v2 (idl/cuda.x). */
ONCUDA_API CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags,
    CUdevice dev)
{
	return create(pctx, NULL, flags, dev);
}

ONCUDA_API CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity,
    CUexecAffinityType type)
{
	struct route rt = ROUTE_INIT;
	res_uint r;
	CUresult e;
	struct call k;

	if (pExecAffinity == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof(r));
	if ((e = call_begin_on(&k, (unsigned)rt.server, CALL_NO_REPLY)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, cu_ctx_get_exec_affinity((int)type, &r, k.c))) !=
	    CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		memset(pExecAffinity, 0, sizeof(*pExecAffinity));
		pExecAffinity->type = type;
		pExecAffinity->param.smCount.val = r.res_uint_u.value;
	}
	return (CUresult)r.err;
}

static _Atomic uint64_t deaths;

uint64_t context_deaths(void)
{
	return atomic_load(&deaths);
}

/*
 * After a call that destroyed a context: the server's current context is
 * no longer certain, and the context's functions are gone, so the server
 * may reuse their handles; what the layers above keep by those handles is
 * forgotten when they next see the count of deaths (context.h).  Under the
 * connection lock.
 */
static void contexts_went_away(void)
{
	rpc_server_context_unknown();
	atomic_fetch_add(&deaths, 1);
	answer_cache_forget_contexts();
}

ONCUDA_API CUresult cuCtxDestroy_v2(CUcontext ctx)
{
	struct route rt = ROUTE_INIT;
	enum clnt_stat st;
	res_none r;
	CUresult e;
	struct call k;

	/*
	 * The runtime's per-context state goes first, while the context
	 * still exists: its destructors may free what they made in it.
	 */
	route_handle(&rt, ctx, ROUTE_CONTEXT);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	if (ctx != NULL)
		context_storage_forget(ctx);
	if ((e = call_begin_on(&k, (unsigned)rt.server,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((st = event_ahead_release(k.server, k.c)) == RPC_SUCCESS)
		st = cu_ctx_destroy(route_strip(ctx), &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
		/* Under the connection lock, so no thread syncs to it now. */
		ctxstack_remove_everywhere(ctx);
		thread_stream_forget(k.server, ctx);
		ctx_attach_forget(ctx);
		contexts_went_away();
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/*
 * The usage count of CUDA before 4.0 (ctx_attach.h): cuCtxAttach needs a
 * current context and hands it out; cuCtxDetach needs ctx current to the
 * calling thread and destroys it at its last use.
 */
ONCUDA_API CUresult cuCtxAttach(CUcontext *pctx, unsigned int flags)
{
	CUcontext ctx;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (pctx == NULL || flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((ctx = ctxstack_current()) == NULL)
		return CUDA_ERROR_INVALID_CONTEXT;
	if (!ctx_attach_add(ctx))
		return CUDA_ERROR_OUT_OF_MEMORY;
	*pctx = ctx;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuCtxDetach(CUcontext ctx)
{
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (ctx == NULL || ctx != ctxstack_current())
		return CUDA_ERROR_INVALID_CONTEXT;
	return ctx_attach_drop(ctx) ? cuCtxDestroy_v2(ctx) : CUDA_SUCCESS;
}

/*
 * A green context's context dies with it (cuCtxFromGreenCtx names it
 * first), and leaves every thread's stack, as cuCtxDestroy's does.
 */
ONCUDA_API CUresult cuGreenCtxDestroy(CUgreenCtx hCtx)
{
	struct route rt = ROUTE_INIT;
	CUcontext ctx = NULL;
	enum clnt_stat st;
	res_none r;
	CUresult e;
	struct call k;

	route_handle(&rt, hCtx, ROUTE_HANDLE);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	if (hCtx != NULL && cuCtxFromGreenCtx(&ctx, hCtx) == CUDA_SUCCESS)
		context_storage_forget(ctx);
	if ((e = call_begin_on(&k, (unsigned)rt.server,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((st = event_ahead_release(k.server, k.c)) == RPC_SUCCESS)
		st = cu_green_ctx_destroy(route_strip(hCtx), &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
		if (ctx != NULL)
			ctxstack_remove_everywhere(ctx);
		contexts_went_away();
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

/*
 * The context the server last accepted from this thread as current, and
 * context_deaths() then: while no context has died since, it is alive.
 */
static _Thread_local CUcontext accepted_ctx;
static _Thread_local uint64_t accepted_deaths;

/*
 * Makes ctx current on the server now, and on success applies `change`
 * to the calling thread's stack while the connection lock is held.
 */
static CUresult make_current(CUcontext ctx, bool (*change)(CUcontext))
{
	struct route rt = ROUTE_INIT;
	enum clnt_stat st;
	res_none r;
	CUresult e;
	struct call k;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (change == ctxstack_set_current && ctx != NULL &&
	    ctx == accepted_ctx && ctx == ctxstack_current() &&
	    context_deaths() == accepted_deaths)
		return CUDA_SUCCESS;
	/* No context (NULL) is told to the server of the thread's context. */
	route_handle(&rt, ctx, ROUTE_CONTEXT);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS)
		return e;
	if (!ctxstack_reserve())
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((e = call_begin_on_nosync(&k, (unsigned)rt.server,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = cu_ctx_set_current(route_strip(ctx), &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
		rpc_server_context_is(route_strip(ctx));
		change(ctx);
		accepted_ctx = ctx;
		accepted_deaths = context_deaths();
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuCtxSetCurrent(CUcontext ctx)
{
	return make_current(ctx, ctxstack_set_current);
}

ONCUDA_API CUresult cuCtxPushCurrent_v2(CUcontext ctx)
{
	CUresult e;

	if (ctx == NULL)
		return (e = rpc_local_check()) != CUDA_SUCCESS ? e
		    : CUDA_ERROR_INVALID_CONTEXT;
	return make_current(ctx, ctxstack_push);
}

ONCUDA_API CUresult cuCtxPopCurrent_v2(CUcontext *pctx)
{
	CUcontext popped;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (!ctxstack_pop(&popped))
		return CUDA_ERROR_INVALID_CONTEXT;
	/* The next call's call_begin tells the server about the new top. */
	if (pctx != NULL)
		*pctx = popped;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuCtxGetCurrent(CUcontext *pctx)
{
	CUresult e;

	if (pctx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	*pctx = ctxstack_current();
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)
{
	res_handle r;
	CUresult e;
	struct call k;

	if (pctx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_device(&k, dev, true, &dev,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_device_primary_ctx_retain(dev, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		*pctx = (CUcontext)(uintptr_t)route_tag(r.res_handle_u.value,
		    k.server);
		answer_cache_forget_contexts();	/* it may be active now */
	}
	return (CUresult)r.err;
}

/*
 * Calls one of the primary-context procedures that may destroy the primary
 * context of dev: the last release does, and a reset always does.  Threads
 * keep its handle on their stacks, as with the driver (a later retain gives
 * the same handle back, and a reset leaves it valid for the program).
 */
static CUresult primary_ctx_call(enum clnt_stat (*call)(int, res_none *,
    CLIENT *), CUdevice dev)
{
	enum clnt_stat st;
	res_none r;
	CUresult e;
	struct call k;

	if ((e = route_call_device(&k, dev, true, &dev,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((st = event_ahead_release(k.server, k.c)) == RPC_SUCCESS)
		st = call(dev, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
		/*
		 * Which context is the primary one is the server's to know:
		 * every per-thread stream there is forgotten (those of other
		 * contexts, still alive, are made again when next named).
		 */
		thread_stream_forget(k.server, NULL);
		contexts_went_away();
	}
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev)
{
	return primary_ctx_call(cu_device_primary_ctx_release, dev);
}

ONCUDA_API CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev)
{
	return primary_ctx_call(cu_device_primary_ctx_reset, dev);
}

/* The CUDA 7.0 entry points, which the CUDA 13 runtime still asks for
 * (cudaDeviceReset: the reset); the protocol has one of each, the
 * current one, which behaves alike. */
ONCUDA_API CUresult cuDevicePrimaryCtxRelease(CUdevice dev)
{
	return cuDevicePrimaryCtxRelease_v2(dev);
}

ONCUDA_API CUresult cuDevicePrimaryCtxReset(CUdevice dev)
{
	return cuDevicePrimaryCtxReset_v2(dev);
}

/*
 * Kept by the answer cache as flags in the low word and active above it:
 * the CUDA runtime asks before nearly every call it makes (PyTorch: over a
 * hundred times a training step), and only this client changes it.
 */
ONCUDA_API CUresult cuDevicePrimaryCtxGetState(CUdevice dev,
    unsigned int *flags, int *active)
{
	const uint64_t key[] = { (uint64_t)dev };
	uint64_t kept, asked_at;
	res_ctx_state r;
	CUresult e;
	struct call k;

	if (flags == NULL || active == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (answer_cache_get(CU_DEVICE_PRIMARY_CTX_GET_STATE, key, 1, &kept)) {
		*flags = (unsigned int)kept;
		*active = (int)(kept >> 32);
		return CUDA_SUCCESS;
	}
	asked_at = answer_cache_epoch();
	if ((e = route_call_device(&k, dev, true, &dev,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_device_primary_ctx_get_state(dev, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		*flags = r.res_ctx_state_u.value.flags;
		*active = r.res_ctx_state_u.value.active != 0;
		answer_cache_put(CU_DEVICE_PRIMARY_CTX_GET_STATE, key, 1,
		    (uint64_t)*flags | (uint64_t)(unsigned)*active << 32,
		    asked_at);
	}
	return (CUresult)r.err;
}
