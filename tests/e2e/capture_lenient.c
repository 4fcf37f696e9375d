/*
 * A capture records a memset of memory nobody allocated, as the driver
 * does: cuDNN captures memsets of a workspace at a null base and reads the
 * graph back.  Through oncuda such a graph must not run: it may be
 * instantiated only once its nodes name the client's own memory
 * (server/session/capture.h).  Natively an instantiation of the bad graph
 * succeeds and its launch faults, so that part is checked remotely only.
 * Both captures do this: into the capture's own graph (cuDNN reading its
 * nodes back under XLA) and into a graph the program made
 * (cuStreamBeginCaptureToGraph, cuDNN's graph API under XLA's command
 * buffers).
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define WORDS 1024

/* into: capture into this graph of the program's, or NULL. */
static int capture_unowned(CUgraph into)
{
	CUDA_MEMSET_NODE_PARAMS set;
	CUgraphNode nodes[4];
	CUgraphNodeType type;
	CUgraphExec exec;
	CUdeviceptr buf;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	CUgraph g = into;
	size_t count = 4;
	unsigned int words[WORDS];
	int memsets = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&buf, sizeof(words)));
	if (into == NULL)
		CHECK_CU(cuStreamBeginCapture(s,
			 CU_STREAM_CAPTURE_MODE_THREAD_LOCAL), CUDA_SUCCESS);
	else
		CHECK_CU(cuStreamBeginCaptureToGraph(s, into, NULL, NULL, 0,
			 CU_STREAM_CAPTURE_MODE_THREAD_LOCAL), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD8Async((CUdeviceptr)0x80, 0, 4096, s), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(buf, 7, WORDS, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &g), CUDA_SUCCESS);
	CHECK(into == NULL || g == into);
	CHECK_CU(cuGraphGetNodes(g, nodes, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 2);
	for (size_t i = 0; i < count; i++) {
		CHECK_CU(cuGraphNodeGetType(nodes[i], &type), CUDA_SUCCESS);
		CHECK_EQ(type, CU_GRAPH_NODE_TYPE_MEMSET);
		CHECK_CU(cuGraphMemsetNodeGetParams(nodes[i], &set),
			 CUDA_SUCCESS);
		if (set.dst != (CUdeviceptr)0x80)
			continue;
		memsets++;
		CHECK_EQ(set.width, 4096);
		if (getenv("ONCUDA_TEST_REMOTE") != NULL)
			CHECK_CU(cuGraphInstantiate(&exec, g, 0),
				 CUDA_ERROR_INVALID_VALUE);
		/* Pointed at the client's memory, it may run. */
		set.dst = buf;
		set.elementSize = 4;
		set.width = WORDS / 2;
		set.value = 9;
		CHECK_CU(cuGraphMemsetNodeSetParams(nodes[i], &set),
			 CUDA_SUCCESS);
	}
	CHECK_EQ(memsets, 1);
	CHECK_CU(cuGraphInstantiate(&exec, g, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(words, buf, sizeof(words)), CUDA_SUCCESS);
	/* The two memsets ran in capture order or at once: each word is one
	 * of the two values, the upper half 7. */
	for (unsigned i = 0; i < WORDS; i++)
		CHECK(words[i] == 7 || (i < WORDS / 2 && words[i] == 9));
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(g), CUDA_SUCCESS);
	return 0;
}

int test_capture_unowned_memset(void)
{
	CUgraph into;

	TRY(capture_unowned(NULL));
	CHECK_CU(cuGraphCreate(&into, 0), CUDA_SUCCESS);
	return capture_unowned(into);
}
