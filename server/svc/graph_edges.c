/*
 * server/svc/graph_edges.c -- graph edge data to and from the wire
 * (graph_edges.h).
 *
 * The driver's CUgraphEdgeData holds bytes (and five reserved ones, which
 * must be zero); the wire holds unsigned ints, so a value past a byte is
 * refused here rather than cut.
 */
#include <stdlib.h>
#include <string.h>

#include "server/svc/graph_edges.h"

#define EDGE_FIELD_MAX 0xffu

CUresult graph_edges_in(const graph_edges *in, size_t count,
    CUgraphEdgeData **out)
{
	CUgraphEdgeData *data;

	*out = NULL;
	if (in->graph_edges_len == 0)
		return CUDA_SUCCESS;
	if (in->graph_edges_len != count)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++) {
		const graph_edge_data *e = &in->graph_edges_val[i];

		if (e->from_port > EDGE_FIELD_MAX ||
		    e->to_port > EDGE_FIELD_MAX || e->type > EDGE_FIELD_MAX)
			return CUDA_ERROR_INVALID_VALUE;
	}
	if ((data = calloc(count, sizeof(*data))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < count; i++) {
		const graph_edge_data *e = &in->graph_edges_val[i];

		data[i].from_port = (unsigned char)e->from_port;
		data[i].to_port = (unsigned char)e->to_port;
		data[i].type = (unsigned char)e->type;
	}
	*out = data;
	return CUDA_SUCCESS;
}

CUresult graph_edges_out(const CUgraphEdgeData *data, size_t n,
    graph_edges *out)
{
	static const CUgraphEdgeData none;
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; data != NULL && i < n; i++)
		if (memcmp(&data[i], &none, sizeof(none)) != 0)
			break;
	if (data == NULL || i == n)
		return CUDA_SUCCESS;
	if ((out->graph_edges_val = calloc(n, sizeof(*out->graph_edges_val)))
	    == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	out->graph_edges_len = (u_int)n;
	for (i = 0; i < n; i++) {
		out->graph_edges_val[i].from_port = data[i].from_port;
		out->graph_edges_val[i].to_port = data[i].to_port;
		out->graph_edges_val[i].type = data[i].type;
	}
	return CUDA_SUCCESS;
}
