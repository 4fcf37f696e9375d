/*
 * graph.c -- graphs: the queries of their structure, their edges,
 * instantiation with parameters and the old instantiate ABIs, updates of
 * an executable graph, and the DOT printout.  The calls forwarded one to
 * one (create, destroy, clone, instantiate with flags, launch, ...) are
 * generated glue; adding nodes is graph_node.c.
 *
 * Node arrays cross as node_list.c makes them: the program's array of
 * `room` entries bounds what comes back, the server says how many there
 * are in all.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/edge_data.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/stream/node_list.h"
#include "stubs/wire/rpc.h"

/* The old ABIs, which cuda.h 13 maps to newer names and does not declare. */
#undef cuGraphGetEdges
#undef cuGraphNodeGetDependencies
#undef cuGraphNodeGetDependentNodes
#undef cuGraphAddDependencies
#undef cuGraphRemoveDependencies
#undef cuGraphExecUpdate
#undef cuGraphInstantiate
ONCUDA_API CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from,
    CUgraphNode *to, size_t *numEdges);
ONCUDA_API CUresult cuGraphNodeGetDependencies(CUgraphNode hNode,
    CUgraphNode *dependencies, size_t *numDependencies);
ONCUDA_API CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode,
    CUgraphNode *dependentNodes, size_t *numDependentNodes);
ONCUDA_API CUresult cuGraphAddDependencies(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies);
ONCUDA_API CUresult cuGraphRemoveDependencies(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies);
ONCUDA_API CUresult cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph,
    CUgraphNode *hErrorNode_out, CUgraphExecUpdateResult *updateResult_out);
ONCUDA_API CUresult cuGraphInstantiate(CUgraphExec *phGraphExec,
    CUgraph hGraph, CUgraphNode *phErrorNode, char *logBuffer,
    size_t bufferSize);
ONCUDA_API CUresult cuGraphInstantiate_v2(CUgraphExec *phGraphExec,
    CUgraph hGraph, CUgraphNode *phErrorNode, char *logBuffer,
    size_t bufferSize);

/* Which node list a query asks for. */
enum node_query { ALL_NODES, ROOT_NODES, DEPENDENCIES, DEPENDENTS };

static enum clnt_stat ask_nodes(enum node_query q, cu_handle h, cu_size room,
    res_node_list *r, CLIENT *c)
{
	switch (q) {
	case ALL_NODES:
		return cu_graph_get_nodes(h, room, r, c);
	case ROOT_NODES:
		return cu_graph_get_root_nodes(h, room, r, c);
	case DEPENDENCIES:
		return cu_graph_node_get_dependencies(h, room, r, c);
	case DEPENDENTS:
		break;
	}
	return cu_graph_node_get_dependent_nodes(h, room, r, c);
}

/* A node list about h (a graph or a node) into the program's array, and
 * the data of the edges to or from them into edges (NULL: not wanted). */
static CUresult node_query(enum node_query q, const void *h,
    CUgraphNode *nodes, CUgraphEdgeData *edges, size_t *count)
{
	res_node_list r;
	unsigned server;
	size_t room;
	CUresult e;
	struct call k;

	if (count == NULL || h == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	room = nodes == NULL ? 0 : *count;
	if ((e = route_call_handles(&k, h, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	server = k.server;
	e = call_end(&k, ask_nodes(q, route_strip(h), room, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS) {
		node_list_from_wire(&r.res_node_list_u.value, server, nodes,
		    room, count);
		/* A field past a byte would be the server's fault: cut. */
		if (nodes != NULL && edges != NULL)
			(void)edge_data_from_wire(
			    &r.res_node_list_u.value.edges, edges, *count);
	}
	xdr_free((xdrproc_t)xdr_res_node_list, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes,
    size_t *numNodes)
{
	return node_query(ALL_NODES, hGraph, nodes, NULL, numNodes);
}

ONCUDA_API CUresult cuGraphGetRootNodes(CUgraph hGraph,
    CUgraphNode *rootNodes, size_t *numRootNodes)
{
	return node_query(ROOT_NODES, hGraph, rootNodes, NULL, numRootNodes);
}

ONCUDA_API CUresult cuGraphNodeGetDependencies_v2(CUgraphNode hNode,
    CUgraphNode *dependencies, CUgraphEdgeData *edgeData,
    size_t *numDependencies)
{
	return node_query(DEPENDENCIES, hNode, dependencies, edgeData,
	    numDependencies);
}

ONCUDA_API CUresult cuGraphNodeGetDependencies(CUgraphNode hNode,
    CUgraphNode *dependencies, size_t *numDependencies)
{
	return node_query(DEPENDENCIES, hNode, dependencies, NULL,
	    numDependencies);
}

ONCUDA_API CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode,
    CUgraphNode *dependentNodes, CUgraphEdgeData *edgeData,
    size_t *numDependentNodes)
{
	return node_query(DEPENDENTS, hNode, dependentNodes, edgeData,
	    numDependentNodes);
}

ONCUDA_API CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode,
    CUgraphNode *dependentNodes, size_t *numDependentNodes)
{
	return node_query(DEPENDENTS, hNode, dependentNodes, NULL,
	    numDependentNodes);
}

ONCUDA_API CUresult cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from,
    CUgraphNode *to, CUgraphEdgeData *edgeData, size_t *numEdges)
{
	node_list from_list, to_list;
	const edge_list *answer;
	res_edge_list r;
	unsigned server;
	size_t room, got;
	CUresult e;
	struct call k;

	if (numEdges == NULL || hGraph == NULL || (from == NULL) != (to == NULL))
		return CUDA_ERROR_INVALID_VALUE;
	room = from == NULL ? 0 : *numEdges;
	if ((e = route_call_handles(&k, hGraph, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	server = k.server;
	e = call_end(&k, cu_graph_get_edges(route_strip(hGraph), room, &r,
	    k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS) {
		answer = &r.res_edge_list_u.value;
		from_list.nodes = answer->from;
		from_list.total = answer->total;
		to_list.nodes = answer->to;
		to_list.total = answer->total;
		node_list_from_wire(&from_list, server, from, room, numEdges);
		node_list_from_wire(&to_list, server, to, room, &got);
		if (from != NULL && edgeData != NULL)
			(void)edge_data_from_wire(&answer->edges, edgeData,
			    got);
	}
	xdr_free((xdrproc_t)xdr_res_edge_list, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from,
    CUgraphNode *to, size_t *numEdges)
{
	return cuGraphGetEdges_v2(hGraph, from, to, NULL, numEdges);
}

ONCUDA_API CUresult cuGraphNodeGetType(CUgraphNode hNode,
    CUgraphNodeType *type)
{
	res_int r;
	CUresult e;
	struct call k;

	if (type == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL, ROUTE_HANDLE,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_graph_node_get_type(route_strip(hNode), &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*type = (CUgraphNodeType)r.res_int_u.value;
	return (CUresult)r.err;
}

/* cuGraphAddDependencies and cuGraphRemoveDependencies, any ABI. */
static CUresult change_edges(bool add, CUgraph graph,
    const CUgraphNode *from, const CUgraphNode *to,
    const CUgraphEdgeData *edges, size_t count)
{
	struct route rt = ROUTE_INIT;
	cu_nodes wire_from, wire_to;
	graph_edges wire_edges;
	struct call k;
	res_none r;
	CUresult e;

	if ((e = edge_data_to_wire(edges, count, &wire_edges)) !=
	    CUDA_SUCCESS)
		return e;
	route_handle(&rt, graph, ROUTE_HANDLE);
	if ((e = node_list_to_wire(&rt, from, count, &wire_from)) !=
	    CUDA_SUCCESS) {
		edge_data_release(&wire_edges);
		return e;
	}
	if ((e = node_list_to_wire(&rt, to, count, &wire_to)) ==
	    CUDA_SUCCESS && (e = route_call(&k, &rt, CALL_REPLY(r))) ==
	    CUDA_SUCCESS)
		e = call_done(&k, (add ? cu_graph_add_dependencies :
		    cu_graph_remove_dependencies)(route_strip(graph),
		    wire_from, wire_to, wire_edges, &r, k.c), &r.err);
	node_list_release(&wire_from);
	node_list_release(&wire_to);
	edge_data_release(&wire_edges);
	return e;
}

ONCUDA_API CUresult cuGraphAddDependencies_v2(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to,
    const CUgraphEdgeData *edgeData, size_t numDependencies)
{
	return change_edges(true, hGraph, from, to, edgeData, numDependencies);
}

ONCUDA_API CUresult cuGraphAddDependencies(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies)
{
	return change_edges(true, hGraph, from, to, NULL, numDependencies);
}

ONCUDA_API CUresult cuGraphRemoveDependencies_v2(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to,
    const CUgraphEdgeData *edgeData, size_t numDependencies)
{
	return change_edges(false, hGraph, from, to, edgeData,
	    numDependencies);
}

ONCUDA_API CUresult cuGraphRemoveDependencies(CUgraph hGraph,
    const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies)
{
	return change_edges(false, hGraph, from, to, NULL, numDependencies);
}

ONCUDA_API CUresult cuGraphInstantiateWithParams(CUgraphExec *phGraphExec,
    CUgraph hGraph, CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams)
{
	const instantiate_outcome *out;
	CUstream upload;
	res_instantiate r;
	unsigned server;
	CUresult e;
	struct call k;

	if (phGraphExec == NULL || instantiateParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	upload = instantiateParams->hUploadStream;
	if ((e = thread_stream(&upload)) != CUDA_SUCCESS)
		return e;
	if ((e = route_call_handles(&k, hGraph, ROUTE_HANDLE, upload,
	    ROUTE_STREAM, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	server = k.server;
	e = call_end(&k, cu_graph_instantiate_with_params(route_strip(hGraph),
	    instantiateParams->flags, route_strip(upload), &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	out = r.err == CUDA_SUCCESS ? &r.res_instantiate_u.value :
	    &r.res_instantiate_u.failed;
	instantiateParams->result_out = (CUgraphInstantiateResult)out->result;
	instantiateParams->hErrNode_out = node_tagged(out->error_node, server);
	if (r.err == CUDA_SUCCESS)
		*phGraphExec = (CUgraphExec)(uintptr_t)route_tag(out->exec,
		    server);
	return (CUresult)r.err;
}

/*
 * The ABI of CUDA 10 and 11: no flags, the node at fault and a log.  The
 * server's driver writes no log for oncuda to carry; the log is the empty
 * string, or a line naming the instantiate result on failure.
 */
ONCUDA_API CUresult cuGraphInstantiate_v2(CUgraphExec *phGraphExec,
    CUgraph hGraph, CUgraphNode *phErrorNode, char *logBuffer,
    size_t bufferSize)
{
	CUDA_GRAPH_INSTANTIATE_PARAMS p;
	CUresult e;

	memset(&p, 0, sizeof(p));
	e = cuGraphInstantiateWithParams(phGraphExec, hGraph, &p);
	if (phErrorNode != NULL)
		*phErrorNode = p.hErrNode_out;
	if (logBuffer != NULL && bufferSize > 0) {
		if (e == CUDA_SUCCESS)
			logBuffer[0] = '\0';
		else
			snprintf(logBuffer, bufferSize, "graph instantiation "
			    "failed (CUgraphInstantiateResult %d)",
			    (int)p.result_out);
	}
	return e;
}

ONCUDA_API CUresult cuGraphInstantiate(CUgraphExec *phGraphExec,
    CUgraph hGraph, CUgraphNode *phErrorNode, char *logBuffer,
    size_t bufferSize)
{
	return cuGraphInstantiate_v2(phGraphExec, hGraph, phErrorNode,
	    logBuffer, bufferSize);
}

ONCUDA_API CUresult cuGraphExecUpdate_v2(CUgraphExec hGraphExec,
    CUgraph hGraph, CUgraphExecUpdateResultInfo *resultInfo)
{
	const exec_update_info *info;
	res_exec_update r;
	unsigned server;
	CUresult e;
	struct call k;

	if (resultInfo == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hGraphExec, ROUTE_HANDLE, hGraph,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	server = k.server;
	e = call_end(&k, cu_graph_exec_update(route_strip(hGraphExec),
	    route_strip(hGraph), &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	info = r.err == CUDA_SUCCESS ? &r.res_exec_update_u.value :
	    &r.res_exec_update_u.failed;
	resultInfo->result = (CUgraphExecUpdateResult)info->result;
	resultInfo->errorNode = node_tagged(info->error_node, server);
	resultInfo->errorFromNode = node_tagged(info->error_from_node, server);
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph,
    CUgraphNode *hErrorNode_out, CUgraphExecUpdateResult *updateResult_out)
{
	CUgraphExecUpdateResultInfo info;
	CUresult e;

	if (hErrorNode_out == NULL || updateResult_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&info, 0, sizeof(info));
	e = cuGraphExecUpdate_v2(hGraphExec, hGraph, &info);
	*hErrorNode_out = info.errorNode;
	*updateResult_out = info.result;
	return e;
}

/* The DOT text the server's driver wrote, into the program's file. */
ONCUDA_API CUresult cuGraphDebugDotPrint(CUgraph hGraph, const char *path,
    unsigned int flags)
{
	res_data r;
	CUresult e;
	struct call k;
	FILE *f;

	if (path == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hGraph, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_graph_debug_dot_print(route_strip(hGraph), flags,
	    &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if ((e = (CUresult)r.err) == CUDA_SUCCESS) {
		if ((f = fopen(path, "w")) == NULL)
			e = CUDA_ERROR_OPERATING_SYSTEM;
		else {
			if (fwrite(r.res_data_u.data.data_val, 1,
			    r.res_data_u.data.data_len, f) !=
			    r.res_data_u.data.data_len)
				e = CUDA_ERROR_OPERATING_SYSTEM;
			if (fclose(f) != 0)
				e = CUDA_ERROR_OPERATING_SYSTEM;
		}
	}
	xdr_free((xdrproc_t)xdr_res_data, (char *)&r);
	return e;
}
