/*
 * stubs/stream/graph_cond.h -- conditional nodes (graph_cond.c), which
 * cuGraphAddNode adds.
 */
#ifndef ONCUDA_STUBS_GRAPH_COND_H
#define ONCUDA_STUBS_GRAPH_COND_H

#include <stddef.h>

#include <cuda.h>

/*
 * Adds a conditional node (cuGraphAddNode's CU_GRAPH_NODE_TYPE_CONDITIONAL)
 * and stores its body graphs where p->phGraph_out will point: an array
 * the client keeps while the node may live, as the driver keeps its own.
 */
CUresult graph_add_conditional(CUgraphNode *node, CUgraph graph,
    const CUgraphNode *deps, size_t count, CUDA_CONDITIONAL_NODE_PARAMS *p);

#endif
