/*
 * graph_setup.c -- what the graph tests with a kernel share
 * (graph_setup.h).
 */
#include <string.h>

#include "check.h"
#include "graph_setup.h"

int e2e_graph_setup(CUdevice *dev, CUcontext *ctx, const char *kernel,
    CUfunction *fn, CUstream *s)
{
	CUmodule m;

	TRY(e2e_primary_ctx(dev, ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(fn, m, kernel));
	if (s != NULL)
		TRY(e2e_stream(s));
	return 0;
}

CUDA_KERNEL_NODE_PARAMS e2e_fill_node(CUfunction fill, void **params)
{
	CUDA_KERNEL_NODE_PARAMS k;

	memset(&k, 0, sizeof(k));
	k.func = fill;
	k.gridDimX = 4;
	k.gridDimY = k.gridDimZ = 1;
	k.blockDimX = 256;
	k.blockDimY = k.blockDimZ = 1;
	k.kernelParams = params;
	return k;
}

CUgraphNodeParams e2e_alloc_node(CUdevice dev, size_t bytes)
{
	CUgraphNodeParams p;

	memset(&p, 0, sizeof(p));
	p.type = CU_GRAPH_NODE_TYPE_MEM_ALLOC;
	p.alloc.poolProps.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
	p.alloc.poolProps.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
	p.alloc.poolProps.location.id = dev;
	p.alloc.bytesize = bytes;
	return p;
}

CUgraphEdgeData e2e_programmatic_edge(void)
{
	CUgraphEdgeData e;

	memset(&e, 0, sizeof(e));
	e.from_port = CU_GRAPH_KERNEL_NODE_PORT_LAUNCH_ORDER;
	e.type = CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC;
	return e;
}

int e2e_is_programmatic(const CUgraphEdgeData *got, const char *what)
{
	CUgraphEdgeData want = e2e_programmatic_edge();

	if (got == NULL)
		return e2e_fail(__FILE__, __LINE__, "%s: no edge data", what);
	if (memcmp(got, &want, sizeof(want)) != 0)
		return e2e_fail(__FILE__, __LINE__, "%s: edge data from_port "
				"%u to_port %u type %u, expected %u %u %u",
				what, got->from_port, got->to_port, got->type,
				want.from_port, want.to_port, want.type);
	return 0;
}
