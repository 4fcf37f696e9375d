/*
 * selftest_graphs.c - checks stream capture, graphs and executable graphs
 * of the stand-in.
 */
#include <pthread.h>
#include <string.h>

#include "selftest.h"

#define N 64

static CUfunction vec_add, fill_u32;

static void
append_call(void *log)
{
	char *s = log;

	s[strlen(s)] = 'h';
}

/* Kernel node parameters for vec_add(a, b, c, n), over one block. */
static void
vec_add_params(CUDA_KERNEL_NODE_PARAMS *p, void **args)
{
	memset(p, 0, sizeof(*p));
	p->func = vec_add;
	p->gridDimX = p->gridDimY = p->gridDimZ = 1;
	p->blockDimX = N;
	p->blockDimY = p->blockDimZ = 1;
	p->kernelParams = args;
}

/*
 * Captured work does not run; the graph replays it, reading the host
 * buffer anew each time, with fork and join across two streams.
 */
static void
test_capture_replay(CUstream s, CUstream side)
{
	float host_a[N], host_c[N];
	CUdeviceptr a, b, c;
	CUstreamCaptureStatus status;
	const CUgraphNode *deps;
	cuuint64_t id, id2;
	CUgraph graph, seen;
	CUgraphExec exec;
	CUevent fork, join;
	size_t ndeps, count;
	int n = N;
	void *args[] = { &a, &b, &c, &n };
	char log[8] = "";

	OK(cuMemAlloc(&a, sizeof(host_a)));
	OK(cuMemAlloc(&b, sizeof(host_a)));
	OK(cuMemAlloc(&c, sizeof(host_a)));
	OK(cuEventCreate(&fork, CU_EVENT_DISABLE_TIMING));
	OK(cuEventCreate(&join, CU_EVENT_DISABLE_TIMING));
	for (int i = 0; i < N; i++)
		host_a[i] = (float)i;
	OK(cuMemsetD32(c, 0, N));

	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
	EXPECT(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
	    CUDA_ERROR_ILLEGAL_STATE);
	OK(cuStreamIsCapturing(s, &status));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_ACTIVE);
	OK(cuMemcpyHtoDAsync(a, host_a, sizeof(host_a), s));
	OK(cuStreamGetCaptureInfo(s, &status, &id, &graph, &deps, NULL,
	    &ndeps));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_ACTIVE && ndeps == 1);
	/* Fork: side fills b while s has copied a; s waits for it. */
	OK(cuEventRecord(fork, s));
	OK(cuStreamWaitEvent(side, fork, 0));
	OK(cuStreamGetCaptureInfo(side, &status, &id2, &seen, NULL, NULL,
	    &ndeps));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_ACTIVE && id2 == id &&
	    seen == graph && ndeps == 1);
	OK(cuMemsetD32Async(b, 0x3f800000, N, side));	/* 1.0f */
	OK(cuLaunchHostFunc(side, append_call, log));
	OK(cuEventRecord(join, side));
	OK(cuStreamWaitEvent(s, join, 0));
	OK(cuLaunchKernel(vec_add, 1, 1, 1, N, 1, 1, 0, s, args, NULL));
	OK(cuMemcpyDtoHAsync(host_c, c, sizeof(host_c), s));
	CHECK(strlen(log) == 0);
	OK(cuStreamEndCapture(s, &graph));
	OK(cuStreamIsCapturing(side, &status));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_NONE);
	OK(cuGraphGetNodes(graph, NULL, &count));
	CHECK(count == 5);
	OK(cuGraphGetEdges(graph, NULL, NULL, NULL, &count));
	CHECK(count == 5);	/* copy->set, set->host, copy->k, host->k, k->copy */

	OK(cuGraphInstantiate(&exec, graph, 0));
	for (int round = 1; round <= 3; round++) {
		for (int i = 0; i < N; i++)
			host_a[i] = (float)(i * round);
		memset(host_c, 0, sizeof(host_c));
		OK(cuGraphLaunch(exec, s));
		CHECK(host_c[5] == (float)(5 * round) + 1.0f);
		CHECK(host_c[N - 1] == (float)((N - 1) * round) + 1.0f);
	}
	CHECK(strcmp(log, "hhh") == 0);
	OK(cuGraphExecDestroy(exec));
	EXPECT(cuGraphLaunch(exec, s), CUDA_ERROR_INVALID_VALUE);
	OK(cuGraphDestroy(graph));
	EXPECT(cuGraphDestroy(graph), CUDA_ERROR_INVALID_VALUE);

	/* A fork never joined back. */
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
	OK(cuEventRecord(fork, s));
	OK(cuStreamWaitEvent(side, fork, 0));
	OK(cuMemsetD32Async(b, 0, N, side));
	EXPECT(cuStreamEndCapture(s, &graph), CUDA_ERROR_STREAM_CAPTURE_UNJOINED);
	CHECK(graph == NULL);
	OK(cuStreamIsCapturing(side, &status));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_NONE);

	OK(cuEventDestroy(fork));
	OK(cuEventDestroy(join));
	OK(cuMemFree(a));
	OK(cuMemFree(b));
	OK(cuMemFree(c));
}

static void *
alloc_elsewhere(void *result)
{
	CUcontext ctx = *(CUcontext *)result;
	CUdeviceptr p;

	cuCtxSetCurrent(ctx);
	*(CUresult *)result = cuMemAlloc(&p, 16);
	if (*(CUresult *)result == CUDA_SUCCESS)
		cuMemFree(p);
	return NULL;
}

/* Illegal calls fail and invalidate the capture; modes decide which. */
static void
test_capture_errors(CUcontext ctx, CUstream s, CUstream blocking)
{
	CUstreamCaptureStatus status;
	CUstreamCaptureMode mode;
	union { CUcontext ctx; CUresult rc; } arg;
	CUdeviceptr p;
	CUgraph graph;
	CUevent e;
	pthread_t t;
	unsigned int word = 7;

	OK(cuMemAlloc(&p, 64));
	EXPECT(cuStreamBeginCapture(NULL, CU_STREAM_CAPTURE_MODE_GLOBAL),
	    CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	EXPECT(cuStreamEndCapture(s, &graph), CUDA_ERROR_ILLEGAL_STATE);

	/* A synchronous copy during a global capture. */
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
	OK(cuMemsetD8Async(p, 1, 64, s));
	EXPECT(cuMemcpyHtoD(p, &word, 4),
	    CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	OK(cuStreamIsCapturing(s, &status));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_INVALIDATED);
	EXPECT(cuMemsetD8Async(p, 1, 64, s),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	EXPECT(cuStreamEndCapture(s, &graph),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	CHECK(graph == NULL);
	OK(cuStreamIsCapturing(s, &status));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_NONE);

	/* Querying or synchronizing the capturing stream; cuCtxSynchronize. */
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED));
	OK(cuCtxSynchronize());		/* relaxed: allowed */
	EXPECT(cuStreamQuery(s), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	EXPECT(cuStreamEndCapture(s, &graph),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL));
	EXPECT(cuCtxSynchronize(), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	EXPECT(cuStreamEndCapture(s, &graph),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);

	/* Another thread: global capture forbids its cuMemAlloc ... */
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
	arg.ctx = ctx;
	CHECK(pthread_create(&t, NULL, alloc_elsewhere, &arg) == 0);
	pthread_join(t, NULL);
	CHECK(arg.rc == CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	EXPECT(cuStreamEndCapture(s, &graph),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	/* ... a thread-local one does not. */
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL));
	arg.ctx = ctx;
	CHECK(pthread_create(&t, NULL, alloc_elsewhere, &arg) == 0);
	pthread_join(t, NULL);
	CHECK(arg.rc == CUDA_SUCCESS);
	/* This thread made relaxed may allocate too. */
	mode = CU_STREAM_CAPTURE_MODE_RELAXED;
	OK(cuThreadExchangeStreamCaptureMode(&mode));
	CHECK(mode == CU_STREAM_CAPTURE_MODE_GLOBAL);
	OK(cuMemsetD8(p, 0, 4));
	OK(cuThreadExchangeStreamCaptureMode(&mode));
	OK(cuStreamEndCapture(s, &graph));
	OK(cuGraphDestroy(graph));

	/* The legacy stream while a blocking stream captures. */
	OK(cuStreamBeginCapture(blocking, CU_STREAM_CAPTURE_MODE_RELAXED));
	EXPECT(cuStreamIsCapturing(NULL, &status),
	    CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
	OK(cuStreamIsCapturing(blocking, &status));
	CHECK(status == CU_STREAM_CAPTURE_STATUS_ACTIVE);
	EXPECT(cuLaunchKernel(fill_u32, 1, 1, 1, 1, 1, 1, 0, NULL,
	    (void *[]){ &p, &word, &(unsigned long long){ 1 } }, NULL),
	    CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
	EXPECT(cuStreamEndCapture(blocking, &graph),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);

	/* Waiting on an event from outside the capture; a captured event. */
	OK(cuEventCreate(&e, 0));
	OK(cuEventRecord(e, NULL));
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
	OK(cuStreamWaitEvent(s, e, CU_EVENT_WAIT_EXTERNAL));
	OK(cuEventRecord(e, s));
	EXPECT(cuEventQuery(e), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
	EXPECT(cuStreamEndCapture(s, &graph),
	    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
	OK(cuEventRecord(e, s));
	OK(cuEventQuery(e));
	OK(cuEventDestroy(e));
	OK(cuMemFree(p));
}

/* Every node type added by hand, edges queried, cloned, replayed. */
static void
test_explicit_graph(CUstream s)
{
	unsigned int host[N], value = 5;
	unsigned long long count64 = N;
	CUdeviceptr buf, out;
	CUDA_KERNEL_NODE_PARAMS kp;
	CUDA_MEMSET_NODE_PARAMS mp;
	CUDA_MEMCPY3D cp;
	CUDA_HOST_NODE_PARAMS hp;
	CUgraph g, child, clone, inner;
	CUgraphNode set, fill, copy, hostn, empty, rec, wait, sub, nodes[10];
	CUgraphNode from[10], to[10];
	CUgraphNodeType type;
	CUgraphExec exec;
	CUcontext ctx;
	CUevent e;
	void *args[] = { &buf, &value, &count64 };
	size_t count;
	char log[8] = "";

	OK(cuCtxGetCurrent(&ctx));
	OK(cuMemAlloc(&buf, sizeof(host)));
	OK(cuMemAlloc(&out, sizeof(host)));
	OK(cuEventCreate(&e, 0));
	OK(cuGraphCreate(&g, 0));
	EXPECT(cuGraphCreate(&g, 1), CUDA_ERROR_INVALID_VALUE);

	memset(&mp, 0, sizeof(mp));
	mp.dst = buf;
	mp.value = 9;
	mp.elementSize = 4;
	mp.width = N;
	mp.height = 1;
	OK(cuGraphAddMemsetNode(&set, g, NULL, 0, &mp, ctx));
	mp.elementSize = 3;
	EXPECT(cuGraphAddMemsetNode(&nodes[0], g, NULL, 0, &mp, ctx),
	    CUDA_ERROR_INVALID_VALUE);

	memset(&kp, 0, sizeof(kp));
	kp.func = fill_u32;
	kp.gridDimX = kp.gridDimY = kp.gridDimZ = 1;
	kp.blockDimX = kp.blockDimY = kp.blockDimZ = 1;
	kp.kernelParams = args;
	OK(cuGraphAddKernelNode(&fill, g, &set, 1, &kp));
	value = 6;	/* arguments were copied at add time */

	memset(&cp, 0, sizeof(cp));
	cp.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.srcDevice = buf;
	cp.dstMemoryType = CU_MEMORYTYPE_HOST;
	cp.dstHost = host;
	cp.WidthInBytes = sizeof(host);
	cp.Height = cp.Depth = 1;
	OK(cuGraphAddMemcpyNode(&copy, g, &fill, 1, &cp, ctx));

	hp.fn = append_call;
	hp.userData = log;
	OK(cuGraphAddHostNode(&hostn, g, &copy, 1, &hp));
	OK(cuGraphAddEmptyNode(&empty, g, &hostn, 1));
	OK(cuGraphAddEventRecordNode(&rec, g, &empty, 1, e));
	OK(cuGraphAddEventWaitNode(&wait, g, &rec, 1, e));

	/* The child copies buf to out. */
	OK(cuGraphCreate(&child, 0));
	cp.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.dstDevice = out;
	OK(cuGraphAddMemcpyNode(&nodes[0], child, NULL, 0, &cp, ctx));
	OK(cuGraphAddChildGraphNode(&sub, g, &fill, 1, child));
	OK(cuGraphDestroy(child));	/* the node holds a clone */
	OK(cuGraphChildGraphNodeGetGraph(sub, &inner));
	OK(cuGraphGetNodes(inner, NULL, &count));
	CHECK(count == 1);
	EXPECT(cuGraphDestroy(inner), CUDA_ERROR_INVALID_VALUE);

	OK(cuGraphNodeGetType(sub, &type));
	CHECK(type == CU_GRAPH_NODE_TYPE_GRAPH);
	OK(cuGraphNodeGetType(wait, &type));
	CHECK(type == CU_GRAPH_NODE_TYPE_WAIT_EVENT);
	OK(cuGraphGetRootNodes(g, nodes, (count = 10, &count)));
	CHECK(count == 1 && nodes[0] == set);
	OK(cuGraphNodeGetDependentNodes(fill, nodes, NULL, (count = 10, &count)));
	CHECK(count == 2 && nodes[0] == copy && nodes[1] == sub);
	OK(cuGraphNodeGetDependencies(copy, nodes, NULL, (count = 10, &count)));
	CHECK(count == 1 && nodes[0] == fill);
	OK(cuGraphGetEdges(g, from, to, NULL, (count = 10, &count)));
	CHECK(count == 7 && from[0] == set && to[0] == fill);
	EXPECT(cuGraphAddDependencies(g, &set, &fill, NULL, 1),
	    CUDA_ERROR_INVALID_VALUE);	/* exists already */
	OK(cuGraphAddDependencies(g, &set, &empty, NULL, 1));
	OK(cuGraphRemoveDependencies(g, &set, &empty, NULL, 1));
	EXPECT(cuGraphRemoveDependencies(g, &set, &empty, NULL, 1),
	    CUDA_ERROR_INVALID_VALUE);

	OK(cuGraphKernelNodeGetParams(fill, &kp));
	CHECK(kp.func == fill_u32 && *(unsigned int *)kp.kernelParams[1] == 5);
	OK(cuGraphMemsetNodeGetParams(set, &mp));
	CHECK(mp.value == 9 && mp.width == N);
	OK(cuGraphHostNodeGetParams(hostn, &hp));
	CHECK(hp.fn == append_call && hp.userData == log);

	OK(cuGraphClone(&clone, g));
	OK(cuGraphGetNodes(clone, NULL, &count));
	CHECK(count == 8);
	OK(cuGraphInstantiateWithFlags(&exec, clone, 0));
	OK(cuGraphDestroy(clone));	/* the exec keeps its own copy */
	OK(cuGraphLaunch(exec, s));
	CHECK(host[0] == 5 && host[N - 1] == 5);
	CHECK(strcmp(log, "h") == 0);
	OK(cuEventQuery(e));
	OK(cuMemcpyDtoH(host, out, sizeof(host)));
	CHECK(host[7] == 5);
	OK(cuGraphExecDestroy(exec));

	/* Destroying a node takes its edges. */
	OK(cuGraphDestroyNode(empty));
	OK(cuGraphNodeGetDependencies(rec, NULL, NULL, &count));
	CHECK(count == 0);
	EXPECT(cuGraphNodeGetType(empty, &type), CUDA_ERROR_INVALID_VALUE);
	/* A cycle cannot be instantiated. */
	OK(cuGraphAddDependencies(g, &copy, &set, NULL, 1));
	EXPECT(cuGraphInstantiateWithFlags(&exec, g, 0),
	    CUDA_ERROR_INVALID_VALUE);
	OK(cuGraphDestroy(g));
	EXPECT(cuGraphNodeGetType(set, &type), CUDA_ERROR_INVALID_VALUE);
	OK(cuEventDestroy(e));
	OK(cuMemFree(buf));
	OK(cuMemFree(out));
}

/* Parameters change in an exec by set calls and by whole-graph update. */
static void
test_exec_update(CUstream s)
{
	float host_c[N], host_a[N];
	CUdeviceptr a, b, c;
	CUDA_KERNEL_NODE_PARAMS kp;
	CUDA_MEMSET_NODE_PARAMS mp;
	CUgraphExecUpdateResultInfo info;
	CUgraph g, g2;
	CUgraphNode set, k, k2, extra;
	CUgraphExec exec;
	CUcontext ctx;
	cuuint64_t flags;
	unsigned int enabled;
	int n = N;
	void *args[] = { &a, &b, &c, &n };

	OK(cuCtxGetCurrent(&ctx));
	OK(cuMemAlloc(&a, sizeof(host_c)));
	OK(cuMemAlloc(&b, sizeof(host_c)));
	OK(cuMemAlloc(&c, sizeof(host_c)));
	OK(cuMemsetD32(b, 0, N));
	for (int i = 0; i < N; i++)
		host_a[i] = 2.0f;
	OK(cuMemcpyHtoD(a, host_a, sizeof(host_a)));

	memset(&mp, 0, sizeof(mp));
	mp.dst = b;
	mp.value = 0x3f800000;	/* 1.0f */
	mp.elementSize = 4;
	mp.width = N;
	mp.height = 1;
	OK(cuGraphCreate(&g, 0));
	OK(cuGraphAddMemsetNode(&set, g, NULL, 0, &mp, ctx));
	vec_add_params(&kp, args);
	OK(cuGraphAddKernelNode(&k, g, &set, 1, &kp));
	OK(cuGraphInstantiateWithFlags(&exec, g,
	    CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH));
	OK(cuGraphExecGetFlags(exec, &flags));
	CHECK(flags == CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH);
	OK(cuGraphUpload(exec, s));
	OK(cuGraphLaunch(exec, s));
	OK(cuMemcpyDtoH(host_c, c, sizeof(host_c)));
	CHECK(host_c[3] == 3.0f);

	/* 2.0f in b now: the exec changes, the graph does not. */
	mp.value = 0x40000000;
	OK(cuGraphExecMemsetNodeSetParams(exec, set, &mp, ctx));
	OK(cuGraphLaunch(exec, s));
	OK(cuMemcpyDtoH(host_c, c, sizeof(host_c)));
	CHECK(host_c[3] == 4.0f);
	/* c = a + a by a kernel set on the exec. */
	args[1] = &a;
	OK(cuGraphExecKernelNodeSetParams(exec, k, &kp));
	OK(cuGraphNodeSetEnabled(exec, set, 0));
	OK(cuGraphNodeGetEnabled(exec, set, &enabled));
	CHECK(enabled == 0);
	OK(cuMemsetD32(b, 0, N));
	OK(cuGraphLaunch(exec, s));
	OK(cuMemcpyDtoH(host_c, c, sizeof(host_c)));
	CHECK(host_c[3] == 4.0f);
	OK(cuMemcpyDtoH(host_a, b, sizeof(host_a)));
	CHECK(host_a[3] == 0.0f);	/* the memset node was disabled */
	OK(cuGraphNodeSetEnabled(exec, set, 1));

	/* Whole-graph update: same topology takes the new parameters. */
	OK(cuGraphCreate(&g2, 0));
	mp.value = 0x40400000;	/* 3.0f */
	OK(cuGraphAddMemsetNode(&set, g2, NULL, 0, &mp, ctx));
	args[1] = &b;
	OK(cuGraphAddKernelNode(&k2, g2, &set, 1, &kp));
	OK(cuGraphExecUpdate(exec, g2, &info));
	CHECK(info.result == CU_GRAPH_EXEC_UPDATE_SUCCESS);
	OK(cuGraphLaunch(exec, s));
	OK(cuMemcpyDtoH(host_c, c, sizeof(host_c)));
	CHECK(host_c[3] == 5.0f);
	/* A new node changes the topology. */
	OK(cuGraphAddEmptyNode(&extra, g2, &k2, 1));
	EXPECT(cuGraphExecUpdate(exec, g2, &info),
	    CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
	CHECK(info.result == CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED);
	OK(cuGraphDestroyNode(extra));
	OK(cuGraphDestroyNode(k2));
	OK(cuGraphAddEmptyNode(&extra, g2, &set, 1));
	EXPECT(cuGraphExecUpdate(exec, g2, &info),
	    CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
	CHECK(info.result == CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED &&
	    info.errorNode == extra);

	OK(cuGraphExecDestroy(exec));
	OK(cuGraphDestroy(g));
	OK(cuGraphDestroy(g2));
	OK(cuMemFree(a));
	OK(cuMemFree(b));
	OK(cuMemFree(c));
}

void
selftest_graphs(void)
{
	CUstream s, side, blocking;
	CUcontext ctx;
	CUmodule mod;

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuModuleLoadData(&mod, SELFTEST_PTX));
	OK(cuModuleGetFunction(&vec_add, mod, "vec_add"));
	OK(cuModuleGetFunction(&fill_u32, mod, "fill_u32"));
	OK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	OK(cuStreamCreate(&side, CU_STREAM_NON_BLOCKING));
	OK(cuStreamCreate(&blocking, CU_STREAM_DEFAULT));
	test_capture_replay(s, side);
	test_capture_errors(ctx, s, blocking);
	test_explicit_graph(s);
	test_exec_update(s);
	/* A capture still open when its context goes is freed with it. */
	OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_RELAXED));
	OK(cuMemsetD8Async((CUdeviceptr)0, 0, 0, s));
	OK(cuCtxDestroy(ctx));
}
