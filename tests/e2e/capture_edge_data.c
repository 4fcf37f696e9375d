/*
 * Stream capture with edge data (CUgraphEdgeData, CUDA 12.3): a
 * programmatic edge set on a capture's open dependency with
 * cuStreamUpdateCaptureDependencies_v2 (what a library does that lets a
 * kernel start while the one before it finishes), reported back by
 * cuStreamGetCaptureInfo_v3, refused as lossy to a question that has no
 * room for it, and carried onto the edge of the next captured kernel;
 * then cuStreamBeginCaptureToGraph after a node over such an edge.  Both
 * graphs run.
 */
#include <string.h>

#include "check.h"
#include "graph_setup.h"

#define N 1024u

/* The CUDA 11.3 ABI, which cuda.h 13 no longer declares: the driver
 * exports it, with no room for edge data. */
CUresult cuStreamGetCaptureInfo_v2(CUstream hStream,
    CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out,
    CUgraph *graph_out, const CUgraphNode **dependencies_out,
    size_t *numDependencies_out);

/* The one edge of graph: it leaves from, and carries programmatic data. */
static int one_programmatic_edge(CUgraph graph, CUgraphNode from,
    const char *what)
{
	CUgraphNode ends[2][2];
	CUgraphEdgeData got[2];
	size_t count = 2;

	memset(got, 0xee, sizeof(got));
	CHECK_CU(cuGraphGetEdges(graph, ends[0], ends[1], got, &count),
		 CUDA_SUCCESS);
	CHECK_EQ(count, 1);
	CHECK(ends[0][0] == from);
	return e2e_is_programmatic(&got[0], what);
}

static int run(CUgraph graph, CUstream s)
{
	CUgraphExec exec;

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	return 0;
}

/* Capture of two kernels, the second joined over a programmatic edge. */
static int update_dependencies(CUfunction fill, CUstream s)
{
	unsigned long long n = N;
	unsigned int one = 1, two = 2;
	CUdeviceptr a, b;
	void *pa[] = { &a, &one, &n }, *pb[] = { &b, &two, &n };
	CUgraphEdgeData edge = e2e_programmatic_edge();
	const CUgraphEdgeData *edges;
	const CUgraphNode *deps;
	CUstreamCaptureStatus status;
	CUgraphNode first;
	CUgraph graph, seen;
	cuuint64_t id;
	size_t count;

	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 256, 1, 1, 0, s, pa, NULL),
		 CUDA_SUCCESS);

	/* A default edge: the data, where given, is all zero. */
	deps = NULL;
	edges = NULL;
	count = 0;
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, &id, &seen, &deps, &edges,
		 &count), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CHECK(count == 1 && deps != NULL && seen != NULL);
	CHECK(edges == NULL || (edges[0].type ==
	      CU_GRAPH_DEPENDENCY_TYPE_DEFAULT && edges[0].from_port == 0 &&
	      edges[0].to_port == 0));
	first = deps[0];

	CHECK_CU(cuStreamUpdateCaptureDependencies_v2(s, &first, &edge, 1,
		 CU_STREAM_SET_CAPTURE_DEPENDENCIES), CUDA_SUCCESS);
	count = 0;
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, NULL, NULL, &deps, &edges,
		 &count), CUDA_SUCCESS);
	CHECK(count == 1 && deps[0] == first);
	TRY(e2e_is_programmatic(&edges[0], "cuStreamGetCaptureInfo_v3"));
	/* The dependencies without their edge data would lose it. */
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, NULL, NULL, &deps, NULL,
		 &count), CUDA_ERROR_LOSSY_QUERY);
	CHECK_CU(cuStreamGetCaptureInfo_v2(s, &status, NULL, NULL, &deps,
		 &count), CUDA_ERROR_LOSSY_QUERY);
	/* The status and the count alone lose nothing. */
	count = 0;
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, NULL, NULL, NULL, NULL,
		 &count), CUDA_SUCCESS);
	CHECK(status == CU_STREAM_CAPTURE_STATUS_ACTIVE && count == 1);

	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 256, 1, 1, 0, s, pb, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &graph), CUDA_SUCCESS);
	CHECK(graph == seen);
	TRY(one_programmatic_edge(graph, first, "the captured graph's edge"));
	TRY(run(graph, s));
	TRY(e2e_words_are(a, N, 1, "the first captured kernel"));
	TRY(e2e_words_are(b, N, 2, "the kernel after the programmatic edge"));
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/* A capture into a graph, after one of its kernel nodes over the edge. */
static int capture_to_graph(CUfunction fill, CUstream s)
{
	unsigned long long n = N;
	unsigned int three = 3, four = 4;
	CUdeviceptr c, d;
	void *pc[] = { &c, &three, &n }, *pd[] = { &d, &four, &n };
	CUDA_KERNEL_NODE_PARAMS kp;
	CUgraphEdgeData edge = e2e_programmatic_edge();
	const CUgraphEdgeData *edges = NULL;
	const CUgraphNode *deps = NULL;
	CUstreamCaptureStatus status;
	CUgraphNode node;
	CUgraph graph, got;
	size_t count = 0;

	TRY(e2e_dalloc(&c, N * 4));
	TRY(e2e_dalloc(&d, N * 4));
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	kp = e2e_fill_node(fill, pc);
	CHECK_CU(cuGraphAddKernelNode(&node, graph, NULL, 0, &kp),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamBeginCaptureToGraph(s, graph, &node, &edge, 1,
		 CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, NULL, NULL, &deps, &edges,
		 &count), CUDA_SUCCESS);
	CHECK(count == 1 && deps[0] == node);
	TRY(e2e_is_programmatic(&edges[0],
	    "cuStreamBeginCaptureToGraph's edge"));
	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 256, 1, 1, 0, s, pd, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &got), CUDA_SUCCESS);
	CHECK(got == graph);
	TRY(one_programmatic_edge(graph, node, "the graph's edge"));
	TRY(run(graph, s));
	TRY(e2e_words_are(c, N, 3, "the graph's own kernel"));
	TRY(e2e_words_are(d, N, 4, "the kernel captured into the graph"));
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

int test_capture_edge_data(void)
{
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(update_dependencies(fill, s));
	TRY(capture_to_graph(fill, s));
	return 0;
}
