/*
 * cuMemAllocAsync and cuMemAllocFromPoolAsync during a stream capture: the
 * driver makes an allocation node and the memory is the graph's.  A graph
 * that leaves its allocation live is launched, read through the address
 * and freed after each launch, three times over (the address stays the
 * graph's between launches); one that frees its allocation inside runs
 * twice; and graphs destroyed without a launch take their memory along.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

#define WORDS 16384u
#define BYTES (WORDS * 4u)

/* The capture's one allocation node: its address and size. */
static int alloc_node_of(CUgraph graph, CUdeviceptr *dptr, size_t *bytes)
{
	CUgraphNode nodes[8];
	CUgraphNodeType type;
	CUDA_MEM_ALLOC_NODE_PARAMS p;
	size_t count = 8, found = 0;

	CHECK_CU(cuGraphGetNodes(graph, nodes, &count), CUDA_SUCCESS);
	for (size_t i = 0; i < count; i++) {
		CHECK_CU(cuGraphNodeGetType(nodes[i], &type), CUDA_SUCCESS);
		if (type != CU_GRAPH_NODE_TYPE_MEM_ALLOC)
			continue;
		memset(&p, 0, sizeof(p));
		CHECK_CU(cuGraphMemAllocNodeGetParams(nodes[i], &p),
			 CUDA_SUCCESS);
		*dptr = p.dptr;
		*bytes = p.bytesize;
		found++;
	}
	CHECK_EQ(found, 1);
	return 0;
}

/* alloc (from pool, or the device's current pool) -> memset -> copy
 * into out [-> free], captured on s. */
static int capture(CUstream s, CUmemoryPool pool, unsigned int value,
		   CUdeviceptr out, int free_inside, CUgraph *graph,
		   CUdeviceptr *a)
{
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	if (pool != NULL)
		CHECK_CU(cuMemAllocFromPoolAsync(a, BYTES, pool, s),
			 CUDA_SUCCESS);
	else
		CHECK_CU(cuMemAllocAsync(a, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(*a, value, WORDS, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(out, *a, BYTES, s), CUDA_SUCCESS);
	if (free_inside)
		CHECK_CU(cuMemFreeAsync(*a, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, graph), CUDA_SUCCESS);
	return 0;
}

/* A graph whose allocation outlives each launch, freed by the program. */
static int live_after_launch(CUstream s, CUmemoryPool pool,
			     unsigned int value, CUdeviceptr out,
			     unsigned int *host)
{
	CUdeviceptr a = 0, node_dptr = 0;
	size_t node_bytes = 0;
	CUgraphExec exec;
	CUgraph graph;

	TRY(capture(s, pool, value, out, 0, &graph, &a));
	TRY(alloc_node_of(graph, &node_dptr, &node_bytes));
	CHECK_EQ(node_dptr, a);
	CHECK_EQ(node_bytes, BYTES);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		CHECK_CU(cuMemsetD32(out, 0, WORDS), CUDA_SUCCESS);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_words_are(out, WORDS, value, "copy out of graph memory"));
		/* The allocation itself, by its address, until freed. */
		memset(host, 0, BYTES);
		CHECK_CU(cuMemcpyDtoH(host, a, BYTES), CUDA_SUCCESS);
		CHECK_EQ(host[0], value);
		CHECK_EQ(host[WORDS - 1], value);
		CHECK_CU(cuMemFreeAsync(a, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

int test_capture_mem_alloc(void)
{
	CUmemPoolProps props;
	CUmemoryPool pool;
	CUdeviceptr out, a;
	CUgraphExec exec;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	unsigned int *host;
	int pools = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&pools,
		 CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED, dev), CUDA_SUCCESS);
	if (!pools)
		return e2e_skip("the device has no memory pools");
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&out, BYTES));
	if ((host = malloc(BYTES)) == NULL)
		return e2e_fail(__FILE__, __LINE__, "out of memory");
	e2e_defer_free(host);
	memset(&props, 0, sizeof(props));
	props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	props.location.id = (int)dev;
	CHECK_CU(cuMemPoolCreate(&pool, &props), CUDA_SUCCESS);

	TRY(live_after_launch(s, NULL, 0x5a5a0001u, out, host));
	TRY(live_after_launch(s, pool, 0x5a5a0002u, out, host));

	/* Allocated and freed inside: each launch brings its own. */
	TRY(capture(s, NULL, 0x5a5a0003u, out, 1, &graph, &a));
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 2; round++) {
		CHECK_CU(cuMemsetD32(out, 0, WORDS), CUDA_SUCCESS);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_words_are(out, WORDS, 0x5a5a0003u,
		    "copy out of memory the graph frees"));
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);

	/* Never launched: destroying the graph is all it takes. */
	for (unsigned int i = 0; i < 8; i++) {
		TRY(capture(s, i % 2 ? pool : NULL, i, out, 0, &graph, &a));
		CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	}
	CHECK_CU(cuDeviceGraphMemTrim(dev), CUDA_SUCCESS);

	/* The program's own memory is untouched by all this. */
	TRY(e2e_words_are(out, WORDS, 0x5a5a0003u, "the program's memory"));
	CHECK_CU(cuMemPoolDestroy(pool), CUDA_SUCCESS);
	return 0;
}
