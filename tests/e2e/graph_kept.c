/*
 * Graphs made, queried and destroyed in a loop: the pointers a node query
 * hands out (a kernel node's arguments) hold the node's values while the
 * node lives, whichever way the node was reached (added, embedded in a
 * child graph node, found in a clone); the original of a child graph
 * keeps its own when the graph it was copied into goes.  Through oncuda
 * the client keeps copies of what those pointers point to: here its heap
 * must not grow with the graphs made and destroyed, as it did when the
 * copies lived for the process.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "graph_setup.h"
#include "tests.h"

#define WORDS 1024u
#define ROUNDS 400
#define WARM 16

/* node's value argument (the second) as its query answers it. */
static int value_of(CUgraphNode node, unsigned int **at)
{
	CUDA_KERNEL_NODE_PARAMS got;

	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphKernelNodeGetParams(node, &got), CUDA_SUCCESS);
	CHECK(got.kernelParams != NULL);
	*at = (unsigned int *)got.kernelParams[1];
	return 0;
}

/* One graph's life; the values are round's. */
static int one_round(CUfunction fill, CUdeviceptr a, unsigned int round)
{
	unsigned long long n = WORDS;
	unsigned int v = round, *at, *inner_at;
	void *params[] = { &a, &v, &n };
	CUDA_KERNEL_NODE_PARAMS k = e2e_fill_node(fill, params);
	CUgraphNode inner_kern, kern, child, embedded, cloned;
	CUgraph inner, graph, emb, clone;
	size_t count = 1;

	CHECK_CU(cuGraphCreate(&inner, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddKernelNode(&inner_kern, inner, NULL, 0, &k),
		 CUDA_SUCCESS);
	v = round + 1;
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddKernelNode(&kern, graph, NULL, 0, &k),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphAddChildGraphNode(&child, graph, &kern, 1, inner),
		 CUDA_SUCCESS);
	v = 0;

	TRY(value_of(kern, &at));
	CHECK_EQ(*at, round + 1);
	TRY(value_of(inner_kern, &inner_at));
	CHECK_EQ(*inner_at, round);
	CHECK_CU(cuGraphChildGraphNodeGetGraph(child, &emb), CUDA_SUCCESS);
	CHECK_CU(cuGraphGetNodes(emb, &embedded, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 1);
	TRY(value_of(embedded, &at));
	CHECK_EQ(*at, round);

	CHECK_CU(cuGraphClone(&clone, graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphNodeFindInClone(&cloned, kern, clone), CUDA_SUCCESS);
	TRY(value_of(cloned, &at));
	CHECK_EQ(*at, round + 1);

	/* Set again, the query answers the new value. */
	v = round + 2;
	CHECK_CU(cuGraphKernelNodeSetParams(kern, &k), CUDA_SUCCESS);
	TRY(value_of(kern, &at));
	CHECK_EQ(*at, round + 2);
	/* The clone's node is its own. */
	TRY(value_of(cloned, &at));
	CHECK_EQ(*at, round + 1);

	CHECK_CU(cuGraphDestroy(clone), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroyNode(child), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	/* The child graph's original outlives the copy embedded in graph. */
	CHECK_EQ(*inner_at, round);
	CHECK_CU(cuGraphDestroy(inner), CUDA_SUCCESS);
	return 0;
}

int test_graph_params_kept(void)
{
	int remote = getenv("ONCUDA_TEST_REMOTE") != NULL;
	size_t before = 0, after;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr a;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, NULL));
	TRY(e2e_dalloc(&a, WORDS * 4));
	for (unsigned int i = 0; i < ROUNDS; i++) {
		if (i == WARM)
			before = mallinfo2().uordblks;
		TRY(one_round(fill, a, 1000 * i));
	}
	after = mallinfo2().uordblks;
	/* Five kept answers a round, some 180 KiB over the rounds when
	 * they were never freed.  Natively the driver's heap is its own
	 * business. */
	if (remote && after > before + 16384)
		return e2e_fail(__FILE__, __LINE__, "the heap grew by %zu bytes "
		    "over %d graphs made and destroyed", after - before,
		    ROUNDS - WARM);
	return 0;
}
