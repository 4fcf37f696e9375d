/*
 * stubs/stream/graph_node.h -- the one way of adding a node that no entry
 * point of its own names (graph_node.c); the entry points are cuda.h's.
 */
#ifndef ONCUDA_STUBS_GRAPH_NODE_H
#define ONCUDA_STUBS_GRAPH_NODE_H

#include <stddef.h>

#include <cuda.h>

/*
 * cuGraphAddNode's child graph node with CU_GRAPH_CHILD_GRAPH_OWNERSHIP_MOVE
 * (CU_GRAPH_ADD_CHILD_GRAPH_NODE_MOVE): child itself is embedded, and is
 * the node's from then on.
 */
CUresult graph_add_child_moved(CUgraphNode *node, CUgraph graph,
    const CUgraphNode *deps, size_t count, CUgraph child);

#endif
