/*
 * stream_capture.c -- what a program may ask about stream capture, which
 * oncuda does not offer (cuStreamBeginCapture is not supported).
 *
 * cuBLAS asks cuStreamGetCaptureInfo_v2 before each launch, and PyTorch
 * cuStreamIsCapturing (generated glue), to learn whether they run inside a
 * graph capture; both must answer "not capturing" rather than fail.  The
 * three ABIs of cuStreamGetCaptureInfo share one procedure, which returns
 * status and id; the graph and dependency outputs are written as NULL and
 * 0 (idl/cuda.x says why).
 */
#include <stdint.h>
#include <string.h>

#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/*
 * cuda.h 13 maps cuStreamGetCaptureInfo to _v3 and does not declare the
 * older ABIs; the driver exports all three and cuGetProcAddress hands them
 * out by the version asked (stubs/answers/procaddr-580.tsv).
 */
#undef cuStreamGetCaptureInfo
ONCUDA_API CUresult cuStreamGetCaptureInfo(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out);
ONCUDA_API CUresult cuStreamGetCaptureInfo_v2(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out);

/* Status and id of the stream, as the server's driver gives them. */
static CUresult ask_capture_info(CUstream stream,
    CUstreamCaptureStatus *status, cuuint64_t *id)
{
	res_capture_info r;
	CUresult e;
	CLIENT *c;

	if (status == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof(r));
	if ((c = route_begin(stream, ROUTE_STREAM, NULL, ROUTE_HANDLE, &e)) ==
	    NULL)
		return e;
	e = rpc_end(cu_stream_get_capture_info_13000(route_strip(stream), &r,
	    c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	*status = (CUstreamCaptureStatus)r.res_capture_info_u.value.status;
	if (id != NULL)
		*id = r.res_capture_info_u.value.id;
	return CUDA_SUCCESS;
}

/*
 * No capture can be active on the server, since nothing here begins one:
 * there is no graph and there are no dependencies to report.
 */
static void no_graph(CUgraph *graph, const CUgraphNode **dependencies,
    const CUgraphEdgeData **edge_data, size_t *count)
{
	if (graph != NULL)
		*graph = NULL;
	if (dependencies != NULL)
		*dependencies = NULL;
	if (edge_data != NULL)
		*edge_data = NULL;
	if (count != NULL)
		*count = 0;
}

ONCUDA_API CUresult cuStreamGetCaptureInfo(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out)
{
	return ask_capture_info(hStream, captureStatus_out, id_out);
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v2(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out)
{
	CUresult e = ask_capture_info(hStream, captureStatus_out, id_out);

	if (e == CUDA_SUCCESS)
		no_graph(graph_out, dependencies_out, NULL, numDependencies_out);
	return e;
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v3(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
	CUresult e = ask_capture_info(hStream, captureStatus_out, id_out);

	if (e == CUDA_SUCCESS)
		no_graph(graph_out, dependencies_out, edgeData_out,
		    numDependencies_out);
	return e;
}
