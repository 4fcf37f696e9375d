/*
 * server/session/capture.c -- copies with a host side and stream capture.
 *
 * A capture is the driver's: the calls the client sends one-way reach the
 * driver on the captured stream and become nodes there.  Only a copy whose
 * host side is a buffer of the server (staging slots, the upload pool, a
 * decoded message, the same-host area) cannot be captured, because a
 * replay would read or write that buffer long after it was reused; such a
 * copy invalidates the capture instead.  Until the session begins its
 * first capture no stream can be capturing (a capture starts only with
 * cuStreamBeginCapture, and other streams join it only by waiting on its
 * events), so the copy paths ask the driver nothing until then.
 *
 * A capture records work without doing it, and the driver records memsets
 * of memory nobody allocated: cuDNN captures its kernels and the memsets
 * of a workspace at a null base to read the graph's nodes back, and never
 * launches that graph; cuDNN's graph API does the same into a graph the
 * program made (cuStreamBeginCaptureToGraph: XLA's command buffers), and
 * sets the real workspace before the graph is instantiated.  So a capture
 * may record a range this client does not own; such a graph is checked
 * before it can run (capture_graph_check), which keeps the rule of
 * ranges.h: no work of this client touches memory the driver did not give
 * it.  The body graphs of conditional nodes are the exception: that walk
 * does not reach them (CUDA 13.0 has no call that lists a conditional
 * node's bodies), so a capture into one is checked as any work is.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include <cuda.h>

#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"

/* Whether this session has begun a capture (see the head of the file). */
static bool capture_begun;

/* Whether a capture has recorded a range this client does not own. */
static bool lenient_used;

/* Graphs inside graphs deeper than this are refused, not walked. */
#define GRAPH_DEPTH_MAX 16

void capture_note_begun(void)
{
	capture_begun = true;
}

CUresult capture_refuse_host_copy(cu_handle stream, const char *call)
{
	CUstreamCaptureStatus status;
	CUstream s = (CUstream)(uintptr_t)stream;

	if (!capture_begun)
		return CUDA_SUCCESS;
	if (cuStreamIsCapturing(s, &status) != CUDA_SUCCESS ||
	    status != CU_STREAM_CAPTURE_STATUS_ACTIVE)
		return CUDA_SUCCESS;
	/*
	 * Querying a capturing stream is illegal in every capture mode: the
	 * driver answers CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED and
	 * invalidates the capture, which is what the program must see.
	 */
	(void)cuStreamQuery(s);
	log_msg(LOG_INFO, "%s into a capturing stream refused: a replay "
	    "would use a host buffer of the server's", call);
	return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
}

CUresult capture_range_check(cu_handle stream, uint64_t addr, uint64_t count,
    uint64_t elem, const char *call)
{
	CUstreamCaptureStatus status;
	CUgraph graph = NULL;
	uint64_t len;

	if (!capture_begun || stream == 0 ||
	    __builtin_mul_overflow(count, elem, &len))
		return range_check(addr, count, elem, call);
	if (ranges_owned(addr, len))
		return CUDA_SUCCESS;
	if (cuStreamGetCaptureInfo((CUstream)(uintptr_t)stream, &status, NULL,
	    &graph, NULL, NULL, NULL) != CUDA_SUCCESS ||
	    status != CU_STREAM_CAPTURE_STATUS_ACTIVE || graph == NULL ||
	    handle_owner(HANDLE_GRAPH, (cu_handle)(uintptr_t)graph,
	    HANDLE_GRAPH_NODE) != 0)
		return range_check(addr, count, elem, call);
	lenient_used = true;
	log_msg(LOG_DEBUG, "%s of %llu bytes at %#llx recorded by a capture: "
	    "its graph is checked before it runs", call,
	    (unsigned long long)len, (unsigned long long)addr);
	return CUDA_SUCCESS;
}

/* The bytes a memset node reaches; UINT64_MAX when they do not fit. */
static uint64_t memset_span(const CUDA_MEMSET_NODE_PARAMS *p)
{
	uint64_t span;

	return ranges_span_2d(p->width, p->elementSize, p->height, p->pitch,
	    &span) ? span : UINT64_MAX;
}

static CUresult check_graph(CUgraph graph, unsigned depth)
{
	CUgraphNode *nodes;
	size_t count = 0;
	CUresult e;

	if (depth > GRAPH_DEPTH_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuGraphGetNodes(graph, NULL, &count)) != CUDA_SUCCESS ||
	    count == 0)
		return e;
	if ((nodes = calloc(count, sizeof(*nodes))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	e = cuGraphGetNodes(graph, nodes, &count);
	for (size_t i = 0; e == CUDA_SUCCESS && i < count; i++) {
		CUDA_MEMSET_NODE_PARAMS set;
		CUgraphNodeType type;
		CUgraph child;

		if ((e = cuGraphNodeGetType(nodes[i], &type)) != CUDA_SUCCESS)
			break;
		if (type == CU_GRAPH_NODE_TYPE_MEMSET &&
		    (e = cuGraphMemsetNodeGetParams(nodes[i], &set)) ==
		    CUDA_SUCCESS)
			e = range_check(set.dst, memset_span(&set), 1,
			    "a memset node");
		else if (type == CU_GRAPH_NODE_TYPE_GRAPH &&
		    (e = cuGraphChildGraphNodeGetGraph(nodes[i], &child)) ==
		    CUDA_SUCCESS)
			e = check_graph(child, depth + 1);
	}
	free(nodes);
	return e;
}

CUresult capture_graph_check(cu_handle graph)
{
	CUresult e;

	if (!lenient_used || graph == 0)
		return CUDA_SUCCESS;
	if ((e = check_graph((CUgraph)(uintptr_t)graph, 0)) != CUDA_SUCCESS)
		log_msg(LOG_INFO, "refused a graph that holds work on memory "
		    "this client does not own (recorded by a capture)");
	return e;
}
