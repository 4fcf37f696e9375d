/*
 * graph_nodes.c - adding nodes of each type, and their parameters.
 *
 * Parameters are checked when a node is added or set, as the driver checks
 * them, and copied into the node: kernel arguments by value through the
 * kernel's parameter layout, memcpy and memset descriptions whole.  Host
 * memory named by a memcpy node is read or written at each replay.
 */
#include <stdlib.h>
#include <string.h>

#include "graph.h"

static CUresult
context_of(CUcontext handle, struct fc_context **ctx)
{
	if (handle == NULL)
		return fc_context_usable(ctx);
	*ctx = fc_context_lookup(handle);
	return *ctx != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

/*
 * A CUfunction runs in its module's context; a CUkernel in p->ctx, or the
 * current context when that is NULL.
 */
CUresult
fc_node_set_kernel(struct fc_node *n, const CUDA_KERNEL_NODE_PARAMS *p)
{
	struct fc_kernel_call call;
	struct fc_function *fn;
	struct fc_context *ctx;
	CUfunction f;
	CUresult rc;

	if (p == NULL || (p->func == NULL && p->kern == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	if (p->func != NULL) {
		f = p->func;
		fn = fc_handle_lookup((uintptr_t)f, FC_KIND_FUNCTION);
		if (fn == NULL)
			return CUDA_ERROR_INVALID_HANDLE;
		ctx = fn->module->ctx;
		rc = fc_context_lookup((CUcontext)ctx->handle) != NULL ?
		    CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
	} else {
		f = (CUfunction)p->kern;
		rc = context_of(p->ctx, &ctx);
	}
	if (rc == CUDA_SUCCESS) {
		const unsigned int grid[3] = { p->gridDimX, p->gridDimY,
		    p->gridDimZ };
		const unsigned int block[3] = { p->blockDimX, p->blockDimY,
		    p->blockDimZ };

		rc = fc_kernel_call_prepare(ctx, f, grid, block,
		    p->sharedMemBytes, p->kernelParams, p->extra, &call);
	}
	if (rc != CUDA_SUCCESS)
		return rc;
	n->u.kernel.call = call;
	memset(n->u.kernel.arg_ptrs, 0, sizeof(n->u.kernel.arg_ptrs));
	for (unsigned int i = 0; i < call.def->param_count; i++)
		n->u.kernel.arg_ptrs[i] =
		    n->u.kernel.call.params + call.def->params[i].offset;
	return CUDA_SUCCESS;
}

CUresult
fc_node_set_memcpy(struct fc_node *n, const CUDA_MEMCPY3D *c, CUcontext h)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = context_of(h, &ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_copy_check(c);
	if (rc == CUDA_SUCCESS) {
		n->u.memcpy.copy = *c;
		n->u.memcpy.ctx = ctx->handle;
	}
	return rc;
}

CUresult
fc_node_set_memset(struct fc_node *n, const CUDA_MEMSET_NODE_PARAMS *p,
    CUcontext h)
{
	struct fc_context *ctx;
	CUresult rc;

	rc = context_of(h, &ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_memset_check(p);
	if (rc == CUDA_SUCCESS) {
		n->u.memset.set = *p;
		n->u.memset.ctx = ctx->handle;
	}
	return rc;
}

/* What every cuGraphAdd*Node shares, around its own parameter setter. */
struct adding {
	struct fc_graph *g;
	struct fc_node **deps;
	struct fc_node *n;
};

static CUresult
add_begin(struct adding *a, CUgraphNode *out, CUgraph hGraph,
    const CUgraphNode *deps, size_t ndeps, CUgraphNodeType type)
{
	CUresult rc;

	memset(a, 0, sizeof(*a));
	rc = fc_graph_lookup(hGraph, &a->g);
	if (rc == CUDA_SUCCESS && out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_check_deps(a->g, deps, NULL, ndeps, &a->deps);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_new(type, &a->n);
	return rc;
}

/* rc is the setter's answer: on success the node joins the graph. */
static CUresult
add_end(struct adding *a, CUresult rc, CUgraphNode *out, size_t ndeps)
{
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_insert(a->g, a->n, a->deps, NULL, ndeps);
	else if (a->n != NULL)
		fc_node_free(a->n);
	if (rc == CUDA_SUCCESS)
		*out = (CUgraphNode)a->n->handle;
	free(a->deps);
	fc_unlock();
	return rc;
}

/* A node of the given type, for the Get/SetParams calls. */
static CUresult
typed_node(CUgraphNode h, CUgraphNodeType type, struct fc_node **n)
{
	CUresult rc = fc_node_lookup(h, n);

	if (rc == CUDA_SUCCESS && (*n)->type != type)
		rc = CUDA_ERROR_INVALID_VALUE;
	return rc;
}

FC_API CUresult
cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies)
{
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, phGraphNode, hGraph, dependencies,
	    numDependencies, CU_GRAPH_NODE_TYPE_EMPTY);
	return add_end(&a, rc, phGraphNode, numDependencies);
}

FC_API CUresult
cuGraphAddKernelNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, phGraphNode, hGraph, dependencies,
	    numDependencies, CU_GRAPH_NODE_TYPE_KERNEL);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_kernel(a.n, nodeParams);
	return add_end(&a, rc, phGraphNode, numDependencies);
}

/* kernelParams point into the node's own copy of the arguments. */
FC_API CUresult
cuGraphKernelNodeGetParams_v2(CUgraphNode hNode,
    CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	const struct fc_kernel_call *c;
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_KERNEL, &n);
	if (rc == CUDA_SUCCESS && nodeParams == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		c = &n->u.kernel.call;
		memset(nodeParams, 0, sizeof(*nodeParams));
		nodeParams->func = c->function;
		nodeParams->gridDimX = c->grid[0];
		nodeParams->gridDimY = c->grid[1];
		nodeParams->gridDimZ = c->grid[2];
		nodeParams->blockDimX = c->block[0];
		nodeParams->blockDimY = c->block[1];
		nodeParams->blockDimZ = c->block[2];
		nodeParams->sharedMemBytes = c->shared_bytes;
		nodeParams->kernelParams = n->u.kernel.arg_ptrs;
	}
	fc_unlock();
	return rc;
}

/* A failed set leaves the node as it was. */
FC_API CUresult
cuGraphKernelNodeSetParams_v2(CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	struct fc_node *n, scratch;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_KERNEL, &n);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_kernel(&scratch, nodeParams);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_kernel(n, nodeParams);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx)
{
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, phGraphNode, hGraph, dependencies,
	    numDependencies, CU_GRAPH_NODE_TYPE_MEMSET);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_memset(a.n, memsetParams, ctx);
	return add_end(&a, rc, phGraphNode, numDependencies);
}

FC_API CUresult
cuGraphMemsetNodeGetParams(CUgraphNode hNode,
    CUDA_MEMSET_NODE_PARAMS *nodeParams)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_MEMSET, &n);
	if (rc == CUDA_SUCCESS && nodeParams == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*nodeParams = n->u.memset.set;
	fc_unlock();
	return rc;
}

/* The node keeps the context it was added with. */
FC_API CUresult
cuGraphMemsetNodeSetParams(CUgraphNode hNode,
    const CUDA_MEMSET_NODE_PARAMS *nodeParams)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_MEMSET, &n);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_memset(n, nodeParams,
		    (CUcontext)n->u.memset.ctx);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphAddMemcpyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_MEMCPY3D *copyParams, CUcontext ctx)
{
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, phGraphNode, hGraph, dependencies,
	    numDependencies, CU_GRAPH_NODE_TYPE_MEMCPY);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_memcpy(a.n, copyParams, ctx);
	return add_end(&a, rc, phGraphNode, numDependencies);
}

FC_API CUresult
cuGraphMemcpyNodeGetParams(CUgraphNode hNode, CUDA_MEMCPY3D *nodeParams)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_MEMCPY, &n);
	if (rc == CUDA_SUCCESS && nodeParams == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*nodeParams = n->u.memcpy.copy;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphMemcpyNodeSetParams(CUgraphNode hNode,
    const CUDA_MEMCPY3D *nodeParams)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_MEMCPY, &n);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_set_memcpy(n, nodeParams,
		    (CUcontext)n->u.memcpy.ctx);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphAddHostNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, phGraphNode, hGraph, dependencies,
	    numDependencies, CU_GRAPH_NODE_TYPE_HOST);
	if (rc == CUDA_SUCCESS && (nodeParams == NULL ||
	    nodeParams->fn == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		a.n->u.host = *nodeParams;
	return add_end(&a, rc, phGraphNode, numDependencies);
}

FC_API CUresult
cuGraphHostNodeGetParams(CUgraphNode hNode, CUDA_HOST_NODE_PARAMS *nodeParams)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_HOST, &n);
	if (rc == CUDA_SUCCESS && nodeParams == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*nodeParams = n->u.host;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphHostNodeSetParams(CUgraphNode hNode,
    const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_HOST, &n);
	if (rc == CUDA_SUCCESS && (nodeParams == NULL ||
	    nodeParams->fn == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		n->u.host = *nodeParams;
	fc_unlock();
	return rc;
}

static CUresult
add_event_node(CUgraphNode *out, CUgraph hGraph, const CUgraphNode *deps,
    size_t ndeps, CUevent event, CUgraphNodeType type)
{
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, out, hGraph, deps, ndeps, type);
	if (rc == CUDA_SUCCESS && fc_event_lookup(event) == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		a.n->u.event = event;
	return add_end(&a, rc, out, ndeps);
}

FC_API CUresult
cuGraphAddEventRecordNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies, CUevent event)
{
	return add_event_node(phGraphNode, hGraph, dependencies,
	    numDependencies, event, CU_GRAPH_NODE_TYPE_EVENT_RECORD);
}

FC_API CUresult
cuGraphAddEventWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies, CUevent event)
{
	return add_event_node(phGraphNode, hGraph, dependencies,
	    numDependencies, event, CU_GRAPH_NODE_TYPE_WAIT_EVENT);
}

static CUresult
event_of(CUgraphNode hNode, CUgraphNodeType type, CUevent *event_out)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, type, &n);
	if (rc == CUDA_SUCCESS && event_out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*event_out = n->u.event;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphEventRecordNodeGetEvent(CUgraphNode hNode, CUevent *event_out)
{
	return event_of(hNode, CU_GRAPH_NODE_TYPE_EVENT_RECORD, event_out);
}

FC_API CUresult
cuGraphEventWaitNodeGetEvent(CUgraphNode hNode, CUevent *event_out)
{
	return event_of(hNode, CU_GRAPH_NODE_TYPE_WAIT_EVENT, event_out);
}

/* Whether g holds memory allocation or free nodes, which only a moved
 * child may. */
static bool has_mem_nodes(const struct fc_graph *g)
{
	for (size_t i = 0; i < g->count; i++)
		if (g->nodes[i]->type == CU_GRAPH_NODE_TYPE_MEM_ALLOC ||
		    g->nodes[i]->type == CU_GRAPH_NODE_TYPE_MEM_FREE)
			return true;
	return false;
}

/* Cloned, the child graph is copied now and later edits of childGraph do
 * not show; moved, it is the node's own (and is_child, so not destroyed
 * alone).  The stand-in does not look for a parent inside the child. */
CUresult fc_add_child_graph(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraph childGraph, bool move)
{
	struct fc_graph *child, *copy = NULL;
	struct adding a;
	CUresult rc;

	fc_lock();
	rc = add_begin(&a, phGraphNode, hGraph, dependencies,
	    numDependencies, CU_GRAPH_NODE_TYPE_GRAPH);
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_lookup(childGraph, &child);
	if (rc == CUDA_SUCCESS && move && child->is_child)
		rc = CUDA_ERROR_NOT_SUPPORTED;	/* as driver 580 says */
	else if (rc == CUDA_SUCCESS && (child == a.g ||
	    (!move && has_mem_nodes(child))))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		if (move)
			copy = child;
		else
			rc = fc_graph_clone(child, &copy);
	}
	if (rc == CUDA_SUCCESS) {
		copy->is_child = true;
		a.n->u.child = copy;
	}
	return add_end(&a, rc, phGraphNode, numDependencies);
}

FC_API CUresult
cuGraphAddChildGraphNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraph childGraph)
{
	return fc_add_child_graph(phGraphNode, hGraph, dependencies,
	    numDependencies, childGraph, false);
}

FC_API CUresult
cuGraphChildGraphNodeGetGraph(CUgraphNode hNode, CUgraph *phGraph)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed_node(hNode, CU_GRAPH_NODE_TYPE_GRAPH, &n);
	if (rc == CUDA_SUCCESS && phGraph == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*phGraph = (CUgraph)n->u.child->handle;
	fc_unlock();
	return rc;
}
