/*
 * node_list.c -- arrays of graph nodes between the program and the wire
 * (node_list.h).
 *
 * A node the program holds carries its server in its top byte, like every
 * handle (stubs/route/route.h); the wire carries the server's own value.
 * An array of nodes names its server once per node, so a node of another
 * server among them is a mismatch that routing reports before any call.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/stream/node_list.h"

CUresult node_list_to_wire(struct route *rt, const CUgraphNode *nodes,
    size_t count, cu_nodes *wire)
{
	wire->cu_nodes_len = 0;
	wire->cu_nodes_val = NULL;
	if (count == 0)
		return CUDA_SUCCESS;
	if (nodes == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (count > ONCUDA_GRAPH_NODES_MAX)
		return CUDA_ERROR_NOT_SUPPORTED;
	if ((wire->cu_nodes_val = malloc(count * sizeof(cu_handle))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < count; i++) {
		route_handle(rt, nodes[i], ROUTE_HANDLE);
		wire->cu_nodes_val[i] = route_strip(nodes[i]);
	}
	wire->cu_nodes_len = (u_int)count;
	return CUDA_SUCCESS;
}

void node_list_release(cu_nodes *wire)
{
	free(wire->cu_nodes_val);
	wire->cu_nodes_val = NULL;
	wire->cu_nodes_len = 0;
}

CUgraphNode node_tagged(cu_handle value, unsigned server)
{
	return value == 0 ? NULL :
	    (CUgraphNode)(uintptr_t)route_tag(value, server);
}

void node_list_from_wire(const node_list *answer, unsigned server,
    CUgraphNode *nodes, size_t room, size_t *count)
{
	size_t got = answer->nodes.cu_nodes_len;

	if (nodes == NULL) {
		*count = (size_t)answer->total;
		return;
	}
	if (got > room)
		got = room;
	for (size_t i = 0; i < got; i++)
		nodes[i] = node_tagged(answer->nodes.cu_nodes_val[i], server);
	for (size_t i = got; i < room; i++)
		nodes[i] = NULL;
	*count = got;
}
