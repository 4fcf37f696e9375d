/*
 * graph_host.c -- graph memcpy nodes whose sides are the program's host
 * memory (pageable, registered) or CUDA arrays.  Natively each replay reads and
 * writes the program's memory; through oncuda the same bytes must arrive
 * (idl/cuda.x, memcpy_node).  Captured 1D and 2D copies over pageable
 * memory are graph_more.c's, 3D ones this file's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cuda.h>

#include "check.h"
#include "graph_setup.h"

#define N 1024u

/* A one-row copy of bytes between two sides, filled in by the caller. */
static CUDA_MEMCPY3D row_copy(size_t bytes)
{
	CUDA_MEMCPY3D c;

	memset(&c, 0, sizeof(c));
	c.WidthInBytes = bytes;
	c.Height = c.Depth = 1;
	return c;
}

static CUDA_MEMCPY3D host_to_device(const void *host, CUdeviceptr dev,
    size_t bytes)
{
	CUDA_MEMCPY3D c = row_copy(bytes);

	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = host;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = dev;
	return c;
}

static CUDA_MEMCPY3D device_to_host(CUdeviceptr dev, void *host,
    size_t bytes)
{
	CUDA_MEMCPY3D c = row_copy(bytes);

	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = dev;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = host;
	return c;
}

/* A vec_add node: c = a + b over N floats. */
static int add_vec_node(CUgraphNode *node, CUgraph graph,
    const CUgraphNode *deps, size_t count, CUfunction add, void **params)
{
	CUDA_KERNEL_NODE_PARAMS k;

	memset(&k, 0, sizeof(k));
	k.func = add;
	k.gridDimX = N / 256;
	k.gridDimY = k.gridDimZ = 1;
	k.blockDimX = 256;
	k.blockDimY = k.blockDimZ = 1;
	k.kernelParams = params;
	CHECK_CU(cuGraphAddKernelNode(node, graph, deps, count, &k),
		 CUDA_SUCCESS);
	return 0;
}

/* An array of w by h (by d when d > 0) 32-bit words. */
static int word_array(CUarray *arr, size_t w, size_t h, size_t d)
{
	CUDA_ARRAY3D_DESCRIPTOR desc;

	memset(&desc, 0, sizeof(desc));
	desc.Width = w;
	desc.Height = h;
	desc.Depth = d;
	desc.Format = CU_AD_FORMAT_UNSIGNED_INT32;
	desc.NumChannels = 1;
	CHECK_CU(cuArray3DCreate(arr, &desc), CUDA_SUCCESS);
	return 0;
}

/*
 * A copy of h rows (of pitch words apart) of w words, in d slices (1 for
 * a 2D array), between host memory and all of array arr.
 */
static CUDA_MEMCPY3D host_array_copy(bool to_array, void *host,
    size_t pitch, CUarray arr, size_t w, size_t h, size_t d)
{
	CUDA_MEMCPY3D c = row_copy(w * 4);

	c.Height = h;
	c.Depth = d;
	if (to_array) {
		c.srcMemoryType = CU_MEMORYTYPE_HOST;
		c.srcHost = host;
		c.srcPitch = pitch * 4;
		c.srcHeight = h;
		c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
		c.dstArray = arr;
	} else {
		c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
		c.srcArray = arr;
		c.dstMemoryType = CU_MEMORYTYPE_HOST;
		c.dstHost = host;
		c.dstPitch = pitch * 4;
		c.dstHeight = h;
	}
	return c;
}

/*
 * Pageable input, a kernel, pageable output: replayed three times, the
 * program writing new input before each launch; the results follow.  A
 * second input node reads bytes inside the first's span, a third bytes
 * reaching past it: their spans overlap.
 */
int test_graph_pageable_kernel(void)
{
	float *in = e2e_malloc(2 * N * 4), *out = e2e_malloc(N * 4);
	float *mid = e2e_malloc(N * 4 / 2), *late = e2e_malloc(N * 4);
	int n = (int)N;
	CUdeviceptr a, b, c;
	void *params[] = { &a, &a, &c, &n };
	CUgraphNode up, up_mid, up_late, add, down, down_mid, down_late;
	CUDA_MEMCPY3D cp;
	CUgraphExec exec;
	CUfunction vec_add;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_graph_setup(&dev, &ctx, "vec_add", &vec_add, &s));
	TRY(e2e_dalloc(&a, N * 4));
	TRY(e2e_dalloc(&b, N * 4));
	TRY(e2e_dalloc(&c, N * 4));
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	cp = host_to_device(in, a, N * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&up, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	TRY(add_vec_node(&add, graph, &up, 1, vec_add, params));
	cp = device_to_host(c, out, N * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &add, 1, &cp, ctx),
		 CUDA_SUCCESS);
	/* in[N/4 .. 3N/4) through b into mid; in[N/2 .. 3N/2) into late. */
	cp = host_to_device(in + N / 4, b, N * 4 / 2);
	CHECK_CU(cuGraphAddMemcpyNode(&up_mid, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	cp = device_to_host(b, mid, N * 4 / 2);
	CHECK_CU(cuGraphAddMemcpyNode(&down_mid, graph, &up_mid, 1, &cp, ctx),
		 CUDA_SUCCESS);
	cp = host_to_device(in + N / 2, b + N * 4 / 2, N * 4 / 2);
	CHECK_CU(cuGraphAddMemcpyNode(&up_late, graph, &down_mid, 1, &cp,
		 ctx), CUDA_SUCCESS);
	cp = device_to_host(b + N * 4 / 2, late, N * 4 / 2);
	CHECK_CU(cuGraphAddMemcpyNode(&down_late, graph, &up_late, 1, &cp,
		 ctx), CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	/* The executable graph outlives the graph it came from. */
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < 2 * N; i++)
			in[i] = (float)(round * 3000 + i);
		memset(out, 0, N * 4);
		memset(mid, 0, N * 4 / 2);
		memset(late, 0, N * 4 / 2);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		for (unsigned int i = 0; i < N; i++)
			if (out[i] != 2 * in[i])
				return e2e_fail(__FILE__, __LINE__, "round %u: "
				    "out[%u] is %g, not %g", round, i,
				    (double)out[i], (double)(2 * in[i]));
		CHECK_MEM(mid, in + N / 4, N * 4 / 2);
		CHECK_MEM(late, in + N / 2, N * 4 / 2);
	}
	/* Another replay after the program changed only part of its input,
	 * seen after cuCtxSynchronize. */
	in[7] = -1.0f;
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(out[7] == -2.0f);
	CHECK(out[8] == 2 * in[8]);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	return 0;
}

/*
 * The same replays over memory the program registered with
 * cuMemHostRegister (the server's mirror of it lies elsewhere).
 */
int test_graph_registered_memcpy(void)
{
	size_t bytes = 2 * 4096;
	unsigned int *in, *out;
	CUgraphNode up, down;
	CUDA_MEMCPY3D cp;
	CUgraphExec exec;
	CUdeviceptr a;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, bytes));
	in = mmap(NULL, 2 * bytes, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(in != MAP_FAILED);
	out = in + bytes / 4;
	CHECK_CU(cuMemHostRegister(in, 2 * bytes, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	cp = host_to_device(in, a, bytes);
	CHECK_CU(cuGraphAddMemcpyNode(&up, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	cp = device_to_host(a, out, bytes);
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &up, 1, &cp, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < bytes / 4; i++)
			in[i] = round * 7001 + i;
		memset(out, 0, bytes);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		CHECK_MEM(out, in, bytes);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuMemHostUnregister(in), CUDA_SUCCESS);
	munmap(in, 2 * bytes);
	return 0;
}

/*
 * An array side: pageable memory into a 2D array (HtoA node), the array
 * into other pageable memory (AtoH node), replayed with new input; the
 * AtoH node's parameters come back as set.
 */
int test_graph_array_memcpy(void)
{
	enum { W = 64, H = 16 };
	unsigned int *in = e2e_malloc(W * H * 4), *out = e2e_malloc(W * H * 4);
	CUgraphNode up, down;
	CUDA_MEMCPY3D cp, got;
	CUgraphExec exec;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;
	CUarray arr;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(word_array(&arr, W, H, 0));
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	cp = host_array_copy(true, in, W, arr, W, H, 1);
	CHECK_CU(cuGraphAddMemcpyNode(&up, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	cp = host_array_copy(false, out, W, arr, W, H, 1);
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &up, 1, &cp, ctx),
		 CUDA_SUCCESS);
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemcpyNodeGetParams(down, &got), CUDA_SUCCESS);
	CHECK_EQ(got.srcMemoryType, CU_MEMORYTYPE_ARRAY);
	CHECK_EQ((uintptr_t)got.srcArray, (uintptr_t)arr);
	CHECK_EQ(got.dstMemoryType, CU_MEMORYTYPE_HOST);
	CHECK_EQ((uintptr_t)got.dstHost, (uintptr_t)out);
	CHECK_EQ(got.dstPitch, W * 4);
	CHECK_EQ(got.WidthInBytes, W * 4);
	CHECK_EQ(got.Height, H);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < W * H; i++)
			in[i] = round * 50000 + i * 3;
		memset(out, 0, W * H * 4);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		CHECK_MEM(out, in, W * H * 4);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(arr), CUDA_SUCCESS);
	return 0;
}

/*
 * Node parameters with host sides: what GetParams gives back, a node set
 * in the graph and in the executable graph to other pageable memory, and
 * a node added with cuGraphAddNode.
 */
int test_graph_memcpy_host_params(void)
{
	unsigned int *in = e2e_malloc(N * 4), *out = e2e_malloc(N * 4);
	unsigned int *other = e2e_malloc(N * 4), *third = e2e_malloc(N * 4);
	CUgraphNodeParams np;
	CUDA_MEMCPY3D cp, got;
	CUgraphNode up, down;
	CUgraphExec exec;
	CUdeviceptr a;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4));
	for (unsigned int i = 0; i < N; i++)
		in[i] = i * 11 + 5;
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	memset(&np, 0, sizeof(np));
	np.type = CU_GRAPH_NODE_TYPE_MEMCPY;
	np.memcpy.copyParams = host_to_device(in, a, N * 4);
	np.memcpy.copyCtx = ctx;
	CHECK_CU(cuGraphAddNode(&up, graph, NULL, NULL, 0, &np), CUDA_SUCCESS);
	cp = device_to_host(a, out, N * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &up, 1, &cp, ctx),
		 CUDA_SUCCESS);

	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemcpyNodeGetParams(up, &got), CUDA_SUCCESS);
	CHECK_EQ(got.srcMemoryType, CU_MEMORYTYPE_HOST);
	CHECK_EQ((uintptr_t)got.srcHost, (uintptr_t)in);
	CHECK_EQ(got.dstMemoryType, CU_MEMORYTYPE_DEVICE);
	CHECK_EQ(got.dstDevice, a);
	CHECK_EQ(got.WidthInBytes, N * 4);
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemcpyNodeGetParams(down, &got), CUDA_SUCCESS);
	CHECK_EQ(got.dstMemoryType, CU_MEMORYTYPE_HOST);
	CHECK_EQ((uintptr_t)got.dstHost, (uintptr_t)out);

	/* Set in the graph: out becomes other. */
	cp = device_to_host(a, other, N * 4);
	CHECK_CU(cuGraphMemcpyNodeSetParams(down, &cp), CUDA_SUCCESS);
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemcpyNodeGetParams(down, &got), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)got.dstHost, (uintptr_t)other);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	memset(out, 0, N * 4);
	memset(other, 0, N * 4);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(other, in, N * 4);
	CHECK_EQ(out[1], 0);

	/* Set in the executable graph only: other becomes third. */
	cp = device_to_host(a, third, N * 4);
	CHECK_CU(cuGraphExecMemcpyNodeSetParams(exec, down, &cp, ctx),
		 CUDA_SUCCESS);
	memset(other, 0, N * 4);
	memset(third, 0, N * 4);
	in[3] = 77;
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(third, in, N * 4);
	CHECK_EQ(other[3], 0);
	/* The graph's node still names other. */
	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemcpyNodeGetParams(down, &got), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)got.dstHost, (uintptr_t)other);

	/* cuGraphExecNodeSetParams back to out. */
	memset(&np, 0, sizeof(np));
	np.type = CU_GRAPH_NODE_TYPE_MEMCPY;
	np.memcpy.copyParams = device_to_host(a, out, N * 4);
	np.memcpy.copyCtx = ctx;
	CHECK_CU(cuGraphExecNodeSetParams(exec, down, &np), CUDA_SUCCESS);
	memset(out, 0, N * 4);
	memset(third, 0, N * 4);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(out, in, N * 4);
	CHECK_EQ(third[3], 0);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);

	/* Unified addressing: the addresses say which side is host memory. */
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	cp = host_to_device(NULL, a, N * 4);
	cp.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
	cp.srcDevice = (CUdeviceptr)(uintptr_t)in;
	cp.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	CHECK_CU(cuGraphAddMemcpyNode(&up, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	cp = device_to_host(a, NULL, N * 4);
	cp.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
	cp.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	cp.dstDevice = (CUdeviceptr)(uintptr_t)third;
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &up, 1, &cp, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	in[5] = 4242;
	memset(third, 0, N * 4);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(third, in, N * 4);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/*
 * A context created and destroyed beside the graph's does not take the
 * graph's host memory with it: replays after it still read the program's
 * new input and write its output (through oncuda, the mirrors made in the
 * graph's context outlive the other's death).
 */
int test_graph_pageable_ctx_death(void)
{
	unsigned int *in = e2e_malloc(N * 4), *out = e2e_malloc(N * 4);
	CUgraphNode up, down;
	CUDA_MEMCPY3D cp;
	CUgraphExec exec;
	CUcontext ctx, other;
	CUdeviceptr a;
	CUgraph graph;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * 4));
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	cp = host_to_device(in, a, N * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&up, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	cp = device_to_host(a, out, N * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &up, 1, &cp, ctx),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < N; i++)
			in[i] = round * 31337 + i;
		memset(out, 0, N * 4);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		CHECK_MEM(out, in, N * 4);
		/* Another context lives and dies between the replays. */
		CHECK_CU(cuCtxCreate(&other, NULL, 0, dev), CUDA_SUCCESS);
		CHECK_CU(cuCtxDestroy(other), CUDA_SUCCESS);
		CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}

/*
 * cuMemcpy3DAsync captured between pageable memory and a 3D array, each
 * way: the replays read the program's new input and write its output.
 */
int test_capture_pageable_3d(void)
{
	enum { W = 32, H = 8, D = 2, PITCH = 48 };
	unsigned int *in = e2e_malloc(PITCH * H * D * 4);
	unsigned int *out = e2e_malloc(W * H * D * 4);
	CUDA_MEMCPY3D up, down;
	CUgraphExec exec;
	CUgraph graph;
	CUcontext ctx;
	CUdevice dev;
	CUarray arr;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(word_array(&arr, W, H, D));
	up = host_array_copy(true, in, PITCH, arr, W, H, D);
	down = host_array_copy(false, out, W, arr, W, H, D);
	CHECK_CU(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemcpy3DAsync(&up, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpy3DAsync(&down, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamEndCapture(s, &graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphInstantiate(&exec, graph, 0), CUDA_SUCCESS);
	for (unsigned int round = 0; round < 3; round++) {
		for (unsigned int i = 0; i < PITCH * H * D; i++)
			in[i] = round * 99991 + i;
		memset(out, 0, W * H * D * 4);
		CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		for (unsigned int row = 0; row < H * D; row++)
			CHECK_MEM(out + row * W, in + row * PITCH, W * 4);
	}
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(arr), CUDA_SUCCESS);
	return 0;
}
