/*
 * Graph edges that carry data (CUgraphEdgeData, CUDA 12.3): a kernel node
 * added with cuGraphAddNode_v2 behind another over a programmatic edge,
 * as XLA adds its kernel nodes on Hopper.  The edge's data comes back from
 * every query that reports edges, the graph runs, the edge is removed by
 * its data and added again as a default one.  An edge the driver refuses
 * leaves no node behind; reserved bytes set are refused.
 */
#include <string.h>

#include "check.h"
#include "graph_setup.h"

#define N 1024u


/* A kernel node's parameters in cuGraphAddNode's form. */
static CUgraphNodeParams kernel_node(CUfunction fill, void **params)
{
	CUDA_KERNEL_NODE_PARAMS k = e2e_fill_node(fill, params);
	CUgraphNodeParams p;

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_KERNEL;
	p.kernel.func = k.func;
	p.kernel.gridDimX = k.gridDimX;
	p.kernel.gridDimY = k.gridDimY;
	p.kernel.gridDimZ = k.gridDimZ;
	p.kernel.blockDimX = k.blockDimX;
	p.kernel.blockDimY = k.blockDimY;
	p.kernel.blockDimZ = k.blockDimZ;
	p.kernel.kernelParams = k.kernelParams;
	return p;
}

int test_graph_edge_data(void)
{
	unsigned long long n = N;
	unsigned int one = 1, two = 2;
	CUdeviceptr a, b;
	void *params_a[] = { &a, &one, &n }, *params_b[] = { &b, &two, &n };
	CUgraphEdgeData edge = e2e_programmatic_edge(), got[2];
	CUgraphNode first, second, third, from[2], to[2];
	CUgraphNodeParams p;
	CUgraphExec exec;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUgraph graph;
	CUstream s;
	size_t count;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);

	p = kernel_node(fill, params_a);
	CHECK_CU(cuGraphAddNode(&first, graph, NULL, NULL, 0, &p),
		 CUDA_SUCCESS);
	p = kernel_node(fill, params_b);
	CHECK_CU(cuGraphAddNode(&second, graph, &first, &edge, 1, &p),
		 CUDA_SUCCESS);

	/* Every query that reports the edge reports its data. */
	count = 2;
	memset(got, 0xee, sizeof(got));
	CHECK_CU(cuGraphGetEdges(graph, from, to, got, &count), CUDA_SUCCESS);
	CHECK(count == 1 && from[0] == first && to[0] == second);
	TRY(e2e_is_programmatic(&got[0], "cuGraphGetEdges"));
	count = 2;
	CHECK_CU(cuGraphNodeGetDependencies(second, from, got, &count),
		 CUDA_SUCCESS);
	CHECK(count == 1 && from[0] == first);
	TRY(e2e_is_programmatic(&got[0], "cuGraphNodeGetDependencies"));
	count = 2;
	CHECK_CU(cuGraphNodeGetDependentNodes(first, to, got, &count),
		 CUDA_SUCCESS);
	CHECK(count == 1 && to[0] == second);
	TRY(e2e_is_programmatic(&got[0], "cuGraphNodeGetDependentNodes"));

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(a, N, 1, "a after the launch"));
	TRY(e2e_words_are(b, N, 2, "b after the launch"));
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);

	/* Reserved bytes set: refused, no node added. */
	edge.reserved[0] = 1;
	CHECK_CU(cuGraphAddNode(&third, graph, &second, &edge, 1, &p),
		 CUDA_ERROR_INVALID_VALUE);
	edge = e2e_programmatic_edge();
	/* A programmatic edge into a memset node: the driver refuses it,
	 * and the node it was for is not left in the graph. */
	if (!e2e_on_stand_in()) {
		memset(&p, 0, sizeof(p));
		p.type = CU_GRAPH_NODE_TYPE_MEMSET;
		p.memset.dst = a;
		p.memset.elementSize = 4;
		p.memset.width = N;
		p.memset.height = 1;
		p.memset.ctx = ctx;
		CHECK(cuGraphAddNode(&third, graph, &second, &edge, 1, &p) !=
		      CUDA_SUCCESS);
	}
	count = 0;
	CHECK_CU(cuGraphGetNodes(graph, NULL, &count), CUDA_SUCCESS);
	CHECK(count == 2);

	/* Removed by its data, added again as a default edge. */
	CHECK_CU(cuGraphRemoveDependencies(graph, &first, &second, &edge, 1),
		 CUDA_SUCCESS);
	count = 0;
	CHECK_CU(cuGraphGetEdges(graph, NULL, NULL, NULL, &count),
		 CUDA_SUCCESS);
	CHECK(count == 0);
	CHECK_CU(cuGraphAddDependencies(graph, &first, &second, NULL, 1),
		 CUDA_SUCCESS);
	count = 2;
	memset(got, 0xee, sizeof(got));
	CHECK_CU(cuGraphGetEdges(graph, from, to, got, &count), CUDA_SUCCESS);
	CHECK(count == 1 && got[0].type == CU_GRAPH_DEPENDENCY_TYPE_DEFAULT &&
	      got[0].from_port == 0 && got[0].to_port == 0);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}
