/*
 * graph_node.c -- adding nodes to a graph and setting their parameters, in
 * a graph or an executable graph.
 *
 * Kernel nodes carry their arguments by value, packed with the function's
 * parameter layout exactly as a launch packs them (stubs/code/params.h):
 * the driver, too, copies them when the node is added or set.  Memset
 * nodes name device memory; memcpy nodes device memory, CUDA arrays, or
 * host memory by its mirror on the server (idl/cuda.x, memcpy_node).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "stubs/code/own_library.h"
#include "stubs/code/params.h"
#include "stubs/copy/copy_plan.h"
#include "stubs/mem/host_mirror.h"
#include "stubs/mem/hostmem.h"
#include "stubs/route/route.h"
#include "stubs/stream/graph_node.h"
#include "stubs/stream/node_list.h"
#include "stubs/stream/node_store.h"
#include "stubs/wire/rpc.h"

/* The CUDA 10-11 kernel-node ABI, which cuda.h 13 maps to _v2. */
#undef cuGraphAddKernelNode
#undef cuGraphKernelNodeSetParams
#undef cuGraphExecKernelNodeSetParams
ONCUDA_API CUresult cuGraphAddKernelNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
ONCUDA_API CUresult cuGraphKernelNodeSetParams(CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);
ONCUDA_API CUresult cuGraphExecKernelNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);

/*
 * A call about graph nodes being prepared: its route, the dependencies
 * and the kernel arguments it owns until node_call_done.
 */
struct node_call {
	struct route rt;
	cu_nodes deps;
	kernel_args args;
	bool has_args;
	struct call k;		/* from node_call_begin to its end */
};

static void node_call_start(struct node_call *nc, const void *graph_or_exec,
    const void *node)
{
	memset(nc, 0, sizeof(*nc));
	nc->rt = (struct route)ROUTE_INIT;
	route_handle(&nc->rt, graph_or_exec, ROUTE_HANDLE);
	route_handle(&nc->rt, node, ROUTE_HANDLE);
}

static void node_call_done(struct node_call *nc)
{
	node_list_release(&nc->deps);
	if (nc->has_args)
		params_release(&nc->args);
}

/* Begins the call (nc->k) on its server, once every handle is routed. */
static CUresult node_call_begin(struct node_call *nc)
{
	return route_call(&nc->k, &nc->rt, CALL_NO_REPLY);
}

/* A new node's handle into *node, tagged with the call's server. */
static CUresult node_made(CUresult e, const res_handle *r,
    const struct node_call *nc, CUgraphNode *node)
{
	if (e != CUDA_SUCCESS)
		return e;
	if (r->err == CUDA_SUCCESS)
		*node = node_tagged(r->res_handle_u.value,
		    (unsigned)nc->rt.server);
	return (CUresult)r->err;
}

/*
 * A kernel node's parameters on the wire.  f is a CUfunction or, as the
 * runtime passes it, a CUkernel (then in kern, with func NULL).
 */
static CUresult kernel_node_to_wire(struct node_call *nc,
    const CUDA_KERNEL_NODE_PARAMS *p, kernel_node *wire)
{
	const void *f = p->func != NULL ? (const void *)p->func :
	    (const void *)p->kern;
	uint64_t value;
	CUresult e;

	if (f == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(wire, 0, sizeof(*wire));
	route_handle(&nc->rt, f, ROUTE_CODE);
	route_handle(&nc->rt, p->ctx, ROUTE_CONTEXT);
	if ((e = route_settle(&nc->rt)) != CUDA_SUCCESS ||
	    (e = route_value(&nc->rt, f, &value)) != CUDA_SUCCESS)
		return e;
	e = params_pack((CUfunction)(uintptr_t)route_tag(value,
	    (unsigned)nc->rt.server), p->kernelParams, p->extra, &wire->args);
	if (e != CUDA_SUCCESS)
		return e;
	/* The graph's launches may reach what the arguments point to. */
	if (!hostmem_track_reachable(wire->args.bytes.bytes_val,
	    wire->args.bytes.bytes_len)) {
		params_release(&wire->args);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	nc->args = wire->args;
	nc->has_args = true;
	wire->func = value;
	wire->grid.x = p->gridDimX;
	wire->grid.y = p->gridDimY;
	wire->grid.z = p->gridDimZ;
	wire->block.x = p->blockDimX;
	wire->block.y = p->blockDimY;
	wire->block.z = p->blockDimZ;
	wire->shared_mem_bytes = p->sharedMemBytes;
	wire->ctx = route_strip(p->ctx);
	return CUDA_SUCCESS;
}

/* The newer layout of the older parameters (no kernel, no context). */
static CUDA_KERNEL_NODE_PARAMS kernel_params_v2(
    const CUDA_KERNEL_NODE_PARAMS_v1 *p)
{
	CUDA_KERNEL_NODE_PARAMS q;

	memset(&q, 0, sizeof(q));
	q.func = p->func;
	q.gridDimX = p->gridDimX;
	q.gridDimY = p->gridDimY;
	q.gridDimZ = p->gridDimZ;
	q.blockDimX = p->blockDimX;
	q.blockDimY = p->blockDimY;
	q.blockDimZ = p->blockDimZ;
	q.sharedMemBytes = p->sharedMemBytes;
	q.kernelParams = p->kernelParams;
	q.extra = p->extra;
	return q;
}

ONCUDA_API CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies)
{
	struct node_call nc;
	res_handle r;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, hGraph, NULL);
	memset(&r, 0, sizeof(r));
	if ((e = node_list_to_wire(&nc.rt, dependencies, numDependencies,
	    &nc.deps)) == CUDA_SUCCESS &&
	    (e = node_call_begin(&nc)) == CUDA_SUCCESS)
		e = node_made(call_end(&nc.k, cu_graph_add_empty_node(
		    route_strip(hGraph), nc.deps, &r, nc.k.c)), &r, &nc,
		    phGraphNode);
	node_call_done(&nc);
	return e;
}

ONCUDA_API CUresult cuGraphAddKernelNode_v2(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	struct node_call nc;
	kernel_node wire;
	res_handle r;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, hGraph, NULL);
	memset(&r, 0, sizeof(r));
	if ((e = node_list_to_wire(&nc.rt, dependencies, numDependencies,
	    &nc.deps)) == CUDA_SUCCESS &&
	    (e = kernel_node_to_wire(&nc, nodeParams, &wire)) ==
	    CUDA_SUCCESS && (e = node_call_begin(&nc)) == CUDA_SUCCESS)
		e = node_made(call_end(&nc.k, cu_graph_add_kernel_node(
		    route_strip(hGraph), nc.deps, wire, &r, nc.k.c)), &r, &nc,
		    phGraphNode);
	node_call_done(&nc);
	return e;
}

ONCUDA_API CUresult cuGraphAddKernelNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS p;

	if (nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	p = kernel_params_v2(nodeParams);
	return cuGraphAddKernelNode_v2(phGraphNode, hGraph, dependencies,
	    numDependencies, &p);
}

/* Sets a kernel node's parameters, in its graph or in exec (non-NULL). */
static CUresult kernel_node_set(CUgraphExec exec, CUgraphNode node,
    const CUDA_KERNEL_NODE_PARAMS *p)
{
	struct node_call nc;
	kernel_node wire;
	res_none r;
	CUresult e;

	if (node == NULL || p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, exec, node);
	memset(&r, 0, sizeof(r));
	if ((e = kernel_node_to_wire(&nc, p, &wire)) == CUDA_SUCCESS &&
	    (e = node_call_begin(&nc)) == CUDA_SUCCESS)
		e = call_done(&nc.k, exec == NULL ?
		    cu_graph_kernel_node_set_params(route_strip(node), wire,
		    &r, nc.k.c) :
		    cu_graph_exec_kernel_node_set_params(route_strip(exec),
		    route_strip(node), wire, &r, nc.k.c), &r.err);
	node_call_done(&nc);
	/* The arguments a query handed out before are stale now. */
	if (e == CUDA_SUCCESS && exec == NULL)
		node_store_params_set(node);
	return e;
}

ONCUDA_API CUresult cuGraphKernelNodeSetParams_v2(CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	return kernel_node_set(NULL, hNode, nodeParams);
}

ONCUDA_API CUresult cuGraphKernelNodeSetParams(CUgraphNode hNode,
    const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS p;

	if (nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	p = kernel_params_v2(nodeParams);
	return kernel_node_set(NULL, hNode, &p);
}

ONCUDA_API CUresult cuGraphExecKernelNodeSetParams_v2(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	if (hGraphExec == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return kernel_node_set(hGraphExec, hNode, nodeParams);
}

ONCUDA_API CUresult cuGraphExecKernelNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS p;

	if (hGraphExec == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	p = kernel_params_v2(nodeParams);
	return kernel_node_set(hGraphExec, hNode, &p);
}

static memset_node memset_to_wire(struct node_call *nc,
    const CUDA_MEMSET_NODE_PARAMS *p, CUcontext ctx)
{
	memset_node wire;

	route_handle(&nc->rt, ctx, ROUTE_CONTEXT);
	memset(&wire, 0, sizeof(wire));
	wire.dst = p->dst;
	wire.pitch = p->pitch;
	wire.value = p->value;
	wire.element_size = p->elementSize;
	wire.width = p->width;
	wire.height = p->height;
	wire.ctx = route_strip(ctx);
	return wire;
}

ONCUDA_API CUresult cuGraphAddMemsetNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx)
{
	struct node_call nc;
	memset_node wire;
	res_handle r;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL || memsetParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, hGraph, NULL);
	wire = memset_to_wire(&nc, memsetParams, ctx);
	memset(&r, 0, sizeof(r));
	if ((e = node_list_to_wire(&nc.rt, dependencies, numDependencies,
	    &nc.deps)) == CUDA_SUCCESS &&
	    (e = node_call_begin(&nc)) == CUDA_SUCCESS)
		e = node_made(call_end(&nc.k, cu_graph_add_memset_node(
		    route_strip(hGraph), nc.deps, wire, &r, nc.k.c)), &r, &nc,
		    phGraphNode);
	node_call_done(&nc);
	return e;
}

static CUresult memset_node_set(CUgraphExec exec, CUgraphNode node,
    const CUDA_MEMSET_NODE_PARAMS *p, CUcontext ctx)
{
	struct node_call nc;
	memset_node wire;
	res_none r;
	CUresult e;

	if (node == NULL || p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, exec, node);
	wire = memset_to_wire(&nc, p, ctx);
	memset(&r, 0, sizeof(r));
	if ((e = node_call_begin(&nc)) == CUDA_SUCCESS)
		e = call_done(&nc.k, exec == NULL ?
		    cu_graph_memset_node_set_params(route_strip(node), wire,
		    &r, nc.k.c) :
		    cu_graph_exec_memset_node_set_params(route_strip(exec),
		    route_strip(node), wire, &r, nc.k.c), &r.err);
	node_call_done(&nc);
	return e;
}

ONCUDA_API CUresult cuGraphMemsetNodeSetParams(CUgraphNode hNode,
    const CUDA_MEMSET_NODE_PARAMS *nodeParams)
{
	return memset_node_set(NULL, hNode, nodeParams, NULL);
}

ONCUDA_API CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *memsetParams,
    CUcontext ctx)
{
	if (hGraphExec == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return memset_node_set(hGraphExec, hNode, memsetParams, ctx);
}

/*
 * A memcpy node on the wire, and the program's host memory its sides
 * name, whose mirrors' device addresses become their bases once the call
 * has begun (memcpy_hosts_to_wire).
 */
struct memcpy_wire {
	memcpy_node node;
	const void *host[2];	/* src, dst; NULL: not host memory */
	size_t span[2];
};

/*
 * One side of a memcpy node as the server takes it (idl/cuda.x,
 * memcpy_node): device memory, a CUDA array, or host memory, whose
 * mirror's address is filled in later (*host, *span).
 */
static CUresult side_to_wire(struct node_call *nc, CUmemorytype type,
    const void *host, CUdeviceptr device, CUarray array, size_t x, size_t y,
    size_t z, size_t pitch, size_t height, const CUDA_MEMCPY3D *p,
    dev_volume *out, const void **host_out, size_t *span)
{
	const void *at = type == CU_MEMORYTYPE_HOST ? host :
	    (const void *)(uintptr_t)device;

	out->x_bytes = x;
	out->y = y;
	out->z = z;
	out->pitch = pitch;
	out->height = height;
	out->unified = type == CU_MEMORYTYPE_UNIFIED;
	if (!copy_host_span(x, y, z, pitch, height, p->WidthInBytes,
	    p->Height, p->Depth, span))
		*span = 0;
	if (type == CU_MEMORYTYPE_HOST || (type == CU_MEMORYTYPE_UNIFIED &&
	    *span != 0 && host_mirror_is_host(at, *span))) {
		if (at == NULL || *span == 0)
			return CUDA_ERROR_INVALID_VALUE;
		*host_out = at;
		return CUDA_SUCCESS;
	}
	if (type == CU_MEMORYTYPE_ARRAY) {
		if (array == NULL)
			return CUDA_ERROR_INVALID_VALUE;
		route_handle(&nc->rt, array, ROUTE_HANDLE);
		out->array = route_strip(array);
		return CUDA_SUCCESS;
	}
	if (type != CU_MEMORYTYPE_DEVICE && type != CU_MEMORYTYPE_UNIFIED)
		return CUDA_ERROR_INVALID_VALUE;
	out->base = device;
	return CUDA_SUCCESS;
}

/* A 3D copy on the wire but for its host sides' addresses. */
static CUresult memcpy_to_wire(struct node_call *nc, const CUDA_MEMCPY3D *p,
    CUcontext ctx, struct memcpy_wire *w)
{
	memcpy_node *wire = &w->node;
	CUresult e;

	if (p->srcLOD != 0 || p->dstLOD != 0)
		return CUDA_ERROR_INVALID_VALUE;
	memset(w, 0, sizeof(*w));
	if ((e = side_to_wire(nc, p->srcMemoryType, p->srcHost, p->srcDevice,
	    p->srcArray, p->srcXInBytes, p->srcY, p->srcZ, p->srcPitch,
	    p->srcHeight, p, &wire->src, &w->host[0], &w->span[0])) !=
	    CUDA_SUCCESS ||
	    (e = side_to_wire(nc, p->dstMemoryType, p->dstHost, p->dstDevice,
	    p->dstArray, p->dstXInBytes, p->dstY, p->dstZ, p->dstPitch,
	    p->dstHeight, p, &wire->dst, &w->host[1], &w->span[1])) !=
	    CUDA_SUCCESS)
		return e;
	route_handle(&nc->rt, ctx, ROUTE_CONTEXT);
	wire->width_bytes = p->WidthInBytes;
	wire->height = p->Height;
	wire->depth = p->Depth;
	wire->ctx = route_strip(ctx);
	return CUDA_SUCCESS;
}

/*
 * With the call begun: the host sides' bases become the device addresses
 * of their mirrors on the call's server (host_mirror.h).  On failure the
 * call is over and the program's error is returned.
 */
static CUresult memcpy_hosts_to_wire(struct node_call *nc,
    struct memcpy_wire *w)
{
	dev_volume *side[2] = { &w->node.src, &w->node.dst };
	enum clnt_stat st = RPC_SUCCESS;
	int err = CUDA_SUCCESS;
	CUresult e;

	for (int i = 0; i < 2 && st == RPC_SUCCESS && err == CUDA_SUCCESS; i++)
		if (w->host[i] != NULL)
			st = host_mirror_for_gpu(nc->k.c, w->host[i],
			    w->span[i], &side[i]->base, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		return CUDA_SUCCESS;
	if ((e = call_end(&nc->k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)err;
}

ONCUDA_API CUresult cuGraphAddMemcpyNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_MEMCPY3D *copyParams, CUcontext ctx)
{
	struct memcpy_wire wire;
	struct node_call nc;
	res_handle r;
	CUresult e;

	if (phGraphNode == NULL || hGraph == NULL || copyParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, hGraph, NULL);
	memset(&r, 0, sizeof(r));
	if ((e = memcpy_to_wire(&nc, copyParams, ctx, &wire)) ==
	    CUDA_SUCCESS &&
	    (e = node_list_to_wire(&nc.rt, dependencies, numDependencies,
	    &nc.deps)) == CUDA_SUCCESS &&
	    (e = node_call_begin(&nc)) == CUDA_SUCCESS &&
	    (e = memcpy_hosts_to_wire(&nc, &wire)) == CUDA_SUCCESS)
		e = node_made(call_end(&nc.k, cu_graph_add_memcpy_node(
		    route_strip(hGraph), nc.deps, wire.node, &r, nc.k.c)), &r,
		    &nc, phGraphNode);
	node_call_done(&nc);
	return e;
}

static CUresult memcpy_node_set(CUgraphExec exec, CUgraphNode node,
    const CUDA_MEMCPY3D *p, CUcontext ctx)
{
	struct memcpy_wire wire;
	struct node_call nc;
	res_none r;
	CUresult e;

	if (node == NULL || p == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, exec, node);
	memset(&r, 0, sizeof(r));
	if ((e = memcpy_to_wire(&nc, p, ctx, &wire)) == CUDA_SUCCESS &&
	    (e = node_call_begin(&nc)) == CUDA_SUCCESS &&
	    (e = memcpy_hosts_to_wire(&nc, &wire)) == CUDA_SUCCESS)
		e = call_done(&nc.k, exec == NULL ?
		    cu_graph_memcpy_node_set_params(route_strip(node),
		    wire.node, &r, nc.k.c) :
		    cu_graph_exec_memcpy_node_set_params(route_strip(exec),
		    route_strip(node), wire.node, &r, nc.k.c), &r.err);
	node_call_done(&nc);
	return e;
}

ONCUDA_API CUresult cuGraphMemcpyNodeSetParams(CUgraphNode hNode,
    const CUDA_MEMCPY3D *nodeParams)
{
	return memcpy_node_set(NULL, hNode, nodeParams, NULL);
}

ONCUDA_API CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_MEMCPY3D *copyParams, CUcontext ctx)
{
	if (hGraphExec == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return memcpy_node_set(hGraphExec, hNode, copyParams, ctx);
}

/* Which node naming one more handle (an event, a child graph) to add. */
enum handle_node { EVENT_RECORD, EVENT_WAIT, CHILD_GRAPH, CHILD_GRAPH_MOVED };

static CUresult add_handle_node(enum handle_node kind, CUgraphNode *node,
    CUgraph graph, const CUgraphNode *deps, size_t count, const void *h)
{
	struct node_call nc;
	res_handle r;
	CUresult e;

	if (node == NULL || graph == NULL || h == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	node_call_start(&nc, graph, h);
	memset(&r, 0, sizeof(r));
	if ((e = node_list_to_wire(&nc.rt, deps, count, &nc.deps)) !=
	    CUDA_SUCCESS || (e = node_call_begin(&nc)) != CUDA_SUCCESS) {
		node_call_done(&nc);
		return e;
	}
	switch (kind) {
	case EVENT_RECORD:
		e = call_end(&nc.k, cu_graph_add_event_record_node(
		    route_strip(graph), nc.deps, route_strip(h), &r, nc.k.c));
		break;
	case EVENT_WAIT:
		e = call_end(&nc.k, cu_graph_add_event_wait_node(
		    route_strip(graph), nc.deps, route_strip(h), &r, nc.k.c));
		break;
	case CHILD_GRAPH:
		e = call_end(&nc.k, cu_graph_add_child_graph_node(
		    route_strip(graph), nc.deps, route_strip(h), &r, nc.k.c));
		break;
	case CHILD_GRAPH_MOVED:
		e = call_end(&nc.k, cu_graph_add_child_graph_node_move(
		    route_strip(graph), nc.deps, route_strip(h), &r, nc.k.c));
		break;
	}
	e = node_made(e, &r, &nc, node);
	node_call_done(&nc);
	return e;
}

ONCUDA_API CUresult cuGraphAddEventRecordNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    CUevent event)
{
	return add_handle_node(EVENT_RECORD, phGraphNode, hGraph,
	    dependencies, numDependencies, event);
}

ONCUDA_API CUresult cuGraphAddEventWaitNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    CUevent event)
{
	return add_handle_node(EVENT_WAIT, phGraphNode, hGraph, dependencies,
	    numDependencies, event);
}

ONCUDA_API CUresult cuGraphAddChildGraphNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    CUgraph childGraph)
{
	return add_handle_node(CHILD_GRAPH, phGraphNode, hGraph, dependencies,
	    numDependencies, childGraph);
}

CUresult graph_add_child_moved(CUgraphNode *node, CUgraph graph,
    const CUgraphNode *deps, size_t count, CUgraph child)
{
	return add_handle_node(CHILD_GRAPH_MOVED, node, graph, deps, count,
	    child);
}
