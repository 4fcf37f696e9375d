/*
 * graph_add_node.c -- cuGraphAddNode and cuGraph(Exec)NodeSetParams, the
 * calls that take any node type as a CUgraphNodeParams.
 *
 * Each is the call of the node type its parameters name (cuGraphAddNode
 * with a kernel node is cuGraphAddKernelNode, and so on), so a node type
 * crosses the wire one way only, with the per-type marshalling and the
 * server's per-type checks; conditional nodes, which only this call adds,
 * have a procedure of their own (graph_cond.h).  A node with edge data
 * other than default edges is added with none and then given its edges
 * (add_node_with_edges).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/edge_data.h"
#include "stubs/link/say.h"
#include "stubs/stream/graph_cond.h"
#include "stubs/stream/graph_node.h"
#include "stubs/stream/node_list.h"
#include "stubs/wire/rpc.h"

/* The CUDA 12.2 ABI, before edge data. */
#undef cuGraphAddNode
ONCUDA_API CUresult cuGraphAddNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraphNodeParams *nodeParams);

static CUDA_KERNEL_NODE_PARAMS kernel_of(const CUDA_KERNEL_NODE_PARAMS_v3 *k)
{
	CUDA_KERNEL_NODE_PARAMS p;

	memset(&p, 0, sizeof(p));
	p.func = k->func;
	p.gridDimX = k->gridDimX;
	p.gridDimY = k->gridDimY;
	p.gridDimZ = k->gridDimZ;
	p.blockDimX = k->blockDimX;
	p.blockDimY = k->blockDimY;
	p.blockDimZ = k->blockDimZ;
	p.sharedMemBytes = k->sharedMemBytes;
	p.kernelParams = k->kernelParams;
	p.extra = k->extra;
	p.kern = k->kern;
	p.ctx = k->ctx;
	return p;
}

static CUDA_MEMSET_NODE_PARAMS memset_of(const CUDA_MEMSET_NODE_PARAMS_v2 *m)
{
	CUDA_MEMSET_NODE_PARAMS p;

	memset(&p, 0, sizeof(p));
	p.dst = m->dst;
	p.pitch = m->pitch;
	p.value = m->value;
	p.elementSize = m->elementSize;
	p.width = m->width;
	p.height = m->height;
	return p;
}

static CUDA_BATCH_MEM_OP_NODE_PARAMS batch_of(
    const CUDA_BATCH_MEM_OP_NODE_PARAMS_v2 *b)
{
	CUDA_BATCH_MEM_OP_NODE_PARAMS p;

	memset(&p, 0, sizeof(p));
	p.ctx = b->ctx;
	p.count = b->count;
	p.paramArray = b->paramArray;
	p.flags = b->flags;
	return p;
}

static CUresult refused(const char *what)
{
	oncuda_unsupported(what);
	return CUDA_ERROR_NOT_SUPPORTED;
}

/* The node of nodeParams' type, by that type's call; default edges. */
static CUresult add_node(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraphNodeParams *nodeParams)
{
	const CUgraphNode *d = dependencies;
	size_t n = numDependencies;
	CUDA_KERNEL_NODE_PARAMS kernel;
	CUDA_MEMSET_NODE_PARAMS set;
	CUDA_HOST_NODE_PARAMS host;
	CUDA_MEM_ALLOC_NODE_PARAMS alloc;
	CUDA_BATCH_MEM_OP_NODE_PARAMS batch;
	CUresult e;

	switch (nodeParams->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		kernel = kernel_of(&nodeParams->kernel);
		return cuGraphAddKernelNode_v2(phGraphNode, hGraph, d, n,
		    &kernel);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		if (nodeParams->memcpy.flags != 0 ||
		    nodeParams->memcpy.reserved != 0)
			return CUDA_ERROR_INVALID_VALUE;
		return cuGraphAddMemcpyNode(phGraphNode, hGraph, d, n,
		    &nodeParams->memcpy.copyParams,
		    nodeParams->memcpy.copyCtx);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		set = memset_of(&nodeParams->memset);
		return cuGraphAddMemsetNode(phGraphNode, hGraph, d, n, &set,
		    nodeParams->memset.ctx);
	case CU_GRAPH_NODE_TYPE_HOST:
		host.fn = nodeParams->host.fn;
		host.userData = nodeParams->host.userData;
		return cuGraphAddHostNode(phGraphNode, hGraph, d, n, &host);
	case CU_GRAPH_NODE_TYPE_GRAPH:
		if (nodeParams->graph.ownership ==
		    CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE)
			return graph_add_child_moved(phGraphNode, hGraph, d, n,
			    nodeParams->graph.graph);
		if (nodeParams->graph.ownership !=
		    CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE)
			return CUDA_ERROR_INVALID_VALUE;
		return cuGraphAddChildGraphNode(phGraphNode, hGraph, d, n,
		    nodeParams->graph.graph);
	case CU_GRAPH_NODE_TYPE_EMPTY:
		return cuGraphAddEmptyNode(phGraphNode, hGraph, d, n);
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return cuGraphAddEventWaitNode(phGraphNode, hGraph, d, n,
		    nodeParams->eventWait.event);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return cuGraphAddEventRecordNode(phGraphNode, hGraph, d, n,
		    nodeParams->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL:
	case CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT:
		return refused("external semaphore graph nodes");
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
		memcpy(&alloc, &nodeParams->alloc, sizeof(alloc));
		e = cuGraphAddMemAllocNode(phGraphNode, hGraph, d, n, &alloc);
		if (e == CUDA_SUCCESS)
			nodeParams->alloc.dptr = alloc.dptr;
		return e;
	case CU_GRAPH_NODE_TYPE_MEM_FREE:
		return cuGraphAddMemFreeNode(phGraphNode, hGraph, d, n,
		    nodeParams->free.dptr);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		batch = batch_of(&nodeParams->memOp);
		return cuGraphAddBatchMemOpNode(phGraphNode, hGraph, d, n,
		    &batch);
	case CU_GRAPH_NODE_TYPE_CONDITIONAL:
		return graph_add_conditional(phGraphNode, hGraph, d, n,
		    &nodeParams->conditional);
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

/*
 * Edges with data (Hopper's programmatic dependent launch; XLA adds its
 * kernel nodes so): the node with no dependencies, then its edges with
 * their data (CU_GRAPH_ADD_DEPENDENCIES), and the node destroyed again
 * when those are refused, so that a failed call leaves no node, as the
 * driver's does.
 */
static CUresult add_node_with_edges(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData,
    size_t numDependencies, CUgraphNodeParams *nodeParams)
{
	CUgraphNode node = NULL, *to;
	CUresult e;

	if (dependencies == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((to = malloc(numDependencies * sizeof(*to))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if ((e = add_node(&node, hGraph, NULL, 0, nodeParams)) ==
	    CUDA_SUCCESS) {
		for (size_t i = 0; i < numDependencies; i++)
			to[i] = node;
		e = cuGraphAddDependencies_v2(hGraph, dependencies, to,
		    dependencyData, numDependencies);
		if (e == CUDA_SUCCESS)
			*phGraphNode = node;
		else
			(void)cuGraphDestroyNode(node);
	}
	free(to);
	return e;
}

ONCUDA_API CUresult cuGraphAddNode_v2(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    CUgraphNodeParams *nodeParams)
{
	if (phGraphNode == NULL || hGraph == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (edge_data_special(dependencyData, numDependencies))
		return add_node_with_edges(phGraphNode, hGraph, dependencies,
		    dependencyData, numDependencies, nodeParams);
	return add_node(phGraphNode, hGraph, dependencies, numDependencies,
	    nodeParams);
}

_Static_assert(sizeof(CUDA_MEM_ALLOC_NODE_PARAMS) ==
    sizeof(CUDA_MEM_ALLOC_NODE_PARAMS_v2), "one layout, two names");

ONCUDA_API CUresult cuGraphAddNode(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraphNodeParams *nodeParams)
{
	return cuGraphAddNode_v2(phGraphNode, hGraph, dependencies, NULL,
	    numDependencies, nodeParams);
}

/* Sets node's parameters, in its graph or (exec non-NULL) in exec. */
static CUresult node_set(CUgraphExec exec, CUgraphNode node,
    CUgraphNodeParams *p)
{
	CUDA_KERNEL_NODE_PARAMS kernel;
	CUDA_MEMSET_NODE_PARAMS set;
	CUDA_HOST_NODE_PARAMS host;
	CUDA_BATCH_MEM_OP_NODE_PARAMS batch;
	CUgraphNodeType type;
	CUresult e;

	if (node == NULL || p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	switch (p->type) {
	case CU_GRAPH_NODE_TYPE_KERNEL:
		kernel = kernel_of(&p->kernel);
		return exec == NULL ? cuGraphKernelNodeSetParams_v2(node,
		    &kernel) : cuGraphExecKernelNodeSetParams_v2(exec, node,
		    &kernel);
	case CU_GRAPH_NODE_TYPE_MEMCPY:
		if (p->memcpy.flags != 0 || p->memcpy.reserved != 0)
			return CUDA_ERROR_INVALID_VALUE;
		return exec == NULL ? cuGraphMemcpyNodeSetParams(node,
		    &p->memcpy.copyParams) : cuGraphExecMemcpyNodeSetParams(
		    exec, node, &p->memcpy.copyParams, p->memcpy.copyCtx);
	case CU_GRAPH_NODE_TYPE_MEMSET:
		set = memset_of(&p->memset);
		return exec == NULL ? cuGraphMemsetNodeSetParams(node, &set) :
		    cuGraphExecMemsetNodeSetParams(exec, node, &set,
		    p->memset.ctx);
	case CU_GRAPH_NODE_TYPE_HOST:
		host.fn = p->host.fn;
		host.userData = p->host.userData;
		return exec == NULL ? cuGraphHostNodeSetParams(node, &host) :
		    cuGraphExecHostNodeSetParams(exec, node, &host);
	case CU_GRAPH_NODE_TYPE_GRAPH:
		if (exec == NULL)
			return refused("cuGraphNodeSetParams of a child graph "
			    "node");
		return cuGraphExecChildGraphNodeSetParams(exec, node,
		    p->graph.graph);
	case CU_GRAPH_NODE_TYPE_EMPTY:
		/* Nothing to set: only the type must be the node's. */
		if ((e = cuGraphNodeGetType(node, &type)) != CUDA_SUCCESS)
			return e;
		return type == CU_GRAPH_NODE_TYPE_EMPTY ? CUDA_SUCCESS :
		    CUDA_ERROR_INVALID_VALUE;
	case CU_GRAPH_NODE_TYPE_WAIT_EVENT:
		return exec == NULL ? cuGraphEventWaitNodeSetEvent(node,
		    p->eventWait.event) : cuGraphExecEventWaitNodeSetEvent(exec,
		    node, p->eventWait.event);
	case CU_GRAPH_NODE_TYPE_EVENT_RECORD:
		return exec == NULL ? cuGraphEventRecordNodeSetEvent(node,
		    p->eventRecord.event) : cuGraphExecEventRecordNodeSetEvent(
		    exec, node, p->eventRecord.event);
	case CU_GRAPH_NODE_TYPE_BATCH_MEM_OP:
		batch = batch_of(&p->memOp);
		return exec == NULL ? cuGraphBatchMemOpNodeSetParams(node,
		    &batch) : cuGraphExecBatchMemOpNodeSetParams(exec, node,
		    &batch);
	case CU_GRAPH_NODE_TYPE_MEM_ALLOC:
	case CU_GRAPH_NODE_TYPE_MEM_FREE:
		/* The driver's answer: these nodes cannot change. */
		return CUDA_ERROR_NOT_SUPPORTED;
	case CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL:
	case CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT:
		return refused("external semaphore graph nodes");
	case CU_GRAPH_NODE_TYPE_CONDITIONAL:
		return refused("setting a conditional node's parameters");
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

ONCUDA_API CUresult cuGraphNodeSetParams(CUgraphNode hNode,
    CUgraphNodeParams *nodeParams)
{
	return node_set(NULL, hNode, nodeParams);
}

ONCUDA_API CUresult cuGraphExecNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, CUgraphNodeParams *nodeParams)
{
	if (hGraphExec == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return node_set(hGraphExec, hNode, nodeParams);
}
