/*
 * server/svc/svc_graph_node.h -- what every procedure that adds a graph
 * node does first and last (svc_graph_node.c).
 */
#ifndef ONCUDA_SERVER_SVC_GRAPH_NODE_H
#define ONCUDA_SERVER_SVC_GRAPH_NODE_H

#include <cuda.h>

#include "gen/cuda_names.h"

/* The graph and the dependencies of a new node are the client's. */
CUresult graph_add_check(cu_handle graph, const cu_nodes *deps);

/*
 * A new node of graph: its handle, registered as the client's, into *r,
 * with err; a node that cannot be registered is destroyed again.
 */
void graph_node_added(CUresult err, CUgraphNode node, cu_handle graph,
    res_handle *r);

#endif
