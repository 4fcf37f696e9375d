/*
 * graph_setup.h -- what the graph tests with a kernel share: their
 * beginning, and the one kernel node most of them add.
 */
#ifndef E2E_GRAPH_SETUP_H
#define E2E_GRAPH_SETUP_H

#include <cuda.h>

/*
 * The primary context, tests/kernels' module (unloaded when the test
 * ends), kernel from it, and, where s is not NULL, a stream of its own.
 */
int e2e_graph_setup(CUdevice *dev, CUcontext *ctx, const char *kernel,
    CUfunction *fn, CUstream *s);

/* A fill_u32 node of params (p, v, n) over 1024 words: 4 blocks of 256. */
CUDA_KERNEL_NODE_PARAMS e2e_fill_node(CUfunction fill, void **params);

/* cuGraphAddNode's memory allocation node of bytes on dev. */
CUgraphNodeParams e2e_alloc_node(CUdevice dev, size_t bytes);

/* The edge of Hopper's programmatic dependent launch between kernels. */
CUgraphEdgeData e2e_programmatic_edge(void);

/* 0 when got (NULL: none given) is that edge, else a failure of what. */
int e2e_is_programmatic(const CUgraphEdgeData *got, const char *what);

#endif
