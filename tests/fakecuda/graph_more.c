/*
 * graph_more.c - the node types of cuGraphAddNode's era: memory allocation
 * and free nodes, batch memory operation nodes and conditional nodes, with
 * cuGraphAddNode and cuGraph(Exec)NodeSetParams over all types, event node
 * setters, cuGraphNodeFindInClone and kernel node attributes.
 *
 * An allocation node's memory is allocated when the node is added and
 * shared by its clones (the driver, too, fixes the address for the graph
 * and what is made from it); it goes with the last of them.  Launches do
 * not allocate or free it, which no test can tell from the driver's.  A
 * condition is a slot of this file's table that kernels set (cond_step)
 * while a launch runs, with the lock held.
 */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "kernels_graph.h"

#define CONDITIONS_MAX 256
#define NODE_ATTRS 32
#define WHILE_TURNS_MAX 1000000

struct fc_graph_mem {
	unsigned int refs;
	struct fc_alloc *alloc;
	struct fc_graph_mem *next;	/* in graph_mems */
};

struct condition {
	uintptr_t graph;
	unsigned int default_value;
	unsigned int flags;
	unsigned int value;
};

static struct fc_graph_mem *graph_mems;
static struct condition conditions[CONDITIONS_MAX];
static size_t condition_count;
static cuuint64_t graph_mem_used, graph_mem_high;

/* Handles are index + 1 scaled, so 0 is never one. */
static struct condition *
condition_of(CUgraphConditionalHandle h)
{
	if (h == 0 || h % 16 != 0 || h / 16 > condition_count)
		return NULL;
	return &conditions[h / 16 - 1];
}

/* ---------------------------------------------------------- adding */

/* Adds n (made by fill under the lock) to hGraph after deps. */
static CUresult
add_node(CUgraphNode *out, CUgraph hGraph, const CUgraphNode *deps,
    size_t ndeps, CUgraphNodeType type,
    CUresult (*fill)(struct fc_node *, struct fc_graph *, void *), void *arg)
{
	struct fc_node **d = NULL;
	struct fc_node *n = NULL;
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_check_deps(g, deps, NULL, ndeps, &d);
	if (rc == CUDA_SUCCESS)
		rc = fc_node_new(type, &n);
	if (rc == CUDA_SUCCESS)
		rc = fill(n, g, arg);
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_insert(g, n, d, NULL, ndeps);
	else if (n != NULL)
		fc_node_free(n);
	if (rc == CUDA_SUCCESS)
		*out = (CUgraphNode)n->handle;
	free(d);
	fc_unlock();
	return rc;
}

static CUresult
typed(CUgraphNode h, CUgraphNodeType type, struct fc_node **n)
{
	CUresult rc = fc_node_lookup(h, n);

	if (rc == CUDA_SUCCESS && (*n)->type != type)
		rc = CUDA_ERROR_INVALID_VALUE;
	return rc;
}

/* ------------------------------------------------- graph memory nodes */

static CUresult
fill_alloc(struct fc_node *n, struct fc_graph *g, void *arg)
{
	CUDA_MEM_ALLOC_NODE_PARAMS *p = arg;
	struct fc_context *ctx;
	struct fc_graph_mem *m;
	CUresult rc;

	(void)g;
	if (p == NULL || p->bytesize == 0 ||
	    p->poolProps.allocType != CU_MEM_ALLOCATION_TYPE_PINNED ||
	    p->poolProps.location.type != CU_MEM_LOCATION_TYPE_DEVICE ||
	    p->poolProps.handleTypes != CU_MEM_HANDLE_TYPE_NONE)
		return CUDA_ERROR_INVALID_VALUE;
	if ((rc = fc_context_current(&ctx)) != CUDA_SUCCESS)
		return rc;
	if ((m = calloc(1, sizeof(*m))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	rc = fc_alloc_create(ctx, FC_MEM_DEVICE, p->bytesize, 0, &m->alloc);
	if (rc != CUDA_SUCCESS) {
		free(m);
		return rc;
	}
	m->refs = 1;
	m->next = graph_mems;
	graph_mems = m;
	p->dptr = (CUdeviceptr)m->alloc->base;
	n->u.alloc.p = *p;
	n->u.alloc.p.accessDescs = NULL;
	n->u.alloc.p.accessDescCount = 0;
	n->u.alloc.mem = m;
	graph_mem_used += p->bytesize;
	if (graph_mem_used > graph_mem_high)
		graph_mem_high = graph_mem_used;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGraphAddMemAllocNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams)
{
	return add_node(phGraphNode, hGraph, dependencies, numDependencies,
	    CU_GRAPH_NODE_TYPE_MEM_ALLOC, fill_alloc, nodeParams);
}

/*
 * cuMemAllocAsync on capturing stream s, under the lock: as the driver, an
 * allocation node of the capture's graph, whose memory it is.
 */
CUresult
fc_graph_mem_capture(struct fc_stream *s, CUdevice dev, size_t size,
    CUdeviceptr *dptr)
{
	CUDA_MEM_ALLOC_NODE_PARAMS p;
	struct fc_node *n;
	CUresult rc;

	memset(&p, 0, sizeof(p));
	p.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	p.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	p.poolProps.location.id = dev;
	p.bytesize = size;
	if ((rc = fc_node_new(CU_GRAPH_NODE_TYPE_MEM_ALLOC, &n)) !=
	    CUDA_SUCCESS)
		return rc;
	if ((rc = fill_alloc(n, NULL, &p)) ==
	    CUDA_SUCCESS)
		rc = fc_capture_add(s, n);
	if (rc != CUDA_SUCCESS) {
		fc_node_free(n);
		return rc;
	}
	*dptr = p.dptr;
	return CUDA_SUCCESS;
}

static CUresult
fill_free(struct fc_node *n, struct fc_graph *g, void *arg)
{
	const CUdeviceptr *dptr = arg;
	struct fc_alloc *a = fc_alloc_find((uintptr_t)*dptr);

	(void)g;
	if (a == NULL || a->base != (uintptr_t)*dptr)
		return CUDA_ERROR_INVALID_VALUE;
	n->u.free_ptr = *dptr;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuGraphAddMemFreeNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies, CUdeviceptr dptr)
{
	return add_node(phGraphNode, hGraph, dependencies, numDependencies,
	    CU_GRAPH_NODE_TYPE_MEM_FREE, fill_free, &dptr);
}

FC_API CUresult
cuGraphMemAllocNodeGetParams(CUgraphNode hNode,
    CUDA_MEM_ALLOC_NODE_PARAMS *params_out)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, CU_GRAPH_NODE_TYPE_MEM_ALLOC, &n);
	if (rc == CUDA_SUCCESS && params_out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*params_out = n->u.alloc.p;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphMemFreeNodeGetParams(CUgraphNode hNode, CUdeviceptr *dptr_out)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, CU_GRAPH_NODE_TYPE_MEM_FREE, &n);
	if (rc == CUDA_SUCCESS && dptr_out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*dptr_out = n->u.free_ptr;
	fc_unlock();
	return rc;
}

static CUresult
device_check(CUdevice dev)
{
	CUresult rc = fc_check_init();

	if (rc == CUDA_SUCCESS && (dev < 0 || dev >= fc_device_count()))
		rc = CUDA_ERROR_INVALID_DEVICE;
	return rc;
}

FC_API CUresult
cuDeviceGraphMemTrim(CUdevice device)
{
	return device_check(device);
}

FC_API CUresult
cuDeviceGetGraphMemAttribute(CUdevice device, CUgraphMem_attribute attr,
    void *value)
{
	CUresult rc = device_check(device);

	if (rc != CUDA_SUCCESS)
		return rc;
	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	switch (attr) {
	case CU_GRAPH_MEM_ATTR_USED_MEM_CURRENT:
	case CU_GRAPH_MEM_ATTR_RESERVED_MEM_CURRENT:
		*(cuuint64_t *)value = graph_mem_used;
		break;
	case CU_GRAPH_MEM_ATTR_USED_MEM_HIGH:
	case CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH:
		*(cuuint64_t *)value = graph_mem_high;
		break;
	default:
		rc = CUDA_ERROR_INVALID_VALUE;
	}
	fc_unlock();
	return rc;
}

/* Only the high-water marks may be set, and only to 0 (a reset). */
FC_API CUresult
cuDeviceSetGraphMemAttribute(CUdevice device, CUgraphMem_attribute attr,
    void *value)
{
	CUresult rc = device_check(device);

	if (rc != CUDA_SUCCESS)
		return rc;
	if (value == NULL || *(const cuuint64_t *)value != 0 ||
	    (attr != CU_GRAPH_MEM_ATTR_USED_MEM_HIGH &&
	    attr != CU_GRAPH_MEM_ATTR_RESERVED_MEM_HIGH))
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	graph_mem_high = graph_mem_used;
	fc_unlock();
	return CUDA_SUCCESS;
}

bool
fc_graph_mem_known(CUdeviceptr dptr)
{
	for (struct fc_graph_mem *m = graph_mems; m != NULL; m = m->next)
		if (m->alloc->base == (uintptr_t)dptr)
			return true;
	return false;
}

/* ------------------------------------------- batch memory operations */

static CUresult
set_batch(struct fc_node *n, const void *arg, CUcontext ctx)
{
	const CUDA_BATCH_MEM_OP_NODE_PARAMS *p = arg;
	CUstreamBatchMemOpParams *ops = NULL;

	(void)ctx;
	if (p == NULL || p->count == 0 || p->paramArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((ops = calloc(p->count, sizeof(*ops))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	memcpy(ops, p->paramArray, p->count * sizeof(*ops));
	n->u.batch.p = *p;
	n->u.batch.p.paramArray = ops;
	return CUDA_SUCCESS;
}

static CUresult
fill_batch(struct fc_node *n, struct fc_graph *g, void *arg)
{
	(void)g;
	return set_batch(n, arg, NULL);
}

FC_API CUresult
cuGraphAddBatchMemOpNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	return add_node(phGraphNode, hGraph, dependencies, numDependencies,
	    CU_GRAPH_NODE_TYPE_BATCH_MEM_OP, fill_batch, (void *)nodeParams);
}

FC_API CUresult
cuGraphBatchMemOpNodeGetParams(CUgraphNode hNode,
    CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP, &n);
	if (rc == CUDA_SUCCESS && nodeParams_out == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*nodeParams_out = n->u.batch.p;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphBatchMemOpNodeSetParams(CUgraphNode hNode,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	struct fc_node *n, scratch;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP, &n);
	if (rc == CUDA_SUCCESS)
		rc = set_batch(&scratch, nodeParams, NULL);
	if (rc == CUDA_SUCCESS) {
		free(n->u.batch.p.paramArray);
		n->u.batch = scratch.u.batch;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphExecBatchMemOpNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	struct fc_node scratch;

	memset(&scratch, 0, sizeof(scratch));
	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_BATCH_MEM_OP,
	    &scratch, set_batch, nodeParams, NULL);
}

/* Writes land where they name; waits have nothing to wait for here. */
static CUresult
run_batch(const struct fc_node *n)
{
	const CUstreamBatchMemOpParams *op;

	for (unsigned int i = 0; i < n->u.batch.p.count; i++) {
		op = &n->u.batch.p.paramArray[i];
		if (op->operation == CU_STREAM_MEM_OP_WRITE_VALUE_32 &&
		    fc_alloc_covers(op->writeValue.address, 4))
			*(cuuint32_t *)(uintptr_t)op->writeValue.address =
			    op->writeValue.value;
		else if (op->operation == CU_STREAM_MEM_OP_WRITE_VALUE_64 &&
		    fc_alloc_covers(op->writeValue.address, 8))
			*(cuuint64_t *)(uintptr_t)op->writeValue.address =
			    op->writeValue.value64;
	}
	return CUDA_SUCCESS;
}

/* ---------------------------------------------------- conditionals */

FC_API CUresult
cuGraphConditionalHandleCreate(CUgraphConditionalHandle *pHandle_out,
    CUgraph hGraph, CUcontext ctx, unsigned int defaultLaunchValue,
    unsigned int flags)
{
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && (pHandle_out == NULL ||
	    (flags & ~(unsigned int)CU_GRAPH_COND_ASSIGN_DEFAULT)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && fc_context_lookup(ctx) == NULL)
		rc = CUDA_ERROR_INVALID_CONTEXT;
	if (rc == CUDA_SUCCESS && condition_count == CONDITIONS_MAX)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		conditions[condition_count].graph = g->handle;
		conditions[condition_count].default_value = defaultLaunchValue;
		conditions[condition_count].flags = flags;
		conditions[condition_count].value = defaultLaunchValue;
		condition_count++;
		*pHandle_out = condition_count * 16;
	}
	fc_unlock();
	return rc;
}

static CUresult
fill_cond(struct fc_node *n, struct fc_graph *g, void *arg)
{
	CUDA_CONDITIONAL_NODE_PARAMS *p = arg;
	struct condition *c = condition_of(p->handle);
	CUgraph *handles;
	CUresult rc = CUDA_SUCCESS;

	if (c == NULL || c->graph != g->handle ||
	    fc_context_lookup(p->ctx) == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((p->type == CU_GRAPH_COND_TYPE_IF && p->size != 1 &&
	    p->size != 2) || (p->type == CU_GRAPH_COND_TYPE_WHILE &&
	    p->size != 1) || (p->type == CU_GRAPH_COND_TYPE_SWITCH &&
	    p->size == 0) || p->type > CU_GRAPH_COND_TYPE_SWITCH)
		return CUDA_ERROR_INVALID_VALUE;
	if ((handles = calloc(p->size, sizeof(*handles))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	n->u.cond.p = *p;
	n->u.cond.p.phGraph_out = handles;
	for (unsigned int i = 0; i < p->size; i++) {
		struct fc_graph *body;

		if ((rc = fc_graph_new(&body)) != CUDA_SUCCESS)
			break;
		body->is_child = true;
		handles[i] = (CUgraph)body->handle;
	}
	if (rc != CUDA_SUCCESS)
		return rc;	/* fc_node_free frees what was made */
	p->phGraph_out = handles;
	return CUDA_SUCCESS;
}

struct fc_graph *
fc_cond_next(const struct fc_node *n, unsigned long *step)
{
	const CUDA_CONDITIONAL_NODE_PARAMS *p = &n->u.cond.p;
	struct condition *c = condition_of(p->handle);
	struct fc_graph *body = NULL;
	unsigned long turn = (*step)++;

	if (c == NULL)
		return NULL;
	if (turn == 0 && (c->flags & CU_GRAPH_COND_ASSIGN_DEFAULT))
		c->value = c->default_value;
	switch (p->type) {
	case CU_GRAPH_COND_TYPE_IF:
		if (turn == 0 && c->value != 0)
			(void)fc_graph_lookup(p->phGraph_out[0], &body);
		else if (turn == 0 && p->size == 2)
			(void)fc_graph_lookup(p->phGraph_out[1], &body);
		break;
	case CU_GRAPH_COND_TYPE_WHILE:
		if (c->value != 0 && turn < WHILE_TURNS_MAX)
			(void)fc_graph_lookup(p->phGraph_out[0], &body);
		break;
	case CU_GRAPH_COND_TYPE_SWITCH:
		if (turn == 0 && c->value < p->size)
			(void)fc_graph_lookup(p->phGraph_out[c->value], &body);
		break;
	default:
		break;
	}
	return body;
}

/* The device side of cudaGraphSetConditional, for cond_step. */
CUresult
fc_run_cond_step(const struct fc_launch *l)
{
	struct fc_cond_step_params p;
	struct condition *c;

	memcpy(&p, l->params, sizeof(p));
	if ((c = condition_of(p.handle)) == NULL ||
	    !fc_alloc_covers((uintptr_t)p.counter, sizeof(*p.counter)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	++*p.counter;
	c->value = *p.counter < p.limit ? 1 : 0;
	return CUDA_SUCCESS;
}

/* --------------------------------------- events, clones, attributes */

static CUresult
set_event(struct fc_node *n, const void *arg, CUcontext ctx)
{
	CUevent event = *(const CUevent *)arg;

	(void)ctx;
	if (fc_event_lookup(event) == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	n->u.event = event;
	return CUDA_SUCCESS;
}

static CUresult
event_node_set(CUgraphNode hNode, CUgraphNodeType type, CUevent event)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, type, &n);
	if (rc == CUDA_SUCCESS)
		rc = set_event(n, &event, NULL);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphEventRecordNodeSetEvent(CUgraphNode hNode, CUevent event)
{
	return event_node_set(hNode, CU_GRAPH_NODE_TYPE_EVENT_RECORD, event);
}

FC_API CUresult
cuGraphEventWaitNodeSetEvent(CUgraphNode hNode, CUevent event)
{
	return event_node_set(hNode, CU_GRAPH_NODE_TYPE_WAIT_EVENT, event);
}

FC_API CUresult
cuGraphExecEventRecordNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode,
    CUevent event)
{
	struct fc_node scratch;

	memset(&scratch, 0, sizeof(scratch));
	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_EVENT_RECORD,
	    &scratch, set_event, &event, NULL);
}

FC_API CUresult
cuGraphExecEventWaitNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode,
    CUevent event)
{
	struct fc_node scratch;

	memset(&scratch, 0, sizeof(scratch));
	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_WAIT_EVENT,
	    &scratch, set_event, &event, NULL);
}

/* The executable's old child stays until the executable goes. */
static CUresult
set_child(struct fc_node *n, const void *arg, CUcontext ctx)
{
	struct fc_graph *g;
	CUresult rc;

	(void)ctx;
	if ((rc = fc_graph_lookup(*(const CUgraph *)arg, &g)) != CUDA_SUCCESS)
		return rc;
	if ((rc = fc_graph_clone(g, &n->u.child)) == CUDA_SUCCESS)
		n->u.child->is_child = true;
	return rc;
}

FC_API CUresult
cuGraphExecChildGraphNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    CUgraph childGraph)
{
	struct fc_node scratch;

	memset(&scratch, 0, sizeof(scratch));
	return fc_exec_set(hGraphExec, hNode, CU_GRAPH_NODE_TYPE_GRAPH,
	    &scratch, set_child, &childGraph, NULL);
}

/* Clones keep the order of nodes: the clone's node at the same index. */
FC_API CUresult
cuGraphNodeFindInClone(CUgraphNode *phNode, CUgraphNode hOriginalNode,
    CUgraph hClonedGraph)
{
	struct fc_graph *clone;
	struct fc_node *n;
	size_t i;
	CUresult rc;

	fc_lock();
	rc = fc_node_lookup(hOriginalNode, &n);
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_lookup(hClonedGraph, &clone);
	if (rc == CUDA_SUCCESS && phNode == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		for (i = 0; i < n->graph->count && n->graph->nodes[i] != n; i++)
			;
		if (i >= clone->count || clone->count != n->graph->count ||
		    clone == n->graph)
			rc = CUDA_ERROR_INVALID_VALUE;
		else
			*phNode = (CUgraphNode)clone->nodes[i]->handle;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphKernelNodeGetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr,
    CUkernelNodeAttrValue *value_out)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, CU_GRAPH_NODE_TYPE_KERNEL, &n);
	if (rc == CUDA_SUCCESS && (value_out == NULL || attr >= NODE_ATTRS))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		memset(value_out, 0, sizeof(*value_out));
		if (n->attrs != NULL)
			*value_out = n->attrs[attr];
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphKernelNodeSetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr,
    const CUkernelNodeAttrValue *value)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = typed(hNode, CU_GRAPH_NODE_TYPE_KERNEL, &n);
	if (rc == CUDA_SUCCESS && (value == NULL || attr >= NODE_ATTRS))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && n->attrs == NULL &&
	    (n->attrs = calloc(NODE_ATTRS, sizeof(*n->attrs))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS)
		n->attrs[attr] = *value;
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src)
{
	struct fc_node *d, *s;
	CUresult rc;

	fc_lock();
	rc = typed(dst, CU_GRAPH_NODE_TYPE_KERNEL, &d);
	if (rc == CUDA_SUCCESS)
		rc = typed(src, CU_GRAPH_NODE_TYPE_KERNEL, &s);
	if (rc == CUDA_SUCCESS && s->attrs != NULL && d->attrs == NULL &&
	    (d->attrs = calloc(NODE_ATTRS, sizeof(*d->attrs))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS && s->attrs != NULL)
		memcpy(d->attrs, s->attrs, NODE_ATTRS * sizeof(*d->attrs));
	else if (rc == CUDA_SUCCESS && d->attrs != NULL)
		memset(d->attrs, 0, NODE_ATTRS * sizeof(*d->attrs));
	fc_unlock();
	return rc;
}

/* ------------------------------------------- any type: add and set */

FC_API CUresult
cuGraphAddNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData,
    size_t numDependencies, CUgraphNodeParams *p)
{
	const CUgraphNode *d = dependencies;
	size_t n = numDependencies;
	CUDA_MEMSET_NODE_PARAMS set;
	CUDA_HOST_NODE_PARAMS host;

	(void)dependencyData;	/* default edges are all the tests use */
	if (p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	switch (p->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		return cuGraphAddKernelNode_v2(phGraphNode, hGraph, d, n,
		    (const CUDA_KERNEL_NODE_PARAMS *)&p->kernel);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		return cuGraphAddMemcpyNode(phGraphNode, hGraph, d, n,
		    &p->memcpy.copyParams, p->memcpy.copyCtx);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		memcpy(&set, &p->memset, sizeof(set));
		return cuGraphAddMemsetNode(phGraphNode, hGraph, d, n, &set,
		    p->memset.ctx);
	case CU_GRAPH_NODE_TYPE_HOST:
		host.fn = p->host.fn;
		host.userData = p->host.userData;
		return cuGraphAddHostNode(phGraphNode, hGraph, d, n, &host);
	case CU_GRAPH_NODE_TYPE_GRAPH:
		if (p->graph.ownership != CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE &&
		    p->graph.ownership != CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE)
			return CUDA_ERROR_INVALID_VALUE;
		return fc_add_child_graph(phGraphNode, hGraph, d, n,
		    p->graph.graph,
		    p->graph.ownership == CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE);
	case CU_GRAPH_NODE_TYPE_EMPTY:
		return cuGraphAddEmptyNode(phGraphNode, hGraph, d, n);
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return cuGraphAddEventWaitNode(phGraphNode, hGraph, d, n,
		    p->eventWait.event);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return cuGraphAddEventRecordNode(phGraphNode, hGraph, d, n,
		    p->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
		return cuGraphAddMemAllocNode(phGraphNode, hGraph, d, n,
		    (CUDA_MEM_ALLOC_NODE_PARAMS *)&p->alloc);
	case CU_GRAPH_NODE_TYPE_MEM_FREE:
		return cuGraphAddMemFreeNode(phGraphNode, hGraph, d, n,
		    p->free.dptr);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		return cuGraphAddBatchMemOpNode(phGraphNode, hGraph, d, n,
		    (const CUDA_BATCH_MEM_OP_NODE_PARAMS *)&p->memOp);
	case CU_GRAPH_NODE_TYPE_CONDITIONAL:
		return add_node(phGraphNode, hGraph, d, n,
		    CU_GRAPH_NODE_TYPE_CONDITIONAL, fill_cond,
		    &p->conditional);
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

#undef cuGraphAddNode
FC_API CUresult cuGraphAddNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraphNodeParams *nodeParams);

FC_API CUresult
cuGraphAddNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraphNodeParams *nodeParams)
{
	return cuGraphAddNode_v2(phGraphNode, hGraph, dependencies, NULL,
	    numDependencies, nodeParams);
}

static CUresult
node_set(CUgraphExec exec, CUgraphNode node, CUgraphNodeParams *p)
{
	CUDA_MEMSET_NODE_PARAMS set;

	if (p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memcpy(&set, &p->memset, sizeof(set));
	switch (p->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		return exec == NULL ? cuGraphKernelNodeSetParams_v2(node,
		    (const CUDA_KERNEL_NODE_PARAMS *)&p->kernel) :
		    cuGraphExecKernelNodeSetParams_v2(exec, node,
		    (const CUDA_KERNEL_NODE_PARAMS *)&p->kernel);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		return exec == NULL ? cuGraphMemsetNodeSetParams(node, &set) :
		    cuGraphExecMemsetNodeSetParams(exec, node, &set,
		    p->memset.ctx);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		return exec == NULL ? cuGraphMemcpyNodeSetParams(node,
		    &p->memcpy.copyParams) : cuGraphExecMemcpyNodeSetParams(
		    exec, node, &p->memcpy.copyParams, p->memcpy.copyCtx);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return exec == NULL ? cuGraphEventRecordNodeSetEvent(node,
		    p->eventRecord.event) : cuGraphExecEventRecordNodeSetEvent(
		    exec, node, p->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return exec == NULL ? cuGraphEventWaitNodeSetEvent(node,
		    p->eventWait.event) : cuGraphExecEventWaitNodeSetEvent(exec,
		    node, p->eventWait.event);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		return exec == NULL ? cuGraphBatchMemOpNodeSetParams(node,
		    (const CUDA_BATCH_MEM_OP_NODE_PARAMS *)&p->memOp) :
		    cuGraphExecBatchMemOpNodeSetParams(exec, node,
		    (const CUDA_BATCH_MEM_OP_NODE_PARAMS *)&p->memOp);
	default:
		return CUDA_ERROR_NOT_SUPPORTED;
	}
}

FC_API CUresult
cuGraphNodeSetParams(CUgraphNode hNode, CUgraphNodeParams *nodeParams)
{
	return node_set(NULL, hNode, nodeParams);
}

FC_API CUresult
cuGraphExecNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
    CUgraphNodeParams *nodeParams)
{
	return node_set(hGraphExec, hNode, nodeParams);
}

/* ------------------------------------------ clone, free and run hooks */

CUresult
fc_node_more_clone(const struct fc_node *src, struct fc_node *dst)
{
	dst->attrs = NULL;
	if (src->attrs != NULL) {
		if ((dst->attrs = calloc(NODE_ATTRS, sizeof(*dst->attrs))) ==
		    NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		memcpy(dst->attrs, src->attrs, NODE_ATTRS * sizeof(*dst->attrs));
	}
	switch (src->type) {
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
		src->u.alloc.mem->refs++;
		return CUDA_SUCCESS;
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		dst->u.batch.p.paramArray = NULL;
		return set_batch(dst, &src->u.batch.p, NULL);
	case CU_GRAPH_NODE_TYPE_CONDITIONAL: {
		unsigned int size = src->u.cond.p.size;
		CUgraph *handles = calloc(size, sizeof(*handles));
		struct fc_graph *body, *copy;

		dst->u.cond.p.phGraph_out = handles;
		if (handles == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		for (unsigned int i = 0; i < size; i++) {
			if (fc_graph_lookup(src->u.cond.p.phGraph_out[i],
			    &body) != CUDA_SUCCESS ||
			    fc_graph_clone(body, &copy) != CUDA_SUCCESS)
				return CUDA_ERROR_OUT_OF_MEMORY;
			copy->is_child = true;
			handles[i] = (CUgraph)copy->handle;
		}
		return CUDA_SUCCESS;
	}
	default:
		return CUDA_SUCCESS;
	}
}

void
fc_node_more_free(struct fc_node *n)
{
	struct fc_graph *body;

	free(n->attrs);
	n->attrs = NULL;
	switch (n->type) {
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
		if (n->u.alloc.mem != NULL && --n->u.alloc.mem->refs == 0) {
			struct fc_graph_mem **at = &graph_mems;

			while (*at != n->u.alloc.mem)
				at = &(*at)->next;
			*at = n->u.alloc.mem->next;
			graph_mem_used -= n->u.alloc.p.bytesize;
			fc_alloc_destroy(n->u.alloc.mem->alloc);
			free(n->u.alloc.mem);
		}
		break;
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		free(n->u.batch.p.paramArray);
		break;
	case CU_GRAPH_NODE_TYPE_CONDITIONAL:
		for (unsigned int i = 0; n->u.cond.p.phGraph_out != NULL &&
		    i < n->u.cond.p.size; i++)
			if (n->u.cond.p.phGraph_out[i] != NULL &&
			    fc_graph_lookup(n->u.cond.p.phGraph_out[i],
			    &body) == CUDA_SUCCESS)
				fc_graph_free(body);
		free(n->u.cond.p.phGraph_out);
		break;
	default:
		break;
	}
}

/*
 * Memory and conditional nodes keep what they have (their parameters
 * cannot change); a batch node takes a copy of the operations.
 */
bool
fc_node_more_take(struct fc_node *to, const struct fc_node *from)
{
	struct fc_node scratch;

	switch (to->type) {
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
	case CU_GRAPH_NODE_TYPE_MEM_FREE:
	case CU_GRAPH_NODE_TYPE_CONDITIONAL:
		return true;
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		if (set_batch(&scratch, &from->u.batch.p, NULL) ==
		    CUDA_SUCCESS) {
			free(to->u.batch.p.paramArray);
			to->u.batch = scratch.u.batch;
		}
		return true;
	default:
		return false;
	}
}

CUresult
fc_node_more_run(const struct fc_node *n)
{
	if (n->type == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP)
		return run_batch(n);
	return CUDA_SUCCESS;	/* memory nodes: the memory is there */
}
