/*
 * graph.c - graphs and their nodes: creation, cloning, edges, queries.
 *
 * Graphs belong to no context, as in the driver; the nodes that run work
 * name their context.  Bad or destroyed graph and node handles answer
 * CUDA_ERROR_INVALID_VALUE, the driver's answer for graph arguments.
 * Edge data (the _v2 calls) must be NULL or all zeros: the stand-in has no
 * programmatic ports, and the driver rejects non-zero ports on nodes that
 * define none.  The older ABI names are in graph_compat.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"

CUresult
fc_graph_lookup(CUgraph handle, struct fc_graph **g)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*g = fc_handle_lookup((uintptr_t)handle, FC_KIND_GRAPH);
	return *g != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult
fc_node_lookup(CUgraphNode handle, struct fc_node **n)
{
	CUresult rc = fc_check_init();

	if (rc != CUDA_SUCCESS)
		return rc;
	*n = fc_handle_lookup((uintptr_t)handle, FC_KIND_GRAPH_NODE);
	return *n != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static bool
grow(void **array, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 4;
	void *p;

	if (need <= *cap)
		return true;
	while (n < need)
		n *= 2;
	p = realloc(*array, n * size);
	if (p == NULL)
		return false;
	*array = p;
	*cap = n;
	return true;
}

CUresult
fc_graph_new(struct fc_graph **out)
{
	struct fc_graph *g = calloc(1, sizeof(*g));

	if (g == NULL || (g->handle = fc_handle_new(FC_KIND_GRAPH, g)) == 0) {
		free(g);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	*out = g;
	return CUDA_SUCCESS;
}

CUresult
fc_node_new(CUgraphNodeType type, struct fc_node **out)
{
	struct fc_node *n = calloc(1, sizeof(*n));

	if (n == NULL ||
	    (n->handle = fc_handle_new(FC_KIND_GRAPH_NODE, n)) == 0) {
		free(n);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	n->type = type;
	*out = n;
	return CUDA_SUCCESS;
}

/* Frees a node that is in no graph, or whose graph is going away whole. */
void
fc_node_free(struct fc_node *n)
{
	if (n->type == CU_GRAPH_NODE_TYPE_GRAPH && n->u.child != NULL)
		fc_graph_free(n->u.child);
	fc_node_more_free(n);
	if (n->graph != NULL && n->graph->capture != NULL)
		fc_capture_forget_node(n);
	fc_handle_drop(n->handle);
	free(n->deps);
	free(n->dep_edges);
	free(n);
}

void
fc_graph_free(struct fc_graph *g)
{
	if (g->capture != NULL)
		fc_capture_graph_gone(g);
	for (size_t i = 0; i < g->count; i++)
		fc_node_free(g->nodes[i]);
	fc_handle_drop(g->handle);
	free(g->nodes);
	free(g);
}

static bool
has_dep(const struct fc_node *n, const struct fc_node *dep)
{
	for (size_t i = 0; i < n->ndeps; i++)
		if (n->deps[i] == dep)
			return true;
	return false;
}

/* dep before n, with the edge's data (NULL: a default edge). */
static CUresult
add_dep(struct fc_node *n, struct fc_node *dep, const CUgraphEdgeData *data)
{
	static const CUgraphEdgeData none;
	CUgraphEdgeData *edges;

	if (!grow((void **)&n->deps, &n->deps_cap, n->ndeps + 1,
	    sizeof(*n->deps)))
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (n->edges_cap < n->deps_cap) {
		edges = realloc(n->dep_edges, n->deps_cap * sizeof(*edges));
		if (edges == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		n->dep_edges = edges;
		n->edges_cap = n->deps_cap;
	}
	n->dep_edges[n->ndeps] = data != NULL ? *data : none;
	n->deps[n->ndeps++] = dep;
	return CUDA_SUCCESS;
}

/* Drops n's d-th incoming edge. */
static void
remove_dep_at(struct fc_node *n, size_t d)
{
	memmove(&n->deps[d], &n->deps[d + 1],
	    (n->ndeps - d - 1) * sizeof(*n->deps));
	memmove(&n->dep_edges[d], &n->dep_edges[d + 1],
	    (n->ndeps - d - 1) * sizeof(*n->dep_edges));
	n->ndeps--;
}

/* An edge the stand-in can hold: reserved bytes clear, a known type. */
static bool
edge_data_valid(const CUgraphEdgeData *data, size_t i)
{
	static const unsigned char zero[sizeof(data->reserved)];

	return data == NULL || (memcmp(data[i].reserved, zero,
	    sizeof(zero)) == 0 &&
	    data[i].type <= CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC);
}

/*
 * Checks a dependency list for a node about to join g: every entry a live
 * node of g, none twice.  *out is a malloc'd array the caller frees.
 */
CUresult
fc_check_deps(struct fc_graph *g, const CUgraphNode *deps,
    const CUgraphEdgeData *data, size_t n, struct fc_node ***out)
{
	struct fc_node **list;

	*out = NULL;
	if (n > 0 && deps == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (n == 0)
		return CUDA_SUCCESS;
	list = calloc(n, sizeof(*list));
	if (list == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < n; i++) {
		list[i] = fc_handle_lookup((uintptr_t)deps[i],
		    FC_KIND_GRAPH_NODE);
		if (list[i] == NULL || list[i]->graph != g ||
		    !edge_data_valid(data, i))
			goto bad;
		for (size_t j = 0; j < i; j++)
			if (list[j] == list[i])
				goto bad;
	}
	*out = list;
	return CUDA_SUCCESS;
bad:
	free(list);
	return CUDA_ERROR_INVALID_VALUE;
}

/* Adds n to g after deps, joined by edges (NULL: default edges); on
 * failure n is freed. */
CUresult
fc_graph_insert(struct fc_graph *g, struct fc_node *n,
    struct fc_node *const *deps, const CUgraphEdgeData *edges, size_t ndeps)
{
	CUresult rc = CUDA_SUCCESS;

	for (size_t i = 0; rc == CUDA_SUCCESS && i < ndeps; i++)
		rc = add_dep(n, deps[i], edges != NULL ? &edges[i] : NULL);
	if (rc == CUDA_SUCCESS && !grow((void **)&g->nodes, &g->cap,
	    g->count + 1, sizeof(*g->nodes)))
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc != CUDA_SUCCESS) {
		fc_node_free(n);
		return rc;
	}
	n->graph = g;
	g->nodes[g->count++] = n;
	return CUDA_SUCCESS;
}

static size_t
index_of(const struct fc_graph *g, const struct fc_node *n)
{
	for (size_t i = 0; i < g->count; i++)
		if (g->nodes[i] == n)
			return i;
	return g->count;
}

/* Copies one node's parameters; the child graph is cloned in turn. */
static CUresult
clone_node(const struct fc_node *src, struct fc_node *dst)
{
	dst->u = src->u;
	if (src->type == CU_GRAPH_NODE_TYPE_KERNEL) {
		/* The pointers must lead into the copy's own buffer. */
		for (unsigned int i = 0; i < FC_MAX_PARAMS; i++)
			if (src->u.kernel.arg_ptrs[i] != NULL)
				dst->u.kernel.arg_ptrs[i] =
				    dst->u.kernel.call.params +
				    ((const unsigned char *)
				    src->u.kernel.arg_ptrs[i] -
				    src->u.kernel.call.params);
	}
	if (fc_node_more_clone(src, dst) != CUDA_SUCCESS)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (src->type == CU_GRAPH_NODE_TYPE_GRAPH) {
		dst->u.child = NULL;
		if (fc_graph_clone(src->u.child, &dst->u.child) !=
		    CUDA_SUCCESS)
			return CUDA_ERROR_OUT_OF_MEMORY;
		dst->u.child->is_child = true;
	}
	return CUDA_SUCCESS;
}

/* Same nodes in the same order with the same edges; new handles. */
CUresult
fc_graph_clone(const struct fc_graph *src, struct fc_graph **out)
{
	struct fc_node **deps = NULL;
	struct fc_graph *g = NULL;
	CUresult rc;

	rc = fc_graph_new(&g);
	for (size_t i = 0; rc == CUDA_SUCCESS && i < src->count; i++) {
		const struct fc_node *s = src->nodes[i];
		struct fc_node *n;

		rc = fc_node_new(s->type, &n);
		if (rc != CUDA_SUCCESS)
			break;
		rc = clone_node(s, n);
		if (rc == CUDA_SUCCESS && s->ndeps > 0 &&
		    (deps = calloc(s->ndeps, sizeof(*deps))) == NULL)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		if (rc != CUDA_SUCCESS) {
			fc_node_free(n);
			break;
		}
		/* cuGraphAddDependencies may point an edge at a node added
		 * later, which the clone does not have yet: store index + 1
		 * now and resolve once every node exists. */
		for (size_t d = 0; d < s->ndeps; d++)
			deps[d] = (struct fc_node *)(uintptr_t)
			    (index_of(src, s->deps[d]) + 1);
		rc = fc_graph_insert(g, n, deps, NULL, s->ndeps);
		if (rc == CUDA_SUCCESS && s->ndeps > 0)
			memcpy(n->dep_edges, s->dep_edges,
			    s->ndeps * sizeof(*s->dep_edges));
		free(deps);
		deps = NULL;
	}
	/* Second pass: turn the index placeholders into nodes. */
	for (size_t i = 0; rc == CUDA_SUCCESS && i < g->count; i++)
		for (size_t d = 0; d < g->nodes[i]->ndeps; d++)
			g->nodes[i]->deps[d] = g->nodes[(uintptr_t)
			    g->nodes[i]->deps[d] - 1];
	if (rc != CUDA_SUCCESS) {
		if (g != NULL) {
			/* Placeholders are not pointers; drop them first. */
			for (size_t i = 0; i < g->count; i++)
				g->nodes[i]->ndeps = 0;
			fc_graph_free(g);
		}
		return rc;
	}
	*out = g;
	return CUDA_SUCCESS;
}

/*
 * A topological order of g's nodes as indices (Kahn's algorithm, earliest
 * added first among the ready ones, so independent work runs in the order
 * it was issued).  CUDA_ERROR_INVALID_VALUE on a cycle.
 */
CUresult
fc_graph_order(const struct fc_graph *g, size_t *order)
{
	size_t *pending = calloc(g->count + 1, sizeof(*pending));
	bool *done = calloc(g->count + 1, sizeof(*done));
	size_t placed = 0;
	CUresult rc = CUDA_SUCCESS;

	if (pending == NULL || done == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; rc == CUDA_SUCCESS && i < g->count; i++)
		pending[i] = g->nodes[i]->ndeps;
	while (rc == CUDA_SUCCESS && placed < g->count) {
		size_t i;

		for (i = 0; i < g->count; i++)
			if (!done[i] && pending[i] == 0)
				break;
		if (i == g->count) {
			rc = CUDA_ERROR_INVALID_VALUE;
			break;
		}
		done[i] = true;
		order[placed++] = i;
		for (size_t j = 0; j < g->count; j++)
			for (size_t d = 0; d < g->nodes[j]->ndeps; d++)
				if (g->nodes[j]->deps[d] == g->nodes[i])
					pending[j]--;
	}
	free(pending);
	free(done);
	return rc;
}

FC_API CUresult
cuGraphCreate(CUgraph *phGraph, unsigned int flags)
{
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_check_init();
	if (rc == CUDA_SUCCESS && (phGraph == NULL || flags != 0))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_new(&g);
	if (rc == CUDA_SUCCESS)
		*phGraph = (CUgraph)g->handle;
	fc_unlock();
	return rc;
}

/* A child graph belongs to its node and goes with it. */
FC_API CUresult
cuGraphDestroy(CUgraph hGraph)
{
	struct fc_user_object *due[16];
	size_t ndue = 0;
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && g->is_child)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		ndue = fc_user_objects_graph_gone(g->handle, due, 16);
		fc_graph_free(g);
	}
	fc_unlock();
	/* Unlocked: a destructor may call back into the driver. */
	fc_user_objects_destroy(due, ndue);
	return rc;
}

FC_API CUresult
cuGraphClone(CUgraph *phGraphClone, CUgraph originalGraph)
{
	struct fc_graph *g, *copy;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(originalGraph, &g);
	if (rc == CUDA_SUCCESS && phGraphClone == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		rc = fc_graph_clone(g, &copy);
	if (rc == CUDA_SUCCESS)
		*phGraphClone = (CUgraph)copy->handle;
	fc_unlock();
	return rc;
}

/*
 * The driver's listing convention: with a NULL array only the count is
 * given; otherwise up to *count entries are written, slots past the real
 * number are zeroed, and *count becomes the real number if smaller.
 */
static void
list_out(CUgraphNode *out, size_t *count, struct fc_node *const *nodes,
    size_t n)
{
	if (out != NULL) {
		for (size_t i = 0; i < *count; i++)
			out[i] = i < n ? (CUgraphNode)nodes[i]->handle : NULL;
		if (n < *count)
			*count = n;
		return;
	}
	*count = n;
}

FC_API CUresult
cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes)
{
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && numNodes == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		list_out(nodes, numNodes, g->nodes, g->count);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes,
    size_t *numRootNodes)
{
	struct fc_node **roots;
	struct fc_graph *g;
	size_t n = 0;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && numRootNodes == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS &&
	    (roots = calloc(g->count + 1, sizeof(*roots))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		for (size_t i = 0; i < g->count; i++)
			if (g->nodes[i]->ndeps == 0)
				roots[n++] = g->nodes[i];
		list_out(rootNodes, numRootNodes, roots, n);
		free(roots);
	}
	fc_unlock();
	return rc;
}

/* Edges as (from, to) pairs, in node order then dependency order. */
static CUresult
get_edges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to,
    CUgraphEdgeData *edgeData, size_t *numEdges)
{
	struct fc_graph *g;
	size_t total = 0, k = 0;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && (numEdges == NULL ||
	    (from == NULL) != (to == NULL) ||
	    (edgeData != NULL && from == NULL)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		for (size_t i = 0; i < g->count; i++)
			total += g->nodes[i]->ndeps;
		if (from == NULL) {
			*numEdges = total;
			fc_unlock();
			return CUDA_SUCCESS;
		}
		for (size_t i = 0; i < g->count; i++)
			for (size_t d = 0; d < g->nodes[i]->ndeps; d++, k++) {
				if (k >= *numEdges)
					continue;
				from[k] = (CUgraphNode)
				    g->nodes[i]->deps[d]->handle;
				to[k] = (CUgraphNode)g->nodes[i]->handle;
				if (edgeData != NULL)
					edgeData[k] =
					    g->nodes[i]->dep_edges[d];
			}
		for (size_t j = total; j < *numEdges; j++) {
			from[j] = to[j] = NULL;
			if (edgeData != NULL)
				memset(&edgeData[j], 0, sizeof(*edgeData));
		}
		if (total < *numEdges)
			*numEdges = total;
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to,
    CUgraphEdgeData *edgeData, size_t *numEdges)
{
	return get_edges(hGraph, from, to, edgeData, numEdges);
}

FC_API CUresult
cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = fc_node_lookup(hNode, &n);
	if (rc == CUDA_SUCCESS && type == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS)
		*type = n->type;
	fc_unlock();
	return rc;
}

static void
zero_edges(CUgraphEdgeData *data, size_t count)
{
	if (data != NULL)
		memset(data, 0, count * sizeof(*data));
}

static CUresult
get_deps(CUgraphNode hNode, CUgraphNode *deps, CUgraphEdgeData *data,
    size_t *count)
{
	struct fc_node *n;
	CUresult rc;

	fc_lock();
	rc = fc_node_lookup(hNode, &n);
	if (rc == CUDA_SUCCESS && (count == NULL ||
	    (data != NULL && deps == NULL)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		if (deps != NULL) {
			zero_edges(data, *count);
			for (size_t i = 0; data != NULL && i < *count &&
			    i < n->ndeps; i++)
				data[i] = n->dep_edges[i];
		}
		list_out(deps, count, n->deps, n->ndeps);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphNodeGetDependencies_v2(CUgraphNode hNode, CUgraphNode *dependencies,
    CUgraphEdgeData *edgeData, size_t *numDependencies)
{
	return get_deps(hNode, dependencies, edgeData, numDependencies);
}

static CUresult
get_dependents(CUgraphNode hNode, CUgraphNode *out, CUgraphEdgeData *data,
    size_t *count)
{
	struct fc_node **list;
	struct fc_node *n;
	size_t found = 0;
	CUresult rc;

	fc_lock();
	rc = fc_node_lookup(hNode, &n);
	if (rc == CUDA_SUCCESS && (count == NULL ||
	    (data != NULL && out == NULL)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && (list = calloc(n->graph->count + 1,
	    sizeof(*list))) == NULL)
		rc = CUDA_ERROR_OUT_OF_MEMORY;
	if (rc == CUDA_SUCCESS) {
		if (out != NULL)
			zero_edges(data, *count);
		for (size_t i = 0; i < n->graph->count; i++) {
			struct fc_node *m = n->graph->nodes[i];

			for (size_t d = 0; d < m->ndeps; d++) {
				if (m->deps[d] != n)
					continue;
				if (out != NULL && data != NULL &&
				    found < *count)
					data[found] = m->dep_edges[d];
				list[found++] = m;
			}
		}
		list_out(out, count, list, found);
		free(list);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode,
    CUgraphNode *dependentNodes, CUgraphEdgeData *edgeData,
    size_t *numDependentNodes)
{
	return get_dependents(hNode, dependentNodes, edgeData,
	    numDependentNodes);
}

/*
 * Both endpoints of every edge in one graph, no self edges; adding an edge
 * that exists, or removing one that does not, is CUDA_ERROR_INVALID_VALUE.
 * The list is checked whole before anything changes.
 */
static CUresult
edit_edges(const CUgraph hGraph, const CUgraphNode *from,
    const CUgraphNode *to, const CUgraphEdgeData *data, size_t count,
    bool add)
{
	struct fc_node *a, *b;
	struct fc_graph *g;
	CUresult rc;

	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && count > 0 && (from == NULL || to == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; rc == CUDA_SUCCESS && i < count; i++) {
		a = fc_handle_lookup((uintptr_t)from[i], FC_KIND_GRAPH_NODE);
		b = fc_handle_lookup((uintptr_t)to[i], FC_KIND_GRAPH_NODE);
		if (a == NULL || b == NULL || a == b || a->graph != g ||
		    b->graph != g || has_dep(b, a) != !add)
			rc = CUDA_ERROR_INVALID_VALUE;
		for (size_t j = 0; rc == CUDA_SUCCESS && j < i; j++)
			if (from[j] == from[i] && to[j] == to[i])
				rc = CUDA_ERROR_INVALID_VALUE;
	}
	for (size_t i = 0; rc == CUDA_SUCCESS && i < count; i++) {
		a = fc_handle_lookup((uintptr_t)from[i], FC_KIND_GRAPH_NODE);
		b = fc_handle_lookup((uintptr_t)to[i], FC_KIND_GRAPH_NODE);
		if (add) {
			rc = add_dep(b, a, data != NULL ? &data[i] : NULL);
			continue;
		}
		for (size_t d = 0; d < b->ndeps; d++) {
			if (b->deps[d] == a) {
				remove_dep_at(b, d);
				break;
			}
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuGraphAddDependencies_v2(CUgraph hGraph, const CUgraphNode *from,
    const CUgraphNode *to, const CUgraphEdgeData *edgeData,
    size_t numDependencies)
{
	return edit_edges(hGraph, from, to, edgeData, numDependencies, true);
}

FC_API CUresult
cuGraphRemoveDependencies_v2(CUgraph hGraph, const CUgraphNode *from,
    const CUgraphNode *to, const CUgraphEdgeData *edgeData,
    size_t numDependencies)
{
	return edit_edges(hGraph, from, to, edgeData, numDependencies, false);
}

/* The node's edges, both ways, go with it. */
FC_API CUresult
cuGraphDestroyNode(CUgraphNode hNode)
{
	struct fc_graph *g;
	struct fc_node *n;
	size_t at;
	CUresult rc;

	fc_lock();
	rc = fc_node_lookup(hNode, &n);
	if (rc == CUDA_SUCCESS) {
		g = n->graph;
		for (size_t i = 0; i < g->count; i++) {
			struct fc_node *m = g->nodes[i];

			for (size_t d = 0; d < m->ndeps; d++) {
				if (m->deps[d] == n) {
					remove_dep_at(m, d);
					break;
				}
			}
		}
		at = index_of(g, n);
		memmove(&g->nodes[at], &g->nodes[at + 1],
		    (g->count - at - 1) * sizeof(*g->nodes));
		g->count--;
		fc_node_free(n);
	}
	fc_unlock();
	return rc;
}

/*
 * A DOT text of the graph: a node per graph node (its handle and type), an
 * edge per dependency.  The driver writes much more; what callers rely on
 * is a readable "digraph" in the file they named.
 */
FC_API CUresult
cuGraphDebugDotPrint(CUgraph hGraph, const char *path, unsigned int flags)
{
	struct fc_graph *g;
	CUresult rc;
	FILE *f;

	(void)flags;
	if (path == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fc_lock();
	rc = fc_graph_lookup(hGraph, &g);
	if (rc == CUDA_SUCCESS && (f = fopen(path, "w")) == NULL)
		rc = CUDA_ERROR_OPERATING_SYSTEM;
	if (rc == CUDA_SUCCESS) {
		fprintf(f, "digraph graph_%lu {\n", (unsigned long)g->handle);
		for (size_t i = 0; i < g->count; i++) {
			const struct fc_node *n = g->nodes[i];

			fprintf(f, "\tnode_%lu [label=\"type %d\"];\n",
			    (unsigned long)n->handle, (int)n->type);
			for (size_t d = 0; d < n->ndeps; d++)
				fprintf(f, "\tnode_%lu -> node_%lu;\n",
				    (unsigned long)n->deps[d]->handle,
				    (unsigned long)n->handle);
		}
		fprintf(f, "}\n");
		if (fclose(f) != 0)
			rc = CUDA_ERROR_OPERATING_SYSTEM;
	}
	fc_unlock();
	return rc;
}
