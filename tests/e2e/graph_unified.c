/*
 * Memcpy nodes whose sides the program gives as CU_MEMORYTYPE_UNIFIED
 * (one device address space): the node queries answer UNIFIED with the
 * address given, as the driver keeps the type it was given, for the node
 * itself, its counterpart in a clone and in an embedded child graph; a
 * page-locked host buffer named as unified memory is answered with the
 * program's own pointer.  The copies run and land where they should.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tests.h"

#define WORDS 1024u

static CUDA_MEMCPY3D unified_copy(CUdeviceptr dst, CUmemorytype dst_type,
				  CUdeviceptr src, size_t bytes)
{
	CUDA_MEMCPY3D cp;

	memset(&cp, 0, sizeof(cp));
	cp.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
	cp.srcDevice = src;
	cp.dstMemoryType = dst_type;
	cp.dstDevice = dst;
	cp.WidthInBytes = bytes;
	cp.Height = cp.Depth = 1;
	return cp;
}

/* node's query: sides of the types and addresses given. */
static int node_is(CUgraphNode node, CUmemorytype src_type, CUdeviceptr src,
		   CUmemorytype dst_type, CUdeviceptr dst)
{
	CUDA_MEMCPY3D got;

	memset(&got, 0, sizeof(got));
	CHECK_CU(cuGraphMemcpyNodeGetParams(node, &got), CUDA_SUCCESS);
	CHECK_EQ(got.srcMemoryType, src_type);
	CHECK_EQ(got.srcDevice, src);
	CHECK_EQ(got.dstMemoryType, dst_type);
	CHECK_EQ(got.dstDevice, dst);
	CHECK(got.srcHost == NULL);
	CHECK(got.dstHost == NULL);
	CHECK_EQ(got.WidthInBytes, WORDS * 4);
	return 0;
}

int test_graph_memcpy_unified(void)
{
	CUgraphNode down, up, found, child, embedded;
	CUDA_MEMCPY3D cp;
	CUgraph graph, clone, outer, emb;
	CUgraphExec exec;
	CUdeviceptr a, b;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	unsigned int *host;
	size_t count = 1;
	int uva = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&uva, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING,
		 dev), CUDA_SUCCESS);
	if (!uva)
		return e2e_skip("the device has no unified addressing");
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, WORDS * 4));
	TRY(e2e_dalloc(&b, WORDS * 4));
	CHECK_CU(cuMemHostAlloc((void **)&host, WORDS * 4, 0), CUDA_SUCCESS);
	e2e_defer_host(host);
	CHECK_CU(cuMemsetD32(a, 0x600d, WORDS), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(b, 0, WORDS), CUDA_SUCCESS);
	memset(host, 0, WORDS * 4);

	/* a -> b, the source unified; b -> host, both unified. */
	CHECK_CU(cuGraphCreate(&graph, 0), CUDA_SUCCESS);
	cp = unified_copy(b, CU_MEMORYTYPE_DEVICE, a, WORDS * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&up, graph, NULL, 0, &cp, ctx),
		 CUDA_SUCCESS);
	cp = unified_copy((CUdeviceptr)(uintptr_t)host, CU_MEMORYTYPE_UNIFIED,
			  b, WORDS * 4);
	CHECK_CU(cuGraphAddMemcpyNode(&down, graph, &up, 1, &cp, ctx),
		 CUDA_SUCCESS);
	TRY(node_is(up, CU_MEMORYTYPE_UNIFIED, a, CU_MEMORYTYPE_DEVICE, b));
	TRY(node_is(down, CU_MEMORYTYPE_UNIFIED, b, CU_MEMORYTYPE_UNIFIED,
		    (CUdeviceptr)(uintptr_t)host));

	/* A clone's node, and one embedded in another graph, as given. */
	CHECK_CU(cuGraphClone(&clone, graph), CUDA_SUCCESS);
	CHECK_CU(cuGraphNodeFindInClone(&found, down, clone), CUDA_SUCCESS);
	TRY(node_is(found, CU_MEMORYTYPE_UNIFIED, b, CU_MEMORYTYPE_UNIFIED,
		    (CUdeviceptr)(uintptr_t)host));
	CHECK_CU(cuGraphCreate(&outer, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphAddChildGraphNode(&child, outer, NULL, 0, graph),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphChildGraphNodeGetGraph(child, &emb), CUDA_SUCCESS);
	CHECK_CU(cuGraphGetRootNodes(emb, &embedded, &count), CUDA_SUCCESS);
	CHECK_EQ(count, 1);
	TRY(node_is(embedded, CU_MEMORYTYPE_UNIFIED, a, CU_MEMORYTYPE_DEVICE,
		    b));

	/* Set again with a device destination: answered so. */
	cp = unified_copy(b, CU_MEMORYTYPE_DEVICE, a, WORDS * 4);
	cp.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	cp.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	CHECK_CU(cuGraphMemcpyNodeSetParams(up, &cp), CUDA_SUCCESS);
	TRY(node_is(up, CU_MEMORYTYPE_DEVICE, a, CU_MEMORYTYPE_UNIFIED, b));

	/* The copies run: a -> b -> the page-locked buffer. */
	CHECK_CU(cuGraphInstantiate(&exec, outer, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_words_are(b, WORDS, 0x600d, "unified device copy"));
	CHECK_EQ(host[0], 0x600d);
	CHECK_EQ(host[WORDS - 1], 0x600d);

	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(outer), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(clone), CUDA_SUCCESS);
	CHECK_CU(cuGraphDestroy(graph), CUDA_SUCCESS);
	return 0;
}
