/*
 * graph_batch.c -- batch memory operation nodes.
 *
 * The operations travel as cuStreamBatchMemOp's do (idl/cuda.x, mem_op):
 * the 48-byte unions as the program laid them out, whose device words the
 * server checks against the client's memory.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/link/say.h"
#include "stubs/route/route.h"
#include "stubs/stream/node_list.h"
#include "stubs/stream/node_keep.h"
#include "stubs/stream/node_store.h"
#include "stubs/wire/rpc.h"

_Static_assert(sizeof(CUstreamBatchMemOpParams) ==
    sizeof(((mem_op *)0)->bytes),
    "a batch memory operation travels as 48 bytes");

/* p on the wire (its operations in ops), its context routed into rt. */
static CUresult batch_to_wire(struct route *rt,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *p, mem_op *ops,
    batch_mem_op_node *wire)
{
	if (p == NULL || (p->count != 0 && p->paramArray == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	if (p->count > ONCUDA_MEM_OPS_MAX) {
		oncuda_unsupported("batch memory operation nodes of more than "
		    "256 operations");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	route_handle(rt, p->ctx, ROUTE_CONTEXT);
	for (unsigned int i = 0; i < p->count; i++)
		memcpy(ops[i].bytes, &p->paramArray[i], sizeof(ops[i].bytes));
	memset(wire, 0, sizeof(*wire));
	wire->ctx = route_strip(p->ctx);
	wire->ops.mem_ops_len = p->count;
	wire->ops.mem_ops_val = ops;
	wire->flags = p->flags;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuGraphAddBatchMemOpNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	mem_op ops[ONCUDA_MEM_OPS_MAX];
	struct route rt = ROUTE_INIT;
	batch_mem_op_node wire;
	cu_nodes deps;
	res_handle r;
	struct call k;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_handle(&rt, hGraph, ROUTE_HANDLE);
	if ((e = batch_to_wire(&rt, nodeParams, ops, &wire)) != CUDA_SUCCESS ||
	    (e = node_list_to_wire(&rt, dependencies, numDependencies,
	    &deps)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) == CUDA_SUCCESS &&
	    (e = call_done(&k, cu_graph_add_batch_mem_op_node(
	    route_strip(hGraph), deps, wire, &r, k.c), &r.err)) ==
	    CUDA_SUCCESS)
		*phGraphNode = node_tagged(r.res_handle_u.value, k.server);
	node_list_release(&deps);
	return e;
}

/* The array the answer's paramArray points to lives with the node. */
ONCUDA_API CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode hNode,
    CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out)
{
	const batch_mem_op_node *got;
	res_batch_mem_op_node r;
	CUDA_BATCH_MEM_OP_NODE_PARAMS p;
	struct call k;
	CUresult e;

	if (hNode == NULL || nodeParams_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_batch_mem_op_node_get_params(
	    route_strip(hNode), &r, k.c), &r.err)) != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_res_batch_mem_op_node, (char *)&r);
		return e;
	}
	got = &r.res_batch_mem_op_node_u.value;
	memset(&p, 0, sizeof(p));
	p.ctx = got->ctx == 0 ? NULL :
	    (CUcontext)(uintptr_t)route_tag(got->ctx, k.server);
	p.count = got->ops.mem_ops_len;
	p.flags = got->flags;
	if (p.count > 0) {
		/* mem_op is the 48 bytes alone: the array is the driver's. */
		_Static_assert(sizeof(mem_op) ==
		    sizeof(CUstreamBatchMemOpParams), "one layout");
		p.paramArray = node_keep(hNode, NODE_COPY_QUERY,
		    got->ops.mem_ops_val, p.count * sizeof(mem_op), 0);
		if (p.paramArray == NULL)
			e = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (e == CUDA_SUCCESS)
		*nodeParams_out = p;
	xdr_free((xdrproc_t)xdr_res_batch_mem_op_node, (char *)&r);
	return e;
}

static CUresult batch_set(CUgraphExec exec, CUgraphNode node,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *p)
{
	mem_op ops[ONCUDA_MEM_OPS_MAX];
	struct route rt = ROUTE_INIT;
	batch_mem_op_node wire;
	res_none r;
	struct call k;
	CUresult e;

	if (node == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_handle(&rt, exec, ROUTE_HANDLE);
	route_handle(&rt, node, ROUTE_HANDLE);
	if ((e = batch_to_wire(&rt, p, ops, &wire)) != CUDA_SUCCESS ||
	    (e = route_call(&k, &rt, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, exec == NULL ?
	    cu_graph_batch_mem_op_node_set_params(route_strip(node), wire, &r,
	    k.c) :
	    cu_graph_exec_batch_mem_op_node_set_params(route_strip(exec),
	    route_strip(node), wire, &r, k.c), &r.err);
	/* The operations a query handed out before are stale now. */
	if (e == CUDA_SUCCESS && exec == NULL)
		node_store_params_set(node);
	return e;
}

ONCUDA_API CUresult cuGraphBatchMemOpNodeSetParams(CUgraphNode hNode,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	return batch_set(NULL, hNode, nodeParams);
}

ONCUDA_API CUresult cuGraphExecBatchMemOpNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	if (hGraphExec == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return batch_set(hGraphExec, hNode, nodeParams);
}
