/*
 * graph_exec.c - executable graphs: instantiate, launch, update.
 *
 * An executable graph holds a private clone of its graph, made when it is
 * instantiated, so later edits of the graph do not reach it; node i of the
 * clone pairs with node i of the source, whose handle it remembers for the
 * cuGraphExec*SetParams and cuGraphNodeSet/GetEnabled calls.
 *
 * As all work in the stand-in, a launch runs every node before it
 * returns, in a topological order fixed at instantiation (the order the
 * nodes were added, where edges allow).  Host nodes run with the lock
 * released, since they may call the driver; the executable graph stays
 * alive until the launch that is running it finishes.
 */
#include <stdlib.h>
#include <string.h>

#include "graph.h"

#define INSTANTIATE_FLAGS (CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH | \
	CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY)

struct fc_exec {
	uintptr_t handle;
	struct fc_graph *graph;		/* the private clone */
	uintptr_t *sources;		/* source node handle, by index */
	bool *disabled;			/* by index */
	size_t *order;
	unsigned long long flags;
	unsigned int running;		/* launches inside a host node */
	bool doomed;			/* destroyed while running */
};

static CUresult
exec_lookup(CUgraphExec handle, struct fc_exec **x)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*x = fc_handle_lookup((uintptr_t)handle, FC_KIND_GRAPH_EXEC);
	return *x != NULL && !(*x)->doomed ? CUDA_SUCCESS :
	    CUDA_ERROR_INVALID_VALUE;
}

static void
exec_free(struct fc_exec *x)
{
	fc_handle_drop(x->handle);
	fc_graph_free(x->graph);
	free(x->sources);
	free(x->disabled);
	free(x->order);
	free(x);
}

/* The exec's node paired with the source graph's node hNode. */
static CUresult
exec_node(struct fc_exec *x, CUgraphNode hNode, struct fc_node **n,
    size_t *index)
{
	if (fc_handle_lookup((uintptr_t)hNode, FC_KIND_GRAPH_NODE) == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < x->graph->count; i++) {
		if (x->sources[i] == (uintptr_t)hNode) {
			*n = x->graph->nodes[i];
			if (index != NULL)
				*index = i;
			return CUDA_SUCCESS;
		}
	}
	return CUDA_ERROR_INVALID_VALUE;
}

static CUresult
instantiate(CUgraphExec *out, CUgraph hGraph, unsigned long long flags,
    CUgraphInstantiateResult *result)
{
	struct fc_graph *g;
	struct fc_exec *x;
	CUresult rc;

	*result = CUDA_GRAPH_INSTANTIATE_ERROR;
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && (out == NULL ||
	    (flags & ~(unsigned long long)INSTANTIATE_FLAGS)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc != CUDA_SUCCESS)
		return rc;
	x = calloc(1, sizeof(*x));
	if (x == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	rc = fc_graph_clone(g, &x->graph);
	if (rc == CUDA_SUCCESS) {
		x->graph->is_child = true;
		x->sources = calloc(g->count + 1, sizeof(*x->sources));
		x->disabled = calloc(g->count + 1, sizeof(*x->disabled));
		x->order = calloc(g->count + 1, sizeof(*x->order));
		if (x->sources == NULL || x->disabled == NULL ||
		    x->order == NULL)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (rc == CUDA_SUCCESS) {
		rc = fc_graph_order(x->graph, x->order);
		if (rc == CUDA_ERROR_INVALID_VALUE)
			*result = CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE;
	}
	if (rc == CUDA_SUCCESS &&
	    (x->handle = fc_handle_new(FC_KIND_GRAPH_EXEC, x)) == 0)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc != CUDA_SUCCESS) {
		if (x->graph != NULL)
			fc_graph_free(x->graph);
		free(x->sources);
		free(x->disabled);
		free(x->order);
		free(x);
		return rc;
	}
	for (size_t i = 0; i < g->count; i++)
		x->sources[i] = g->nodes[i]->handle;
	x->flags = flags;
	*result = CUDA_GRAPH_INSTANTIATE_SUCCESS;
	*out = (CUgraphExec)x->handle;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec, CUgraph hGraph,
    unsigned long long flags)
{
	CUgraphInstantiateResult result;
	CUresult rc;

	fc_lock();
	rc = instantiate(phGraphExec, hGraph, flags, &result);
	fc_unlock();
	return rc;
}

/* Only this form takes CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD (a no-op here). */
FC_API CUresult
cuGraphInstantiateWithParams(CUgraphExec *phGraphExec, CUgraph hGraph,
    CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams)
{
	CUgraphInstantiateResult result;
	struct fc_context *ctx;
	unsigned long long flags;
	CUresult rc;

	if (instantiateParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	flags = instantiateParams->flags;
	fc_lock();
	rc = CUDA_SUCCESS;
	if (flags & CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD) {
		rc = fc_context_usable(&ctx);
		if (rc == CUDA_SUCCESS)
			rc = fc_stream_check(instantiateParams->hUploadStream,
			    ctx);
		flags &= ~(unsigned long long)CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD;
	}
	instantiateParams->result_out = CUDA_GRAPH_INSTANTIATE_ERROR;
	instantiateParams->hErrNode_out = NULL;
	if (rc == CUDA_SUCCESS)
		rc = instantiate(phGraphExec, hGraph, flags, &result);
	if (rc == CUDA_SUCCESS || rc == CUDA_ERROR_INVALID_VALUE)
		instantiateParams->result_out = result;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphExecGetFlags(CUgraphExec hGraphExec, cuuint64_t *flags)
{
	struct fc_exec *x;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS && flags == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*flags = x->flags;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphExecDestroy(CUgraphExec hGraphExec)
{
	struct fc_exec *x;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS && x->running > 0)
		x->doomed = true;
	else if (rc == CUDA_SUCCESS)
		exec_free(x);
	fc_unlock();
	return rc;
}

/* A node's device work; a range freed since it was added faults. */
static CUresult
run_node(const struct fc_node *n)
{
	struct fc_context *ctx;
	struct fc_event *e;

	switch (n->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		return fc_kernel_call_run(&n->u.kernel.call);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
	case CU_GRAPH_NODE_TYPE_MEMSET:
		ctx = fc_context_lookup((CUcontext)(n->type ==
		    CU_GRAPH_NODE_TYPE_MEMCPY ? n->u.memcpy.ctx :
		    n->u.memset.ctx));
		if (ctx == NULL)
			return CUDA_ERROR_CONTEXT_IS_DESTROYED;
		if (n->type == CU_GRAPH_NODE_TYPE_MEMCPY) {
			if (!fc_node_copy_run(&n->u.memcpy.copy))
				ctx->sticky_error = CUDA_ERROR_ILLEGAL_ADDRESS;
		} else if (fc_memset_check(&n->u.memset.set) == CUDA_SUCCESS) {
			fc_memset_run(&n->u.memset.set);
		} else {
			ctx->sticky_error = CUDA_ERROR_ILLEGAL_ADDRESS;
		}
		return CUDA_SUCCESS;
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		e = fc_event_lookup(n->u.event);
		if (e != NULL) {
			fc_capture_event_gone(e);
			clock_gettime(CLOCK_MONOTONIC, &e->when);
			e->recorded = true;
		}
		return CUDA_SUCCESS;
	default:		/* the newer types, empty and wait nodes */
		return fc_node_more_run(n);
	}
}

/*
 * Runs g's nodes in order (order may be NULL: computed now).  Called and
 * returns with the lock held; host nodes run unlocked.
 */
static CUresult
run_graph(const struct fc_graph *g, const size_t *order, const bool *disabled)
{
	size_t *own = NULL;
	CUresult rc = CUDA_SUCCESS;

	if (order == NULL) {
		own = calloc(g->count + 1, sizeof(*own));
		if (own == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		rc = fc_graph_order(g, own);
		order = own;
	}
	for (size_t k = 0; rc == CUDA_SUCCESS && k < g->count; k++) {
		const struct fc_node *n = g->nodes[order[k]];

		if (disabled != NULL && disabled[order[k]])
			continue;
		if (n->type == CU_GRAPH_NODE_TYPE_GRAPH) {
			rc = run_graph(n->u.child, NULL, NULL);
		} else if (n->type == CU_GRAPH_NODE_TYPE_CONDITIONAL) {
			unsigned long step = 0;
			struct fc_graph *body;

			while (rc == CUDA_SUCCESS &&
			    (body = fc_cond_next(n, &step)) != NULL)
				rc = run_graph(body, NULL, NULL);
		} else if (n->type == CU_GRAPH_NODE_TYPE_HOST) {
			CUDA_HOST_NODE_PARAMS host = n->u.host;

			fc_unlock();
			host.fn(host.userData);
			fc_lock();
		} else {
			rc = run_node(n);
		}
	}
	free(own);
	return rc;
}

/*
 * Launched into a capturing stream, the graph is captured as a child
 * graph node, as the driver does.
 */
FC_API CUresult
cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream)
{
	struct fc_stream *capturing = NULL;
	struct fc_context *ctx;
	struct fc_node *n = NULL;
	struct fc_exec *x;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS)
		rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_capture_route(hStream, ctx, &capturing);
	if (rc == CUDA_SUCCESS && capturing != NULL) {
		rc = fc_node_new(CU_GRAPH_NODE_TYPE_GRAPH, &n);
		if (rc == CUDA_SUCCESS)
			rc = fc_graph_clone(x->graph, &n->u.child);
		if (rc == CUDA_SUCCESS) {
			n->u.child->is_child = true;
			rc = fc_capture_add(capturing, n);
		}
		else if (n != NULL)
			fc_node_free(n);
	} else if (rc == CUDA_SUCCESS) {
		x->running++;
		rc = run_graph(x->graph, x->order, x->disabled);
		if (--x->running == 0 && x->doomed)
			exec_free(x);
	}
	fc_unlock();
	return rc;
}

/* Nothing to upload: device memory is host memory. */
FC_API CUresult
cuGraphUpload(CUgraphExec hGraphExec, CUstream hStream)
{
	struct fc_context *ctx;
	struct fc_exec *x;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS)
		rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	fc_unlock();
	return rc;
}

/* Only kernel, memcpy and memset nodes can be disabled. */
static bool
can_disable(const struct fc_node *n)
{
	return n->type == CU_GRAPH_NODE_TYPE_KERNEL ||
	    n->type == CU_GRAPH_NODE_TYPE_MEMCPY ||
	    n->type == CU_GRAPH_NODE_TYPE_MEMSET;
}

FC_API CUresult
cuGraphNodeSetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode,
    unsigned int isEnabled)
{
	struct fc_exec *x;
	struct fc_node *n;
	size_t i;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS)
		rc = exec_node(x, hNode, &n, &i);
	if (rc == CUDA_SUCCESS && !can_disable(n))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		x->disabled[i] = isEnabled == 0;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphNodeGetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode,
    unsigned int *isEnabled)
{
	struct fc_exec *x;
	struct fc_node *n;
	size_t i;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS)
		rc = exec_node(x, hNode, &n, &i);
	if (rc == CUDA_SUCCESS && (isEnabled == NULL || !can_disable(n)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*isEnabled = !x->disabled[i];
	fc_unlock();
	return rc;
}

/*
 * The limits cuGraphExecUpdate documents for a node's new parameters:
 * a kernel keeps its context; memset and memcpy keep their context; a 2D
 * memset only changes address and value; a memcpy keeps its memory types.
 * Answers a CUgraphExecUpdateResult.
 */
static CUgraphExecUpdateResult
params_updatable(const struct fc_node *old, const struct fc_node *new)
{
	const CUDA_MEMSET_NODE_PARAMS *a, *b;

	switch (old->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		return old->u.kernel.call.ctx == new->u.kernel.call.ctx ?
		    CU_GRAPH_EXEC_UPDATE_SUCCESS :
		    CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE;
	case CU_GRAPH_NODE_TYPE_MEMSET:
		a = &old->u.memset.set;
		b = &new->u.memset.set;
		if (old->u.memset.ctx != new->u.memset.ctx ||
		    (a->height > 1 && (a->height != b->height ||
		    a->width != b->width || a->pitch != b->pitch ||
		    a->elementSize != b->elementSize)))
			return CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED;
		return CU_GRAPH_EXEC_UPDATE_SUCCESS;
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		if (old->u.memcpy.ctx != new->u.memcpy.ctx ||
		    old->u.memcpy.copy.srcMemoryType !=
		    new->u.memcpy.copy.srcMemoryType ||
		    old->u.memcpy.copy.dstMemoryType !=
		    new->u.memcpy.copy.dstMemoryType)
			return CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED;
		return CU_GRAPH_EXEC_UPDATE_SUCCESS;
	default:
		return CU_GRAPH_EXEC_UPDATE_SUCCESS;
	}
}

static size_t
index_in(const struct fc_graph *g, const struct fc_node *n)
{
	size_t i;

	for (i = 0; i < g->count && g->nodes[i] != n; i++)
		;
	return i;
}

/*
 * Can old (the exec's clone) take new's parameters?  Nodes pair by index;
 * edges must pair in order.  Child graphs are compared the same way.
 */
static CUgraphExecUpdateResult
compare(const struct fc_graph *old, const struct fc_graph *new,
    CUgraphNode *error_node, CUgraphNode *error_from)
{
	CUgraphExecUpdateResult r;

	if (old->count != new->count)
		return CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
	for (size_t i = 0; i < new->count; i++) {
		const struct fc_node *a = old->nodes[i], *b = new->nodes[i];

		*error_node = (CUgraphNode)b->handle;
		if (a->ndeps != b->ndeps)
			return CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
		for (size_t d = 0; d < b->ndeps; d++) {
			if (index_in(old, a->deps[d]) !=
			    index_in(new, b->deps[d])) {
				*error_from = (CUgraphNode)b->deps[d]->handle;
				return
				    CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED;
			}
		}
		if (a->type != b->type)
			return CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED;
		if (a->type == CU_GRAPH_NODE_TYPE_GRAPH) {
			CUgraphNode inner = NULL, from = NULL;

			r = compare(a->u.child, b->u.child, &inner, &from);
		} else {
			r = params_updatable(a, b);
		}
		if (r != CU_GRAPH_EXEC_UPDATE_SUCCESS)
			return r;
	}
	*error_node = NULL;
	return CU_GRAPH_EXEC_UPDATE_SUCCESS;
}

/* Copies parameters over a graph compare() accepted. */
static void
take_params(struct fc_graph *old, const struct fc_graph *new)
{
	for (size_t i = 0; i < new->count; i++) {
		struct fc_node *a = old->nodes[i];
		const struct fc_node *b = new->nodes[i];

		if (a->type == CU_GRAPH_NODE_TYPE_GRAPH) {
			take_params(a->u.child, b->u.child);
			continue;
		}
		if (fc_node_more_take(a, b))
			continue;
		a->u = b->u;
		if (a->type == CU_GRAPH_NODE_TYPE_KERNEL)
			for (unsigned int p = 0;
			    p < a->u.kernel.call.def->param_count; p++)
				a->u.kernel.arg_ptrs[p] =
				    a->u.kernel.call.params +
				    a->u.kernel.call.def->params[p].offset;
	}
}

FC_API CUresult
cuGraphExecUpdate_v2(CUgraphExec hGraphExec, CUgraph hGraph,
    CUgraphExecUpdateResultInfo *resultInfo)
{
	CUgraphExecUpdateResult r = CU_GRAPH_EXEC_UPDATE_ERROR;
	CUgraphNode error_node = NULL, error_from = NULL;
	struct fc_graph *g;
	struct fc_exec *x;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && resultInfo == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		r = compare(x->graph, g, &error_node, &error_from);
		if (r == CU_GRAPH_EXEC_UPDATE_SUCCESS)
			take_params(x->graph, g);
		else
			rc = CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE;
	}
	if (resultInfo != NULL) {
		resultInfo->result = r;
		resultInfo->errorNode = error_node;
		resultInfo->errorFromNode = error_from;
	}
	fc_unlock();
	return rc;
}

/*
 * The cuGraphExec*SetParams calls: checked as on a graph node, then held
 * to the limits of cuGraphExecUpdate (CUDA_ERROR_INVALID_VALUE past them).
 */
CUresult
fc_exec_set(CUgraphExec hGraphExec, CUgraphNode hNode, CUgraphNodeType type,
    struct fc_node *scratch, CUresult (*set)(struct fc_node *,
    const void *, CUcontext), const void *params, CUcontext ctx)
{
	struct fc_exec *x;
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = exec_lookup(hGraphExec, &x);
	if (rc == CUDA_SUCCESS)
		rc = exec_node(x, hNode, &n, NULL);
	if (rc == CUDA_SUCCESS && n->type != type)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		scratch->type = type;
		rc = set(scratch, params, ctx);
	}
	if (rc == CUDA_SUCCESS && params_updatable(n, scratch) !=
	    CU_GRAPH_EXEC_UPDATE_SUCCESS)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		n->u = scratch->u;
		if (type == CU_GRAPH_NODE_TYPE_KERNEL)
			for (unsigned int p = 0;
			    p < n->u.kernel.call.def->param_count; p++)
				n->u.kernel.arg_ptrs[p] =
				    n->u.kernel.call.params +
				    n->u.kernel.call.def->params[p].offset;
	}
	fc_unlock();
	return rc;
}

static CUresult
set_kernel(struct fc_node *n, const void *p, CUcontext ctx)
{
	(void)ctx;
	return fc_node_set_kernel(n, p);
}

static CUresult
set_memset(struct fc_node *n, const void *p, CUcontext ctx)
{
	return fc_node_set_memset(n, p, ctx);
}

static CUresult
set_memcpy(struct fc_node *n, const void *p, CUcontext ctx)
{
	return fc_node_set_memcpy(n, p, ctx);
}

FC_API CUresult
cuGraphExecKernelNodeSetParams_v2(CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	struct fc_node scratch;

	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_KERNEL,
	    &scratch, set_kernel, nodeParams, NULL);
}

static CUresult
set_host(struct fc_node *n, const void *p, CUcontext ctx)
{
	const CUDA_HOST_NODE_PARAMS *host = p;

	(void)ctx;
	if (host == NULL || host->fn == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	n->u.host = *host;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	struct fc_node scratch;

	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_HOST,
	    &scratch, set_host, nodeParams, NULL);
}

FC_API CUresult
cuGraphExecMemsetNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx)
{
	struct fc_node scratch;

	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_MEMSET,
	    &scratch, set_memset, memsetParams, ctx);
}

FC_API CUresult
cuGraphExecMemcpyNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_MEMCPY3D *copyParams, CUcontext ctx)
{
	struct fc_node scratch;

	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_MEMCPY,
	    &scratch, set_memcpy, copyParams, ctx);
}
