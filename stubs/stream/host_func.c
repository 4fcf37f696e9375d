/*
 * host_func.c -- host functions, stream callbacks, host nodes and user
 * objects: the program's functions go to the server as host_fn values
 * (idl/cuda.x), after the callback connection that runs them is bound
 * (callback.h).
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "stubs/route/capture_known.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/stream/callback.h"
#include "stubs/stream/node_list.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"

/* cuda.h declares these only for per-thread default stream builds. */
ONCUDA_API CUresult cuLaunchHostFunc_ptsz(CUstream hStream, CUhostFn fn,
    void *userData);
ONCUDA_API CUresult cuStreamAddCallback_ptsz(CUstream hStream,
    CUstreamCallback callback, void *userData, unsigned int flags);

static host_fn wire_fn(uint64_t fn, const void *data)
{
	host_fn w = { fn, (uint64_t)(uintptr_t)data };

	return w;
}

/*
 * The server of a call that names a (a handle; b too when not NULL), with
 * its callback connection bound and fn allowed on data (lasting: any
 * number of times, callback.h); *c holds its connection.
 */
static CUresult begin(const void *a, enum route_kind a_kind, const void *b,
    uint64_t fn, const void *data, bool lasting, unsigned *server,
    struct call *k)
{
	struct route rt = ROUTE_INIT;
	CUresult e;

	route_handle(&rt, a, a_kind);
	if (b != NULL)
		route_handle(&rt, b, ROUTE_HANDLE);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS ||
	    (e = callback_ready((unsigned)rt.server, fn,
	    (uint64_t)(uintptr_t)data, lasting)) != CUDA_SUCCESS)
		return e;
	*server = (unsigned)rt.server;
	return call_begin_on(k, *server, CALL_NO_REPLY);
}

/* -------------------------------------------- host functions, callbacks */

/*
 * Whether a function queued on a stream may run more than once: when a
 * capture may be under way, where it becomes a host node that runs at
 * every launch of the graph.
 */
static bool once_or_captured(void)
{
	return !capture_known_none();
}

static CUresult launch_host_func(CUstream stream, CUhostFn fn, void *data)
{
	cu_launch_host_func_argument call;
	unsigned server;
	struct call k;
	CUresult e;

	if (fn == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&stream)) != CUDA_SUCCESS)
		return e;
	if ((e = begin(stream, ROUTE_STREAM, NULL, (uint64_t)(uintptr_t)fn,
	    data, once_or_captured(), &server, &k)) != CUDA_SUCCESS)
		return e;
	call.stream = route_strip(stream);
	call.fn = wire_fn((uint64_t)(uintptr_t)fn, data);
	return call_end(&k, batch_send(k.c, CU_LAUNCH_HOST_FUNC,
	    (xdrproc_t)xdr_cu_launch_host_func_argument, &call));
}

ONCUDA_API CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn,
    void *userData)
{
	return launch_host_func(hStream, fn, userData);
}

ONCUDA_API CUresult cuLaunchHostFunc_ptsz(CUstream hStream, CUhostFn fn,
    void *userData)
{
	return launch_host_func(thread_stream_null(hStream), fn, userData);
}

static CUresult add_callback(CUstream stream, CUstream named,
    CUstreamCallback callback, void *data, unsigned int flags)
{
	cu_stream_add_callback_argument call;
	unsigned server;
	struct call k;
	CUresult e;

	if (callback == NULL || flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&stream)) != CUDA_SUCCESS)
		return e;
	if ((e = begin(stream, ROUTE_STREAM, NULL,
	    (uint64_t)(uintptr_t)callback, data, once_or_captured(), &server,
	    &k)) != CUDA_SUCCESS)
		return e;
	call.stream = route_strip(stream);
	call.fn = wire_fn((uint64_t)(uintptr_t)callback, data);
	call.flags = flags;
	/* The callback gets the stream as the program named it. */
	call.client_stream = (uint64_t)(uintptr_t)named;
	return call_end(&k, batch_send(k.c, CU_STREAM_ADD_CALLBACK,
	    (xdrproc_t)xdr_cu_stream_add_callback_argument, &call));
}

ONCUDA_API CUresult cuStreamAddCallback(CUstream hStream,
    CUstreamCallback callback, void *userData, unsigned int flags)
{
	return add_callback(hStream, hStream, callback, userData, flags);
}

ONCUDA_API CUresult cuStreamAddCallback_ptsz(CUstream hStream,
    CUstreamCallback callback, void *userData, unsigned int flags)
{
	return add_callback(thread_stream_null(hStream), hStream, callback,
	    userData, flags);
}

/* ---------------------------------------------------------- host nodes */

ONCUDA_API CUresult cuGraphAddHostNode(CUgraphNode *phGraphNode,
    CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies,
    const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	struct route rt = ROUTE_INIT;
	cu_nodes deps;
	res_handle r;
	unsigned server;
	CUresult e;
	struct call k;

	if (phGraphNode == NULL || hGraph == NULL || nodeParams == NULL ||
	    nodeParams->fn == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	route_handle(&rt, hGraph, ROUTE_HANDLE);
	memset(&deps, 0, sizeof deps);
	if ((e = node_list_to_wire(&rt, dependencies, numDependencies,
	    &deps)) != CUDA_SUCCESS)
		return e;
	if ((e = route_settle(&rt)) != CUDA_SUCCESS ||
	    (e = callback_ready((unsigned)rt.server,
	    (uint64_t)(uintptr_t)nodeParams->fn,
	    (uint64_t)(uintptr_t)nodeParams->userData, true)) !=
	    CUDA_SUCCESS) {
		node_list_release(&deps);
		return e;
	}
	server = (unsigned)rt.server;
	if ((e = call_begin_on(&k, server, CALL_NO_REPLY)) != CUDA_SUCCESS) {
		node_list_release(&deps);
		return e;
	}
	memset(&r, 0, sizeof r);
	e = call_end(&k, cu_graph_add_host_node(route_strip(hGraph), deps,
	    wire_fn((uint64_t)(uintptr_t)nodeParams->fn, nodeParams->userData),
	    &r, k.c));
	node_list_release(&deps);
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*phGraphNode = node_tagged(r.res_handle_u.value, server);
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuGraphHostNodeGetParams(CUgraphNode hNode,
    CUDA_HOST_NODE_PARAMS *nodeParams)
{
	res_host_fn r;
	CUresult e;
	struct call k;

	if (hNode == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	if ((e = call_end(&k, cu_graph_host_node_get_params(route_strip(hNode),
	    &r, k.c))) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS) {
		nodeParams->fn = (CUhostFn)(uintptr_t)r.res_host_fn_u.value.fn;
		nodeParams->userData =
		    (void *)(uintptr_t)r.res_host_fn_u.value.data;
	}
	return (CUresult)r.err;
}

/* Sets a host node's parameters, in its graph (exec NULL) or in exec. */
static CUresult host_node_set(CUgraphExec exec, CUgraphNode node,
    const CUDA_HOST_NODE_PARAMS *p)
{
	unsigned server;
	res_none r;
	CUresult e;
	struct call k;

	if (node == NULL || p == NULL || p->fn == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = begin(node, ROUTE_HANDLE, exec, (uint64_t)(uintptr_t)p->fn,
	    p->userData, true, &server, &k)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	if (exec == NULL)
		e = call_end(&k,
		    cu_graph_host_node_set_params(route_strip(node),
		    wire_fn((uint64_t)(uintptr_t)p->fn, p->userData), &r, k.c));
	else
		e = call_end(&k, cu_graph_exec_host_node_set_params(
		    route_strip(exec), route_strip(node),
		    wire_fn((uint64_t)(uintptr_t)p->fn, p->userData), &r, k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuGraphHostNodeSetParams(CUgraphNode hNode,
    const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	return host_node_set(NULL, hNode, nodeParams);
}

ONCUDA_API CUresult cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec,
    CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	if (hGraphExec == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return host_node_set(hGraphExec, hNode, nodeParams);
}

/* -------------------------------------------------------- user objects */

ONCUDA_API CUresult cuUserObjectCreate(CUuserObject *object_out, void *ptr,
    CUhostFn destroy, unsigned int initialRefcount, unsigned int flags)
{
	unsigned server;
	res_handle r;
	CUresult e;
	struct call k;

	if (object_out == NULL || destroy == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* A user object belongs to no handle: the current context's server. */
	if ((e = begin(NULL, ROUTE_HANDLE, NULL, (uint64_t)(uintptr_t)destroy,
	    ptr, false, &server, &k)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	if ((e = call_end(&k, cu_user_object_create(
	    wire_fn((uint64_t)(uintptr_t)destroy, ptr), initialRefcount, flags,
	    &r, k.c))) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*object_out = (CUuserObject)(uintptr_t)route_tag(
		    r.res_handle_u.value, server);
	return (CUresult)r.err;
}

/* Retain (true) or release a user object's references, for the program
 * (graph NULL) or for graph (flags: cuGraphRetainUserObject's). */
static CUresult object_count(CUgraph graph, CUuserObject object,
    unsigned int count, unsigned int flags, bool retain)
{
	res_none r;
	CUresult e;
	struct call k;

	if (object == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, object, ROUTE_HANDLE, graph,
	    ROUTE_HANDLE, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof r);
	if (graph == NULL && retain)
		e = call_end(&k, cu_user_object_retain(route_strip(object),
		    count, &r, k.c));
	else if (graph == NULL)
		e = call_end(&k, cu_user_object_release(route_strip(object),
		    count, &r, k.c));
	else if (retain)
		e = call_end(&k, cu_graph_retain_user_object(route_strip(graph),
		    route_strip(object), count, flags, &r, k.c));
	else
		e = call_end(&k,
		    cu_graph_release_user_object(route_strip(graph),
		    route_strip(object), count, &r, k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

ONCUDA_API CUresult cuUserObjectRetain(CUuserObject object,
    unsigned int count)
{
	return object_count(NULL, object, count, 0, true);
}

ONCUDA_API CUresult cuUserObjectRelease(CUuserObject object,
    unsigned int count)
{
	return object_count(NULL, object, count, 0, false);
}

ONCUDA_API CUresult cuGraphRetainUserObject(CUgraph graph,
    CUuserObject object, unsigned int count, unsigned int flags)
{
	if (graph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return object_count(graph, object, count, flags, true);
}

ONCUDA_API CUresult cuGraphReleaseUserObject(CUgraph graph,
    CUuserObject object, unsigned int count)
{
	if (graph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	return object_count(graph, object, count, 0, false);
}
