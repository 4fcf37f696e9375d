/*
 * graph_destroy.c -- cuGraphDestroy and cuGraphDestroyNode: the generated
 * glue (plain_*), then the copies of node parameters the client kept for
 * what died go too (node_store.h): a node's, and with a graph or a node
 * every copy of the nodes it owned, down through embedded graphs.
 */
#include "gen/glue_client.h"
#include "stubs/stream/node_store.h"
#include "stubs/wire/rpc.h"

ONCUDA_API CUresult cuGraphDestroy(CUgraph hGraph)
{
	CUresult e = plain_cuGraphDestroy(hGraph);

	if (e == CUDA_SUCCESS)
		node_store_gone(hGraph);
	return e;
}

ONCUDA_API CUresult cuGraphDestroyNode(CUgraphNode hNode)
{
	CUresult e = plain_cuGraphDestroyNode(hNode);

	if (e == CUDA_SUCCESS)
		node_store_gone(hNode);
	return e;
}
