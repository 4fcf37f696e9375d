/*
 * ptsz.c -- the per-thread-default-stream forms (_ptsz) of the capture and
 * graph calls.
 *
 * A program built with --default-stream per-thread (or
 * CUDA_API_PER_THREAD_DEFAULT_STREAM) calls these; they differ from the
 * plain calls only in what the NULL stream means: the calling thread's
 * default stream, CU_STREAM_PER_THREAD, which the server's driver resolves
 * for the session's thread.  thread_stream_null() below is the one place that
 * translation is made for these calls.
 */
#include <stdint.h>
#include <string.h>

#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

ONCUDA_API CUresult cuStreamBeginCapture_ptsz(CUstream hStream);
ONCUDA_API CUresult cuStreamBeginCapture_v2_ptsz(CUstream hStream,
    CUstreamCaptureMode mode);
ONCUDA_API CUresult cuStreamBeginCaptureToGraph_ptsz(CUstream hStream,
    CUgraph hGraph, const CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    CUstreamCaptureMode mode);
ONCUDA_API CUresult cuStreamEndCapture_ptsz(CUstream hStream,
    CUgraph *phGraph);
ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_ptsz(CUstream hStream,
    CUgraphNode *dependencies, size_t numDependencies, unsigned int flags);
ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_v2_ptsz(
    CUstream hStream, CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    unsigned int flags);
ONCUDA_API CUresult cuGraphInstantiateWithParams_ptsz(
    CUgraphExec *phGraphExec, CUgraph hGraph,
    CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams);

ONCUDA_API CUresult cuStreamBeginCapture_ptsz(CUstream hStream)
{
	return cuStreamBeginCapture_v2(thread_stream_null(hStream),
	    CU_STREAM_CAPTURE_MODE_GLOBAL);
}

ONCUDA_API CUresult cuStreamBeginCapture_v2_ptsz(CUstream hStream,
    CUstreamCaptureMode mode)
{
	return cuStreamBeginCapture_v2(thread_stream_null(hStream), mode);
}

ONCUDA_API CUresult cuStreamBeginCaptureToGraph_ptsz(CUstream hStream,
    CUgraph hGraph, const CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    CUstreamCaptureMode mode)
{
	return cuStreamBeginCaptureToGraph(thread_stream_null(hStream), hGraph,
	    dependencies, dependencyData, numDependencies, mode);
}

ONCUDA_API CUresult cuStreamEndCapture_ptsz(CUstream hStream,
    CUgraph *phGraph)
{
	return cuStreamEndCapture(thread_stream_null(hStream), phGraph);
}

ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_ptsz(CUstream hStream,
    CUgraphNode *dependencies, size_t numDependencies, unsigned int flags)
{
	return cuStreamUpdateCaptureDependencies_v2(thread_stream_null(hStream),
	    dependencies, NULL, numDependencies, flags);
}

ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_v2_ptsz(
    CUstream hStream, CUgraphNode *dependencies,
    const CUgraphEdgeData *dependencyData, size_t numDependencies,
    unsigned int flags)
{
	return cuStreamUpdateCaptureDependencies_v2(thread_stream_null(hStream),
	    dependencies, dependencyData, numDependencies, flags);
}

/* The upload stream is the one the parameters name. */
ONCUDA_API CUresult cuGraphInstantiateWithParams_ptsz(
    CUgraphExec *phGraphExec, CUgraph hGraph,
    CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams)
{
	CUDA_GRAPH_INSTANTIATE_PARAMS p;
	CUresult e;

	if (instantiateParams == NULL)
		return cuGraphInstantiateWithParams(phGraphExec, hGraph, NULL);
	p = *instantiateParams;
	if (p.flags & CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD)
		p.hUploadStream = thread_stream_null(p.hUploadStream);
	e = cuGraphInstantiateWithParams(phGraphExec, hGraph, &p);
	instantiateParams->result_out = p.result_out;
	instantiateParams->hErrNode_out = p.hErrNode_out;
	return e;
}
