/*
 * server/svc/svc_graph.h -- graphs and their nodes (svc_graph.c), and the
 * arrays of nodes that cross the wire, shared with svc_capture.c and
 * svc_graph_node.c.
 */
#ifndef ONCUDA_SERVER_SVC_GRAPH_H
#define ONCUDA_SERVER_SVC_GRAPH_H

#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/* CUDA_SUCCESS when every node of nodes is one of this client's. */
CUresult graph_nodes_check(const cu_nodes *nodes);

/* nodes as the driver's array (the two have one layout). */
CUgraphNode *graph_nodes_of(const cu_nodes *nodes);

/*
 * Fills out with the first count of found (the driver's array), each
 * registered as this client's node of graph.  out's array is the reply's,
 * freed with it.
 */
CUresult graph_nodes_reply(cu_handle graph, const CUgraphNode *found,
    size_t count, cu_nodes *out);

/*
 * The driver's array for count edges from the client's list (free it):
 * NULL where the list is empty (default edges).  It must be empty or count
 * long, each field a byte: CUDA_ERROR_INVALID_VALUE otherwise, never a
 * value cut.
 */
CUresult graph_edges_in(const graph_edges *in, size_t count,
    CUgraphEdgeData **out);

#endif
