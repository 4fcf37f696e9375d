/*
 * Stream capture and graphs: a captured sequence replayed with changing
 * inputs, the errors of an illegal call during a capture, and a graph
 * built node by node (kernel, memset, memcpy, empty, events, a child
 * graph), queried, updated in its executable form and printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "graph_setup.h"

#define N 4096u

int test_graph_capture(void)
{
	unsigned long long n = N, half = N / 2;
	unsigned int v = 11, seen;
	void *params[] = { NULL, &v, &n };
	CUstreamCaptureStatus status;
	const CUgraphNode *deps;
	CUdeviceptr a, b;
	CUgraph graph, during, bad;
	CUgraphExec exec;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUevent ev;
	CUstream s;
	size_t count;
	cuuint64_t id;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(ev);
	params[0] = &a;

	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, &id, &during, &deps, NULL,
					&count), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CHECK(during != NULL);
	CHECK_EQ(count, 0);

	/*
	 * Three nodes in a chain (an event recorded in a capture is not a
	 * node of its own); the kernel's arguments are taken now.
	 */
	CHECK_CU(cuLaunchKernel(fill, 8, 1, 1, 128, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(b, 7, N, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(b, a, half * 4, s), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(ev, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetCaptureInfo(s, &status, &id, NULL, &deps, NULL,
					&count), CUDA_SUCCESS);
	CHECK_EQ(count, 1);
	CHECK(deps != NULL && deps[0] != NULL);
	CHECK_CU(cuStreamEndCapture(s, &graph), CUDA_SUCCESS);
	CHECK(graph == during);
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_NONE);
	count = 0;
	CHECK_CU(cuGraphGetNodes(graph, NULL, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 3);

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	v = 99;		/* the node keeps 11 */
	for (int round = 0; round < 3; round++) {
		/*
		 * New inputs each round: the replay must overwrite them.  On
		 * s, which does not wait for the legacy stream, where a
		 * synchronous memset may still run when the graph starts
		 * (seen on a loaded H200 through oncuda).
		 */
		CHECK_CU(cuMemsetD32Async(a, 0, N, s), CUDA_SUCCESS);
		CHECK_CU(cuMemsetD32Async(b, 1, N, s), CUDA_SUCCESS);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_words_are(a, N, 11, "replayed fill"));
		TRY(e2e_words_are(b, half, 11, "replayed copy"));
		TRY(e2e_words_are(b + half * 4, half, 7, "replayed memset"));
	}
	/* Recorded only inside a capture, the event has no work of its own
	 * to report on (the driver on the H200 says so). */
	CHECK_CU(cuEventQuery(ev), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);

	/* A synchronizing call during a global capture ends it badly. */
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(fill, 8, 1, 1, 128, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_INVALIDATED);
	bad = (CUgraph)(uintptr_t)1;
	CHECK_CU(cuStreamEndCapture(s, &bad),
		 CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	CHECK(bad == NULL);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(&seen, a, 4), CUDA_SUCCESS);
	CHECK_EQ(seen, 11);	/* the launch was captured, never run */
	return 0;
}

int test_graph_explicit(void)
{
	unsigned long long n = N;
	unsigned int v = 5;
	CUdeviceptr a, b, c;
	void *params[] = { &a, &v, &n };
	CUgraphNode kern, set, copy, join, rec, wait, child, got[8];
	CUgraphNode from[8], to[8];
	CUDA_KERNEL_NODE_PARAMS k;
	CUDA_MEMSET_NODE_PARAMS ms;
	CUDA_MEMCPY3D cp;
	CUgraphExecUpdateResultInfo info;
	CUgraph graph, clone, outer;
	CUgraphExec exec, outer_exec;
	CUgraphNodeType type;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUevent ev;
	CUstream s;
	size_t count;
	char dot[] = "/tmp/oncuda-e2e-graph-XXXXXX";
	int fd;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	TRY(e2e_dalloc(&c, N * 4));
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(ev);

	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	k = e2e_fill_node(fill, params);
	CHECK_CU(cuGraphAddKernelNode(&kern, graph, NULL, 0, &k),
		 CUDA_SUCCESS);
	memset(&ms, 0, sizeof(ms));
	ms.dst = b;
	ms.value = 9;
	ms.elementSize = 4;
	ms.width = N;
	ms.height = 1;
	CHECK_CU(cuGraphAddMemsetNode(&set, graph, NULL, 0, &ms, ctx),
		 CUDA_SUCCESS);
	memset(&cp, 0, sizeof(cp));
	cp.srcMemoryType = cp.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.srcDevice = a;
	cp.dstDevice = c;
	cp.WidthInBytes = N * 4;
	cp.Height = cp.Depth = 1;
	CHECK_CU(cuGraphAddMemcpyNode(&copy, graph, &kern, 1, &cp, ctx),
		 CUDA_SUCCESS);
	{
		CUgraphNode both[2] = { copy, set };

		CHECK_CU(cuGraphAddEmptyNode(&join, graph, both, 2),
			 CUDA_SUCCESS);
	}
	CHECK_CU(cuGraphAddEventRecordNode(&rec, graph, &join, 1, ev),
		 CUDA_SUCCESS);

	count = 8;
	CHECK_CU(cuGraphGetNodes(graph, got, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 5);
	count = 8;
	CHECK_CU(cuGraphGetRootNodes(graph, got, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 2);
	CHECK_EQ(got[2], NULL);
	count = 8;
	CHECK_CU(cuGraphGetEdges(graph, from, to, NULL, &count),
		 CUDA_SUCCESS);
	CHECK_EQ(count, 4);
	count = 8;
	CHECK_CU(cuGraphNodeGetDependencies(join, got, NULL, &count),
		 CUDA_SUCCESS);
	CHECK_EQ(count, 2);
	CHECK_CU(cuGraphNodeGetType(kern, &type), CUDA_SUCCESS);
	CHECK_EQ(type, CU_GRAPH_NODE_TYPE_KERNEL);
	CHECK_CU(cuGraphNodeGetType(copy, &type), CUDA_SUCCESS);
	CHECK_EQ(type, CU_GRAPH_NODE_TYPE_MEMCPY);
	CHECK_CU(cuGraphNodeGetType(rec, &type), CUDA_SUCCESS);
	CHECK_EQ(type, CU_GRAPH_NODE_TYPE_EVENT_RECORD);

	/* A dependency added and removed again. */
	CHECK_CU(cuGraphAddDependencies(graph, &set, &copy, NULL, 1),
		 CUDA_SUCCESS);
	count = 0;
	CHECK_CU(cuGraphGetEdges(graph, NULL, NULL, NULL, &count),
		 CUDA_SUCCESS);
	CHECK_EQ(count, 5);
	CHECK_CU(cuGraphRemoveDependencies(graph, &set, &copy, NULL, 1),
		 CUDA_SUCCESS);

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(c, N, 5, "graph copy of the fill"));
	TRY(e2e_words_are(b, N, 9, "graph memset"));
	CHECK_CU(cuEventQuery(ev), CUDA_SUCCESS);

	/* New arguments for the kernel node of the executable graph. */
	v = 6;
	CHECK_CU(cuGraphExecKernelNodeSetParams(exec, kern, &k), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(c, N, 6, "graph after the kernel node's update"));

	/* A whole-graph update from a clone of the same shape. */
	v = 8;
	CHECK_CU(cuGraphKernelNodeSetParams(kern, &k), CUDA_SUCCESS);
	CHECK_CU(cuGraphClone(&clone, graph), CUDA_SUCCESS);
	memset(&info, 0, sizeof(info));
	CHECK_CU(cuGraphExecUpdate(exec, clone, &info), CUDA_SUCCESS);
	CHECK_EQ(info.result, CU_GRAPH_EXEC_UPDATE_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(c, N, 8, "graph after the update from its clone"));

	/* The graph as a child of another, after an event wait. */
	CHECK_CU(cuGraphCreate(&outer, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddEventWaitNode(&wait, outer, NULL, 0, ev),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphAddChildGraphNode(&child, outer, &wait, 1, graph),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&outer_exec, outer, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(c, 0, N), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(outer_exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(c, N, 8, "child graph"));

	/* The DOT printout lands in the program's file. */
	if ((fd = mkstemp(dot)) < 0)
		return e2e_fail(__FILE__, __LINE__, "mkstemp failed");
	close(fd);
	CHECK_CU(cuGraphDebugDotPrint(graph, dot, 0), CUDA_SUCCESS);
	{
		size_t size = 0;
		char *text = e2e_read_file(dot, &size);

		unlink(dot);
		CHECK(text != NULL && size > 0 && strstr(text, "digraph"));
	}

	/* Handles never given out are refused, as bad handles are. */
	CHECK_CU(cuGraphNodeGetType(NULL, &type), CUDA_ERROR_INVALID_VALUE);

	CHECK_CU(cuGraphExecDestroy(outer_exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(outer), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(clone), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}
