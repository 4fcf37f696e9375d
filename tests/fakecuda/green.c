/*
 * green.c - device resources and green contexts.
 *
 * A device's SM resource has all its SMs; a split cuts groups of at least
 * MIN_PARTITION SMs (a multiple of ALIGNMENT), or of single SMs when the
 * program gives up co-scheduling; a descriptor sums resources of one
 * device (of one split when there are several).  A green context is an
 * ordinary context of the stand-in with the SM count of its descriptor;
 * its streams are that context's streams.  The stand-in keeps its own
 * bookkeeping in the resource's private bytes, as the driver keeps its.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"

#define MIN_PARTITION 2
#define ALIGNMENT 2
#define GREEN_MAX 64
#define RESOURCE_MAGIC 0x6e5e7f2u

/* What the stand-in keeps in a resource's private bytes. */
struct resource_private {
	uint32_t magic;
	int device;
	uint64_t split;		/* which split made it; 0: none */
};

struct fc_green {
	uintptr_t handle;
	CUcontext ctx;
	CUdevice device;
	unsigned int sm_count;
	unsigned long long id;
};

struct fc_desc {
	uintptr_t handle;
	CUdevice device;
	unsigned int sm_count;
};

static struct fc_green *greens[GREEN_MAX];
static uint64_t splits;
static unsigned long long green_ids;

static void
make_resource(CUdevResource *r, CUdevice dev, unsigned int sms,
    uint64_t split, bool coscheduled)
{
	struct resource_private p = { RESOURCE_MAGIC, dev, split };

	memset(r, 0, sizeof(*r));
	r->type = CU_DEV_RESOURCE_TYPE_SM;
	r->sm.smCount = sms;
	r->sm.minSmPartitionSize = coscheduled ? MIN_PARTITION : 1;
	r->sm.smCoscheduledAlignment = coscheduled ? ALIGNMENT : 1;
	memcpy(r->_internal_padding, &p, sizeof(p));
}

/* The private part of r, or false when the stand-in did not make it. */
static bool
private_of(const CUdevResource *r, struct resource_private *p)
{
	memcpy(p, r->_internal_padding, sizeof(*p));
	return p->magic == RESOURCE_MAGIC &&
	    r->type == CU_DEV_RESOURCE_TYPE_SM;
}

static struct fc_green *
green_of_context(CUcontext ctx)
{
	for (int i = 0; i < GREEN_MAX; i++)
		if (greens[i] != NULL && greens[i]->ctx == ctx)
			return greens[i];
	return NULL;
}

static CUresult
lookup_green(CUgreenCtx h, struct fc_green **g)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*g = fc_handle_lookup((uintptr_t)h, FC_KIND_GREEN_CTX);
	return *g != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FC_API CUresult
cuDeviceGetDevResource(CUdevice device, CUdevResource *resource,
    CUdevResourceType type)
{
	CUresult rc;

	fc_lock();
	rc = fc_check_device(device);
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	if (resource == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (type != CU_DEV_RESOURCE_TYPE_SM)
		return CUDA_ERROR_INVALID_RESOURCE_TYPE;
	make_resource(resource, device, FC_SM_COUNT, 0, true);
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGreenCtxGetDevResource(CUgreenCtx hCtx, CUdevResource *resource,
    CUdevResourceType type)
{
	struct fc_green *g;
	CUresult rc;

	fc_lock();
	rc = lookup_green(hCtx, &g);
	if (rc == CUDA_SUCCESS && resource == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && type != CU_DEV_RESOURCE_TYPE_SM)
		rc = CUDA_ERROR_INVALID_RESOURCE_TYPE;
	if (rc == CUDA_SUCCESS)
		make_resource(resource, g->device, g->sm_count, 0, true);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuCtxGetDevResource(CUcontext hCtx, CUdevResource *resource,
    CUdevResourceType type)
{
	struct fc_context *ctx;
	struct fc_green *g;
	CUresult rc;

	fc_lock();
	rc = fc_context_resolve(hCtx, &ctx);
	if (rc == CUDA_SUCCESS && resource == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && type != CU_DEV_RESOURCE_TYPE_SM)
		rc = CUDA_ERROR_INVALID_RESOURCE_TYPE;
	if (rc == CUDA_SUCCESS) {
		g = green_of_context((CUcontext)ctx->handle);
		make_resource(resource, ctx->device, g != NULL ? g->sm_count :
		    FC_SM_COUNT, 0, true);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuDevSmResourceSplitByCount(CUdevResource *result, unsigned int *nbGroups,
    const CUdevResource *input, CUdevResource *remaining,
    unsigned int useFlags, unsigned int minCount)
{
	bool coscheduled = !(useFlags &
	    CU_DEV_SM_RESOURCE_SPLIT_IGNORE_SM_COSCHEDULING);
	unsigned int size, align, possible, n;
	struct resource_private p;
	uint64_t split;

	if (nbGroups == NULL || input == NULL || !private_of(input, &p) ||
	    minCount > input->sm.smCount)
		return CUDA_ERROR_INVALID_VALUE;
	align = coscheduled ? ALIGNMENT : 1;
	size = minCount > (coscheduled ? MIN_PARTITION : 1) ? minCount :
	    (coscheduled ? MIN_PARTITION : 1);
	size = (size + align - 1) / align * align;
	possible = input->sm.smCount / size;
	if (result == NULL) {
		*nbGroups = possible;
		return CUDA_SUCCESS;
	}
	n = *nbGroups < possible ? *nbGroups : possible;
	if (n == 0)
		return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
	fc_lock();
	split = ++splits;
	fc_unlock();
	for (unsigned int i = 0; i < n; i++)
		make_resource(&result[i], p.device, size, split, coscheduled);
	if (remaining != NULL)
		make_resource(remaining, p.device, input->sm.smCount - n * size,
		    split, coscheduled);
	*nbGroups = n;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuDevResourceGenerateDesc(CUdevResourceDesc *phDesc,
    CUdevResource *resources, unsigned int nbResources)
{
	struct resource_private first, p;
	struct fc_desc *d;
	unsigned int sms = 0;
	CUresult rc = CUDA_SUCCESS;

	if (phDesc == NULL || resources == NULL || nbResources == 0 ||
	    !private_of(&resources[0], &first))
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < nbResources; i++) {
		if (!private_of(&resources[i], &p))
			return CUDA_ERROR_INVALID_VALUE;
		if (p.device != first.device ||
		    (nbResources > 1 && p.split != first.split))
			return CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION;
		sms += resources[i].sm.smCount;
	}
	if ((d = calloc(1, sizeof(*d))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	d->device = first.device;
	d->sm_count = sms;
	fc_lock();
	d->handle = fc_handle_new(FC_KIND_RESOURCE_DESC, d);
	if (d->handle == 0) {
		free(d);
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	} else {
		*phDesc = (CUdevResourceDesc)d->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGreenCtxCreate(CUgreenCtx *phCtx, CUdevResourceDesc desc, CUdevice dev,
    unsigned int flags)
{
	struct fc_green *g;
	struct fc_desc *d;
	CUcontext ctx, popped;
	CUresult rc;
	int slot;

	fc_lock();
	rc = fc_check_init();
	d = fc_handle_lookup((uintptr_t)desc, FC_KIND_RESOURCE_DESC);
	if (rc == CUDA_SUCCESS && (phCtx == NULL || d == NULL ||
	    !(flags & CU_GREEN_CTX_DEFAULT_STREAM)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && d->device != dev)
		rc = CUDA_ERROR_INVALID_DEVICE;
	for (slot = 0; slot < GREEN_MAX && greens[slot] != NULL; slot++)
		;
	if (rc == CUDA_SUCCESS && slot == GREEN_MAX)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	/* Made current by its creation, which a green context's is not. */
	if ((rc = cuCtxCreate(&ctx, NULL, 0, dev)) != CUDA_SUCCESS)
		return rc;
	cuCtxPopCurrent(&popped);
	if ((g = calloc(1, sizeof(*g))) == NULL) {
		cuCtxDestroy(ctx);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	fc_lock();
	g->ctx = ctx;
	g->device = dev;
	g->sm_count = d->sm_count;
	g->id = ++green_ids;
	g->handle = fc_handle_new(FC_KIND_GREEN_CTX, g);
	if (g->handle != 0) {
		greens[slot] = g;
		*phCtx = (CUgreenCtx)g->handle;
	}
	fc_unlock();
	if (g->handle == 0) {
		free(g);
		cuCtxDestroy(ctx);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGreenCtxDestroy(CUgreenCtx hCtx)
{
	struct fc_green *g;
	CUresult rc;

	fc_lock();
	if ((rc = lookup_green(hCtx, &g)) == CUDA_SUCCESS) {
		for (int i = 0; i < GREEN_MAX; i++)
			if (greens[i] == g)
				greens[i] = NULL;
		fc_handle_drop(g->handle);
	}
	fc_unlock();
	if (rc != CUDA_SUCCESS)
		return rc;
	rc = cuCtxDestroy(g->ctx);
	free(g);
	return rc;
}

FC_API CUresult
cuCtxFromGreenCtx(CUcontext *pContext, CUgreenCtx hCtx)
{
	struct fc_green *g;
	CUresult rc;

	fc_lock();
	rc = lookup_green(hCtx, &g);
	if (rc == CUDA_SUCCESS && pContext == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*pContext = g->ctx;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGreenCtxStreamCreate(CUstream *phStream, CUgreenCtx greenCtx,
    unsigned int flags, int priority)
{
	CUcontext ctx, popped;
	CUresult rc;

	if ((rc = cuCtxFromGreenCtx(&ctx, greenCtx)) != CUDA_SUCCESS)
		return rc;
	/* The driver takes only non-blocking streams here. */
	if (phStream == NULL || flags != CU_STREAM_NON_BLOCKING)
		return CUDA_ERROR_INVALID_VALUE;
	if ((rc = cuCtxPushCurrent(ctx)) != CUDA_SUCCESS)
		return rc;
	rc = cuStreamCreateWithPriority(phStream, flags, priority);
	cuCtxPopCurrent(&popped);
	return rc;
}

FC_API CUresult
cuStreamGetGreenCtx(CUstream hStream, CUgreenCtx *phCtx)
{
	struct fc_green *g;
	CUcontext ctx;
	CUresult rc;

	if (phCtx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((rc = cuStreamGetCtx(hStream, &ctx)) != CUDA_SUCCESS)
		return rc;
	fc_lock();
	g = green_of_context(ctx);
	*phCtx = g != NULL ? (CUgreenCtx)g->handle : NULL;
	fc_unlock();
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGreenCtxRecordEvent(CUgreenCtx hCtx, CUevent hEvent)
{
	CUcontext ctx;
	CUresult rc;

	if ((rc = cuCtxFromGreenCtx(&ctx, hCtx)) != CUDA_SUCCESS)
		return rc;
	return cuCtxRecordEvent(ctx, hEvent);
}

FC_API CUresult
cuGreenCtxWaitEvent(CUgreenCtx hCtx, CUevent hEvent)
{
	CUcontext ctx;
	CUresult rc;

	if ((rc = cuCtxFromGreenCtx(&ctx, hCtx)) != CUDA_SUCCESS)
		return rc;
	return cuCtxWaitEvent(ctx, hEvent);
}

FC_API CUresult
cuGreenCtxGetId(CUgreenCtx greenCtx, unsigned long long *greenCtxId)
{
	struct fc_green *g;
	CUresult rc;

	fc_lock();
	rc = lookup_green(greenCtx, &g);
	if (rc == CUDA_SUCCESS && greenCtxId == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*greenCtxId = g->id;
	fc_unlock();
	return rc;
}
