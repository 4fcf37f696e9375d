/*
 * svc_capture.c -- stream capture: the procedures that cannot be plain.
 *
 * The capture itself happens in the driver (idl/cuda.x, "stream capture
 * and graphs"); what the server adds is the rule for copies with a host
 * side (server/session/capture.c), which needs to know that the session
 * has begun a capture.  The capture mode of
 * cuThreadExchangeStreamCaptureMode is per thread in the driver; the
 * session has one thread, so it is the session's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/edge_data.h"
#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/svc/svc_graph.h"
/* The generated glue of CU_STREAM_BEGIN_CAPTURE calls the driver; this is
 * the one place that learns a capture began, so the glue is by hand. */
bool_t cu_stream_begin_capture_svc(cu_handle stream, int mode,
    res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	capture_note_begun();
	r->err = cuStreamBeginCapture((CUstream)(uintptr_t)stream,
	    (CUstreamCaptureMode)mode);
	return TRUE;
}

bool_t cu_stream_end_capture_svc(cu_handle stream, res_handle *r,
    struct svc_req *rq)
{
	CUgraph graph = NULL;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuStreamEndCapture((CUstream)(uintptr_t)stream, &graph);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	r->res_handle_u.value = (cu_handle)(uintptr_t)graph;
	if (!handle_add(HANDLE_GRAPH, r->res_handle_u.value, 0)) {
		(void)cuGraphDestroy(graph);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}

/*
 * The edge data is always asked for: without it the driver would answer
 * CUDA_ERROR_LOSSY_QUERY for a dependency joined by a special edge, which
 * is the client's to decide, by what its program asked (idl/cuda.x).
 */
bool_t cu_stream_get_capture_state_svc(cu_handle stream,
    res_capture_state *r, struct svc_req *rq)
{
	const CUgraphNode *deps = NULL;
	const CUgraphEdgeData *edges = NULL;
	CUstreamCaptureStatus status;
	capture_state *out = &r->res_capture_state_u.value;
	cuuint64_t id = 0;
	CUgraph graph = NULL;
	size_t count = 0;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuStreamGetCaptureInfo((CUstream)(uintptr_t)stream, &status,
	    &id, &graph, &deps, &edges, &count);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	out->status = (int)status;
	out->id = id;
	out->graph = (cu_handle)(uintptr_t)graph;
	if (graph != NULL && !handle_add(HANDLE_GRAPH, out->graph, 0))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	else if ((r->err = graph_nodes_reply(out->graph, deps, count,
	    &out->dependencies)) == CUDA_SUCCESS)
		r->err = edge_data_to_wire(edges, count, &out->edges);
	/* An error reply carries no lists, so the dispatcher frees none. */
	if (r->err != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_capture_state, (char *)out);
		memset(out, 0, sizeof(*out));
	}
	return TRUE;
}

bool_t cu_thread_exchange_stream_capture_mode_svc(int mode,
    res_int *r, struct svc_req *rq)
{
	CUstreamCaptureMode m = (CUstreamCaptureMode)mode;

	(void)rq;
	r->err = cuThreadExchangeStreamCaptureMode(&m);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = (int)m;
	return TRUE;
}

bool_t cu_stream_update_capture_dependencies_svc(cu_handle stream,
    cu_nodes nodes, graph_edges edges, u_int flags, res_none *r,
    struct svc_req *rq)
{
	CUgraphEdgeData *data = NULL;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS ||
	    (r->err = graph_nodes_check(&nodes)) != CUDA_SUCCESS ||
	    (r->err = graph_edges_in(&edges, nodes.cu_nodes_len, &data)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuStreamUpdateCaptureDependencies(
	    (CUstream)(uintptr_t)stream, graph_nodes_of(&nodes), data,
	    nodes.cu_nodes_len, flags);
	free(data);
	return TRUE;
}

bool_t cu_stream_begin_capture_to_graph_svc(cu_handle stream, cu_handle graph,
    cu_nodes deps, graph_edges edges, int mode, res_none *r,
    struct svc_req *rq)
{
	CUgraphEdgeData *data = NULL;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS ||
	    (r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = graph_nodes_check(&deps)) != CUDA_SUCCESS ||
	    (r->err = graph_edges_in(&edges, deps.cu_nodes_len, &data)) !=
	    CUDA_SUCCESS)
		return TRUE;
	capture_note_begun();
	r->err = cuStreamBeginCaptureToGraph((CUstream)(uintptr_t)stream,
	    (CUgraph)(uintptr_t)graph, graph_nodes_of(&deps), data,
	    deps.cu_nodes_len, (CUstreamCaptureMode)mode);
	free(data);
	return TRUE;
}
