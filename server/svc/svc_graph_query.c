/*
 * svc_graph_query.c -- what a graph node holds, read back: kernel, memset
 * and memcpy node parameters, the graph of a child graph node, a node's
 * counterpart in a clone, the owners of a node, and kernel node
 * attributes.
 *
 * Whatever the driver reports that is a handle (a function, a graph, a
 * node) is registered as the client's before it crosses, so the client
 * can name it in later calls; kernel arguments are copied out of the
 * driver's own storage by the function's parameter layout, since the
 * pointers the driver returns are of this process.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/svc/svc_params.h"

#define NODE(h) ((CUgraphNode)(uintptr_t)(h))

/*
 * The handle whose layout says where the arguments are: the node's
 * function when the client knows it, else its kernel, under which the
 * function is then registered.
 */
static CUresult node_function(const CUDA_KERNEL_NODE_PARAMS *p,
    kernel_node_got *out, cu_handle *layout_of)
{
	cu_handle f = (cu_handle)(uintptr_t)p->func;
	cu_handle k = (cu_handle)(uintptr_t)p->kern;

	if (k != 0 && handle_check(HANDLE_KERNEL, k, false) != CUDA_SUCCESS)
		k = 0;
	if (f != 0 && handle_check(HANDLE_FUNCTION, f, false) != CUDA_SUCCESS) {
		if (k == 0 || !handle_add(HANDLE_FUNCTION, f, k))
			f = 0;
	}
	if (f == 0 && k == 0)
		return CUDA_ERROR_NOT_SUPPORTED;	/* none it could name */
	out->func = f;
	out->kern = k;
	*layout_of = f != 0 ? f : k;
	return CUDA_SUCCESS;
}

/* The arguments the driver holds, by the layout of h, into args/sizes. */
static CUresult args_copy(cu_handle h, void **kernel_params,
    kernel_node_got *out)
{
	const param_slot *slots;
	unsigned int count, i;
	uint64_t end, total = 0;
	CUresult err;

	if ((err = layout_get(h, &slots, &count)) != CUDA_SUCCESS)
		return err;
	for (i = 0; i < count; i++) {
		end = slots[i].offset + slots[i].size;
		if (end > total)
			total = end;
	}
	if (total > ONCUDA_PARAM_BYTES_MAX)
		return CUDA_ERROR_NOT_SUPPORTED;
	if (count > 0 && ((out->args.offsets.offsets_val =
	    calloc(count, sizeof(u_int))) == NULL ||
	    (out->sizes.sizes_val = calloc(count, sizeof(u_int))) == NULL ||
	    (out->args.bytes.bytes_val = calloc(1, total + 1)) == NULL))
		return CUDA_ERROR_OUT_OF_MEMORY;
	out->args.offsets.offsets_len = count;
	out->sizes.sizes_len = count;
	out->args.bytes.bytes_len = (u_int)total;
	for (i = 0; i < count; i++) {
		out->args.offsets.offsets_val[i] = (u_int)slots[i].offset;
		out->sizes.sizes_val[i] = (u_int)slots[i].size;
		if (slots[i].size > 0 && kernel_params[i] != NULL)
			memcpy(out->args.bytes.bytes_val + slots[i].offset,
			    kernel_params[i], slots[i].size);
	}
	return CUDA_SUCCESS;
}

/* The buffer an `extra` list names, into args (by_extra). */
static CUresult extra_copy(void **extra, kernel_node_got *out)
{
	const void *buf = NULL;
	size_t size = 0;

	for (size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
		if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
			buf = extra[i + 1];
		else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
			size = *(const size_t *)extra[i + 1];
		else
			return CUDA_ERROR_NOT_SUPPORTED;
	}
	if (size > ONCUDA_PARAM_BYTES_MAX || (size > 0 && buf == NULL))
		return CUDA_ERROR_NOT_SUPPORTED;
	out->args.by_extra = TRUE;
	if (size == 0)
		return CUDA_SUCCESS;
	if ((out->args.bytes.bytes_val = malloc(size)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	memcpy(out->args.bytes.bytes_val, buf, size);
	out->args.bytes.bytes_len = (u_int)size;
	return CUDA_SUCCESS;
}

bool_t cu_graph_kernel_node_get_params_svc(cu_handle node,
    res_kernel_node_got *r, struct svc_req *rq)
{
	kernel_node_got *out = &r->res_kernel_node_got_u.value;
	CUDA_KERNEL_NODE_PARAMS p;
	cu_handle layout_of;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof(p));
	if ((r->err = cuGraphKernelNodeGetParams(NODE(node), &p)) !=
	    CUDA_SUCCESS ||
	    (r->err = node_function(&p, out, &layout_of)) != CUDA_SUCCESS)
		return TRUE;
	out->grid.x = p.gridDimX;
	out->grid.y = p.gridDimY;
	out->grid.z = p.gridDimZ;
	out->block.x = p.blockDimX;
	out->block.y = p.blockDimY;
	out->block.z = p.blockDimZ;
	out->shared_mem_bytes = p.sharedMemBytes;
	out->ctx = handle_check(HANDLE_CONTEXT, (cu_handle)(uintptr_t)p.ctx,
	    false) == CUDA_SUCCESS ? (cu_handle)(uintptr_t)p.ctx : 0;
	if (p.kernelParams != NULL)
		r->err = args_copy(layout_of, p.kernelParams, out);
	else if (p.extra != NULL)
		r->err = extra_copy(p.extra, out);
	if (r->err != CUDA_SUCCESS) {
		/* The reply carries nothing on failure: free it here. */
		xdr_free((xdrproc_t)xdr_kernel_node_got, (char *)out);
		memset(out, 0, sizeof(*out));
	}
	return TRUE;
}

bool_t cu_graph_memset_node_get_params_svc(cu_handle node,
    res_memset_node *r, struct svc_req *rq)
{
	memset_node *out = &r->res_memset_node_u.value;
	CUDA_MEMSET_NODE_PARAMS p;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof(p));
	if ((r->err = cuGraphMemsetNodeGetParams(NODE(node), &p)) !=
	    CUDA_SUCCESS)
		return TRUE;
	out->dst = p.dst;
	out->pitch = p.pitch;
	out->value = p.value;
	out->element_size = p.elementSize;
	out->width = p.width;
	out->height = p.height;
	return TRUE;
}

/* One side of a memcpy node for the wire; false for a host side. */
static bool side_got(CUmemorytype type, CUdeviceptr device, CUarray array,
    size_t x, size_t y, size_t z, size_t pitch, size_t height,
    dev_volume *out)
{
	if (type == CU_MEMORYTYPE_ARRAY) {
		out->array = (cu_handle)(uintptr_t)array;
	} else if (type == CU_MEMORYTYPE_DEVICE ||
	    type == CU_MEMORYTYPE_UNIFIED) {
		out->base = device;
		out->unified = type == CU_MEMORYTYPE_UNIFIED;
	} else {
		return false;
	}
	out->x_bytes = x;
	out->y = y;
	out->z = z;
	out->pitch = pitch;
	out->height = height;
	return true;
}

bool_t cu_graph_memcpy_node_get_params_svc(cu_handle node,
    res_memcpy_node *r, struct svc_req *rq)
{
	memcpy_node *out = &r->res_memcpy_node_u.value;
	CUDA_MEMCPY3D p;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof(p));
	if ((r->err = cuGraphMemcpyNodeGetParams(NODE(node), &p)) !=
	    CUDA_SUCCESS)
		return TRUE;
	/* Every memcpy node of this client's has device and array sides
	 * (memcpy_node): another kind cannot be told to the client. */
	if (!side_got(p.srcMemoryType, p.srcDevice, p.srcArray, p.srcXInBytes,
	    p.srcY, p.srcZ, p.srcPitch, p.srcHeight, &out->src) ||
	    !side_got(p.dstMemoryType, p.dstDevice, p.dstArray, p.dstXInBytes,
	    p.dstY, p.dstZ, p.dstPitch, p.dstHeight, &out->dst)) {
		memset(out, 0, sizeof(*out));
		r->err = CUDA_ERROR_NOT_SUPPORTED;
		return TRUE;
	}
	out->width_bytes = p.WidthInBytes;
	out->height = p.Height;
	out->depth = p.Depth;
	return TRUE;
}

bool_t cu_graph_child_graph_node_get_graph_svc(cu_handle node, res_handle *r,
    struct svc_req *rq)
{
	CUgraph graph = NULL;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = cuGraphChildGraphNodeGetGraph(NODE(node), &graph)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->res_handle_u.value = (cu_handle)(uintptr_t)graph;
	if (!handle_add(HANDLE_GRAPH, r->res_handle_u.value, node))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	return TRUE;
}

bool_t cu_graph_node_find_in_clone_svc(cu_handle node, cu_handle clone,
    res_handle *r, struct svc_req *rq)
{
	CUgraphNode found = NULL;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = handle_check(HANDLE_GRAPH, clone, false)) !=
	    CUDA_SUCCESS ||
	    (r->err = cuGraphNodeFindInClone(&found, NODE(node),
	    (CUgraph)(uintptr_t)clone)) != CUDA_SUCCESS)
		return TRUE;
	r->res_handle_u.value = (cu_handle)(uintptr_t)found;
	if (!handle_add(HANDLE_GRAPH_NODE, r->res_handle_u.value, clone))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	return TRUE;
}

/* Owners named at most: deeper nestings than programs make are cut. */
#define OWNERS_MAX 32

bool_t oncuda_graph_node_owners_svc(cu_handle node, res_handles *r,
    struct svc_req *rq)
{
	cu_handles *out = &r->res_handles_u.value;
	cu_handle at = node, graph;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if ((out->cu_handles_val = calloc(OWNERS_MAX,
	    sizeof(cu_handle))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	/* Node, its graph, the node that graph is embedded in, ... */
	while (out->cu_handles_len + 2 <= OWNERS_MAX &&
	    (graph = handle_owner(HANDLE_GRAPH_NODE, at, HANDLE_GRAPH)) != 0) {
		out->cu_handles_val[out->cu_handles_len++] = graph;
		if ((at = handle_owner(HANDLE_GRAPH, graph,
		    HANDLE_GRAPH_NODE)) == 0)
			break;
		out->cu_handles_val[out->cu_handles_len++] = at;
	}
	return TRUE;
}

/*
 * The kernel node attributes that cross: those that name a CUevent are
 * not a kernel node's and would pass an unchecked handle.
 */
static bool node_attr(int id)
{
	return id != CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT &&
	    id != CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT;
}

bool_t cu_graph_kernel_node_get_attribute_svc(cu_handle node, int attr,
    res_attr_value *r, struct svc_req *rq)
{
	CUkernelNodeAttrValue value;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (!node_attr(attr)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	memset(&value, 0, sizeof(value));
	r->err = cuGraphKernelNodeGetAttribute(NODE(node),
	    (CUkernelNodeAttrID)attr, &value);
	if (r->err == CUDA_SUCCESS)
		memcpy(r->res_attr_value_u.value, &value, sizeof(value));
	return TRUE;
}

bool_t cu_graph_kernel_node_set_attribute_svc(cu_handle node,
    launch_attr attr, res_none *r, struct svc_req *rq)
{
	CUkernelNodeAttrValue value;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (!node_attr(attr.id)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	memcpy(&value, attr.value, sizeof(value));
	r->err = cuGraphKernelNodeSetAttribute(NODE(node),
	    (CUkernelNodeAttrID)attr.id, &value);
	return TRUE;
}
