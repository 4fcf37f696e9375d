/*
 * server/svc/graph_edges.h -- graph edge data (CUgraphEdgeData) to and
 * from the wire's graph_edges (idl/cuda.x), for the calls that add or
 * remove edges and the queries that report them (svc_graph.c).
 */
#ifndef ONCUDA_SERVER_SVC_GRAPH_EDGES_H
#define ONCUDA_SERVER_SVC_GRAPH_EDGES_H

#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_rpc.h"

/*
 * The driver's array for count edges from in: *out NULL where in is empty
 * (default edges), else count entries the caller frees.  In must be empty
 * or count long, and each field a byte: CUDA_ERROR_INVALID_VALUE
 * otherwise.
 */
CUresult graph_edges_in(const graph_edges *in, size_t count,
    CUgraphEdgeData **out);

/*
 * The wire's list for the n edges at data: empty where every one is a
 * default edge (or data is NULL), else n entries, freed with the reply.
 */
CUresult graph_edges_out(const CUgraphEdgeData *data, size_t n,
    graph_edges *out);

#endif
