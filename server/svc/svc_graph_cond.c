/*
 * svc_graph_cond.c -- conditional nodes: the conditions
 * (cuGraphConditionalHandleCreate) and the nodes that test them.
 *
 * A condition is a 64-bit value the driver gives out and kernels name on
 * the device; the driver trusts the one a node names, so the server keeps
 * those it gave this client, each with its graph, and a node may name only
 * one of its own graph's.  A node's body graphs are the driver's,
 * registered as the client's under the node, so they go with it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_graph.h"
#include "server/svc/svc_graph_node.h"

struct condition {
	CUgraphConditionalHandle value;
	cu_handle graph;
};

static struct condition *conditions;
static size_t condition_count, condition_cap;

static bool condition_note(CUgraphConditionalHandle value, cu_handle graph)
{
	struct condition *grown;

	if (condition_count == condition_cap) {
		size_t cap = condition_cap == 0 ? 16 : condition_cap * 2;

		if ((grown = realloc(conditions, cap * sizeof(*grown))) == NULL)
			return false;
		conditions = grown;
		condition_cap = cap;
	}
	conditions[condition_count].value = value;
	conditions[condition_count].graph = graph;
	condition_count++;
	return true;
}

/*
 * Whether value is a condition of graph given to this client.  A graph
 * that died and whose value the driver reused may leave a stale entry;
 * the graph must still be the client's, and the driver then checks the
 * condition against the graph itself.
 */
static bool condition_known(CUgraphConditionalHandle value, cu_handle graph)
{
	for (size_t i = 0; i < condition_count; i++)
		if (conditions[i].value == value &&
		    conditions[i].graph == graph)
			return true;
	return false;
}

bool_t cu_graph_conditional_handle_create_svc(cu_handle graph, cu_handle ctx,
    u_int default_value, u_int flags, res_size *r, struct svc_req *rq)
{
	CUgraphConditionalHandle value = 0;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = handle_check(HANDLE_CONTEXT, ctx, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuGraphConditionalHandleCreate(&value,
	    (CUgraph)(uintptr_t)graph, (CUcontext)(uintptr_t)ctx,
	    default_value, flags);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	if (!condition_note(value, graph)) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_size_u.value = value;
	return TRUE;
}

/* The bodies the driver made, each registered under node, into out. */
static CUresult bodies_reply(cu_handle node, const CUgraph *bodies,
    unsigned int n, cu_handles *out)
{
	if (n == 0)
		return CUDA_SUCCESS;
	if ((out->cu_handles_val = calloc(n, sizeof(cu_handle))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (unsigned int i = 0; i < n; i++) {
		out->cu_handles_val[i] = (cu_handle)(uintptr_t)bodies[i];
		if (!handle_add(HANDLE_GRAPH, out->cu_handles_val[i], node))
			return CUDA_ERROR_OUT_OF_MEMORY;
		out->cu_handles_len = i + 1;
	}
	return CUDA_SUCCESS;
}

bool_t cu_graph_add_conditional_node_svc(cu_handle graph, cu_nodes deps,
    conditional_node params, res_conditional_made *r, struct svc_req *rq)
{
	conditional_made *out = &r->res_conditional_made_u.value;
	CUgraphNodeParams p;
	CUgraphNode node = NULL;
	res_handle made;
	CUresult err;

	(void)rq;
	memset(r, 0, sizeof(*r));
	memset(&made, 0, sizeof(made));
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = handle_check(HANDLE_CONTEXT, params.ctx, false)) ==
	    CUDA_SUCCESS && !condition_known(params.handle, graph))
		err = CUDA_ERROR_INVALID_VALUE;
	/* Bodies beyond what one reply carries: the driver allows any
	 * number for SWITCH, the wire a bounded one. */
	if (err == CUDA_SUCCESS && params.size > ONCUDA_ENUM_MAX)
		err = CUDA_ERROR_NOT_SUPPORTED;
	memset(&p, 0, sizeof(p));
	if (err == CUDA_SUCCESS) {
		p.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
		p.conditional.handle = params.handle;
		p.conditional.type = (CUgraphConditionalNodeType)params.type;
		p.conditional.size = params.size;
		p.conditional.ctx = (CUcontext)(uintptr_t)params.ctx;
		err = cuGraphAddNode(&node, (CUgraph)(uintptr_t)graph,
		    graph_nodes_of(&deps), NULL, deps.cu_nodes_len, &p);
	}
	graph_node_added(err, node, graph, &made);
	if ((r->err = made.err) != CUDA_SUCCESS)
		return TRUE;
	out->node = made.res_handle_u.value;
	r->err = bodies_reply(out->node, p.conditional.phGraph_out,
	    p.conditional.size, &out->bodies);
	if (r->err != CUDA_SUCCESS) {
		/* Nothing travels on failure; the node goes with its bodies. */
		free(out->bodies.cu_handles_val);
		memset(out, 0, sizeof(*out));
		handle_forget(HANDLE_GRAPH_NODE, made.res_handle_u.value);
		(void)cuGraphDestroyNode(node);
	}
	return TRUE;
}
