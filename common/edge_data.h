/*
 * edge_data.h -- graph edge data (the driver's CUgraphEdgeData) to and from
 * the wire's graph_edges (idl/cuda.x), one converter for both sides
 * (edge_data.c): the client sends the program's edges and reads the
 * server's answers (stubs/stream/graph.c), the server reads the client's
 * and answers with the driver's (server/svc/svc_graph.c).
 *
 * The driver's edge holds bytes and five reserved bytes that must be zero;
 * the wire holds unsigned ints.  An empty list stands for default edges
 * only, the usual case, which costs nothing on the wire.
 */
#ifndef ONCUDA_EDGE_DATA_H
#define ONCUDA_EDGE_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_rpc.h"

/* Whether any of the count edges at data (NULL: none) is not a default
 * edge. */
bool edge_data_special(const CUgraphEdgeData *data, size_t count);

/*
 * The wire's list for the count edges at data: empty where every one is a
 * default edge (or data is NULL), else count entries, given back with
 * edge_data_release (or xdr_free with the message that holds them).
 * CUDA_ERROR_INVALID_VALUE for an edge with reserved bytes set (the
 * driver's answer), CUDA_ERROR_OUT_OF_MEMORY.
 */
CUresult edge_data_to_wire(const CUgraphEdgeData *data, size_t count,
    graph_edges *wire);
void edge_data_release(graph_edges *wire);

/*
 * Writes the first count edges of wire into data (which has room for
 * count), default edges past the wire's end.  false: a field of the wire
 * is past a byte (written cut, for the caller to refuse or accept).
 */
bool edge_data_from_wire(const graph_edges *wire, CUgraphEdgeData *data,
    size_t count);

#endif
