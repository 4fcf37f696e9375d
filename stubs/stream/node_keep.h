/*
 * stubs/stream/node_keep.h -- a copy of what a node's parameters point
 * to, kept for the program and tied to the node's owners as its server
 * knows them (node_keep.c; node_store.h holds the copies).
 */
#ifndef ONCUDA_STUBS_NODE_KEEP_H
#define ONCUDA_STUBS_NODE_KEEP_H

#include <stddef.h>

#include <cuda.h>

#include "stubs/stream/node_store.h"

/*
 * As node_store_keep, the owners being those the node's server names
 * (idl/cuda.x, ONCUDA_GRAPH_NODE_OWNERS), asked once per node: an
 * identical copy, or another copy of the node's, answers without a call.
 * Called outside any call.  NULL when out of memory.
 */
void *node_keep(CUgraphNode node, enum node_copy kind, const void *data,
    size_t size, size_t skip);

#endif
