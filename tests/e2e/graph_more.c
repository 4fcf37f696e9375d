/*
 * Graphs, the newer node types: memory allocation and free nodes, a
 * conditional IF and a WHILE loop counting on the device, cuGraphAddNode
 * for each node type, the node parameter queries, and bad handles.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "graph_setup.h"

#define N 1024u

static CUDA_MEMCPY3D copy_params(CUdeviceptr dst, CUdeviceptr src,
				 size_t bytes)
{
	CUDA_MEMCPY3D cp;

	memset(&cp, 0, sizeof(cp));
	cp.srcMemoryType = cp.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.srcDevice = src;
	cp.dstDevice = dst;
	cp.WidthInBytes = bytes;
	cp.Height = cp.Depth = 1;
	return cp;
}

static CUDA_MEM_ALLOC_NODE_PARAMS alloc_params(CUdevice dev, size_t bytes)
{
	CUDA_MEM_ALLOC_NODE_PARAMS p;

	memset(&p, 0, sizeof(p));
	p.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	p.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	p.poolProps.location.id = dev;
	p.bytesize = bytes;
	return p;
}

/*
 * alloc -> fill (a kernel writes the allocation) -> copy out -> free,
 * replayed with new values; then an allocation the graph leaves live,
 * read after the launch and freed with cuMemFreeAsync.
 */
int test_graph_mem_nodes(void)
{
	unsigned long long n = N;
	unsigned int v = 3;
	CUdeviceptr out, mem, got_ptr;
	void *params[] = { NULL, &v, &n };
	CUDA_MEM_ALLOC_NODE_PARAMS ap, got;
	CUDA_KERNEL_NODE_PARAMS k;
	CUDA_MEMCPY3D cp;
	CUgraphNode alloc, fill_node, copy, release;
	CUgraph graph;
	CUgraphExec exec;
	CUgraphNodeType type;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	cuuint64_t used = 0, zero = 0;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&out, N * 4));

	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	ap = alloc_params(dev, N * 4);
	CHECK_CU(cuGraphAddMemAllocNode(&alloc, graph, NULL, 0, &ap),
		 CUDA_SUCCESS);
	mem = ap.dptr;
	CHECK(mem != 0);
	params[0] = &mem;
	k = e2e_fill_node(fill, params);
	CHECK_CU(cuGraphAddKernelNode(&fill_node, graph, &alloc, 1, &k),
		 CUDA_SUCCESS);
	cp = copy_params(out, mem, N * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&copy, graph, &fill_node, 1, &cp, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphAddMemFreeNode(&release, graph, &copy, 1, mem),
		 CUDA_SUCCESS);

	CHECK_CU(cuGraphNodeGetType(alloc, &type), CUDA_SUCCESS);
	CHECK_EQ(type, CU_GRAPH_NODE_TYPE_MEM_ALLOC);
	CHECK_CU(cuGraphNodeGetType(release, &type), CUDA_SUCCESS);
	CHECK_EQ(type, CU_GRAPH_NODE_TYPE_MEM_FREE);
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemAllocNodeGetParams(alloc, &got), CUDA_SUCCESS);
	CHECK_EQ(got.dptr, mem);
	CHECK_EQ(got.bytesize, (size_t)N * 4);
	CHECK_EQ(got.poolProps.location.type, CU_MEM_LOCATION_TYPE_DEVICE);
	CHECK_CU(cuGraphMemFreeNodeGetParams(release, &got_ptr), CUDA_SUCCESS);
	CHECK_EQ(got_ptr, mem);
	/* A free node names memory an allocation node gave out. */
	CHECK_CU(cuGraphAddMemFreeNode(&release, graph, &copy, 1, out),
		 CUDA_ERROR_INVALID_VALUE);

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		v = 20 + round;
		CHECK_CU(cuGraphExecKernelNodeSetParams(exec, fill_node, &k),
			 CUDA_SUCCESS);
		CHECK_CU(cuMemsetD32(out, 0, N), CUDA_SUCCESS);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_words_are(out, N, 20 + round, "graph allocation copied out"));
	}
	CHECK_CU(cuDeviceGetGraphMemAttribute(dev,
		 CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, &used), CUDA_SUCCESS);
	CHECK(used >= (cuuint64_t)N * 4);
	CHECK_CU(cuDeviceSetGraphMemAttribute(dev,
		 CU_GRAPH_MEM_ATTR_USED_MEM_HIGH, &zero), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGraphMemTrim(dev), CUDA_SUCCESS);

	/* Left allocated by its graph, the memory outlives the launch. */
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	ap = alloc_params(dev, N * 4);
	CHECK_CU(cuGraphAddMemAllocNode(&alloc, graph, NULL, 0, &ap),
		 CUDA_SUCCESS);
	mem = ap.dptr;
	v = 77;
	CHECK_CU(cuGraphAddKernelNode(&fill_node, graph, &alloc, 1, &k),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(mem, N, 77, "graph allocation after the launch"));
	CHECK_CU(cuMemcpyDtoD(out, mem, N * 4), CUDA_SUCCESS);
	TRY(e2e_words_are(out, N, 77, "copy from the graph allocation"));
	CHECK_CU(cuMemFreeAsync(mem, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);

	/* Freed on the next launch: relaunched with the memory live. */
	CHECK_CU(cuGraphInstantiate(&exec, graph,
		 CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecGetFlags(exec, &used), CUDA_SUCCESS);
	CHECK_EQ(used, CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH);
	for (unsigned int round = 0; round < 2; round++) {
		v = 90 + round;
		CHECK_CU(cuGraphExecKernelNodeSetParams(exec, fill_node, &k),
			 CUDA_SUCCESS);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_words_are(mem, N, 90 + round,
				  "auto-freed graph allocation"));
	}
	CHECK_CU(cuMemFreeAsync(mem, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/*
 * An IF node whose condition's default (set at each launch) picks the
 * body, an IF/ELSE whose default is 0, and a WHILE loop whose body kernel
 * counts on the device and sets the condition until the count is done.
 */
int test_graph_conditional(void)
{
	unsigned int limit = 5;
	CUdeviceptr a, counter;
	CUgraphConditionalHandle yes, no, loop;
	CUgraphNodeParams cp;
	CUDA_MEMSET_NODE_PARAMS ms;
	CUDA_KERNEL_NODE_PARAMS k;
	CUgraphNode reset, cond_if, cond_else, cond_while, node;
	CUgraph graph, *bodies;
	CUgraphExec exec;
	CUfunction step;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	void *params[] = { &loop, &counter, &limit };
	size_t count;

	TRY(e2e_graph_setup(&dev, &ctx, "cond_step", &step, &s));
	TRY(e2e_dalloc(&a, 3 * 4));
	TRY(e2e_dalloc(&counter, 4));

	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphConditionalHandleCreate(&yes, graph, ctx, 1,
		 CU_GRAPH_COND_ASSIGN_DEFAULT), CUDA_SUCCESS);
	CHECK_CU(cuGraphConditionalHandleCreate(&no, graph, ctx, 0,
		 CU_GRAPH_COND_ASSIGN_DEFAULT), CUDA_SUCCESS);
	CHECK_CU(cuGraphConditionalHandleCreate(&loop, graph, ctx, 1,
		 CU_GRAPH_COND_ASSIGN_DEFAULT), CUDA_SUCCESS);

	/* a[0..2] and the counter cleared first, each launch. */
	memset(&ms, 0, sizeof(ms));
	ms.dst = a;
	ms.elementSize = 4;
	ms.width = 3;
	ms.height = 1;
	CHECK_CU(cuGraphAddMemsetNode(&reset, graph, NULL, 0, &ms, ctx),
		 CUDA_SUCCESS);
	ms.dst = counter;
	ms.width = 1;
	CHECK_CU(cuGraphAddMemsetNode(&node, graph, &reset, 1, &ms, ctx),
		 CUDA_SUCCESS);
	reset = node;

	memset(&cp, 0, sizeof(cp));
	cp.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
	cp.conditional.handle = yes;
	cp.conditional.type = CU_GRAPH_COND_TYPE_IF;
	cp.conditional.size = 1;
	cp.conditional.ctx = ctx;
	CHECK_CU(cuGraphAddNode(&cond_if, graph, &reset, NULL, 1, &cp),
		 CUDA_SUCCESS);
	bodies = cp.conditional.phGraph_out;
	CHECK(bodies != NULL && bodies[0] != NULL);
	ms.dst = a;
	ms.value = 5;
	CHECK_CU(cuGraphAddMemsetNode(&node, bodies[0], NULL, 0, &ms, ctx),
		 CUDA_SUCCESS);

	memset(&cp, 0, sizeof(cp));
	cp.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
	cp.conditional.handle = no;
	cp.conditional.type = CU_GRAPH_COND_TYPE_IF;
	cp.conditional.size = 2;
	cp.conditional.ctx = ctx;
	CHECK_CU(cuGraphAddNode(&cond_else, graph, &reset, NULL, 1, &cp),
		 CUDA_SUCCESS);
	bodies = cp.conditional.phGraph_out;
	CHECK(bodies != NULL && bodies[0] != NULL && bodies[1] != NULL);
	ms.dst = a + 4;
	ms.value = 6;		/* the IF branch: must not run */
	CHECK_CU(cuGraphAddMemsetNode(&node, bodies[0], NULL, 0, &ms, ctx),
		 CUDA_SUCCESS);
	ms.value = 7;		/* the ELSE branch */
	CHECK_CU(cuGraphAddMemsetNode(&node, bodies[1], NULL, 0, &ms, ctx),
		 CUDA_SUCCESS);

	memset(&cp, 0, sizeof(cp));
	cp.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
	cp.conditional.handle = loop;
	cp.conditional.type = CU_GRAPH_COND_TYPE_WHILE;
	cp.conditional.size = 1;
	cp.conditional.ctx = ctx;
	CHECK_CU(cuGraphAddNode(&cond_while, graph, &reset, NULL, 1, &cp),
		 CUDA_SUCCESS);
	bodies = cp.conditional.phGraph_out;
	CHECK(bodies != NULL && bodies[0] != NULL);
	memset(&k, 0, sizeof(k));
	k.func = step;
	k.gridDimX = k.gridDimY = k.gridDimZ = 1;
	k.blockDimX = k.blockDimY = k.blockDimZ = 1;
	k.kernelParams = params;
	CHECK_CU(cuGraphAddKernelNode(&node, bodies[0], NULL, 0, &k),
		 CUDA_SUCCESS);
	count = 0;
	CHECK_CU(cuGraphGetNodes(bodies[0], NULL, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 1);

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (int round = 0; round < 3; round++) {
		unsigned int back[3], turns = 0;

		CHECK_CU(cuMemsetD32(a, 1, 3), CUDA_SUCCESS);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		CHECK_CU(cuMemcpyDtoH(back, a, sizeof(back)), CUDA_SUCCESS);
		CHECK_EQ(back[0], 5);
		CHECK_EQ(back[1], 7);
		CHECK_EQ(back[2], 0);
		CHECK_CU(cuMemcpyDtoH(&turns, counter, 4), CUDA_SUCCESS);
		CHECK_EQ(turns, limit);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

static void bump(void *data)
{
	++*(unsigned int *)data;
}

/*
 * One node of each type through cuGraphAddNode, launched and checked;
 * then new parameters through cuGraphNodeSetParams and
 * cuGraphExecNodeSetParams.
 */
int test_graph_add_node(void)
{
	unsigned long long n = N;
	unsigned int v = 12, host_runs = 0;
	CUdeviceptr a, b, c, d, mem;
	void *params[] = { &a, &v, &n };
	CUstreamBatchMemOpParams op;
	CUgraphNodeParams p;
	CUgraphNode kern, set, copy, host, empty, rec, wait, child, alloc,
		    release, batch, inner_node;
	CUgraphNodeType type;
	CUgraph graph, inner;
	CUgraphExec exec;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUevent ev;
	CUstream s;
	size_t count;
	unsigned int word = 0;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	TRY(e2e_dalloc(&c, N * 4));
	TRY(e2e_dalloc(&d, 4));
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(ev);
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_KERNEL;
	p.kernel.func = fill;
	p.kernel.gridDimX = 4;
	p.kernel.gridDimY = p.kernel.gridDimZ = 1;
	p.kernel.blockDimX = 256;
	p.kernel.blockDimY = p.kernel.blockDimZ = 1;
	p.kernel.kernelParams = params;
	CHECK_CU(cuGraphAddNode(&kern, graph, NULL, NULL, 0, &p), CUDA_SUCCESS);

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEMSET;
	p.memset.dst = b;
	p.memset.value = 4;
	p.memset.elementSize = 4;
	p.memset.width = N;
	p.memset.height = 1;
	p.memset.ctx = ctx;
	CHECK_CU(cuGraphAddNode(&set, graph, NULL, NULL, 0, &p), CUDA_SUCCESS);

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEMCPY;
	p.memcpy.copyCtx = ctx;
	p.memcpy.copyParams = copy_params(c, a, N * 4);
	CHECK_CU(cuGraphAddNode(&copy, graph, &kern, NULL, 1, &p),
		 CUDA_SUCCESS);

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_HOST;
	p.host.fn = bump;
	p.host.userData = &host_runs;
	CHECK_CU(cuGraphAddNode(&host, graph, &copy, NULL, 1, &p),
		 CUDA_SUCCESS);

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_EMPTY;
	{
		CUgraphNode both[2] = { host, set };

		CHECK_CU(cuGraphAddNode(&empty, graph, both, NULL, 2, &p),
			 CUDA_SUCCESS);
	}

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_EVENT_RECORD;
	p.eventRecord.event = ev;
	CHECK_CU(cuGraphAddNode(&rec, graph, &empty, NULL, 1, &p),
		 CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_WAIT_EVENT;
	p.eventWait.event = ev;
	CHECK_CU(cuGraphAddNode(&wait, graph, &rec, NULL, 1, &p),
		 CUDA_SUCCESS);

	/* A child graph that fills d's word... */
	CHECK_CU(cuGraphCreate(&inner, 0), CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEMSET;
	p.memset.dst = d;
	p.memset.value = 0x11;
	p.memset.elementSize = 4;
	p.memset.width = 1;
	p.memset.height = 1;
	p.memset.ctx = ctx;
	CHECK_CU(cuGraphAddNode(&inner_node, inner, NULL, NULL, 0, &p),
		 CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_GRAPH;
	p.graph.graph = inner;
	CHECK_CU(cuGraphAddNode(&child, graph, &wait, NULL, 1, &p),
		 CUDA_SUCCESS);
	/* ...which a batch write then overwrites... */
	memset(&op, 0, sizeof(op));
	op.writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	op.writeValue.address = d;
	op.writeValue.value = 0x22;
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_BATCH_MEM_OP;
	p.memOp.ctx = ctx;
	p.memOp.count = 1;
	p.memOp.paramArray = &op;
	CHECK_CU(cuGraphAddNode(&batch, graph, &child, NULL, 1, &p),
		 CUDA_SUCCESS);
	/* ...and memory nodes around nothing but themselves. */
	p = e2e_alloc_node(dev, 4096);
	CHECK_CU(cuGraphAddNode(&alloc, graph, &batch, NULL, 1, &p),
		 CUDA_SUCCESS);
	mem = p.alloc.dptr;
	CHECK(mem != 0);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEM_FREE;
	p.free.dptr = mem;
	CHECK_CU(cuGraphAddNode(&release, graph, &alloc, NULL, 1, &p),
		 CUDA_SUCCESS);

	{
		CUgraphNode all[] = { kern, set, copy, host, empty, rec, wait,
				      child, batch, alloc, release };
		CUgraphNodeType want[] = {
			CU_GRAPH_NODE_TYPE_KERNEL, CU_GRAPH_NODE_TYPE_MEMSET,
			CU_GRAPH_NODE_TYPE_MEMCPY, CU_GRAPH_NODE_TYPE_HOST,
			CU_GRAPH_NODE_TYPE_EMPTY,
			CU_GRAPH_NODE_TYPE_EVENT_RECORD,
			CU_GRAPH_NODE_TYPE_WAIT_EVENT,
			CU_GRAPH_NODE_TYPE_GRAPH,
			CU_GRAPH_NODE_TYPE_BATCH_MEM_OP,
			CU_GRAPH_NODE_TYPE_MEM_ALLOC,
			CU_GRAPH_NODE_TYPE_MEM_FREE };

		for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
			CHECK_CU(cuGraphNodeGetType(all[i], &type),
				 CUDA_SUCCESS);
			CHECK_EQ(type, want[i]);
		}
	}
	count = 0;
	CHECK_CU(cuGraphGetNodes(graph, NULL, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 11);

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(a, N, 12, "kernel node"));
	TRY(e2e_words_are(b, N, 4, "memset node"));
	TRY(e2e_words_are(c, N, 12, "memcpy node"));
	CHECK_EQ(host_runs, 1);
	CHECK_CU(cuMemcpyDtoH(&word, d, 4), CUDA_SUCCESS);
	CHECK_EQ(word, 0x22);
	CHECK_CU(cuEventQuery(ev), CUDA_SUCCESS);

	/* New parameters: in the graph (seen by a new instantiation) and
	 * in the executable graph. */
	v = 13;
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_KERNEL;
	p.kernel.func = fill;
	p.kernel.gridDimX = 4;
	p.kernel.gridDimY = p.kernel.gridDimZ = 1;
	p.kernel.blockDimX = 256;
	p.kernel.blockDimY = p.kernel.blockDimZ = 1;
	p.kernel.kernelParams = params;
	CHECK_CU(cuGraphExecNodeSetParams(exec, kern, &p), CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEMSET;
	p.memset.dst = b;
	p.memset.value = 8;
	p.memset.elementSize = 4;
	p.memset.width = N;
	p.memset.height = 1;
	p.memset.ctx = ctx;
	CHECK_CU(cuGraphExecNodeSetParams(exec, set, &p), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(a, N, 13, "kernel node, set in the executable"));
	TRY(e2e_words_are(b, N, 8, "memset node, set in the executable"));
	CHECK_EQ(host_runs, 2);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);

	p.memset.value = 9;
	CHECK_CU(cuGraphNodeSetParams(set, &p), CUDA_SUCCESS);
	/* A memory node cannot change, as the driver says. */
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEM_FREE;
	p.free.dptr = mem;
	CHECK_CU2(cuGraphNodeSetParams(release, &p), CUDA_ERROR_NOT_SUPPORTED,
		  CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(b, N, 9, "memset node, set in the graph"));
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(inner), CUDA_SUCCESS);
	return 0;
}

/*
 * What nodes hold, read back: kernel arguments through the pointers the
 * query hands out (valid while the node lives), memset and memcpy
 * parameters, events, a child's graph, a clone's node, batch operations
 * and kernel node attributes.
 */
int test_graph_node_queries(void)
{
	unsigned long long n = N;
	unsigned int v = 31;
	CUdeviceptr a, b, d;
	void *params[] = { &a, &v, &n };
	CUDA_KERNEL_NODE_PARAMS k, kg;
	CUDA_MEMSET_NODE_PARAMS ms, msg;
	CUDA_MEMCPY3D cp, cpg;
	CUDA_BATCH_MEM_OP_NODE_PARAMS bp, bg;
	CUstreamBatchMemOpParams op;
	CUkernelNodeAttrValue attr, attr_back;
	CUgraphNode kern, kern2, set, copy, rec, child, batch, found,
		    inner_node;
	CUgraph graph, inner, inner_got, clone;
	CUgraphExec exec;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUevent ev, ev2, got_ev;
	CUstream s;
	size_t count;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	TRY(e2e_dalloc(&d, 8));
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(ev);
	CHECK_CU(cuEventCreate(&ev2, CU_EVENT_DEFAULT), CUDA_SUCCESS);
	e2e_defer_event(ev2);
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);

	k = e2e_fill_node(fill, params);
	CHECK_CU(cuGraphAddKernelNode(&kern, graph, NULL, 0, &k), CUDA_SUCCESS);
	v = 0;			/* the node keeps 31 */
	memset(&kg, 0, sizeof(kg));
	CHECK_CU(cuGraphKernelNodeGetParams(kern, &kg), CUDA_SUCCESS);
	CHECK_EQ(kg.gridDimX, 4);
	CHECK_EQ(kg.blockDimX, 256);
	CHECK(kg.kernelParams != NULL);
	CHECK_EQ(*(CUdeviceptr *)kg.kernelParams[0], a);
	CHECK_EQ(*(unsigned int *)kg.kernelParams[1], 31);
	CHECK_EQ(*(unsigned long long *)kg.kernelParams[2], (unsigned long long)N);
	/* The answer goes back in as it came, with the value changed
	 * (in an array of the test's: the answer's is the driver's). */
	{
		void *again[3] = { kg.kernelParams[0], &v,
				   kg.kernelParams[2] };

		v = 32;
		kg.kernelParams = again;
		CHECK_CU(cuGraphKernelNodeSetParams(kern, &kg), CUDA_SUCCESS);
	}
	memset(&kg, 0, sizeof(kg));
	CHECK_CU(cuGraphKernelNodeGetParams(kern, &kg), CUDA_SUCCESS);
	CHECK_EQ(*(unsigned int *)kg.kernelParams[1], 32);

	memset(&ms, 0, sizeof(ms));
	ms.dst = b;
	ms.value = 0x5a;
	ms.elementSize = 4;
	ms.width = N;
	ms.height = 1;
	CHECK_CU(cuGraphAddMemsetNode(&set, graph, &kern, 1, &ms, ctx),
		 CUDA_SUCCESS);
	memset(&msg, 0, sizeof(msg));
	CHECK_CU(cuGraphMemsetNodeGetParams(set, &msg), CUDA_SUCCESS);
	CHECK_EQ(msg.dst, b);
	CHECK_EQ(msg.value, 0x5a);
	CHECK_EQ(msg.elementSize, 4);
	CHECK_EQ(msg.width, (size_t)N);
	CHECK_EQ(msg.height, 1);

	cp = copy_params(b, a, N * 2);
	CHECK_CU(cuGraphAddMemcpyNode(&copy, graph, &set, 1, &cp, ctx),
		 CUDA_SUCCESS);
	memset(&cpg, 0, sizeof(cpg));
	CHECK_CU(cuGraphMemcpyNodeGetParams(copy, &cpg), CUDA_SUCCESS);
	CHECK_EQ(cpg.srcDevice, a);
	CHECK_EQ(cpg.dstDevice, b);
	CHECK_EQ(cpg.WidthInBytes, (size_t)N * 2);
	CHECK_EQ(cpg.srcMemoryType, CU_MEMORYTYPE_DEVICE);

	CHECK_CU(cuGraphAddEventRecordNode(&rec, graph, &copy, 1, ev),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphEventRecordNodeGetEvent(rec, &got_ev), CUDA_SUCCESS);
	CHECK(got_ev == ev);
	CHECK_CU(cuGraphEventRecordNodeSetEvent(rec, ev2), CUDA_SUCCESS);
	CHECK_CU(cuGraphEventRecordNodeGetEvent(rec, &got_ev), CUDA_SUCCESS);
	CHECK(got_ev == ev2);

	CHECK_CU(cuGraphCreate(&inner, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddEmptyNode(&inner_node, inner, NULL, 0),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphAddEmptyNode(&inner_node, inner, &inner_node, 1),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphAddChildGraphNode(&child, graph, &rec, 1, inner),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphChildGraphNodeGetGraph(child, &inner_got),
		 CUDA_SUCCESS);
	count = 0;
	CHECK_CU(cuGraphGetNodes(inner_got, NULL, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 2);

	memset(&op, 0, sizeof(op));
	op.writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
	op.writeValue.address = d;
	op.writeValue.value = 0x77;
	memset(&bp, 0, sizeof(bp));
	bp.ctx = ctx;
	bp.count = 1;
	bp.paramArray = &op;
	CHECK_CU(cuGraphAddBatchMemOpNode(&batch, graph, &child, 1, &bp),
		 CUDA_SUCCESS);
	memset(&bg, 0, sizeof(bg));
	CHECK_CU(cuGraphBatchMemOpNodeGetParams(batch, &bg), CUDA_SUCCESS);
	CHECK_EQ(bg.count, 1);
	CHECK(bg.paramArray != NULL);
	CHECK_EQ(bg.paramArray[0].operation, CU_STREAM_MEM_OP_WRITE_VALUE_32);
	CHECK_EQ(bg.paramArray[0].writeValue.address, d);
	CHECK_EQ(bg.paramArray[0].writeValue.value, 0x77);
	op.writeValue.value = 0x78;
	CHECK_CU(cuGraphBatchMemOpNodeSetParams(batch, &bp), CUDA_SUCCESS);
	/* Through oncuda, a write outside the program's memory is refused
	 * (natively the driver need not look). */
	if (getenv("ONCUDA_TEST_REMOTE") != NULL &&
	    strcmp(getenv("ONCUDA_TEST_REMOTE"), "1") == 0) {
		op.writeValue.address = 8;
		CHECK_CU(cuGraphBatchMemOpNodeSetParams(batch, &bp),
			 CUDA_ERROR_INVALID_VALUE);
		op.writeValue.address = d;
	}

	memset(&attr, 0, sizeof(attr));
	attr.cooperative = 1;
	CHECK_CU(cuGraphKernelNodeSetAttribute(kern,
		 CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, &attr), CUDA_SUCCESS);
	memset(&attr_back, 0, sizeof(attr_back));
	CHECK_CU(cuGraphKernelNodeGetAttribute(kern,
		 CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, &attr_back),
		 CUDA_SUCCESS);
	CHECK_EQ(attr_back.cooperative, 1);
	CHECK_CU(cuGraphAddKernelNode(&kern2, graph, &batch, 1, &k),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphKernelNodeCopyAttributes(kern2, kern), CUDA_SUCCESS);
	memset(&attr_back, 0, sizeof(attr_back));
	CHECK_CU(cuGraphKernelNodeGetAttribute(kern2,
		 CU_KERNEL_NODE_ATTRIBUTE_COOPERATIVE, &attr_back),
		 CUDA_SUCCESS);
	CHECK_EQ(attr_back.cooperative, 1);

	CHECK_CU(cuGraphClone(&clone, graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphNodeFindInClone(&found, set, clone), CUDA_SUCCESS);
	memset(&msg, 0, sizeof(msg));
	CHECK_CU(cuGraphMemsetNodeGetParams(found, &msg), CUDA_SUCCESS);
	CHECK_EQ(msg.value, 0x5a);

	/* The executable graph's event record node, pointed elsewhere. */
	CHECK_CU(cuGraphInstantiate(&exec, clone, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphNodeFindInClone(&found, rec, clone), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecEventRecordNodeSetEvent(exec, found, ev),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphNodeFindInClone(&found, child, clone), CUDA_SUCCESS);
	CHECK_CU(cuGraphExecChildGraphNodeSetParams(exec, found, inner),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuEventQuery(ev), CUDA_SUCCESS);
	TRY(e2e_words_are(a, N, 32, "kernel node after its arguments came back"));
	TRY(e2e_words_are(b, N / 2, 32, "copy node"));
	TRY(e2e_words_are(b + N * 2, N / 2, 0x5a, "memset node"));
	{
		unsigned int word = 0;

		CHECK_CU(cuMemcpyDtoH(&word, d, 4), CUDA_SUCCESS);
		CHECK_EQ(word, 0x78);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(clone), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(inner), CUDA_SUCCESS);
	return 0;
}

/*
 * Bad handles get the driver's CUDA_ERROR_INVALID_VALUE.  NULL ones are
 * asked everywhere; a destroyed graph's and node's, which natively are
 * pointers to freed memory, only through oncuda, whose server must
 * refuse them before its driver sees them.
 */
int test_graph_bad_handles(void)
{
	const char *remote = getenv("ONCUDA_TEST_REMOTE");
	CUDA_KERNEL_NODE_PARAMS kg;
	CUDA_MEM_ALLOC_NODE_PARAMS ap;
	CUgraphConditionalHandle cond;
	CUgraphNodeParams p;
	CUgraphNode node, empty;
	CUgraph graph, other;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuGraphKernelNodeGetParams(NULL, &kg),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphAddMemFreeNode(&node, NULL, NULL, 0, 0),
		 CUDA_ERROR_INVALID_VALUE);
	ap = alloc_params(dev, 4096);
	CHECK_CU(cuGraphAddMemAllocNode(&node, NULL, NULL, 0, &ap),
		 CUDA_ERROR_INVALID_VALUE);

	/* A condition of another graph is not this graph's. */
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphCreate(&other, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphConditionalHandleCreate(&cond, other, ctx, 0, 0),
		 CUDA_SUCCESS);
	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
	p.conditional.handle = cond;
	p.conditional.type = CU_GRAPH_COND_TYPE_IF;
	p.conditional.size = 1;
	p.conditional.ctx = ctx;
	CHECK_CU(cuGraphAddNode(&node, graph, NULL, NULL, 0, &p),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphDestroy(other), CUDA_SUCCESS);

	CHECK_CU(cuGraphAddEmptyNode(&empty, graph, NULL, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	if (remote == NULL || strcmp(remote, "1") != 0) {
		e2e_skip_note("destroyed handles: natively freed memory");
		return 0;
	}
	CHECK_CU(cuGraphAddEmptyNode(&node, graph, NULL, 0),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphKernelNodeGetParams(empty, &kg),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphNodeFindInClone(&node, empty, graph),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGraphChildGraphNodeGetGraph(empty, &other),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}

/* Memcpy nodes from in to device memory and from there to out. */
static void host_copy_nodes(unsigned int *in, unsigned int *out,
    CUdeviceptr a, CUDA_MEMCPY3D *up, CUDA_MEMCPY3D *down)
{
	memset(up, 0, sizeof(*up));
	up->srcMemoryType = CU_MEMORYTYPE_HOST;
	up->srcHost = in;
	up->dstMemoryType = CU_MEMORYTYPE_DEVICE;
	up->dstDevice = a;
	up->WidthInBytes = N * 4;
	up->Height = up->Depth = 1;
	*down = *up;
	down->srcMemoryType = CU_MEMORYTYPE_DEVICE;
	down->srcHost = NULL;
	down->srcDevice = a;
	down->dstMemoryType = CU_MEMORYTYPE_HOST;
	down->dstDevice = 0;
	down->dstHost = out;
}

/* Three replays of exec, whose work copies in to out, each with new input. */
static int replay_copying(CUgraphExec exec, CUstream s, unsigned int *in,
    unsigned int *out, unsigned int step)
{
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < N; i++)
			in[i] = round * step + i;
		memset(out, 0, N * 4);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		CHECK_MEM(out, in, N * 4);
	}
	return 0;
}

/* Replays a graph of those nodes three times with new input each time. */
static int replay_host_copies(CUgraph graph, const CUDA_MEMCPY3D *up,
    const CUDA_MEMCPY3D *down, CUcontext ctx, CUstream s)
{
	unsigned int *in = (unsigned int *)up->srcHost;
	unsigned int *out = (unsigned int *)down->dstHost;
	CUgraphNode to_dev, to_host;
	CUgraphExec exec;

	CHECK_CU(cuGraphAddMemcpyNode(&to_dev, graph, NULL, 0, up, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphAddMemcpyNode(&to_host, graph, &to_dev, 1, down, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	TRY(replay_copying(exec, s, in, out, 1000));
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	return 0;
}

/*
 * A memcpy node from the program's pageable host memory reads it at each
 * replay, and one to it writes it, natively and through oncuda (by a
 * mirror on the server, idl/cuda.x memcpy_node).
 */
int test_graph_host_memcpy(void)
{
	unsigned int *in = e2e_malloc(N * 4), *out = e2e_malloc(N * 4);
	CUDA_MEMCPY3D up, down;
	CUgraph graph;
	CUdeviceptr a;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4));
	host_copy_nodes(in, out, a, &up, &down);
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	TRY(replay_host_copies(graph, &up, &down, ctx, s));
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/*
 * The same nodes over page-locked memory (cuMemAllocHost), which the
 * replays read and write there, natively and through oncuda.
 */
int test_graph_pinned_memcpy(void)
{
	unsigned int *in = NULL, *out = NULL;
	CUDA_MEMCPY3D up, down;
	CUgraph graph;
	CUdeviceptr a;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4));
	CHECK_CU(cuMemAllocHost((void **)&in, N * 4), CUDA_SUCCESS);
	e2e_defer_host(in);
	CHECK_CU(cuMemAllocHost((void **)&out, N * 4), CUDA_SUCCESS);
	e2e_defer_host(out);
	host_copy_nodes(in, out, a, &up, &down);
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	TRY(replay_host_copies(graph, &up, &down, ctx, s));
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

CUresult cuGraphLaunch_ptsz(CUgraphExec hGraphExec, CUstream hStream);

/*
 * cuStreamBeginCaptureToGraph: work captured into an existing graph after
 * one of its nodes; then the graph launched on the per-thread default
 * stream (cuGraphLaunch_ptsz with NULL).
 */
int test_graph_capture_to_graph(void)
{
	unsigned long long n = N;
	unsigned int v = 41;
	void *params[] = { NULL, &v, &n };
	CUDA_MEMSET_NODE_PARAMS ms;
	CUstreamCaptureStatus status;
	CUgraphNode set;
	CUgraph graph, got;
	CUgraphExec exec;
	CUdeviceptr a, b;
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	size_t count;

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	params[0] = &a;

	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	memset(&ms, 0, sizeof(ms));
	ms.dst = b;
	ms.value = 3;
	ms.elementSize = 4;
	ms.width = N;
	ms.height = 1;
	CHECK_CU(cuGraphAddMemsetNode(&set, graph, NULL, 0, &ms, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamBeginCaptureToGraph(s, graph, &set, NULL, 1,
		 CU_STREAM_CAPTURE_MODE_GLOBAL), CUDA_SUCCESS);
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CHECK_CU(cuLaunchKernel(fill, 4, 1, 1, 256, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &got), CUDA_SUCCESS);
	CHECK(got == graph);
	count = 0;
	CHECK_CU(cuGraphGetNodes(graph, NULL, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 2);
	count = 0;
	CHECK_CU(cuGraphNodeGetDependentNodes(set, NULL, NULL, &count),
		 CUDA_SUCCESS);
	CHECK_EQ(count, 1);

	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch_ptsz(exec, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(e2e_words_are(a, N, 41, "captured kernel"));
	TRY(e2e_words_are(b, N, 3, "the graph's own memset"));
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/*
 * A capture of copies from and to page-locked memory (cuMemcpyHtoDAsync,
 * cuMemcpyDtoHAsync) replayed with new input each time: the replays read
 * and write the program's buffers, as natively.
 */
/*
 * Captures copies from in to the device, within it, and back to out (by
 * cuMemcpyAsync, which tells the host side by its address, when unified,
 * else by cuMemcpyDtoHAsync), then replays the graph with new input each
 * time: the replays read and write the program's buffers, as natively.
 */
static int capture_copies(unsigned int *in, unsigned int *out, bool unified)
{
	CUstreamCaptureStatus status;
	CUgraphExec exec;
	CUdeviceptr a, b;
	CUgraph graph;
	CUstream s;

	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoDAsync(a, in, N * 4, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoDAsync(b, a, N * 4, s), CUDA_SUCCESS);
	if (unified)
		CHECK_CU(cuMemcpyAsync((CUdeviceptr)(uintptr_t)out, b, N * 4,
			 s), CUDA_SUCCESS);
	else
		CHECK_CU(cuMemcpyDtoHAsync(out, b, N * 4, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamIsCapturing(s, &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_STREAM_CAPTURE_STATUS_ACTIVE);
	CHECK_CU(cuStreamEndCapture(s, &graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	TRY(replay_copying(exec, s, in, out, 7919));
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/*
 * The same with cuMemcpy2DAsync: every other row of 64 words of in (the
 * first 16 rows of 128 words) to packed device memory, and back into the
 * rows of out at the same places.
 */
static int capture_copies_2d(unsigned int *in, unsigned int *out)
{
	CUDA_MEMCPY2D up, down;
	CUgraphExec exec;
	CUdeviceptr a;
	CUgraph graph;
	CUstream s;

	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4));
	memset(&up, 0, sizeof(up));
	up.srcMemoryType = CU_MEMORYTYPE_HOST;
	up.srcHost = in;
	up.srcPitch = 128 * 4;
	up.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	up.dstDevice = a;
	up.dstPitch = 64 * 4;
	up.WidthInBytes = 64 * 4;
	up.Height = N / 128;
	down = up;
	down.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	down.srcHost = NULL;
	down.srcDevice = a;
	down.srcPitch = 64 * 4;
	down.dstMemoryType = CU_MEMORYTYPE_HOST;
	down.dstDevice = 0;
	down.dstHost = out;
	down.dstPitch = 128 * 4;
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpy2DAsync(&up, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpy2DAsync(&down, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < N; i++)
			in[i] = round * 65537 + i;
		memset(out, 0, N * 4);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		for (unsigned int i = 0; i < N; i++)
			CHECK_EQ(out[i], i % 128 < 64 ? in[i] : 0);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

int test_capture_pinned_copies(void)
{
	unsigned int *in = NULL, *out = NULL;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuMemAllocHost((void **)&in, N * 4), CUDA_SUCCESS);
	e2e_defer_host(in);
	CHECK_CU(cuMemAllocHost((void **)&out, N * 4), CUDA_SUCCESS);
	e2e_defer_host(out);
	return capture_copies(in, out, false);
}

/*
 * The same over pageable memory, whose captured copies read and write it
 * at each replay natively; through oncuda they name a mirror of it on the
 * server (idl/cuda.x, memcpy_node).
 */
int test_capture_pageable_copies(void)
{
	unsigned int *in = e2e_malloc(N * 4), *out = e2e_malloc(N * 4);
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(capture_copies(in, out, false));
	TRY(capture_copies(in, out, true));
	return capture_copies_2d(in, out);
}
