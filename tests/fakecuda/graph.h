/*
 * graph.h - internals of graphs, executable graphs and stream capture.
 *
 * A graph is an array of nodes in the order they were added; each node
 * holds the nodes it depends on.  Dependents are found by scanning, which
 * is plenty for test-sized graphs and keeps one edge list to maintain.
 * Node order matters: cuGraphClone keeps it, so node i of a clone or of an
 * executable graph pairs with node i of its source (cuGraphExecUpdate
 * pairs nodes the same way, by the order they were added).
 *
 * Every node owns copies of its parameters (a kernel node its packed
 * argument buffer), so the caller's memory may change after the call, as
 * with the driver.
 */
#ifndef FAKECUDA_GRAPH_H
#define FAKECUDA_GRAPH_H

#include "fakecuda.h"

struct fc_graph;
struct fc_capture;

/* A kernel launch checked and packed, ready to run now or on replay. */
struct fc_kernel_call {
	CUfunction function;		/* the handle, resolved again to run */
	uintptr_t ctx;			/* context handle it runs in */
	const struct fc_kernel_def *def;
	unsigned int grid[3];
	unsigned int block[3];
	unsigned int shared_bytes;
	unsigned char params[FC_PARAM_BUFFER_MAX];
};

struct fc_node {
	uintptr_t handle;
	struct fc_graph *graph;
	CUgraphNodeType type;
	struct fc_node **deps;		/* incoming edges, in the order added */
	size_t ndeps, deps_cap;
	CUgraphEdgeData *dep_edges;	/* each edge's data, beside deps */
	size_t edges_cap;
	union {
		struct {
			struct fc_kernel_call call;
			/* What GetParams hands out: pointers into call.params. */
			void *arg_ptrs[FC_MAX_PARAMS];
		} kernel;
		struct {
			CUDA_MEMCPY3D copy;
			uintptr_t ctx;
		} memcpy;
		struct {
			CUDA_MEMSET_NODE_PARAMS set;
			uintptr_t ctx;
		} memset;
		CUDA_HOST_NODE_PARAMS host;
		struct fc_graph *child;	/* owned: a clone made at add time */
		CUevent event;		/* record and wait nodes */
		struct {		/* memory allocation nodes */
			CUDA_MEM_ALLOC_NODE_PARAMS p;	/* accessDescs NULL */
			struct fc_graph_mem *mem;	/* shared by clones */
		} alloc;
		CUdeviceptr free_ptr;	/* memory free nodes */
		struct {		/* batch memory operation nodes */
			CUDA_BATCH_MEM_OP_NODE_PARAMS p;	/* owns paramArray */
		} batch;
		struct {		/* conditional nodes */
			CUDA_CONDITIONAL_NODE_PARAMS p;	/* owns phGraph_out */
		} cond;
	} u;
	CUkernelNodeAttrValue *attrs;	/* kernel nodes: by id, or NULL */
};

struct fc_graph {
	uintptr_t handle;
	struct fc_node **nodes;		/* in the order added */
	size_t count, cap;
	bool is_child;			/* owned by a child-graph node */
	struct fc_capture *capture;	/* capturing into it, or NULL */
};

/* graph.c */
CUresult fc_graph_lookup(CUgraph handle, struct fc_graph **g);
CUresult fc_node_lookup(CUgraphNode handle, struct fc_node **n);
CUresult fc_graph_new(struct fc_graph **out);
void fc_graph_free(struct fc_graph *g);
CUresult fc_graph_clone(const struct fc_graph *src, struct fc_graph **out);
CUresult fc_node_new(CUgraphNodeType type, struct fc_node **out);
void fc_node_free(struct fc_node *n);
CUresult fc_check_deps(struct fc_graph *g, const CUgraphNode *deps,
    const CUgraphEdgeData *data, size_t n, struct fc_node ***out);
CUresult fc_graph_insert(struct fc_graph *g, struct fc_node *n,
    struct fc_node *const *deps, const CUgraphEdgeData *edges, size_t ndeps);
CUresult fc_node_set_kernel(struct fc_node *n,
    const CUDA_KERNEL_NODE_PARAMS *p);
CUresult fc_node_set_memcpy(struct fc_node *n, const CUDA_MEMCPY3D *c,
    CUcontext ctx);
CUresult fc_node_set_memset(struct fc_node *n,
    const CUDA_MEMSET_NODE_PARAMS *p, CUcontext ctx);
CUresult fc_graph_order(const struct fc_graph *g, size_t *order);

/* launch.c */
CUresult fc_kernel_call_prepare(struct fc_context *ctx, CUfunction f,
    const unsigned int grid[3], const unsigned int block[3],
    unsigned int shared_bytes, void **params, void **extra,
    struct fc_kernel_call *call);
CUresult fc_kernel_call_run(const struct fc_kernel_call *call);

/* node_copy.c: copies with array sides.  Under the lock. */
/* in with its array sides made the host memory they are, into *out. */
CUresult fc_memcpy3d_resolve(const CUDA_MEMCPY3D *in, CUDA_MEMCPY3D *out);
CUresult fc_node_copy_check(const CUDA_MEMCPY3D *c);
bool fc_node_copy_run(const CUDA_MEMCPY3D *c);	/* false: a fault */

/* memcpy.c */
CUresult fc_memcpy3d_check(const CUDA_MEMCPY3D *c);
void fc_memcpy3d_run(const CUDA_MEMCPY3D *c);
CUresult fc_memset_check(const CUDA_MEMSET_NODE_PARAMS *p);
void fc_memset_run(const CUDA_MEMSET_NODE_PARAMS *p);

/* capture.c: hooks for the calls that queue work or wait for it. */
CUresult fc_capture_route(CUstream stream, struct fc_context *ctx,
    struct fc_stream **capturing);
CUresult fc_capture_add(struct fc_stream *s, struct fc_node *n);
void fc_capture_forget_node(struct fc_node *n);
void fc_capture_graph_gone(struct fc_graph *g);

/* graph_more.c: the node types of cuGraphAddNode's era. */
struct fc_graph_mem;
CUresult fc_graph_mem_capture(struct fc_stream *s, CUdevice dev, size_t size,
    CUdeviceptr *dptr);
CUresult fc_node_more_clone(const struct fc_node *src, struct fc_node *dst);
void fc_node_more_free(struct fc_node *n);
CUresult fc_node_more_run(const struct fc_node *n);
/* An update's parameters for the newer types (false: not one of them). */
bool fc_node_more_take(struct fc_node *to, const struct fc_node *from);
/* The body a conditional node runs next (NULL: done); *step starts at 0. */
struct fc_graph *fc_cond_next(const struct fc_node *n, unsigned long *step);

/* graph_nodes.c: a child graph node, its graph cloned or moved. */
CUresult fc_add_child_graph(CUgraphNode *phGraphNode, CUgraph hGraph,
    const CUgraphNode *dependencies, size_t numDependencies,
    CUgraph childGraph, bool move);

/* graph_exec.c: a cuGraphExec*SetParams call of type's node. */
CUresult fc_exec_set(CUgraphExec hGraphExec, CUgraphNode hNode,
    CUgraphNodeType type, struct fc_node *scratch,
    CUresult (*set)(struct fc_node *, const void *, CUcontext),
    const void *params, CUcontext ctx);

/* user_object.c: a graph going drops the references it holds.  Called
 * with the lock held; returns the destructors due, to run unlocked. */
struct fc_user_object;
size_t fc_user_objects_graph_gone(uintptr_t graph,
    struct fc_user_object **due, size_t room);
void fc_user_objects_destroy(struct fc_user_object **due, size_t count);

#endif /* FAKECUDA_GRAPH_H */
