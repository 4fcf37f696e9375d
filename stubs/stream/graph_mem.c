/*
 * graph_mem.c -- graph memory: allocation and free nodes, and a device's
 * graph memory attributes.
 *
 * An allocation node's address is the server's device address, as every
 * device pointer is (stubs/route/route.h); the server adds it to the
 * client's device ranges (idl/cuda.x, CU_GRAPH_ADD_MEM_ALLOC_NODE).  The
 * devices a node's pool and access descriptors name are global ordinals
 * here and the server's own on the wire.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/mem_props.h"
#include "stubs/route/route.h"
#include "stubs/stream/node_list.h"
#include "stubs/stream/node_keep.h"
#include "stubs/wire/rpc.h"

/* A location on the wire: a device as the server numbers it. */
static mem_location location_to_wire(struct route *rt, const CUmemLocation *l)
{
	mem_location wire = mem_location_pack(l);
	CUdevice local;

	if (l->type == CU_MEM_LOCATION_TYPE_DEVICE) {
		route_device(rt, l->id, &local);
		wire.id = local;
	}
	return wire;
}

ONCUDA_API CUresult cuGraphAddMemAllocNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams)
{
	mem_access_desc descs[ONCUDA_ACCESS_DESCS_MAX];
	struct route rt = ROUTE_INIT;
	res_mem_alloc_made r;
	mem_alloc_node wire;
	cu_nodes deps;
	struct call k;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL || nodeParams == NULL ||
	    (nodeParams->accessDescs == NULL &&
	    nodeParams->accessDescCount != 0))
		return CUDA_ERROR_INVALID_VALUE;
	if (nodeParams->accessDescCount > ONCUDA_ACCESS_DESCS_MAX ||
	    nodeParams->poolProps.win32SecurityAttributes != NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&wire, 0, sizeof(wire));
	route_handle(&rt, hGraph, ROUTE_HANDLE);
	wire.pool = mem_pool_props_pack(&nodeParams->poolProps);
	wire.pool.location = location_to_wire(&rt,
	    &nodeParams->poolProps.location);
	for (size_t i = 0; i < nodeParams->accessDescCount; i++) {
		descs[i] = mem_access_desc_pack(&nodeParams->accessDescs[i]);
		descs[i].location = location_to_wire(&rt,
		    &nodeParams->accessDescs[i].location);
	}
	wire.access.mem_access_descs_len = (u_int)nodeParams->accessDescCount;
	wire.access.mem_access_descs_val = descs;
	wire.bytesize = nodeParams->bytesize;
	if ((e = node_list_to_wire(&rt, dependencies, numDependencies,
	    &deps)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) == CUDA_SUCCESS &&
	    (e = call_done(&k, cu_graph_add_mem_alloc_node(route_strip(hGraph),
	    deps, wire, &r, k.c), &r.err)) == CUDA_SUCCESS) {
		*phGraphNode = node_tagged(r.res_mem_alloc_made_u.value.node,
		    k.server);
		nodeParams->dptr = r.res_mem_alloc_made_u.value.dptr;
	}
	node_list_release(&deps);
	return e;
}

ONCUDA_API CUresult cuGraphAddMemFreeNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    CUdeviceptr dptr)
{
	struct route rt = ROUTE_INIT;
	cu_nodes deps;
	res_handle r;
	struct call k;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_handle(&rt, hGraph, ROUTE_HANDLE);
	if ((e = node_list_to_wire(&rt, dependencies, numDependencies,
	    &deps)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) == CUDA_SUCCESS &&
	    (e = call_done(&k, cu_graph_add_mem_free_node(route_strip(hGraph),
	    deps, dptr, &r, k.c), &r.err)) == CUDA_SUCCESS)
		*phGraphNode = node_tagged(r.res_handle_u.value, k.server);
	node_list_release(&deps);
	return e;
}

/*
 * The access descriptors the driver's answer points to live with the
 * node; the client's copy is kept likewise (node_store.h).
 */
ONCUDA_API CUresult cuGraphMemAllocNodeGetParams(CUgraphNode hNode,
    CUDA_MEM_ALLOC_NODE_PARAMS *params_out)
{
	CUmemAccessDesc descs[ONCUDA_ACCESS_DESCS_MAX];
	const mem_alloc_node *got;
	res_mem_alloc_node r;
	CUDA_MEM_ALLOC_NODE_PARAMS p;
	struct call k;
	size_t n;
	CUresult e;

	if (hNode == NULL || params_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_mem_alloc_node_get_params(
	    route_strip(hNode), &r, k.c), &r.err)) != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_res_mem_alloc_node, (char *)&r);
		return e;
	}
	got = &r.res_mem_alloc_node_u.value;
	n = got->access.mem_access_descs_len;
	memset(&p, 0, sizeof(p));
	p.poolProps = mem_pool_props_unpack(&got->pool);
	for (size_t i = 0; i < n && i < ONCUDA_ACCESS_DESCS_MAX; i++)
		descs[i] = mem_access_desc_unpack(
		    &got->access.mem_access_descs_val[i]);
	if (n > 0 && (p.accessDescs = node_keep(hNode, NODE_COPY_QUERY,
	    descs, n * sizeof(descs[0]), 0)) == NULL)
		e = CUDA_ERROR_OUT_OF_MEMORY;
	p.accessDescCount = n;
	p.bytesize = (size_t)got->bytesize;
	p.dptr = got->dptr;
	if (e == CUDA_SUCCESS)
		*params_out = p;
	xdr_free((xdrproc_t)xdr_res_mem_alloc_node, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuDeviceGetGraphMemAttribute(CUdevice device,
    CUgraphMem_attribute attr, void *value)
{
	CUdevice local;
	res_size r;
	struct call k;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_device(&k, device, true, &local,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_device_get_graph_mem_attribute((int)local,
	    (int)attr, &r, k.c), &r.err)) == CUDA_SUCCESS)
		*(cuuint64_t *)value = r.res_size_u.value;
	return e;
}

ONCUDA_API CUresult cuDeviceSetGraphMemAttribute(CUdevice device,
    CUgraphMem_attribute attr, void *value)
{
	CUdevice local;
	res_none r;
	struct call k;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_device(&k, device, true, &local,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_device_set_graph_mem_attribute((int)local,
	    (int)attr, *(const cuuint64_t *)value, &r, k.c), &r.err);
}
