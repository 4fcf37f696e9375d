/*
 * green.c - device resources, which green contexts are made of:
 * cuDeviceGetDevResource, cuCtxGetDevResource, cuGreenCtxGetDevResource,
 * cuDevSmResourceSplitByCount and cuDevResourceGenerateDesc; and
 * cuStreamGetCtx_v2, which names a stream's green context.
 *
 * A CUdevResource is the server driver's bytes, copied as they are (see
 * the green context procedures in idl/cuda.x).  It carries no server tag:
 * a split or a descriptor goes to the current context's server, the one
 * that handed the resource out in a program with one server.  The other
 * green context calls are plain (gen/glue_client.c), and cuGreenCtxDestroy
 * is context.c's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/route/route.h"

_Static_assert(sizeof(CUdevResource) == sizeof(dev_resource),
    "a CUdevResource travels as its bytes");

/* Stores the resource of the answer into the program's. */
static CUresult give(CUresult e, const res_dev_resource *r,
		     CUdevResource *resource)
{
	if (e == CUDA_SUCCESS)
		memcpy(resource, r->res_dev_resource_u.value.bytes,
		       sizeof(*resource));
	return e;
}

ONCUDA_API CUresult cuDeviceGetDevResource(CUdevice device,
    CUdevResource *resource, CUdevResourceType type)
{
	res_dev_resource r;
	struct call k;
	CUresult e;

	if (resource == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_device(&k, device, true, &device,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give(call_done(&k, cu_device_get_dev_resource(device, type, &r,
	    k.c), &r.err), &r, resource);
}

ONCUDA_API CUresult cuCtxGetDevResource(CUcontext hCtx,
    CUdevResource *resource, CUdevResourceType type)
{
	res_dev_resource r;
	struct call k;
	CUresult e;

	if (resource == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hCtx, ROUTE_CONTEXT, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give(call_done(&k, cu_ctx_get_dev_resource(route_strip(hCtx),
	    type, &r, k.c), &r.err), &r, resource);
}

ONCUDA_API CUresult cuGreenCtxGetDevResource(CUgreenCtx hCtx,
    CUdevResource *resource, CUdevResourceType type)
{
	res_dev_resource r;
	struct call k;
	CUresult e;

	if (resource == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hCtx, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return give(call_done(&k, cu_green_ctx_get_dev_resource(
	    route_strip(hCtx), type, &r, k.c), &r.err), &r, resource);
}

ONCUDA_API CUresult cuDevSmResourceSplitByCount(CUdevResource *result,
    unsigned int *nbGroups, const CUdevResource *input,
    CUdevResource *remaining, unsigned int useFlags, unsigned int minCount)
{
	dev_resource sent;
	res_sm_split r;
	struct call k;
	CUresult e;
	sm_split *out = &r.res_sm_split_u.value;

	if (nbGroups == NULL || input == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (result != NULL && *nbGroups > ONCUDA_DEV_RESOURCES_MAX) {
		oncuda_unsupported("a split into more than 256 groups");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	memcpy(sent.bytes, input, sizeof(sent.bytes));
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_dev_sm_resource_split_by_count(result != NULL,
	    result != NULL ? *nbGroups : 0, sent, remaining != NULL, useFlags,
	    minCount, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS && result != NULL &&
	    (out->groups.dev_resources_len != out->count ||
	     out->count > *nbGroups))
		e = CUDA_ERROR_INVALID_VALUE;	/* not what was asked */
	if (e == CUDA_SUCCESS) {
		if (result != NULL)
			memcpy(result, out->groups.dev_resources_val,
			       out->count * sizeof(*result));
		if (remaining != NULL)
			memcpy(remaining, out->remaining.bytes,
			       sizeof(*remaining));
		*nbGroups = out->count;
	}
	xdr_free((xdrproc_t)xdr_res_sm_split, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *phDesc,
    CUdevResource *resources, unsigned int nbResources)
{
	dev_resources sent;
	res_handle r;
	struct call k;
	CUresult e;

	if (phDesc == NULL || resources == NULL || nbResources == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (nbResources > ONCUDA_DEV_RESOURCES_MAX) {
		oncuda_unsupported("a descriptor of more than 256 resources");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	/* The same bytes, read by the XDR encoder only. */
	sent.dev_resources_len = nbResources;
	sent.dev_resources_val = (dev_resource *)resources;
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_dev_resource_generate_desc(sent, &r, k.c),
	    &r.err)) == CUDA_SUCCESS)
		*phDesc = (CUdevResourceDesc)(uintptr_t)route_tag(
		    r.res_handle_u.value, k.server);
	return e;
}
