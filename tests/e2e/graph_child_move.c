/*
 * A child graph moved into its node (cuGraphAddNode with
 * CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE), the way XLA builds its command
 * buffers: the node holds the graph itself, so the child's handle is the
 * node's graph, edits made through it after the move run, and the child
 * may hold memory allocation and free nodes (a cloned child may not).
 * The moved graph cannot be destroyed alone, nor moved into a second node;
 * it goes with its parent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "graph_setup.h"

static CUgraphNodeParams memset_word(CUdeviceptr dst, unsigned int value,
				     CUcontext ctx)
{
	CUgraphNodeParams p;

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEMSET;
	p.memset.dst = dst;
	p.memset.value = value;
	p.memset.elementSize = 4;
	p.memset.width = 1;
	p.memset.height = 1;
	p.memset.ctx = ctx;
	return p;
}

static CUgraphNodeParams moved(CUgraph child)
{
	CUgraphNodeParams p;

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_GRAPH;
	p.graph.graph = child;
	p.graph.ownership = CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE;
	return p;
}

int test_graph_child_move(void)
{
	CUgraphNode first, second, alloc, release, set, child, again;
	CUgraph outer, inner, other, got;
	CUgraphNodeParams p;
	CUgraphExec exec;
	CUfunction fill;
	CUdeviceptr d;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	unsigned int words[2];

	TRY(e2e_graph_setup(&dev, &ctx, "fill_u32", &fill, &s));
	TRY(e2e_dalloc(&d, sizeof(words)));
	CHECK_CU(cuMemsetD32(d, 0, 2), CUDA_SUCCESS);
	CHECK_CU(cuGraphCreate(&outer, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphCreate(&inner, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphCreate(&other, 0), CUDA_SUCCESS);

	/* The child: a word set, and an allocation freed behind it. */
	p = memset_word(d, 0x11, ctx);
	CHECK_CU(cuGraphAddNode(&first, inner, NULL, NULL, 0, &p),
		 CUDA_SUCCESS);
	p = e2e_alloc_node(dev, 4096);
	CHECK_CU(cuGraphAddNode(&alloc, inner, &first, NULL, 1, &p),
		 CUDA_SUCCESS);
	{
		CUdeviceptr mem = p.alloc.dptr;

		CHECK(mem != 0);
		memset(&p, 0, sizeof(p));
		p.type = CU_GRAPH_NODE_TYPE_MEM_FREE;
		p.free.dptr = mem;
		CHECK_CU(cuGraphAddNode(&release, inner, &alloc, NULL, 1, &p),
			 CUDA_SUCCESS);
	}

	/* Cloned, a child with memory nodes is refused; moved, taken. */
	p = moved(inner);
	p.graph.ownership = CU_GRAPH_CHILD_GRAPH_OWNERSHIP_CLONE;
	CHECK(cuGraphAddNode(&child, outer, NULL, NULL, 0, &p) !=
	      CUDA_SUCCESS);
	p = memset_word(d + 4, 0x22, ctx);
	CHECK_CU(cuGraphAddNode(&set, outer, NULL, NULL, 0, &p),
		 CUDA_SUCCESS);
	p = moved(inner);
	CHECK_CU(cuGraphAddNode(&child, outer, &set, NULL, 1, &p),
		 CUDA_SUCCESS);
	CHECK_CU(cuGraphChildGraphNodeGetGraph(child, &got), CUDA_SUCCESS);
	CHECK(got == inner);

	/* The node's now: not destroyed alone, not moved again (the
	 * driver's answers on the H200). */
	CHECK_CU(cuGraphDestroy(inner), CUDA_ERROR_INVALID_VALUE);
	p = moved(inner);
	CHECK_CU(cuGraphAddNode(&again, other, NULL, NULL, 0, &p),
		 CUDA_ERROR_NOT_SUPPORTED);
	/*
	 * A graph moved into itself: driver 580 takes it (CUDA_SUCCESS on
	 * the H200), making a graph that holds itself, which nothing could
	 * destroy or run.  oncudad refuses it (idl/cuda.x, 919).
	 */
	if (getenv("ONCUDA_TEST_REMOTE") != NULL) {
		p = moved(outer);
		CHECK_CU(cuGraphAddNode(&again, outer, NULL, NULL, 0, &p),
			 CUDA_ERROR_INVALID_VALUE);
	}

	/* An edit through the child's handle shows in the parent. */
	p = memset_word(d, 0x33, ctx);
	CHECK_CU(cuGraphAddNode(&second, inner, &release, NULL, 1, &p),
		 CUDA_SUCCESS);

	CHECK_CU(cuGraphInstantiate(&exec, outer, 0), CUDA_SUCCESS);
	CHECK_CU(cuGraphLaunch(exec, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(words, d, sizeof(words)), CUDA_SUCCESS);
	if (words[0] != 0x33 || words[1] != 0x22)
		return e2e_fail(__FILE__, __LINE__, "words %#x %#x after the "
				"launch, expected 0x33 0x22", words[0],
				words[1]);
	CHECK_CU(cuGraphExecDestroy(exec), CUDA_SUCCESS);

	/* The parent takes the child with it. */
	CHECK_CU(cuGraphDestroy(outer), CUDA_SUCCESS);
	if (getenv("ONCUDA_TEST_REMOTE") != NULL) {
		size_t count = 0;

		/* Natively a dangling handle: only oncuda can say so. */
		CHECK_CU(cuGraphGetNodes(inner, NULL, &count),
			 CUDA_ERROR_INVALID_VALUE);
	}
	CHECK_CU(cuGraphDestroy(other), CUDA_SUCCESS);
	return 0;
}
