/*
 * svc_graph_batch.c -- batch memory operation nodes.
 *
 * Each operation's device word is checked against the client's memory as
 * for cuStreamBatchMemOp (svc_stream_ops.h): a node runs at every replay,
 * so the check is made when the node is added or changed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_graph.h"
#include "server/svc/svc_graph_node.h"
#include "server/svc/svc_stream_ops.h"

/* The driver's parameters from the wire's; ops (ONCUDA_MEM_OPS_MAX). */
static CUresult batch_params_build(const batch_mem_op_node *in,
    CUstreamBatchMemOpParams *ops, CUDA_BATCH_MEM_OP_NODE_PARAMS *out,
    const char *call)
{
	u_int n = in->ops.mem_ops_len;
	CUresult err;

	if ((err = handle_check(HANDLE_CONTEXT, in->ctx, true)) !=
	    CUDA_SUCCESS)
		return err;
	/* The decoder bounded n by ONCUDA_MEM_OPS_MAX. */
	for (u_int i = 0; i < n; i++) {
		memcpy(&ops[i], in->ops.mem_ops_val[i].bytes, sizeof(ops[i]));
		if ((err = mem_op_check(&ops[i], call)) != CUDA_SUCCESS)
			return err;
	}
	memset(out, 0, sizeof(*out));
	out->ctx = (CUcontext)(uintptr_t)in->ctx;
	out->count = n;
	out->paramArray = n > 0 ? ops : NULL;
	out->flags = in->flags;
	return CUDA_SUCCESS;
}

bool_t cu_graph_add_batch_mem_op_node_svc(cu_handle graph, cu_nodes deps,
    batch_mem_op_node params, res_handle *r, struct svc_req *rq)
{
	CUstreamBatchMemOpParams ops[ONCUDA_MEM_OPS_MAX];
	CUDA_BATCH_MEM_OP_NODE_PARAMS p;
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = batch_params_build(&params, ops, &p,
	    "cuGraphAddBatchMemOpNode")) == CUDA_SUCCESS)
		err = cuGraphAddBatchMemOpNode(&node, (CUgraph)(uintptr_t)graph,
		    graph_nodes_of(&deps), deps.cu_nodes_len, &p);
	graph_node_added(err, node, graph, r);
	return TRUE;
}

bool_t cu_graph_batch_mem_op_node_get_params_svc(cu_handle node,
    res_batch_mem_op_node *r, struct svc_req *rq)
{
	batch_mem_op_node *out = &r->res_batch_mem_op_node_u.value;
	CUDA_BATCH_MEM_OP_NODE_PARAMS p;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof(p));
	if ((r->err = cuGraphBatchMemOpNodeGetParams(
	    (CUgraphNode)(uintptr_t)node, &p)) != CUDA_SUCCESS)
		return TRUE;
	if (p.count > ONCUDA_MEM_OPS_MAX) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	out->ctx = handle_check(HANDLE_CONTEXT, (cu_handle)(uintptr_t)p.ctx,
	    false) == CUDA_SUCCESS ? (cu_handle)(uintptr_t)p.ctx : 0;
	out->flags = p.flags;
	if (p.count > 0 && (out->ops.mem_ops_val = calloc(p.count,
	    sizeof(mem_op))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	for (unsigned int i = 0; i < p.count; i++)
		memcpy(out->ops.mem_ops_val[i].bytes, &p.paramArray[i],
		    sizeof(mem_op));
	out->ops.mem_ops_len = p.count;
	return TRUE;
}

bool_t cu_graph_batch_mem_op_node_set_params_svc(cu_handle node,
    batch_mem_op_node params, res_none *r, struct svc_req *rq)
{
	CUstreamBatchMemOpParams ops[ONCUDA_MEM_OPS_MAX];
	CUDA_BATCH_MEM_OP_NODE_PARAMS p;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = batch_params_build(&params, ops, &p,
	    "cuGraphBatchMemOpNodeSetParams")) == CUDA_SUCCESS)
		r->err = cuGraphBatchMemOpNodeSetParams(
		    (CUgraphNode)(uintptr_t)node, &p);
	return TRUE;
}

bool_t cu_graph_exec_batch_mem_op_node_set_params_svc(cu_handle exec,
    cu_handle node, batch_mem_op_node params, res_none *r,
    struct svc_req *rq)
{
	CUstreamBatchMemOpParams ops[ONCUDA_MEM_OPS_MAX];
	CUDA_BATCH_MEM_OP_NODE_PARAMS p;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_EXEC, exec, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = batch_params_build(&params, ops, &p,
	    "cuGraphExecBatchMemOpNodeSetParams")) == CUDA_SUCCESS)
		r->err = cuGraphExecBatchMemOpNodeSetParams(
		    (CUgraphExec)(uintptr_t)exec, (CUgraphNode)(uintptr_t)node,
		    &p);
	return TRUE;
}
