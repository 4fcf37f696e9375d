/*
 * svc_context.c -- contexts: primary-context retains, created contexts and
 * the server's current context.
 *
 * The server keeps two lists so that a vanished client leaves nothing
 * behind: the contexts it created, and how many times it retained each
 * device's primary context.  The count also guards the driver's own count:
 * a release the client never retained is refused, so a confused or hostile
 * client cannot drive the primary context's count below what it added.
 *
 * When the driver destroys a context, what lived in it is forgotten here
 * (context_gone), in every file that keeps records of it.  So this file
 * calls down into those (svc_module, svc_hostmem, svc_memory, svc_params,
 * sparse_tiles, the copy machinery (its pinned buffers, managed memory's
 * streams), the session's ranges and handles); none of them
 * calls back into it, and only the session's teardown calls it.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/copy/managed_copy.h"
#include "server/copy/managed_hash.h"
#include "server/copy/pinned_set.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/session/downloads.h"
#include "server/svc/sparse_tiles.h"
#include "server/svc/svc_context.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/svc_memory.h"
#include "server/svc/svc_module.h"
#include "server/svc/svc_params.h"

/* More devices than any machine has; beyond it, retains are refused. */
#define PRIMARY_DEVICES_MAX 256

struct primary {
	unsigned int retains;
	CUcontext ctx;
};

static struct primary primaries[PRIMARY_DEVICES_MAX];

struct created {
	CUcontext ctx;
	struct created *next;
};

static struct created *created_list;

static cu_handle wire(CUcontext ctx)
{
	return (cu_handle)(uintptr_t)ctx;
}

static CUcontext context(cu_handle h)
{
	return (CUcontext)(uintptr_t)h;
}

/*
 * The driver has destroyed ctx (cuCtxDestroy, or the last release of a
 * primary context) and freed what was made in it; only our records of it
 * remain.  Handles made in it go with the context's handle.
 */
void context_gone(CUcontext ctx)
{
	modules_context_gone(ctx);
	/* Before the mirrors: the events of these downloads are gone. */
	downloads_context_gone(ctx);
	hostmem_context_gone(ctx);
	pinned_sets_context_gone(ctx);
	managed_copy_context_gone(ctx);
	managed_hash_context_gone(ctx);
	allocations_context_gone(ctx);
	ranges_context_gone(ctx);
	layouts_flush();
	handle_forget(HANDLE_CONTEXT, wire(ctx));
	/* The arrays went with their handles, their mapped tiles with them. */
	sparse_tiles_sweep();
}

/* ------------------------------------------------------- primary contexts */

bool_t cu_device_primary_ctx_retain_svc(int dev, res_handle *r,
    struct svc_req *rq)
{
	CUcontext ctx;

	(void)rq;
	r->err = cuDevicePrimaryCtxRetain(&ctx, (CUdevice)dev);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (dev < 0 || dev >= PRIMARY_DEVICES_MAX) {
		/* Cannot count it, so cannot undo it later: give it back. */
		cuDevicePrimaryCtxRelease((CUdevice)dev);
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	/* The driver hands out the same handle for every retain; it is
	 * registered while at least one retain of ours holds it. */
	if (primaries[dev].retains == 0 &&
	    !handle_add(HANDLE_CONTEXT, wire(ctx), 0)) {
		cuDevicePrimaryCtxRelease((CUdevice)dev);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	primaries[dev].retains++;
	primaries[dev].ctx = ctx;
	r->res_handle_u.value = wire(ctx);
	return TRUE;
}

bool_t cu_device_primary_ctx_release_svc(int dev, res_none *r,
    struct svc_req *rq)
{
	struct primary *p;

	(void)rq;
	if (dev < 0 || dev >= PRIMARY_DEVICES_MAX ||
	    primaries[dev].retains == 0) {
		r->err = CUDA_ERROR_INVALID_CONTEXT;
		return TRUE;
	}
	p = &primaries[dev];
	r->err = cuDevicePrimaryCtxRelease((CUdevice)dev);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	/* This process is the client's alone, so our last release is the
	 * driver's last: the primary context and all in it are gone. */
	if (--p->retains == 0) {
		context_gone(p->ctx);
		p->ctx = NULL;
	}
	return TRUE;
}

/*
 * A reset destroys everything made in the primary context but keeps the
 * context and its retains: forget what lived in it, keep its handle.
 */
bool_t cu_device_primary_ctx_reset_svc(int dev, res_none *r,
    struct svc_req *rq)
{
	struct primary *p;

	(void)rq;
	r->err = cuDevicePrimaryCtxReset((CUdevice)dev);
	if (r->err != CUDA_SUCCESS || dev < 0 || dev >= PRIMARY_DEVICES_MAX)
		return TRUE;
	p = &primaries[dev];
	if (p->retains > 0) {
		context_gone(p->ctx);
		if (!handle_add(HANDLE_CONTEXT, wire(p->ctx), 0))
			r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}

bool_t cu_device_primary_ctx_get_state_svc(int dev, res_ctx_state *r,
    struct svc_req *rq)
{
	unsigned int flags;
	int active;

	(void)rq;
	r->err = cuDevicePrimaryCtxGetState((CUdevice)dev, &flags, &active);
	if (r->err == CUDA_SUCCESS) {
		r->res_ctx_state_u.value.flags = flags;
		r->res_ctx_state_u.value.active = active;
	}
	return TRUE;
}

/* ------------------------------------------------------- created contexts */

/*
 * Creates a context with the driver's cuCtxCreate (params may be NULL),
 * leaves it current and registers it: the body of both create procedures.
 */
static void create(CUctxCreateParams *params, u_int flags, int dev,
    res_handle *r)
{
	struct created *c;
	CUcontext ctx, popped;

	c = malloc(sizeof(*c));
	if (c == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	r->err = cuCtxCreate(&ctx, params, flags, (CUdevice)dev);
	if (r->err != CUDA_SUCCESS) {
		free(c);
		return;
	}
	/*
	 * cuCtxCreate pushed ctx on this thread's stack.  The client keeps
	 * every thread's stack itself and only ever sets the server's current
	 * context, so swap the push for a set: the server's stack then never
	 * grows, however many contexts a client creates.
	 */
	if (cuCtxPopCurrent(&popped) == CUDA_SUCCESS)
		cuCtxSetCurrent(ctx);
	if (!handle_add(HANDLE_CONTEXT, wire(ctx), 0)) {
		cuCtxDestroy(ctx);
		free(c);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return;
	}
	c->ctx = ctx;
	c->next = created_list;
	created_list = c;
	r->res_handle_u.value = wire(ctx);
}

bool_t cu_ctx_create_svc(u_int flags, int dev, res_handle *r,
    struct svc_req *rq)
{
	(void)rq;
	create(NULL, flags, dev, r);
	return TRUE;
}

/*
 * The affinities become the CUexecAffinityParam array of a
 * CUctxCreateParams without CIG (the client refuses CIG).  The decoder
 * bounded the count by ONCUDA_EXEC_AFFINITY_MAX.
 */
bool_t cu_ctx_create_with_affinity_svc(exec_affinities affinity,
    u_int flags, int dev, res_handle *r, struct svc_req *rq)
{
	CUexecAffinityParam params[ONCUDA_EXEC_AFFINITY_MAX];
	CUctxCreateParams create_params;
	u_int i, n = affinity.exec_affinities_len;

	(void)rq;
	assert(n <= ONCUDA_EXEC_AFFINITY_MAX);
	memset(params, 0, sizeof(params));
	for (i = 0; i < n; i++) {
		params[i].type =
		    (CUexecAffinityType)affinity.exec_affinities_val[i].type;
		params[i].param.smCount.val =
		    affinity.exec_affinities_val[i].value;
	}
	memset(&create_params, 0, sizeof(create_params));
	create_params.execAffinityParams = n > 0 ? params : NULL;
	create_params.numExecAffinityParams = (int)n;
	create(&create_params, flags, dev, r);
	return TRUE;
}

bool_t cu_ctx_get_exec_affinity_svc(int type, res_uint *r,
    struct svc_req *rq)
{
	CUexecAffinityParam param;

	(void)rq;
	memset(&param, 0, sizeof(param));
	r->err = cuCtxGetExecAffinity(&param, (CUexecAffinityType)type);
	if (r->err == CUDA_SUCCESS)
		r->res_uint_u.value = param.param.smCount.val;
	return TRUE;
}

/* Drops ctx from the created list, if the client created it. */
static void created_remove(CUcontext ctx)
{
	struct created **at, *c;

	for (at = &created_list; *at != NULL; at = &(*at)->next) {
		if ((*at)->ctx == ctx) {
			c = *at;
			*at = c->next;
			free(c);
			return;
		}
	}
}

bool_t cu_ctx_destroy_svc(cu_handle ctx, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_CONTEXT, ctx, false)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuCtxDestroy(context(ctx));
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	created_remove(context(ctx));
	context_gone(context(ctx));
	return TRUE;
}

bool_t cu_ctx_set_current_svc(cu_handle ctx, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_CONTEXT, ctx, true)) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuCtxSetCurrent(context(ctx));
	return TRUE;
}

/* ---------------------------------------------------------------- teardown */

void contexts_release_all(void)
{
	unsigned int destroyed = 0, released = 0;
	int dev;

	while (created_list != NULL) {
		CUcontext ctx = created_list->ctx;
		CUresult err = cuCtxDestroy(ctx);

		if (err != CUDA_SUCCESS)
			log_msg(LOG_WARN, "destroying context %p of the "
			    "departed client failed with error %d", (void *)ctx,
			    err);
		else
			destroyed++;
		created_remove(ctx);
		context_gone(ctx);
	}
	for (dev = 0; dev < PRIMARY_DEVICES_MAX; dev++) {
		struct primary *p = &primaries[dev];

		if (p->retains == 0)
			continue;
		released += p->retains;
		while (p->retains > 0) {
			cuDevicePrimaryCtxRelease((CUdevice)dev);
			p->retains--;
		}
		context_gone(p->ctx);
		p->ctx = NULL;
	}
	log_msg(LOG_DEBUG, "destroyed %u contexts, undid %u primary context "
	    "retains", destroyed, released);
}
