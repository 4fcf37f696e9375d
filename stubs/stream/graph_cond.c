/*
 * graph_cond.c -- conditional nodes: their conditions and the nodes that
 * test them (idl/cuda.x, CU_GRAPH_ADD_CONDITIONAL_NODE).
 *
 * A condition is a 64-bit value of the server's driver that kernels on the
 * device name; it carries no server tag (like a device pointer, it is data
 * a kernel reads), so it is the graph's server's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/route/route.h"
#include "stubs/stream/graph_cond.h"
#include "stubs/stream/node_list.h"
#include "stubs/stream/node_keep.h"
#include "stubs/wire/rpc.h"

ONCUDA_API CUresult cuGraphConditionalHandleCreate(
    CUgraphConditionalHandle *pHandle_out, CUgraph hGraph, CUcontext ctx,
    unsigned int defaultLaunchValue, unsigned int flags)
{
	res_size r;
	struct call k;
	CUresult e;

	if (pHandle_out == NULL || hGraph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hGraph, ROUTE_HANDLE, ctx,
	    ROUTE_CONTEXT, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_conditional_handle_create(
	    route_strip(hGraph), route_strip(ctx), defaultLaunchValue, flags,
	    &r, k.c), &r.err)) == CUDA_SUCCESS)
		*pHandle_out = r.res_size_u.value;
	return e;
}

CUresult graph_add_conditional(CUgraphNode *node, CUgraph graph,
    const CUgraphNode *deps, size_t count, CUDA_CONDITIONAL_NODE_PARAMS *p)
{
	struct route rt = ROUTE_INIT;
	const cu_handles *bodies;
	conditional_node wire;
	res_conditional_made r;
	CUgraph *out = NULL;
	cu_nodes list;
	struct call k;
	CUresult e;

	route_handle(&rt, graph, ROUTE_HANDLE);
	route_handle(&rt, p->ctx, ROUTE_CONTEXT);
	memset(&wire, 0, sizeof(wire));
	wire.handle = p->handle;
	wire.type = (int)p->type;
	wire.size = p->size;
	wire.ctx = route_strip(p->ctx);
	if ((e = node_list_to_wire(&rt, deps, count, &list)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) == CUDA_SUCCESS)
		e = call_done(&k, cu_graph_add_conditional_node(
		    route_strip(graph), list, wire, &r, k.c), &r.err);
	node_list_release(&list);
	if (e != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_res_conditional_made, (char *)&r);
		return e;
	}
	*node = node_tagged(r.res_conditional_made_u.value.node, k.server);
	bodies = &r.res_conditional_made_u.value.bodies;
	if (bodies->cu_handles_len > 0 &&
	    (out = calloc(bodies->cu_handles_len, sizeof(*out))) != NULL) {
		for (u_int i = 0; i < bodies->cu_handles_len; i++)
			out[i] = (CUgraph)(uintptr_t)route_tag(
			    bodies->cu_handles_val[i], k.server);
		p->phGraph_out = node_keep(*node, NODE_COPY_LASTING, out,
		    bodies->cu_handles_len * sizeof(*out), 0);
		free(out);
		if (p->phGraph_out == NULL)
			e = CUDA_ERROR_OUT_OF_MEMORY;
	} else if (bodies->cu_handles_len > 0) {
		e = CUDA_ERROR_OUT_OF_MEMORY;
	}
	xdr_free((xdrproc_t)xdr_res_conditional_made, (char *)&r);
	return e;
}
