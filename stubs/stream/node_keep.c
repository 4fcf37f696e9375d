/*
 * node_keep.c -- copies of node parameters tied to the node's owners
 * (node_keep.h).
 *
 * The client sees a node's graph only where the program names both (a
 * node added to a graph); a node found by a query (a captured graph's
 * nodes, a clone's, a child graph's) it knows by its handle alone.  The
 * server records every node it hands out with its graph, and every
 * embedded graph with its node, so it answers for all of them.
 */
#include <stdint.h>
#include <string.h>

#include "gen/cuda_names.h"
#include "stubs/route/route.h"
#include "stubs/stream/node_keep.h"
#include "stubs/wire/rpc.h"

/* node's owners from its server, as the program holds them. */
static CUresult ask_owners(CUgraphNode node, const void **owners,
    size_t *count)
{
	res_handles r;
	const cu_handles *got;
	struct call k;
	CUresult e;

	if ((e = route_call_handles(&k, node, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, oncuda_graph_node_owners(route_strip(node), &r,
	    k.c), &r.err)) == CUDA_SUCCESS) {
		got = &r.res_handles_u.value;
		*count = 0;
		for (u_int i = 0; i < got->cu_handles_len &&
		    i < NODE_STORE_OWNERS_MAX; i++)
			owners[(*count)++] = (const void *)(uintptr_t)route_tag(
			    got->cu_handles_val[i], k.server);
	}
	xdr_free((xdrproc_t)xdr_res_handles, (char *)&r);
	return e;
}

void *node_keep(CUgraphNode node, enum node_copy kind, const void *data,
    size_t size, size_t skip)
{
	const void *owners[NODE_STORE_OWNERS_MAX];
	size_t count = 0;
	void *kept;

	if ((kept = node_store_shared(node, kind, data, size, skip)) != NULL)
		return kept;
	/* Not learnt (the connection lost): the copy goes with the node
	 * alone, as the driver's would with a graph the client then never
	 * destroys. */
	if (!node_store_owners(node, owners, &count) &&
	    ask_owners(node, owners, &count) != CUDA_SUCCESS)
		count = 0;
	return node_store_keep(node, kind, owners, count, data, size, skip);
}
