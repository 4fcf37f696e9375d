/*
 * stream_capture.c -- stream capture: beginning one, asking about it,
 * changing its dependencies, and the thread's capture mode.
 *
 * The capture is the server's driver's (idl/cuda.x, "stream capture and
 * graphs"): what the program queues on the stream meanwhile goes to the
 * server as usual and becomes nodes there.  cuBLAS asks
 * cuStreamGetCaptureInfo_v2 before each launch and PyTorch
 * cuStreamIsCapturing (generated glue), so the status alone is one small
 * call (CU_STREAM_GET_CAPTURE_INFO); the graph and the dependencies are
 * fetched only when the program asks for them.  While no capture this
 * process began is unfinished, the status of the streams that need no
 * checking is known to be NONE and given without asking (capture_known.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/edge_data.h"
#include "gen/glue_client.h"
#include "stubs/route/ctxstack.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/route/capture_known.h"
#include "stubs/stream/node_list.h"
#include "stubs/wire/rpc.h"

/*
 * cuda.h 13 maps these names to their newest ABI and does not declare the
 * older ones; the driver exports every ABI and cuGetProcAddress hands them
 * out by the version asked (stubs/answers/procaddr-580.tsv).
 */
#undef cuStreamBeginCapture
#undef cuStreamGetCaptureInfo
#undef cuStreamUpdateCaptureDependencies
ONCUDA_API CUresult cuStreamBeginCapture(CUstream hStream);
ONCUDA_API CUresult cuStreamGetCaptureInfo(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out);
ONCUDA_API CUresult cuStreamGetCaptureInfo_v2(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out);
ONCUDA_API CUresult cuStreamUpdateCaptureDependencies(CUstream hStream,
    CUgraphNode *dependencies, size_t numDependencies, unsigned int flags);

/* The per-thread default stream forms of the questions (thread_stream.h). */
ONCUDA_API CUresult cuStreamGetCaptureInfo_ptsz(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out);
ONCUDA_API CUresult cuStreamGetCaptureInfo_v2_ptsz(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out);
ONCUDA_API CUresult cuStreamGetCaptureInfo_v3_ptsz(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out);

/*
 * The dependencies last reported to this thread, and the data of their
 * edges: the driver's arrays stay valid until the next call on the
 * stream, these until the thread's next question, which is at least as
 * long for a program that follows the driver's rule.
 */
static _Thread_local CUgraphNode *reported;
static _Thread_local CUgraphEdgeData *reported_edges;
static _Thread_local size_t reported_room;

static cu_handle handle_of(const void *h)
{
	return (cu_handle)(uintptr_t)h;
}

/*
 * Says a capture may begin on stream of call k, before the begin is sent,
 * so that no thread answers "not capturing" once the server began it.
 * When that cannot be recorded the call ends unsent.
 */
static CUresult note_begin(struct call *k, cu_handle stream,
    CUstreamCaptureMode mode)
{
	if (capture_known_begun(k->server, stream, mode))
		return CUDA_SUCCESS;
	(void)call_end(k, RPC_SUCCESS);
	return CUDA_ERROR_OUT_OF_MEMORY;
}

/* After the begin: e the call's end, *err the server's answer. */
static CUresult begin_known(const struct call *k, cu_handle stream,
    CUresult e, const int *err)
{
	if (e == CUDA_SUCCESS)
		e = rpc_server_result(*err);
	if (e != CUDA_SUCCESS)
		capture_known_ended(k->server, stream);
	return e;
}

ONCUDA_API CUresult cuStreamBeginCapture_v2(CUstream hStream,
    CUstreamCaptureMode mode)
{
	res_none r;
	CUresult e;
	struct call k;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, hStream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = note_begin(&k, route_strip(hStream), mode)) != CUDA_SUCCESS)
		return e;
	return begin_known(&k, route_strip(hStream), call_end(&k,
	    cu_stream_begin_capture(route_strip(hStream), (int)mode, &r, k.c)),
	    &r.err);
}

/* The CUDA 10.0 ABI, before capture modes: a global capture. */
ONCUDA_API CUresult cuStreamBeginCapture(CUstream hStream)
{
	return cuStreamBeginCapture_v2(hStream, CU_STREAM_CAPTURE_MODE_GLOBAL);
}

/*
 * A capture's new dependencies and the data of their edges as the wire
 * carries them (nodes checked as routed to rt's server), given back with
 * dependencies_release.
 */
static CUresult dependencies_to_wire(struct route *rt,
    const CUgraphNode *dependencies, const CUgraphEdgeData *data,
    size_t count, cu_nodes *nodes, graph_edges *edges)
{
	CUresult e;

	if ((e = node_list_to_wire(rt, dependencies, count, nodes)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = edge_data_to_wire(data, count, edges)) != CUDA_SUCCESS)
		node_list_release(nodes);
	return e;
}

static void dependencies_release(cu_nodes *nodes, graph_edges *edges)
{
	edge_data_release(edges);
	node_list_release(nodes);
}

ONCUDA_API CUresult cuStreamBeginCaptureToGraph(CUstream hStream,
    CUgraph hGraph, const CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    CUstreamCaptureMode mode)
{
	struct route rt = ROUTE_INIT;
	graph_edges edges;
	cu_nodes nodes;
	struct call k;
	res_none r;
	CUresult e;

	if (hGraph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	route_handle(&rt, hStream, ROUTE_STREAM);
	route_handle(&rt, hGraph, ROUTE_HANDLE);
	if ((e = dependencies_to_wire(&rt, dependencies, dependencyData,
	    numDependencies, &nodes, &edges)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) == CUDA_SUCCESS &&
	    (e = note_begin(&k, route_strip(hStream), mode)) == CUDA_SUCCESS)
		e = begin_known(&k, route_strip(hStream), call_end(&k,
		    cu_stream_begin_capture_to_graph(route_strip(hStream),
		    route_strip(hGraph), nodes, edges, (int)mode, &r, k.c)),
		    &r.err);
	dependencies_release(&nodes, &edges);
	return e;
}

/* On failure the driver stores NULL for the graph: so does the client. */
ONCUDA_API CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph)
{
	struct call k;
	res_handle r;
	CUresult e;

	if (phGraph == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, hStream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, cu_stream_end_capture(route_strip(hStream), &r,
	    k.c))) != CUDA_SUCCESS)
		return e;
	/* Ended, or never begun here; other errors may leave it going. */
	if (r.err == CUDA_SUCCESS ||
	    r.err == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
		capture_known_ended(k.server, route_strip(hStream));
	*phGraph = r.err != CUDA_SUCCESS ? NULL :
	    (CUgraph)(uintptr_t)route_tag(r.res_handle_u.value, k.server);
	return (CUresult)r.err;
}

/*
 * The status of stream known without asking: NONE while no capture this
 * process began is unfinished, for the streams that are valid whenever
 * the calling thread has a current context (any other handle is the
 * server's to check).  The driver gives the other outputs of
 * cuStreamGetCaptureInfo only for an active capture.
 */
static bool known_not_capturing(CUstream stream,
    CUstreamCaptureStatus *status)
{
	if (status == NULL || !capture_known_none() ||
	    (stream != NULL && stream != CU_STREAM_LEGACY &&
	    stream != CU_STREAM_PER_THREAD) || ctxstack_current() == NULL ||
	    rpc_local_check() != CUDA_SUCCESS)
		return false;
	*status = CU_STREAM_CAPTURE_STATUS_NONE;
	return true;
}

ONCUDA_API CUresult cuStreamIsCapturing(CUstream hStream,
    CUstreamCaptureStatus *captureStatus)
{
	if (known_not_capturing(hStream, captureStatus))
		return CUDA_SUCCESS;
	return plain_cuStreamIsCapturing(hStream, captureStatus);
}

/* Status and id of the stream, as the server's driver gives them. */
static CUresult ask_capture_info(CUstream stream,
    CUstreamCaptureStatus *status, cuuint64_t *id)
{
	res_capture_info r;
	CUresult e;
	struct call k;

	if (status == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&stream)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, stream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_stream_get_capture_info(route_strip(stream), &r,
	    k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	*status = (CUstreamCaptureStatus)r.res_capture_info_u.value.status;
	if (*status == CU_STREAM_CAPTURE_STATUS_NONE)
		capture_known_ended(k.server, route_strip(stream));
	if (id != NULL)
		*id = r.res_capture_info_u.value.id;
	return CUDA_SUCCESS;
}

/*
 * Keeps answer's nodes and their edge data as this thread's reported
 * dependencies.  A field of an edge past a byte, which no driver gives,
 * is cut, as every edge the client reads is.
 */
static CUresult keep_dependencies(const capture_state *answer,
    unsigned server)
{
	size_t n = answer->dependencies.cu_nodes_len;

	if (n > reported_room) {
		CUgraphNode *grown = realloc(reported, n * sizeof(*grown));
		CUgraphEdgeData *edges;

		if (grown == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		reported = grown;
		if ((edges = realloc(reported_edges, n * sizeof(*edges))) ==
		    NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		reported_edges = edges;
		reported_room = n;
	}
	for (size_t i = 0; i < n; i++)
		reported[i] = node_tagged(answer->dependencies.cu_nodes_val[i],
		    server);
	if (n > 0)
		(void)edge_data_from_wire(&answer->edges, reported_edges, n);
	return CUDA_SUCCESS;
}

/*
 * The whole state: status, id, graph, dependencies and their edge data.
 * The server sends edge data only where an edge is not a default one;
 * asked for the dependencies without it, the driver answers
 * CUDA_ERROR_LOSSY_QUERY then, and so does the client.
 */
static CUresult ask_capture_state(CUstream stream,
    CUstreamCaptureStatus *status, cuuint64_t *id, CUgraph *graph,
    const CUgraphNode **deps, const CUgraphEdgeData **edges, size_t *count)
{
	unsigned server;
	const capture_state *st;
	res_capture_state r;
	CUresult e;
	struct call k;

	if (status == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&stream)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, stream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	server = k.server;
	e = call_end(&k, cu_stream_get_capture_state(route_strip(stream), &r,
	    k.c));
	if (e != CUDA_SUCCESS)
		return e;
	st = &r.res_capture_state_u.value;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS && deps != NULL &&
	    edges == NULL && st->edges.graph_edges_len > 0)
		e = CUDA_ERROR_LOSSY_QUERY;
	if (e == CUDA_SUCCESS)
		e = keep_dependencies(st, server);
	if (e == CUDA_SUCCESS) {
		*status = (CUstreamCaptureStatus)st->status;
		if (*status == CU_STREAM_CAPTURE_STATUS_NONE)
			capture_known_ended(server, route_strip(stream));
		if (id != NULL)
			*id = st->id;
		if (graph != NULL)
			*graph = st->graph == 0 ? NULL :
			    (CUgraph)(uintptr_t)route_tag(st->graph, server);
		if (deps != NULL)
			*deps = st->dependencies.cu_nodes_len ? reported : NULL;
		if (edges != NULL)
			*edges = st->dependencies.cu_nodes_len ?
			    reported_edges : NULL;
		if (count != NULL)
			*count = st->dependencies.cu_nodes_len;
	}
	xdr_free((xdrproc_t)xdr_res_capture_state, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuStreamGetCaptureInfo(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out)
{
	if (known_not_capturing(hStream, captureStatus_out))
		return CUDA_SUCCESS;
	return ask_capture_info(hStream, captureStatus_out, id_out);
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v2(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out)
{
	if (known_not_capturing(hStream, captureStatus_out))
		return CUDA_SUCCESS;
	if (graph_out == NULL && dependencies_out == NULL &&
	    numDependencies_out == NULL)
		return ask_capture_info(hStream, captureStatus_out, id_out);
	return ask_capture_state(hStream, captureStatus_out, id_out, graph_out,
	    dependencies_out, NULL, numDependencies_out);
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v3(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
	/* Edge data without dependencies is the driver's error to give. */
	if ((edgeData_out == NULL || dependencies_out != NULL) &&
	    known_not_capturing(hStream, captureStatus_out))
		return CUDA_SUCCESS;
	if (graph_out == NULL && dependencies_out == NULL &&
	    edgeData_out == NULL && numDependencies_out == NULL)
		return ask_capture_info(hStream, captureStatus_out, id_out);
	return ask_capture_state(hStream, captureStatus_out, id_out, graph_out,
	    dependencies_out, edgeData_out, numDependencies_out);
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_ptsz(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out)
{
	return cuStreamGetCaptureInfo(thread_stream_null(hStream),
	    captureStatus_out, id_out);
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v2_ptsz(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out)
{
	return cuStreamGetCaptureInfo_v2(thread_stream_null(hStream),
	    captureStatus_out, id_out, graph_out, dependencies_out,
	    numDependencies_out);
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v3_ptsz(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
	return cuStreamGetCaptureInfo_v3(thread_stream_null(hStream),
	    captureStatus_out, id_out, graph_out, dependencies_out,
	    edgeData_out, numDependencies_out);
}

/*
 * The mode is the calling thread's, kept here: the server's one thread
 * takes, before each call of a thread, the mode that judges that call as
 * the driver would (capture_known.h).
 */
ONCUDA_API CUresult cuThreadExchangeStreamCaptureMode(
    CUstreamCaptureMode *mode)
{
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	return capture_known_exchange_mode(mode);
}

ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_v2(CUstream hStream,
    CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData,
    size_t numDependencies, unsigned int flags)
{
	struct route rt = ROUTE_INIT;
	graph_edges edges;
	cu_nodes nodes;
	struct call k;
	res_none r;
	CUresult e;

	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	route_handle(&rt, hStream, ROUTE_STREAM);
	if ((e = dependencies_to_wire(&rt, dependencies, dependencyData,
	    numDependencies, &nodes, &edges)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call(&k, &rt, CALL_REPLY(r))) == CUDA_SUCCESS)
		e = call_done(&k, cu_stream_update_capture_dependencies(
		    handle_of(hStream) & ROUTE_VALUE_MASK, nodes, edges, flags,
		    &r, k.c), &r.err);
	dependencies_release(&nodes, &edges);
	return e;
}

ONCUDA_API CUresult cuStreamUpdateCaptureDependencies(CUstream hStream,
    CUgraphNode *dependencies, size_t numDependencies, unsigned int flags)
{
	return cuStreamUpdateCaptureDependencies_v2(hStream, dependencies,
	    NULL, numDependencies, flags);
}
