/*
 * edge_data.c -- graph edge data to and from the wire (edge_data.h).
 */
#include <stdlib.h>
#include <string.h>

#include "common/edge_data.h"

#define EDGE_FIELD_MAX 0xffu

bool edge_data_special(const CUgraphEdgeData *data, size_t count)
{
	static const CUgraphEdgeData none;

	for (size_t i = 0; data != NULL && i < count; i++)
		if (memcmp(&data[i], &none, sizeof(none)) != 0)
			return true;
	return false;
}

CUresult edge_data_to_wire(const CUgraphEdgeData *data, size_t count,
    graph_edges *wire)
{
	static const unsigned char zeros[sizeof(data->reserved)];

	memset(wire, 0, sizeof(*wire));
	if (!edge_data_special(data, count))
		return CUDA_SUCCESS;
	for (size_t i = 0; i < count; i++)
		if (memcmp(data[i].reserved, zeros, sizeof(zeros)) != 0)
			return CUDA_ERROR_INVALID_VALUE;
	if ((wire->graph_edges_val = calloc(count,
	    sizeof(*wire->graph_edges_val))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	wire->graph_edges_len = (u_int)count;
	for (size_t i = 0; i < count; i++) {
		wire->graph_edges_val[i].from_port = data[i].from_port;
		wire->graph_edges_val[i].to_port = data[i].to_port;
		wire->graph_edges_val[i].type = data[i].type;
	}
	return CUDA_SUCCESS;
}

void edge_data_release(graph_edges *wire)
{
	free(wire->graph_edges_val);
	wire->graph_edges_val = NULL;
	wire->graph_edges_len = 0;
}

bool edge_data_from_wire(const graph_edges *wire, CUgraphEdgeData *data,
    size_t count)
{
	size_t got = wire->graph_edges_len < count ? wire->graph_edges_len :
	    count;
	bool fits = true;

	memset(data, 0, count * sizeof(*data));
	for (size_t i = 0; i < got; i++) {
		const graph_edge_data *e = &wire->graph_edges_val[i];

		fits = fits && e->from_port <= EDGE_FIELD_MAX &&
		    e->to_port <= EDGE_FIELD_MAX && e->type <= EDGE_FIELD_MAX;
		data[i].from_port = (unsigned char)e->from_port;
		data[i].to_port = (unsigned char)e->to_port;
		data[i].type = (unsigned char)e->type;
	}
	return fits;
}
