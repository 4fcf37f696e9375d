/*
 * svc_graph_mem.c -- graph memory: allocation and free nodes, and the
 * device's graph memory attributes.
 *
 * The driver reserves an allocation node's address when the node is made
 * and keeps it for the graph, its clones and their executable graphs; the
 * memory behind it exists from a launch's allocation node until it is
 * freed (a free node, cuMemFreeAsync, cuMemFree).  The server sees the
 * making of the node but not the launches in order, so the address joins
 * the client's device ranges when the node is made and leaves them with
 * its context (idl/cuda.x, CU_GRAPH_ADD_MEM_ALLOC_NODE): copies into it
 * from later nodes and after a launch pass the range check, and one made
 * while nothing backs it is the driver's to refuse, as natively.  What
 * cuMemAllocAsync hands out during a capture is an allocation node's too
 * (svc_mempool.c), and recorded the same way.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/mem_props.h"
#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/svc/svc_graph.h"
#include "server/svc/svc_graph_mem.h"
#include "server/svc/svc_graph_node.h"

/* The addresses allocation nodes handed out, for free nodes to name. */
static CUdeviceptr *bases;
static size_t base_count, base_cap;

static bool base_note(CUdeviceptr dptr)
{
	CUdeviceptr *grown;

	for (size_t i = 0; i < base_count; i++)
		if (bases[i] == dptr)
			return true;
	if (base_count == base_cap) {
		size_t cap = base_cap == 0 ? 16 : base_cap * 2;

		if ((grown = realloc(bases, cap * sizeof(*bases))) == NULL)
			return false;
		bases = grown;
		base_cap = cap;
	}
	bases[base_count++] = dptr;
	return true;
}

bool graph_mem_known(CUdeviceptr dptr)
{
	for (size_t i = 0; i < base_count; i++)
		if (bases[i] == dptr)
			return ranges_owned(dptr, 1);
	return false;
}

bool graph_mem_record(CUdeviceptr dptr, uint64_t bytes)
{
	CUcontext ctx;

	if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS)
		ctx = NULL;
	return base_note(dptr) &&
	    ranges_add(dptr, bytes, RANGE_GRAPH_MEM, dptr, ctx);
}

/* The driver's parameters from the wire's; access points into descs. */
static CUresult alloc_params_build(const mem_alloc_node *in,
    CUmemAccessDesc descs[ONCUDA_ACCESS_DESCS_MAX],
    CUDA_MEM_ALLOC_NODE_PARAMS *out)
{
	u_int n = in->access.mem_access_descs_len;

	memset(out, 0, sizeof(*out));
	out->poolProps = mem_pool_props_unpack(&in->pool);
	if (out->poolProps.handleTypes != CU_MEM_HANDLE_TYPE_NONE)
		return CUDA_ERROR_INVALID_VALUE;	/* the driver's answer */
	for (u_int i = 0; i < n; i++)
		descs[i] = mem_access_desc_unpack(
		    &in->access.mem_access_descs_val[i]);
	out->accessDescs = n > 0 ? descs : NULL;
	out->accessDescCount = n;
	out->bytesize = (size_t)in->bytesize;
	return CUDA_SUCCESS;
}

bool_t cu_graph_add_mem_alloc_node_svc(cu_handle graph, cu_nodes deps,
    mem_alloc_node params, res_mem_alloc_made *r, struct svc_req *rq)
{
	CUmemAccessDesc descs[ONCUDA_ACCESS_DESCS_MAX];
	CUDA_MEM_ALLOC_NODE_PARAMS p;
	CUgraphNode node = NULL;
	res_handle made;
	CUresult err;

	(void)rq;
	memset(r, 0, sizeof(*r));
	memset(&made, 0, sizeof(made));
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    (err = alloc_params_build(&params, descs, &p)) == CUDA_SUCCESS)
		err = cuGraphAddMemAllocNode(&node, (CUgraph)(uintptr_t)graph,
		    graph_nodes_of(&deps), deps.cu_nodes_len, &p);
	if (err == CUDA_SUCCESS && !graph_mem_record(p.dptr, p.bytesize)) {
		(void)cuGraphDestroyNode(node);
		err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	graph_node_added(err, node, graph, &made);
	r->err = made.err;
	if (r->err == CUDA_SUCCESS) {
		r->res_mem_alloc_made_u.value.node = made.res_handle_u.value;
		r->res_mem_alloc_made_u.value.dptr = p.dptr;
	}
	return TRUE;
}

bool_t cu_graph_add_mem_free_node_svc(cu_handle graph, cu_nodes deps,
    cu_dptr dptr, res_handle *r, struct svc_req *rq)
{
	CUgraphNode node = NULL;
	CUresult err;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((err = graph_add_check(graph, &deps)) == CUDA_SUCCESS &&
	    !graph_mem_known((CUdeviceptr)dptr)) {
		log_msg(LOG_INFO, "cuGraphAddMemFreeNode of 0x%llx, which no "
		    "allocation node gave this client",
		    (unsigned long long)dptr);
		err = CUDA_ERROR_INVALID_VALUE;
	}
	if (err == CUDA_SUCCESS)
		err = cuGraphAddMemFreeNode(&node, (CUgraph)(uintptr_t)graph,
		    graph_nodes_of(&deps), deps.cu_nodes_len,
		    (CUdeviceptr)dptr);
	graph_node_added(err, node, graph, r);
	return TRUE;
}

bool_t cu_graph_mem_alloc_node_get_params_svc(cu_handle node,
    res_mem_alloc_node *r, struct svc_req *rq)
{
	mem_alloc_node *out = &r->res_mem_alloc_node_u.value;
	CUDA_MEM_ALLOC_NODE_PARAMS p;
	size_t n;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof(p));
	if ((r->err = cuGraphMemAllocNodeGetParams((CUgraphNode)(uintptr_t)node,
	    &p)) != CUDA_SUCCESS)
		return TRUE;
	n = p.accessDescs != NULL ? p.accessDescCount : 0;
	if (n > ONCUDA_ACCESS_DESCS_MAX) {
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	out->pool = mem_pool_props_pack(&p.poolProps);
	if (n > 0 && (out->access.mem_access_descs_val =
	    calloc(n, sizeof(mem_access_desc))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	for (size_t i = 0; i < n; i++)
		out->access.mem_access_descs_val[i] =
		    mem_access_desc_pack(&p.accessDescs[i]);
	out->access.mem_access_descs_len = (u_int)n;
	out->bytesize = p.bytesize;
	out->dptr = p.dptr;
	return TRUE;
}

bool_t cu_device_get_graph_mem_attribute_svc(int dev, int attr, res_size *r,
    struct svc_req *rq)
{
	cuuint64_t value = 0;

	(void)rq;
	memset(r, 0, sizeof(*r));
	r->err = cuDeviceGetGraphMemAttribute((CUdevice)dev,
	    (CUgraphMem_attribute)attr, &value);
	if (r->err == CUDA_SUCCESS)
		r->res_size_u.value = value;
	return TRUE;
}

bool_t cu_device_set_graph_mem_attribute_svc(int dev, int attr,
    cu_size value, res_none *r, struct svc_req *rq)
{
	cuuint64_t v = value;

	(void)rq;
	memset(r, 0, sizeof(*r));
	r->err = cuDeviceSetGraphMemAttribute((CUdevice)dev,
	    (CUgraphMem_attribute)attr, &v);
	return TRUE;
}
