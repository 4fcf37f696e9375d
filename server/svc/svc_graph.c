/*
 * svc_graph.c -- graphs: the queries of their structure and the edges
 * between their nodes, their destruction, instantiation with parameters,
 * updates of an executable graph, and the DOT printout.  Adding nodes is
 * svc_graph_node.c.
 *
 * A node handle is the driver's pointer, unknown to the session until the
 * client learns it; every answer that hands nodes to the client registers
 * them first, owned by their graph, so that the client may name them later
 * and they are forgotten with the graph.  The arrays of a query are sized
 * by asking the driver for the count first: the count the client asks for
 * (`room`) bounds only what is sent back, never what the server allocates
 * before the driver has said how many there are.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda.h>

#include "common/edge_data.h"
#include "gen/cuda_names.h"
#include "server/session/capture.h"
#include "server/session/handles.h"
#include "server/svc/svc_graph.h"

_Static_assert(sizeof(CUgraphNode) == sizeof(cu_handle),
	       "a node array crosses the wire as it lies in memory");

CUresult graph_nodes_check(const cu_nodes *nodes)
{
	CUresult err;

	for (u_int i = 0; i < nodes->cu_nodes_len; i++)
		if ((err = handle_check(HANDLE_GRAPH_NODE,
		    nodes->cu_nodes_val[i], false)) != CUDA_SUCCESS)
			return err;
	return CUDA_SUCCESS;
}

CUgraphNode *graph_nodes_of(const cu_nodes *nodes)
{
	return nodes->cu_nodes_len == 0 ? NULL :
	    (CUgraphNode *)nodes->cu_nodes_val;
}

CUresult graph_nodes_reply(cu_handle graph, const CUgraphNode *found,
    size_t count, cu_nodes *out)
{
	out->cu_nodes_len = 0;
	out->cu_nodes_val = NULL;
	if (count == 0)
		return CUDA_SUCCESS;
	if (count > ONCUDA_GRAPH_NODES_MAX)
		return CUDA_ERROR_NOT_SUPPORTED;
	if ((out->cu_nodes_val = malloc(count * sizeof(cu_handle))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < count; i++) {
		cu_handle node = (cu_handle)(uintptr_t)found[i];

		if (!handle_add(HANDLE_GRAPH_NODE, node, graph))
			return CUDA_ERROR_OUT_OF_MEMORY;
		out->cu_nodes_val[i] = node;
		out->cu_nodes_len = (u_int)(i + 1);
	}
	return CUDA_SUCCESS;
}

/* Which of a graph's node lists a query asks for. */
enum node_query { ALL_NODES, ROOT_NODES, DEPENDENCIES, DEPENDENTS };

static CUresult ask_nodes(enum node_query q, cu_handle h, CUgraphNode *nodes,
    CUgraphEdgeData *edges, size_t *count)
{
	switch (q) {
	case ALL_NODES:
		return cuGraphGetNodes((CUgraph)(uintptr_t)h, nodes, count);
	case ROOT_NODES:
		return cuGraphGetRootNodes((CUgraph)(uintptr_t)h, nodes, count);
	case DEPENDENCIES:
		return cuGraphNodeGetDependencies((CUgraphNode)(uintptr_t)h,
		    nodes, edges, count);
	case DEPENDENTS:
		return cuGraphNodeGetDependentNodes((CUgraphNode)(uintptr_t)h,
		    nodes, edges, count);
	}
	return CUDA_ERROR_INVALID_VALUE;
}

/*
 * Answers a node-list query about h (a graph, or a node of graph): the
 * count first, then the nodes themselves when the client has room.
 */
static void node_query(enum node_query q, cu_handle h, cu_handle graph,
    cu_size room, res_node_list *r)
{
	node_list *out = &r->res_node_list_u.value;
	bool with_edges = q == DEPENDENCIES || q == DEPENDENTS;
	CUgraphEdgeData *edges = NULL;
	CUgraphNode *nodes;
	size_t total = 0, n;

	if ((r->err = ask_nodes(q, h, NULL, NULL, &total)) != CUDA_SUCCESS)
		return;
	out->total = total;
	if (room == 0 || total == 0)
		return;
	nodes = calloc(total, sizeof(*nodes));
	if (with_edges)
		edges = calloc(total, sizeof(*edges));
	if (nodes == NULL || (with_edges && edges == NULL))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	else if ((r->err = ask_nodes(q, h, nodes, edges, &total)) ==
	    CUDA_SUCCESS) {
		n = room < total ? (size_t)room : total;
		if ((r->err = graph_nodes_reply(graph, nodes, n,
		    &out->nodes)) == CUDA_SUCCESS)
			r->err = edge_data_to_wire(edges, n, &out->edges);
	}
	free(nodes);
	free(edges);
	/* An error reply carries no list, so the dispatcher frees none. */
	if (r->err != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_node_list, (char *)out);
		memset(out, 0, sizeof(*out));
	}
}

bool_t cu_graph_get_nodes_svc(cu_handle graph, cu_size room,
    res_node_list *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) ==
	    CUDA_SUCCESS)
		node_query(ALL_NODES, graph, graph, room, r);
	return TRUE;
}

bool_t cu_graph_get_root_nodes_svc(cu_handle graph, cu_size room,
    res_node_list *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) ==
	    CUDA_SUCCESS)
		node_query(ROOT_NODES, graph, graph, room, r);
	return TRUE;
}

static void node_neighbours(enum node_query q, cu_handle node,
    cu_size room, res_node_list *r)
{
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS)
		node_query(q, node, handle_owner(HANDLE_GRAPH_NODE, node,
		    HANDLE_GRAPH), room, r);
}

bool_t cu_graph_node_get_dependencies_svc(cu_handle node, cu_size room,
    res_node_list *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof(*r));
	node_neighbours(DEPENDENCIES, node, room, r);
	return TRUE;
}

bool_t cu_graph_node_get_dependent_nodes_svc(cu_handle node,
    cu_size room, res_node_list *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof(*r));
	node_neighbours(DEPENDENTS, node, room, r);
	return TRUE;
}

bool_t cu_graph_get_edges_svc(cu_handle graph, cu_size room,
    res_edge_list *r, struct svc_req *rq)
{
	edge_list *out = &r->res_edge_list_u.value;
	CUgraphNode *from, *to;
	CUgraphEdgeData *edges;
	CUgraph g = (CUgraph)(uintptr_t)graph;
	size_t total = 0, n;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = cuGraphGetEdges(g, NULL, NULL, NULL, &total)) !=
	    CUDA_SUCCESS)
		return TRUE;
	out->total = total;
	if (room == 0 || total == 0)
		return TRUE;
	from = calloc(total, sizeof(*from));
	to = calloc(total, sizeof(*to));
	edges = calloc(total, sizeof(*edges));
	if (from == NULL || to == NULL || edges == NULL)
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	else if ((r->err = cuGraphGetEdges(g, from, to, edges, &total)) ==
	    CUDA_SUCCESS) {
		n = room < total ? (size_t)room : total;
		if ((r->err = graph_nodes_reply(graph, from, n, &out->from)) ==
		    CUDA_SUCCESS &&
		    (r->err = graph_nodes_reply(graph, to, n, &out->to)) ==
		    CUDA_SUCCESS)
			r->err = edge_data_to_wire(edges, n, &out->edges);
	}
	free(from);
	free(to);
	free(edges);
	if (r->err != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_edge_list, (char *)out);
		memset(out, 0, sizeof(*out));
	}
	return TRUE;
}

bool_t cu_graph_node_get_type_svc(cu_handle node, res_int *r,
    struct svc_req *rq)
{
	CUgraphNodeType type;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuGraphNodeGetType((CUgraphNode)(uintptr_t)node, &type);
	if (r->err == CUDA_SUCCESS)
		r->res_int_u.value = (int)type;
	return TRUE;
}

/* Both arrays are the client's nodes and have one length. */
static CUresult edges_check(cu_handle graph, const cu_nodes *from,
    const cu_nodes *to)
{
	CUresult err;

	if ((err = handle_check(HANDLE_GRAPH, graph, false)) != CUDA_SUCCESS)
		return err;
	if (from->cu_nodes_len != to->cu_nodes_len)
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = graph_nodes_check(from)) != CUDA_SUCCESS)
		return err;
	return graph_nodes_check(to);
}

CUresult graph_edges_in(const graph_edges *in, size_t count,
    CUgraphEdgeData **out)
{
	*out = NULL;
	if (in->graph_edges_len == 0)
		return CUDA_SUCCESS;
	if (in->graph_edges_len != count)
		return CUDA_ERROR_INVALID_VALUE;
	if ((*out = calloc(count, sizeof(**out))) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (edge_data_from_wire(in, *out, count))
		return CUDA_SUCCESS;
	free(*out);
	*out = NULL;
	return CUDA_ERROR_INVALID_VALUE;
}

/* Adds (add) or removes the edges from[i] -> to[i] with their data. */
static CUresult change_edges(bool add, cu_handle graph, const cu_nodes *from,
    const cu_nodes *to, const graph_edges *edges)
{
	CUgraphEdgeData *data;
	CUresult err;

	if ((err = edges_check(graph, from, to)) != CUDA_SUCCESS ||
	    (err = graph_edges_in(edges, from->cu_nodes_len, &data)) !=
	    CUDA_SUCCESS)
		return err;
	err = (add ? cuGraphAddDependencies : cuGraphRemoveDependencies)(
	    (CUgraph)(uintptr_t)graph, graph_nodes_of(from),
	    graph_nodes_of(to), data, from->cu_nodes_len);
	free(data);
	return err;
}

bool_t cu_graph_add_dependencies_svc(cu_handle graph, cu_nodes from,
    cu_nodes to, graph_edges edges, res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = change_edges(true, graph, &from, &to, &edges);
	return TRUE;
}

bool_t cu_graph_remove_dependencies_svc(cu_handle graph, cu_nodes from,
    cu_nodes to, graph_edges edges, res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = change_edges(false, graph, &from, &to, &edges);
	return TRUE;
}

bool_t cu_graph_instantiate_with_params_svc(cu_handle graph,
    cu_size flags, cu_handle upload_stream, res_instantiate *r,
    struct svc_req *rq)
{
	/* Both arms of the union hold the outcome; value is the first. */
	instantiate_outcome *out = &r->res_instantiate_u.value;
	CUDA_GRAPH_INSTANTIATE_PARAMS p;
	CUgraphExec exec = NULL;
	cu_handle node;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = handle_check(HANDLE_STREAM, upload_stream, true)) !=
	    CUDA_SUCCESS || (r->err = capture_graph_check(graph)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof(p));
	p.flags = flags;
	p.hUploadStream = (CUstream)(uintptr_t)upload_stream;
	r->err = cuGraphInstantiateWithParams(&exec, (CUgraph)(uintptr_t)graph,
	    &p);
	out->result = (int)p.result_out;
	node = (cu_handle)(uintptr_t)p.hErrNode_out;
	if (node != 0 && !handle_add(HANDLE_GRAPH_NODE, node, graph))
		node = 0;
	out->error_node = node;
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	out->exec = (cu_handle)(uintptr_t)exec;
	if (!handle_add(HANDLE_GRAPH_EXEC, out->exec, 0)) {
		(void)cuGraphExecDestroy(exec);
		out->exec = 0;
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}

/* A node the driver names in an answer about graph, registered (or 0). */
static cu_handle named_node(CUgraphNode node, cu_handle graph)
{
	cu_handle h = (cu_handle)(uintptr_t)node;

	if (h == 0 || !handle_add(HANDLE_GRAPH_NODE, h, graph))
		return 0;
	return h;
}

bool_t cu_graph_exec_update_svc(cu_handle exec, cu_handle graph,
    res_exec_update *r, struct svc_req *rq)
{
	exec_update_info *out = &r->res_exec_update_u.value;
	CUgraphExecUpdateResultInfo info;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_EXEC, exec, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS || (r->err = capture_graph_check(graph)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&info, 0, sizeof(info));
	r->err = cuGraphExecUpdate((CUgraphExec)(uintptr_t)exec,
	    (CUgraph)(uintptr_t)graph, &info);
	out->result = (int)info.result;
	out->error_node = named_node(info.errorNode, graph);
	out->error_from_node = named_node(info.errorFromNode, graph);
	return TRUE;
}

/* Reads at most ONCUDA_CHUNK_MAX bytes of fd into *out. */
static CUresult read_whole(int fd, res_data *r)
{
	off_t size = lseek(fd, 0, SEEK_END);
	char *buf;
	ssize_t got;
	size_t have = 0;

	if (size < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return CUDA_ERROR_OPERATING_SYSTEM;
	if ((size_t)size > ONCUDA_CHUNK_MAX)
		return CUDA_ERROR_NOT_SUPPORTED;
	if ((buf = malloc(size > 0 ? (size_t)size : 1)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	while (have < (size_t)size &&
	    (got = read(fd, buf + have, (size_t)size - have)) > 0)
		have += (size_t)got;
	r->res_data_u.data.data_val = buf;
	r->res_data_u.data.data_len = (u_int)have;
	return CUDA_SUCCESS;
}

bool_t cu_graph_debug_dot_print_svc(cu_handle graph, u_int flags,
    res_data *r, struct svc_req *rq)
{
	char path[] = "/tmp/oncudad-graph-XXXXXX";
	int fd;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if ((fd = mkstemp(path)) < 0) {
		r->err = CUDA_ERROR_OPERATING_SYSTEM;
		return TRUE;
	}
	r->err = cuGraphDebugDotPrint((CUgraph)(uintptr_t)graph, path, flags);
	if (r->err == CUDA_SUCCESS)
		r->err = read_whole(fd, r);
	close(fd);
	unlink(path);
	return TRUE;
}

/* A graph embedded in a node is the node's, moved there or handed out by
 * cuGraphChildGraphNodeGetGraph: the driver's rules forbid destroying it,
 * and its handle must live as long as the node's. */
bool_t cu_graph_destroy_svc(cu_handle graph, res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (handle_owner(HANDLE_GRAPH, graph, HANDLE_GRAPH_NODE) != 0) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuGraphDestroy((CUgraph)(uintptr_t)graph);
	if (r->err == CUDA_SUCCESS)
		handle_forget(HANDLE_GRAPH, graph);
	return TRUE;
}
