/*
 * svc_graph_node.c -- adding nodes to a graph and setting their parameters,
 * in a graph or in an executable graph.
 *
 * Every handle in a node's parameters is checked as this client's, and
 * every device range a memset or memcpy node names must lie in the
 * client's memory, as for the copies and memsets it makes directly
 * (idl/cuda.x, "Device ranges"): a node runs at each replay, so a range
 * checked only at replay time would be too late to refuse.  Kernel
 * arguments are rebuilt from their packed bytes exactly as for a launch
 * (params_prepare); the driver copies them into the node.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"
#include "server/svc/svc_params.h"
#include "server/svc/svc_graph.h"
#include "server/svc/svc_graph_node.h"

void graph_node_added(CUresult err, CUgraphNode node, cu_handle graph,
    res_handle *r)
{
	r->err = err;
	if (err != CUDA_SUCCESS)
		return;
	r->res_handle_u.value = (cu_handle)(uintptr_t)node;
	if (!handle_add(HANDLE_GRAPH_NODE, r->res_handle_u.value, graph)) {
		(void)cuGraphDestroyNode(node);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
}

CUresult graph_add_check(cu_handle graph, const cu_nodes *deps)
{
	CUresult err = handle_check(HANDLE_GRAPH, graph, false);

	return err != CUDA_SUCCESS ? err : graph_nodes_check(deps);
}

/*
 * A kernel node's parameters for the driver; the argument pointers in
 * *launch stay valid while in lives.
 */
static CUresult kernel_params_build(const kernel_node *in,
    struct launch_params *launch, CUDA_KERNEL_NODE_PARAMS *out)
{
	CUresult err;

	if ((err = handle_check(HANDLE_FUNCTION, in->func, false)) !=
	    CUDA_SUCCESS ||
	    (err = handle_check(HANDLE_CONTEXT, in->ctx, true)) !=
	    CUDA_SUCCESS ||
	    (err = params_prepare(in->func, &in->args, launch)) !=
	    CUDA_SUCCESS)
		return err;
	memset(out, 0, sizeof(*out));
	/* A CUkernel goes in its own field: the driver reads func first. */
	if (handle_check(HANDLE_KERNEL, in->func, false) == CUDA_SUCCESS)
		out->kern = (CUkernel)(uintptr_t)in->func;
	else
		out->func = (CUfunction)(uintptr_t)in->func;
	out->gridDimX = in->grid.x;
	out->gridDimY = in->grid.y;
	out->gridDimZ = in->grid.z;
	out->blockDimX = in->block.x;
	out->blockDimY = in->block.y;
	out->blockDimZ = in->block.z;
	out->sharedMemBytes = in->shared_mem_bytes;
	out->kernelParams = launch->kernel_params;
	out->extra = launch->extra;
	out->ctx = (CUcontext)(uintptr_t)in->ctx;
	return CUDA_SUCCESS;
}

/* (rows - 1) * pitch + row bytes, or false when it does not fit 64 bits. */
static bool extent_of(uint64_t rows, uint64_t pitch, uint64_t row,
    uint64_t *extent)
{
	uint64_t skip;

	if (rows == 0) {
		*extent = 0;
		return true;
	}
	return !__builtin_mul_overflow(rows - 1, pitch, &skip) &&
	    !__builtin_add_overflow(skip, row, extent);
}

static CUresult memset_params_build(const memset_node *in,
    CUDA_MEMSET_NODE_PARAMS *out, const char *call)
{
	uint64_t row, extent;
	CUresult err;

	if (in->element_size != 1 && in->element_size != 2 &&
	    in->element_size != 4)
		return CUDA_ERROR_INVALID_VALUE;
	if (__builtin_mul_overflow(in->width, in->element_size, &row) ||
	    !extent_of(in->height, in->pitch, row, &extent))
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = range_check(in->dst, extent, 1, call)) != CUDA_SUCCESS ||
	    (err = handle_check(HANDLE_CONTEXT, in->ctx, true)) !=
	    CUDA_SUCCESS)
		return err;
	memset(out, 0, sizeof(*out));
	out->dst = (CUdeviceptr)in->dst;
	out->pitch = (size_t)in->pitch;
	out->value = in->value;
	out->elementSize = in->element_size;
	out->width = (size_t)in->width;
	out->height = (size_t)in->height;
	return CUDA_SUCCESS;
}

/*
 * The bytes one side of a 3D copy touches: from its first byte to its
 * last, rows of pitch and slices of height rows.  An array side names an
 * array of this session's instead; the driver checks the region in it.
 */
static CUresult volume_check(const dev_volume *v, const memcpy_node *c,
    const char *call)
{
	uint64_t first_row, start, rows, extent;

	if (v->array != 0)
		return v->base != 0 || v->unified ? CUDA_ERROR_INVALID_VALUE :
		    handle_check(HANDLE_ARRAY, v->array, false);
	if (__builtin_mul_overflow(v->z, v->height, &first_row) ||
	    __builtin_add_overflow(first_row, v->y, &first_row) ||
	    __builtin_mul_overflow(first_row, v->pitch, &start) ||
	    __builtin_add_overflow(start, v->x_bytes, &start) ||
	    __builtin_add_overflow(start, v->base, &start))
		return CUDA_ERROR_INVALID_VALUE;
	if (c->depth == 0 || c->height == 0)
		rows = 0;
	else if (__builtin_mul_overflow(c->depth - 1, v->height, &rows) ||
	    __builtin_add_overflow(rows, c->height, &rows))
		return CUDA_ERROR_INVALID_VALUE;
	if (!extent_of(rows, v->pitch, c->width_bytes, &extent))
		return CUDA_ERROR_INVALID_VALUE;
	return range_check(start, extent, 1, call);
}

/* One side, checked, into the driver's fields for it. */
static void side_build(const dev_volume *v, CUmemorytype *type,
    CUdeviceptr *device, CUarray *array, size_t *x, size_t *y, size_t *z,
    size_t *pitch, size_t *height)
{
	*type = v->array != 0 ? CU_MEMORYTYPE_ARRAY : v->unified ?
	    CU_MEMORYTYPE_UNIFIED : CU_MEMORYTYPE_DEVICE;
	*device = (CUdeviceptr)v->base;
	*array = (CUarray)(uintptr_t)v->array;
	*x = (size_t)v->x_bytes;
	*y = (size_t)v->y;
	*z = (size_t)v->z;
	*pitch = (size_t)v->pitch;
	*height = (size_t)v->height;
}

static CUresult memcpy_params_build(const memcpy_node *in, CUDA_MEMCPY3D *out,
    const char *call)
{
	CUresult err;

	if ((err = volume_check(&in->src, in, call)) != CUDA_SUCCESS ||
	    (err = volume_check(&in->dst, in, call)) != CUDA_SUCCESS ||
	    (err = handle_check(HANDLE_CONTEXT, in->ctx, true)) !=
	    CUDA_SUCCESS)
		return err;
	memset(out, 0, sizeof(*out));
	side_build(&in->src, &out->srcMemoryType, &out->srcDevice,
	    &out->srcArray, &out->srcXInBytes, &out->srcY, &out->srcZ,
	    &out->srcPitch, &out->srcHeight);
	side_build(&in->dst, &out->dstMemoryType, &out->dstDevice,
	    &out->dstArray, &out->dstXInBytes, &out->dstY, &out->dstZ,
	    &out->dstPitch, &out->dstHeight);
	out->WidthInBytes = (size_t)in->width_bytes;
	out->Height = (size_t)in->height;
	out->Depth = (size_t)in->depth;
	return CUDA_SUCCESS;
}

#define GRAPH(h) ((CUgraph)(uintptr_t)(h))
#define NODE(h) ((CUgraphNode)(uintptr_t)(h))
#define EXEC(h) ((CUgraphExec)(uintptr_t)(h))

bool_t cu_graph_add_empty_node_svc(cu_handle graph, cu_nodes deps,
    res_handle *r, struct svc_req *rq)
{
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS)
		err = cuGraphAddEmptyNode(&node, GRAPH(graph),
		    graph_nodes_of(&deps), deps.cu_nodes_len);
	graph_node_added(err, node, graph, r);
	return TRUE;
}

bool_t cu_graph_add_kernel_node_svc(cu_handle graph, cu_nodes deps,
    kernel_node params, res_handle *r, struct svc_req *rq)
{
	struct launch_params launch;
	CUDA_KERNEL_NODE_PARAMS p;
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = kernel_params_build(&params, &launch, &p)) == CUDA_SUCCESS)
		err = cuGraphAddKernelNode(&node, GRAPH(graph),
		    graph_nodes_of(&deps), deps.cu_nodes_len, &p);
	graph_node_added(err, node, graph, r);
	return TRUE;
}

bool_t cu_graph_kernel_node_set_params_svc(cu_handle node,
    kernel_node params, res_none *r, struct svc_req *rq)
{
	struct launch_params launch;
	CUDA_KERNEL_NODE_PARAMS p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = kernel_params_build(&params, &launch, &p)) ==
	    CUDA_SUCCESS)
		r->err = cuGraphKernelNodeSetParams(NODE(node), &p);
	return TRUE;
}

bool_t cu_graph_exec_kernel_node_set_params_svc(cu_handle exec,
    cu_handle node, kernel_node params, res_none *r, struct svc_req *rq)
{
	struct launch_params launch;
	CUDA_KERNEL_NODE_PARAMS p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_EXEC, exec, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = kernel_params_build(&params, &launch, &p)) ==
	    CUDA_SUCCESS)
		r->err = cuGraphExecKernelNodeSetParams(EXEC(exec), NODE(node),
		    &p);
	return TRUE;
}

bool_t cu_graph_add_memset_node_svc(cu_handle graph, cu_nodes deps,
    memset_node params, res_handle *r, struct svc_req *rq)
{
	CUDA_MEMSET_NODE_PARAMS p;
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = memset_params_build(&params, &p, "cuGraphAddMemsetNode")) ==
	    CUDA_SUCCESS)
		err = cuGraphAddMemsetNode(&node, GRAPH(graph),
		    graph_nodes_of(&deps), deps.cu_nodes_len, &p,
		    (CUcontext)(uintptr_t)params.ctx);
	graph_node_added(err, node, graph, r);
	return TRUE;
}

bool_t cu_graph_memset_node_set_params_svc(cu_handle node,
    memset_node params, res_none *r, struct svc_req *rq)
{
	CUDA_MEMSET_NODE_PARAMS p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = memset_params_build(&params, &p,
	    "cuGraphMemsetNodeSetParams")) == CUDA_SUCCESS)
		r->err = cuGraphMemsetNodeSetParams(NODE(node), &p);
	return TRUE;
}

bool_t cu_graph_exec_memset_node_set_params_svc(cu_handle exec,
    cu_handle node, memset_node params, res_none *r, struct svc_req *rq)
{
	CUDA_MEMSET_NODE_PARAMS p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_EXEC, exec, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = memset_params_build(&params, &p,
	    "cuGraphExecMemsetNodeSetParams")) == CUDA_SUCCESS)
		r->err = cuGraphExecMemsetNodeSetParams(EXEC(exec), NODE(node),
		    &p, (CUcontext)(uintptr_t)params.ctx);
	return TRUE;
}

bool_t cu_graph_add_memcpy_node_svc(cu_handle graph, cu_nodes deps,
    memcpy_node params, res_handle *r, struct svc_req *rq)
{
	CUgraphNode node = NULL;
	CUDA_MEMCPY3D p;
	CUresult err;

	(void)rq;
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = memcpy_params_build(&params, &p, "cuGraphAddMemcpyNode")) ==
	    CUDA_SUCCESS)
		err = cuGraphAddMemcpyNode(&node, GRAPH(graph),
		    graph_nodes_of(&deps), deps.cu_nodes_len, &p,
		    (CUcontext)(uintptr_t)params.ctx);
	graph_node_added(err, node, graph, r);
	return TRUE;
}

bool_t cu_graph_memcpy_node_set_params_svc(cu_handle node,
    memcpy_node params, res_none *r, struct svc_req *rq)
{
	CUDA_MEMCPY3D p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = memcpy_params_build(&params, &p,
	    "cuGraphMemcpyNodeSetParams")) == CUDA_SUCCESS)
		r->err = cuGraphMemcpyNodeSetParams(NODE(node), &p);
	return TRUE;
}

bool_t cu_graph_exec_memcpy_node_set_params_svc(cu_handle exec,
    cu_handle node, memcpy_node params, res_none *r, struct svc_req *rq)
{
	CUDA_MEMCPY3D p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_EXEC, exec, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS &&
	    (r->err = memcpy_params_build(&params, &p,
	    "cuGraphExecMemcpyNodeSetParams")) == CUDA_SUCCESS)
		r->err = cuGraphExecMemcpyNodeSetParams(EXEC(exec), NODE(node),
		    &p, (CUcontext)(uintptr_t)params.ctx);
	return TRUE;
}

static void add_event_node(bool record, cu_handle graph, const cu_nodes *deps,
    cu_handle event, res_handle *r)
{
	CUgraphNode node = NULL;
	CUresult err;

	if ((err = graph_add_check(graph, deps)) == CUDA_SUCCESS &&
	    (err = handle_check(HANDLE_EVENT, event, false)) == CUDA_SUCCESS)
		err = (record ? cuGraphAddEventRecordNode :
		    cuGraphAddEventWaitNode)(&node, GRAPH(graph),
		    graph_nodes_of(deps), deps->cu_nodes_len,
		    (CUevent)(uintptr_t)event);
	graph_node_added(err, node, graph, r);
}

bool_t cu_graph_add_event_record_node_svc(cu_handle graph,
    cu_nodes deps, cu_handle event, res_handle *r, struct svc_req *rq)
{
	(void)rq;
	add_event_node(true, graph, &deps, event, r);
	return TRUE;
}

bool_t cu_graph_add_event_wait_node_svc(cu_handle graph,
    cu_nodes deps, cu_handle event, res_handle *r, struct svc_req *rq)
{
	(void)rq;
	add_event_node(false, graph, &deps, event, r);
	return TRUE;
}

bool_t cu_graph_add_child_graph_node_svc(cu_handle graph,
    cu_nodes deps, cu_handle child, res_handle *r, struct svc_req *rq)
{
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = handle_check(HANDLE_GRAPH, child, false)) == CUDA_SUCCESS &&
	    (err = capture_graph_check(child)) == CUDA_SUCCESS)
		err = cuGraphAddChildGraphNode(&node, GRAPH(graph),
		    graph_nodes_of(&deps), deps.cu_nodes_len, GRAPH(child));
	graph_node_added(err, node, graph, r);
	return TRUE;
}

/*
 * The child is embedded itself (CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE): it,
 * its nodes and what they own pass to the new node in the handle tree, so
 * that they go with it, and CU_GRAPH_DESTROY refuses the child from then
 * on.  Refused first: a child already embedded in a node
 * (CUDA_ERROR_NOT_SUPPORTED), and a child that is the graph or holds it
 * (CUDA_ERROR_INVALID_VALUE; handle_adopt could not make a tree of that).
 */
bool_t cu_graph_add_child_graph_node_move_svc(cu_handle graph,
    cu_nodes deps, cu_handle child, res_handle *r, struct svc_req *rq)
{
	CUgraphNodeParams p;
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = handle_check(HANDLE_GRAPH, child, false)) == CUDA_SUCCESS &&
	    (err = capture_graph_check(child)) == CUDA_SUCCESS) {
		/* The driver's answers on the H200 (driver 580). */
		if (handle_owner(HANDLE_GRAPH, child, HANDLE_GRAPH_NODE) != 0)
			err = CUDA_ERROR_NOT_SUPPORTED;
		else if (handle_within(HANDLE_GRAPH, graph, HANDLE_GRAPH, child))
			err = CUDA_ERROR_INVALID_VALUE;
	}
	if (err == CUDA_SUCCESS) {
		memset(&p, 0, sizeof(p));
		p.type = CU_GRAPH_NODE_TYPE_GRAPH;
		p.graph.graph = GRAPH(child);
		p.graph.ownership = CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE;
		err = cuGraphAddNode(&node, GRAPH(graph),
		    graph_nodes_of(&deps), NULL, deps.cu_nodes_len, &p);
	}
	graph_node_added(err, node, graph, r);
	if (r->err == CUDA_SUCCESS &&
	    !handle_adopt(HANDLE_GRAPH, child, r->res_handle_u.value)) {
		/* Cannot happen after the checks above; were it to, the
		 * child must not outlive its node as a handle the client may
		 * name. */
		assert(!"a moved child graph could not join its node");
		handle_forget(HANDLE_GRAPH, child);
	}
	return TRUE;
}
