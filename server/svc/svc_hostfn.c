/*
 * svc_hostfn.c -- host functions, stream callbacks, host nodes and user
 * objects: the driver gets a trampoline of the session's
 * (server/session/callback.h) with the client's function as its argument,
 * and the trampoline calls the client back.  Also the three steps that
 * bind the callback connection.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/callback.h"
#include "server/session/handles.h"
#include "server/svc/svc_graph.h"

#define STREAM(h) ((CUstream)(uintptr_t)(h))
#define GRAPH(h) ((CUgraph)(uintptr_t)(h))
#define NODE(h) ((CUgraphNode)(uintptr_t)(h))

/*
 * Whether a host function queued on stream now may run more than once: a
 * capture turns it into a host node, replayed with every launch of the
 * graph.  When the driver cannot say (a capture elsewhere forbids asking
 * about the legacy stream), the argument is kept, which costs only memory.
 */
static bool replayable(cu_handle stream)
{
	CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;

	return cuStreamIsCapturing(STREAM(stream), &status) != CUDA_SUCCESS ||
	    status != CU_STREAM_CAPTURE_STATUS_NONE;
}

/* What every call that hands the driver a client's function checks. */
static CUresult host_fn_usable(const host_fn *fn)
{
	if (fn->fn == 0)
		return CUDA_ERROR_INVALID_VALUE;
	/* The trampoline would have no one to call. */
	return callback_bound() ? CUDA_SUCCESS : CUDA_ERROR_NOT_PERMITTED;
}

bool_t cu_launch_host_func_svc(cu_handle stream, host_fn fn, res_none *r,
    struct svc_req *rq)
{
	struct callback_arg *a;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS || (r->err = host_fn_usable(&fn)) != CUDA_SUCCESS)
		return TRUE;
	if ((a = callback_arg_new(ONCUDA_HOST_FUNC, &fn, 0,
	    replayable(stream))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	/* The stand-in runs the function in this call: a is not used after. */
	r->err = cuLaunchHostFunc(STREAM(stream), callback_host_trampoline, a);
	if (r->err != CUDA_SUCCESS)
		callback_arg_drop(a);
	return TRUE;
}

bool_t cu_stream_add_callback_svc(cu_handle stream, host_fn fn,
    unsigned int flags, uint64_t client_stream, res_none *r,
    struct svc_req *rq)
{
	struct callback_arg *a;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS || (r->err = host_fn_usable(&fn)) != CUDA_SUCCESS)
		return TRUE;
	if ((a = callback_arg_new(ONCUDA_STREAM_CALLBACK, &fn, client_stream,
	    replayable(stream))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuStreamAddCallback(STREAM(stream), callback_stream_trampoline,
	    a, flags);
	if (r->err != CUDA_SUCCESS)
		callback_arg_drop(a);
	return TRUE;
}

/* A host node's parameters for the driver; a is kept with the session. */
static CUresult host_params(const host_fn *fn, CUDA_HOST_NODE_PARAMS *p)
{
	struct callback_arg *a;
	CUresult err;

	if ((err = host_fn_usable(fn)) != CUDA_SUCCESS)
		return err;
	if ((a = callback_arg_new(ONCUDA_HOST_FUNC, fn, 0, true)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	p->fn = callback_host_trampoline;
	p->userData = a;
	return CUDA_SUCCESS;
}

bool_t cu_graph_add_host_node_svc(cu_handle graph, cu_nodes deps,
    host_fn params, res_handle *r, struct svc_req *rq)
{
	CUDA_HOST_NODE_PARAMS p;
	CUgraphNode node = NULL;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) !=
	    CUDA_SUCCESS || (r->err = graph_nodes_check(&deps)) !=
	    CUDA_SUCCESS || (r->err = host_params(&params, &p)) !=
	    CUDA_SUCCESS)
		return TRUE;
	r->err = cuGraphAddHostNode(&node, GRAPH(graph), graph_nodes_of(&deps),
	    deps.cu_nodes_len, &p);
	if (r->err != CUDA_SUCCESS)
		return TRUE;
	r->res_handle_u.value = (cu_handle)(uintptr_t)node;
	if (!handle_add(HANDLE_GRAPH_NODE, r->res_handle_u.value, graph)) {
		(void)cuGraphDestroyNode(node);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return TRUE;
}

bool_t cu_graph_host_node_get_params_svc(cu_handle node, res_host_fn *r,
    struct svc_req *rq)
{
	CUDA_HOST_NODE_PARAMS p;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) !=
	    CUDA_SUCCESS)
		return TRUE;
	memset(&p, 0, sizeof p);
	if ((r->err = cuGraphHostNodeGetParams(NODE(node), &p)) !=
	    CUDA_SUCCESS)
		return TRUE;
	/* Only this session sets host functions: every one is a trampoline. */
	if (p.fn != callback_host_trampoline || p.userData == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->res_host_fn_u.value = callback_arg_fn(p.userData);
	return TRUE;
}

bool_t cu_graph_host_node_set_params_svc(cu_handle node, host_fn params,
    res_none *r, struct svc_req *rq)
{
	CUDA_HOST_NODE_PARAMS p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_NODE, node, false)) ==
	    CUDA_SUCCESS && (r->err = host_params(&params, &p)) ==
	    CUDA_SUCCESS)
		r->err = cuGraphHostNodeSetParams(NODE(node), &p);
	return TRUE;
}

bool_t cu_graph_exec_host_node_set_params_svc(cu_handle exec, cu_handle node,
    host_fn params, res_none *r, struct svc_req *rq)
{
	CUDA_HOST_NODE_PARAMS p;

	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH_EXEC, exec, false)) ==
	    CUDA_SUCCESS && (r->err = handle_check(HANDLE_GRAPH_NODE, node,
	    false)) == CUDA_SUCCESS && (r->err = host_params(&params, &p)) ==
	    CUDA_SUCCESS)
		r->err = cuGraphExecHostNodeSetParams(
		    (CUgraphExec)(uintptr_t)exec, NODE(node), &p);
	return TRUE;
}

/* ------------------------------------------------------- user objects */

/*
 * The user objects this client made, with their destructors' arguments:
 * once the destructor ran (on a thread of the driver's), the object is
 * gone and its handle is forgotten at the next call that names it.
 */
struct user_object {
	cu_handle handle;
	struct callback_arg *destroy;
	struct user_object *next;
};

static struct user_object *objects;

/* CUDA_SUCCESS when h is a live user object of this client's. */
static CUresult object_check(cu_handle h)
{
	struct user_object **p, *o;
	CUresult err = handle_check(HANDLE_USER_OBJECT, h, false);

	if (err != CUDA_SUCCESS)
		return err;
	for (p = &objects; (o = *p) != NULL; p = &o->next) {
		if (o->handle != h)
			continue;
		if (!callback_arg_ran(o->destroy))
			return CUDA_SUCCESS;
		*p = o->next;
		free(o->destroy);
		free(o);
		break;
	}
	handle_forget(HANDLE_USER_OBJECT, h);
	return CUDA_ERROR_INVALID_HANDLE;
}

bool_t cu_user_object_create_svc(host_fn destroy, unsigned int initial,
    unsigned int flags, res_handle *r, struct svc_req *rq)
{
	struct user_object *o;
	CUuserObject obj = NULL;

	(void)rq;
	memset(r, 0, sizeof *r);
	if ((r->err = host_fn_usable(&destroy)) != CUDA_SUCCESS)
		return TRUE;
	if ((o = calloc(1, sizeof *o)) == NULL ||
	    (o->destroy = callback_arg_new(ONCUDA_USER_OBJECT_DESTROY,
	    &destroy, 0, false)) == NULL) {
		free(o);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuUserObjectCreate(&obj, o->destroy, callback_host_trampoline,
	    initial, flags);
	if (r->err != CUDA_SUCCESS) {
		free(o->destroy);
		free(o);
		return TRUE;
	}
	o->handle = (cu_handle)(uintptr_t)obj;
	if (!handle_add(HANDLE_USER_OBJECT, o->handle, 0)) {
		/* The driver destroys it: the trampoline frees nothing. */
		(void)cuUserObjectRelease(obj, initial);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;	/* o stays unlisted: its argument may yet run */
	}
	o->next = objects;
	objects = o;
	r->res_handle_u.value = o->handle;
	return TRUE;
}

bool_t cu_user_object_retain_svc(cu_handle object, unsigned int count,
    res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = object_check(object)) == CUDA_SUCCESS)
		r->err = cuUserObjectRetain((CUuserObject)(uintptr_t)object,
		    count);
	return TRUE;
}

bool_t cu_user_object_release_svc(cu_handle object, unsigned int count,
    res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = object_check(object)) == CUDA_SUCCESS)
		r->err = cuUserObjectRelease((CUuserObject)(uintptr_t)object,
		    count);
	return TRUE;
}

bool_t cu_graph_retain_user_object_svc(cu_handle graph, cu_handle object,
    unsigned int count, unsigned int flags, res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) ==
	    CUDA_SUCCESS && (r->err = object_check(object)) == CUDA_SUCCESS)
		r->err = cuGraphRetainUserObject(GRAPH(graph),
		    (CUuserObject)(uintptr_t)object, count, flags);
	return TRUE;
}

bool_t cu_graph_release_user_object_svc(cu_handle graph, cu_handle object,
    unsigned int count, res_none *r, struct svc_req *rq)
{
	(void)rq;
	if ((r->err = handle_check(HANDLE_GRAPH, graph, false)) ==
	    CUDA_SUCCESS && (r->err = object_check(object)) == CUDA_SUCCESS)
		r->err = cuGraphReleaseUserObject(GRAPH(graph),
		    (CUuserObject)(uintptr_t)object, count);
	return TRUE;
}

/* ------------------------------------------------ the callback channel */

bool_t oncuda_callback_offer_svc(res_callback_offer *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	r->err = callback_open_offer(&r->res_callback_offer_u.value);
	return TRUE;
}

bool_t oncuda_callback_attach_svc(callback_offer offer, res_none *r,
    struct svc_req *rq)
{
	r->err = callback_hand_over(&offer, rq->rq_xprt->xp_fd);
	return TRUE;
}

bool_t oncuda_callback_bind_svc(res_none *r, struct svc_req *rq)
{
	(void)rq;
	r->err = callback_take_over();
	return TRUE;
}
