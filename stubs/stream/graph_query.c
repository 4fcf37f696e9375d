/*
 * graph_query.c -- a graph node's parameters read back: kernel, memset and
 * memcpy nodes, and kernel node attributes.
 *
 * The driver hands back a kernel node's arguments as kernelParams, pointers
 * into its own copy of them.  The server sends the bytes and the layout
 * (idl/cuda.x, kernel_node_got); the client keeps a copy tied to the node
 * (node_store.h) and gives the program pointers into it, which stay valid
 * as long as the driver's would.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/mem/host_mirror.h"
#include "stubs/route/route.h"
#include "stubs/stream/node_keep.h"
#include "stubs/wire/rpc.h"

/* The CUDA 10-11 ABI, which cuda.h 13 maps to _v2. */
#undef cuGraphKernelNodeGetParams
ONCUDA_API CUresult cuGraphKernelNodeGetParams(CUgraphNode hNode,
    CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams);

/*
 * kernelParams for the program: an array of pointers, one per
 * parameter, into a kept copy of the arguments.  The copy is laid out as
 * the pointers, the offsets, then the bytes.
 */
static CUresult kernel_params_keep(CUgraphNode node, const kernel_args *a,
    void ***out)
{
	size_t n = a->offsets.offsets_len, table = n * sizeof(void *);
	size_t offs = n * sizeof(u_int), size = table + offs +
	    a->bytes.bytes_len;
	unsigned char *tmp, *kept;

	if ((tmp = calloc(1, size + 1)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (offs > 0)
		memcpy(tmp + table, a->offsets.offsets_val, offs);
	if (a->bytes.bytes_len > 0)
		memcpy(tmp + table + offs, a->bytes.bytes_val,
		    a->bytes.bytes_len);
	kept = node_keep(node, NODE_COPY_QUERY, tmp, size + 1, table);
	free(tmp);
	if (kept == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < n; i++) {
		if (a->offsets.offsets_val[i] > a->bytes.bytes_len)
			return CUDA_ERROR_INVALID_VALUE;
		((void **)kept)[i] = kept + table + offs +
		    a->offsets.offsets_val[i];
	}
	*out = (void **)kept;
	return CUDA_SUCCESS;
}

/* `extra` for the program, naming a kept copy of the argument buffer. */
static CUresult kernel_extra_keep(CUgraphNode node, const kernel_args *a,
    void ***out)
{
	size_t head = 5 * sizeof(void *) + sizeof(size_t);
	size_t size = head + a->bytes.bytes_len;
	unsigned char *tmp, *kept;
	void **list;

	if ((tmp = calloc(1, size + 1)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	memcpy(tmp + 5 * sizeof(void *), &(size_t){ a->bytes.bytes_len },
	    sizeof(size_t));
	if (a->bytes.bytes_len > 0)
		memcpy(tmp + head, a->bytes.bytes_val, a->bytes.bytes_len);
	kept = node_keep(node, NODE_COPY_QUERY, tmp, size + 1,
	    5 * sizeof(void *));
	free(tmp);
	if (kept == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	list = (void **)kept;
	list[0] = CU_LAUNCH_PARAM_BUFFER_POINTER;
	list[1] = kept + head;
	list[2] = CU_LAUNCH_PARAM_BUFFER_SIZE;
	list[3] = kept + 5 * sizeof(void *);
	list[4] = CU_LAUNCH_PARAM_END;
	*out = list;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuGraphKernelNodeGetParams_v2(CUgraphNode hNode,
    CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	const kernel_node_got *got;
	res_kernel_node_got r;
	CUDA_KERNEL_NODE_PARAMS p;
	struct call k;
	CUresult e;

	if (hNode == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_kernel_node_get_params(
	    route_strip(hNode), &r, k.c), &r.err)) != CUDA_SUCCESS) {
		xdr_free((xdrproc_t)xdr_res_kernel_node_got, (char *)&r);
		return e;
	}
	got = &r.res_kernel_node_got_u.value;
	memset(&p, 0, sizeof(p));
	/* With several servers a CUkernel is the client's own; one the
	 * server names is tagged as that server's, as other handles are. */
	if (got->func != 0)
		p.func = (CUfunction)(uintptr_t)route_tag(got->func, k.server);
	if (got->kern != 0)
		p.kern = (CUkernel)(uintptr_t)route_tag(got->kern, k.server);
	if (got->ctx != 0)
		p.ctx = (CUcontext)(uintptr_t)route_tag(got->ctx, k.server);
	p.gridDimX = got->grid.x;
	p.gridDimY = got->grid.y;
	p.gridDimZ = got->grid.z;
	p.blockDimX = got->block.x;
	p.blockDimY = got->block.y;
	p.blockDimZ = got->block.z;
	p.sharedMemBytes = got->shared_mem_bytes;
	if (got->args.by_extra)
		e = kernel_extra_keep(hNode, &got->args, &p.extra);
	else
		e = kernel_params_keep(hNode, &got->args, &p.kernelParams);
	if (e == CUDA_SUCCESS)
		*nodeParams = p;
	xdr_free((xdrproc_t)xdr_res_kernel_node_got, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuGraphKernelNodeGetParams(CUgraphNode hNode,
    CUDA_KERNEL_NODE_PARAMS_v1 *nodeParams)
{
	CUDA_KERNEL_NODE_PARAMS p;
	CUresult e;

	if (nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuGraphKernelNodeGetParams_v2(hNode, &p)) != CUDA_SUCCESS)
		return e;
	memset(nodeParams, 0, sizeof(*nodeParams));
	nodeParams->func = p.func;
	nodeParams->gridDimX = p.gridDimX;
	nodeParams->gridDimY = p.gridDimY;
	nodeParams->gridDimZ = p.gridDimZ;
	nodeParams->blockDimX = p.blockDimX;
	nodeParams->blockDimY = p.blockDimY;
	nodeParams->blockDimZ = p.blockDimZ;
	nodeParams->sharedMemBytes = p.sharedMemBytes;
	nodeParams->kernelParams = p.kernelParams;
	nodeParams->extra = p.extra;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuGraphMemsetNodeGetParams(CUgraphNode hNode,
    CUDA_MEMSET_NODE_PARAMS *nodeParams)
{
	const memset_node *got;
	res_memset_node r;
	struct call k;
	CUresult e;

	if (hNode == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_memset_node_get_params(
	    route_strip(hNode), &r, k.c), &r.err)) != CUDA_SUCCESS)
		return e;
	got = &r.res_memset_node_u.value;
	memset(nodeParams, 0, sizeof(*nodeParams));
	nodeParams->dst = got->dst;
	nodeParams->pitch = (size_t)got->pitch;
	nodeParams->value = got->value;
	nodeParams->elementSize = got->element_size;
	nodeParams->width = (size_t)got->width;
	nodeParams->height = (size_t)got->height;
	return CUDA_SUCCESS;
}

/*
 * One side of a memcpy node as the program set it (idl/cuda.x,
 * memcpy_node): an array, host memory where the address is a host
 * mirror's, else device memory; a side given as unified memory is
 * answered so, its address the program's (a host mirror's, the program's
 * host pointer).
 */
static void side_from_wire(const dev_volume *v, unsigned server,
    CUmemorytype *type, const void **host, CUdeviceptr *device,
    CUarray *array, size_t *x, size_t *y, size_t *z, size_t *pitch,
    size_t *height)
{
	void *client;

	if (v->array != 0) {
		*type = CU_MEMORYTYPE_ARRAY;
		*array = (CUarray)(uintptr_t)route_tag(v->array, server);
	} else if (v->unified) {
		*type = CU_MEMORYTYPE_UNIFIED;
		*device = host_mirror_to_client(server, v->base, &client) ?
		    (CUdeviceptr)(uintptr_t)client : v->base;
	} else if (host_mirror_to_client(server, v->base, &client)) {
		*type = CU_MEMORYTYPE_HOST;
		*host = client;
	} else {
		*type = CU_MEMORYTYPE_DEVICE;
		*device = v->base;
	}
	*x = (size_t)v->x_bytes;
	*y = (size_t)v->y;
	*z = (size_t)v->z;
	*pitch = (size_t)v->pitch;
	*height = (size_t)v->height;
}

ONCUDA_API CUresult cuGraphMemcpyNodeGetParams(CUgraphNode hNode,
    CUDA_MEMCPY3D *nodeParams)
{
	const memcpy_node *got;
	res_memcpy_node r;
	struct call k;
	CUresult e;

	if (hNode == NULL || nodeParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_memcpy_node_get_params(
	    route_strip(hNode), &r, k.c), &r.err)) != CUDA_SUCCESS)
		return e;
	got = &r.res_memcpy_node_u.value;
	memset(nodeParams, 0, sizeof(*nodeParams));
	side_from_wire(&got->src, k.server, &nodeParams->srcMemoryType,
	    &nodeParams->srcHost, &nodeParams->srcDevice,
	    &nodeParams->srcArray, &nodeParams->srcXInBytes,
	    &nodeParams->srcY, &nodeParams->srcZ, &nodeParams->srcPitch,
	    &nodeParams->srcHeight);
	side_from_wire(&got->dst, k.server, &nodeParams->dstMemoryType,
	    (const void **)&nodeParams->dstHost, &nodeParams->dstDevice,
	    &nodeParams->dstArray, &nodeParams->dstXInBytes,
	    &nodeParams->dstY, &nodeParams->dstZ, &nodeParams->dstPitch,
	    &nodeParams->dstHeight);
	nodeParams->WidthInBytes = (size_t)got->width_bytes;
	nodeParams->Height = (size_t)got->height;
	nodeParams->Depth = (size_t)got->depth;
	return CUDA_SUCCESS;
}

_Static_assert(sizeof(CUkernelNodeAttrValue) ==
    sizeof(((launch_attr *)0)->value),
    "a kernel node attribute's value travels as 64 bytes");

ONCUDA_API CUresult cuGraphKernelNodeGetAttribute(CUgraphNode hNode,
    CUkernelNodeAttrID attr, CUkernelNodeAttrValue *value_out)
{
	res_attr_value r;
	struct call k;
	CUresult e;

	if (hNode == NULL || value_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	if ((e = call_done(&k, cu_graph_kernel_node_get_attribute(
	    route_strip(hNode), (int)attr, &r, k.c), &r.err)) !=
	    CUDA_SUCCESS)
		return e;
	memcpy(value_out, r.res_attr_value_u.value, sizeof(*value_out));
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuGraphKernelNodeSetAttribute(CUgraphNode hNode,
    CUkernelNodeAttrID attr, const CUkernelNodeAttrValue *value)
{
	launch_attr a;
	res_none r;
	struct call k;
	CUresult e;

	if (hNode == NULL || value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&a, 0, sizeof(a));
	a.id = (int)attr;
	memcpy(a.value, value, sizeof(a.value));
	if ((e = route_call_handles(&k, hNode, ROUTE_HANDLE, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_graph_kernel_node_set_attribute(
	    route_strip(hNode), a, &r, k.c), &r.err);
}
