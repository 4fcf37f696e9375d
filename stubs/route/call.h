/*
 * call.h -- beginning and ending a call: the one way hand glue makes one.
 *
 * A call holds one server's connection (rpc.h) from its begin to its end,
 * so that the calls of different threads never interleave on the wire.
 * The begins here choose the server and the context the call runs in;
 * the connection layer below only takes them.  Each begin clears the
 * call's reply (reply, size: CALL_REPLY(r), or CALL_NO_REPLY), so that
 * call_end can free it whatever happened, and returns CUDA_SUCCESS with
 * the connection held (k->c, k->server), or the error the entry point
 * returns, nothing held.  The begins that pick the server from a call's
 * handles or devices are route.h's; from a library or kernel of the
 * client's own, own_library.h's.
 *
 * The usual shape of a hand-written call:
 *
 *	struct call k;
 *	res_int r;
 *
 *	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
 *		return e;
 *	if ((e = call_done(&k, cu_foo(arg, &r, k.c), &r.err)) == CUDA_SUCCESS)
 *		*out = r.res_int_u.value;
 *	return e;
 */
#ifndef ONCUDA_CALL_H
#define ONCUDA_CALL_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/wire/rpc.h"

/* A call in progress. */
struct call {
	CLIENT *c;		/* the connection, held from begin to end */
	unsigned server;	/* its index: the tag of handles the reply names */
};

/* The reply argument of the begins: a res_* variable, or none. */
#define CALL_REPLY(r) (void *)&(r), sizeof(r)
#define CALL_NO_REPLY NULL, 0

/* The server of the calling thread's current context (0 with none). */
unsigned route_current_server(void);

/* On the current context's server, that context made current there. */
CUresult call_begin(struct call *k, void *reply, size_t size);

/* As call_begin, leaving the server's current context alone: for the
 * calls that set it themselves (cuCtxSetCurrent, cuCtxPushCurrent). */
CUresult call_begin_nosync(struct call *k, void *reply, size_t size);

/* On server (an index into the list ONCUDA_SERVER names): the thread's
 * context made current there when it is that server's, else the one the
 * thread last had current there, or none (rpc.h). */
CUresult call_begin_on(struct call *k, unsigned server, void *reply,
    size_t size);
CUresult call_begin_on_nosync(struct call *k, unsigned server, void *reply,
    size_t size);

/* On the server of ctx (a context the program holds), ctx current there
 * rather than the thread's context. */
CUresult call_begin_in(struct call *k, CUcontext ctx, void *reply,
    size_t size);

/*
 * Ends the call: the connection is released.  CUDA_SUCCESS when st is
 * RPC_SUCCESS, else the lost connection's CUDA_ERROR_DEVICE_UNAVAILABLE.
 */
CUresult call_end(struct call *k, enum clnt_stat st);

/*
 * As call_end, then the server's answer *err (the reply's err) when the
 * call went through.  A pointer, read after the call: an argument beside
 * the call's own would be read in no set order.
 */
static inline CUresult call_done(struct call *k, enum clnt_stat st,
    const int *err)
{
	CUresult e = call_end(k, st);

	return e != CUDA_SUCCESS ? e : rpc_server_result(*err);
}

/*
 * For calls answered in the client (cuCtxGetCurrent, cuDeviceGet):
 * CUDA_ERROR_NOT_INITIALIZED before a successful cuInit in this session,
 * CUDA_ERROR_DEVICE_UNAVAILABLE once the current context's server's
 * connection is lost, else CUDA_SUCCESS.
 */
CUresult rpc_local_check(void);

/*
 * The index of the server whose connection the calling thread holds; the
 * current context's server when it holds none.
 */
unsigned rpc_held_server(void);

#endif
