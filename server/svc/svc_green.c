/*
 * svc_green.c -- green contexts and device resources.
 *
 * A CUdevResource is 144 bytes the driver fills, 92 of them private to it
 * (which split made a group, of which device), and it reads them back in
 * cuDevSmResourceSplitByCount and cuDevResourceGenerateDesc.  Bytes from
 * the network are not to be read by the driver as its own, so every
 * resource handed out here is remembered, and only those are taken back.
 * The green context's CUcontext is registered as owned by the green
 * context, and its streams as owned by that context, so that destroying
 * the green context forgets all of them, as cuCtxDestroy's do.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/svc/svc_context.h"

_Static_assert(sizeof(CUdevResource) == ONCUDA_DEV_RESOURCE_BYTES,
    "a CUdevResource is 144 bytes");

/* Resources remembered, the oldest forgotten past RESOURCES_KEPT. */
#define RESOURCES_KEPT 4096

static CUdevResource *kept;
static unsigned kept_next, kept_count;

static void remember(const CUdevResource *r)
{
	if (kept == NULL && (kept = calloc(RESOURCES_KEPT, sizeof(*kept))) ==
	    NULL)
		return;		/* it cannot be split or described later */
	kept[kept_next] = *r;
	kept_next = (kept_next + 1) % RESOURCES_KEPT;
	if (kept_count < RESOURCES_KEPT)
		kept_count++;
}

/* The client's resource as the driver's, if it is one handed out here. */
static bool take_back(const dev_resource *sent, CUdevResource *r)
{
	unsigned i;

	memcpy(r, sent->bytes, sizeof(*r));
	for (i = 0; i < kept_count; i++)
		if (memcmp(&kept[i], r, sizeof(*r)) == 0)
			return true;
	log_msg(LOG_INFO, "refused a device resource not handed out to this "
	    "client");
	return false;
}

/* Answers with the resource r after the driver's e. */
static void answer(CUresult e, const CUdevResource *r, res_dev_resource *res)
{
	res->err = e;
	if (e != CUDA_SUCCESS)
		return;
	memcpy(res->res_dev_resource_u.value.bytes, r, sizeof(*r));
	remember(r);
}

bool_t cu_device_get_dev_resource_svc(int dev, int type,
    res_dev_resource *res, struct svc_req *rq)
{
	CUdevResource r;

	(void)rq;
	memset(res, 0, sizeof(*res));
	answer(cuDeviceGetDevResource((CUdevice)dev, &r,
	    (CUdevResourceType)type), &r, res);
	return TRUE;
}

bool_t cu_ctx_get_dev_resource_svc(cu_handle ctx, int type,
    res_dev_resource *res, struct svc_req *rq)
{
	CUdevResource r;

	(void)rq;
	memset(res, 0, sizeof(*res));
	if ((res->err = handle_check(HANDLE_CONTEXT, ctx, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	answer(cuCtxGetDevResource((CUcontext)(uintptr_t)ctx, &r,
	    (CUdevResourceType)type), &r, res);
	return TRUE;
}

bool_t cu_green_ctx_get_dev_resource_svc(cu_handle green, int type,
    res_dev_resource *res, struct svc_req *rq)
{
	CUdevResource r;

	(void)rq;
	memset(res, 0, sizeof(*res));
	if ((res->err = handle_check(HANDLE_GREEN_CTX, green, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	answer(cuGreenCtxGetDevResource((CUgreenCtx)(uintptr_t)green, &r,
	    (CUdevResourceType)type), &r, res);
	return TRUE;
}

bool_t cu_dev_sm_resource_split_by_count_svc(bool_t with_groups,
    u_int groups, dev_resource input, bool_t with_remaining, u_int flags,
    u_int min_count, res_sm_split *res, struct svc_req *rq)
{
	sm_split *out = &res->res_sm_split_u.value;
	CUdevResource in, rest, *made = NULL;
	unsigned int count = groups;
	unsigned i;

	(void)rq;
	memset(res, 0, sizeof(*res));
	res->err = CUDA_ERROR_INVALID_VALUE;
	if (!take_back(&input, &in) || groups > ONCUDA_DEV_RESOURCES_MAX)
		return TRUE;
	if (with_groups && groups > 0 &&
	    (made = calloc(groups, sizeof(*made))) == NULL) {
		res->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	memset(&rest, 0, sizeof(rest));
	res->err = cuDevSmResourceSplitByCount(with_groups ? made : NULL,
	    &count, &in, with_remaining ? &rest : NULL, flags, min_count);
	if (res->err != CUDA_SUCCESS || (with_groups && count > groups)) {
		if (res->err == CUDA_SUCCESS)
			res->err = CUDA_ERROR_INVALID_VALUE;
		free(made);
		return TRUE;
	}
	out->count = count;
	if (with_groups) {
		/* The reply's array is freed after it is sent. */
		out->groups.dev_resources_val = (dev_resource *)made;
		out->groups.dev_resources_len = count;
		for (i = 0; i < count; i++)
			remember(&made[i]);
	}
	if (with_remaining) {
		memcpy(out->remaining.bytes, &rest, sizeof(rest));
		remember(&rest);
	}
	return TRUE;
}

_Static_assert(sizeof(dev_resource) == sizeof(CUdevResource),
    "a dev_resource holds a CUdevResource's bytes and nothing else");

bool_t cu_dev_resource_generate_desc_svc(dev_resources resources,
    res_handle *res, struct svc_req *rq)
{
	CUdevResource *in;
	CUdevResourceDesc desc;
	unsigned i, n = resources.dev_resources_len;

	(void)rq;
	memset(res, 0, sizeof(*res));
	if (n == 0 || n > ONCUDA_DEV_RESOURCES_MAX) {
		res->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((in = calloc(n, sizeof(*in))) == NULL) {
		res->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	res->err = CUDA_SUCCESS;
	for (i = 0; i < n && res->err == CUDA_SUCCESS; i++)
		if (!take_back(&resources.dev_resources_val[i], &in[i]))
			res->err = CUDA_ERROR_INVALID_VALUE;
	if (res->err == CUDA_SUCCESS)
		res->err = cuDevResourceGenerateDesc(&desc, in, n);
	free(in);
	if (res->err != CUDA_SUCCESS)
		return TRUE;
	res->res_handle_u.value = (cu_handle)(uintptr_t)desc;
	if (!handle_add(HANDLE_DEV_RESOURCE_DESC, res->res_handle_u.value, 0))
		res->err = CUDA_ERROR_OUT_OF_MEMORY;
	return TRUE;
}

bool_t cu_green_ctx_destroy_svc(cu_handle green, res_none *res,
    struct svc_req *rq)
{
	CUcontext ctx = NULL;

	(void)rq;
	memset(res, 0, sizeof(*res));
	if ((res->err = handle_check(HANDLE_GREEN_CTX, green, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	/* Its context dies with it: asked first, forgotten after. */
	if (cuCtxFromGreenCtx(&ctx, (CUgreenCtx)(uintptr_t)green) !=
	    CUDA_SUCCESS)
		ctx = NULL;
	res->err = cuGreenCtxDestroy((CUgreenCtx)(uintptr_t)green);
	if (res->err != CUDA_SUCCESS)
		return TRUE;
	if (ctx != NULL)
		context_gone(ctx);
	handle_forget(HANDLE_GREEN_CTX, green);
	return TRUE;
}

bool_t cu_ctx_from_green_ctx_svc(cu_handle green, res_handle *res,
    struct svc_req *rq)
{
	CUcontext ctx;

	(void)rq;
	memset(res, 0, sizeof(*res));
	if ((res->err = handle_check(HANDLE_GREEN_CTX, green, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	res->err = cuCtxFromGreenCtx(&ctx, (CUgreenCtx)(uintptr_t)green);
	if (res->err != CUDA_SUCCESS)
		return TRUE;
	res->res_handle_u.value = (cu_handle)(uintptr_t)ctx;
	if (!handle_add(HANDLE_CONTEXT, res->res_handle_u.value, green))
		res->err = CUDA_ERROR_OUT_OF_MEMORY;
	return TRUE;
}

bool_t cu_green_ctx_stream_create_svc(cu_handle green, u_int flags,
    int priority, res_handle *res, struct svc_req *rq)
{
	CUcontext ctx;
	CUstream stream;

	(void)rq;
	memset(res, 0, sizeof(*res));
	if ((res->err = handle_check(HANDLE_GREEN_CTX, green, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if ((res->err = cuCtxFromGreenCtx(&ctx,
	    (CUgreenCtx)(uintptr_t)green)) != CUDA_SUCCESS)
		return TRUE;
	res->err = cuGreenCtxStreamCreate(&stream,
	    (CUgreenCtx)(uintptr_t)green, flags, priority);
	if (res->err != CUDA_SUCCESS)
		return TRUE;
	res->res_handle_u.value = (cu_handle)(uintptr_t)stream;
	/* The stream lives in the green context's context, which must be
	 * known to own it: registered here if the program never asked. */
	if (!handle_add(HANDLE_CONTEXT, (cu_handle)(uintptr_t)ctx, green) ||
	    !handle_add(HANDLE_STREAM, res->res_handle_u.value,
	    (cu_handle)(uintptr_t)ctx)) {
		cuStreamDestroy(stream);
		res->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}
