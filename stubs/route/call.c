/*
 * call.c -- beginning and ending calls (call.h).
 *
 * The choosing half of what rpc.c did alone before: which server (the
 * current context's, or one given) and which context runs the call (the
 * thread's, or one given).  rpc.c then takes the connection and makes
 * that context current on the server.
 */
#include <assert.h>
#include <string.h>

#include "stubs/route/call.h"
#include "stubs/route/capture_known.h"
#include "stubs/route/ctxstack.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"
#include "stubs/wire/tag.h"

unsigned route_current_server(void)
{
	unsigned server = route_server_of(ctxstack_current());

	return server < rpc_server_count() ? server : 0;
}

/*
 * While a capture is under way, gives the server's thread the capture
 * mode under which the driver judges this thread's call as it would
 * natively (capture_known.h).  One-way: it queues ahead of the call on
 * the connection the caller holds and costs no round trip.
 */
static CUresult sync_capture_mode(struct call *k)
{
	int mode = (int)capture_known_server_mode(k->server);
	enum clnt_stat st;

	if (mode == rpc_held_capture_mode())
		return CUDA_SUCCESS;
	st = batch_send(k->c, CU_THREAD_EXCHANGE_STREAM_CAPTURE_MODE,
	    (xdrproc_t)xdr_int, &mode);
	if (st != RPC_SUCCESS)
		return call_end(k, st);
	rpc_server_capture_mode_is(mode);
	return CUDA_SUCCESS;
}

static CUresult begin(struct call *k, unsigned server, bool sync,
    CUcontext ctx, void *reply, size_t size)
{
	if (reply != NULL)
		memset(reply, 0, size);
	if ((k->c = rpc_begin_at(server, sync, ctx)) == NULL)
		return rpc_unavailable();
	assert(rpc_lock_held());
	k->server = rpc_held_index();
	if (!capture_known_none())
		return sync_capture_mode(k);
	return CUDA_SUCCESS;
}

CUresult call_begin(struct call *k, void *reply, size_t size)
{
	return begin(k, route_current_server(), true, ctxstack_current(),
	    reply, size);
}

CUresult call_begin_nosync(struct call *k, void *reply, size_t size)
{
	return begin(k, route_current_server(), false, NULL, reply, size);
}

CUresult call_begin_on(struct call *k, unsigned server, void *reply,
    size_t size)
{
	return begin(k, server, true, ctxstack_current(), reply, size);
}

CUresult call_begin_on_nosync(struct call *k, unsigned server, void *reply,
    size_t size)
{
	return begin(k, server, false, NULL, reply, size);
}

CUresult call_begin_in(struct call *k, CUcontext ctx, void *reply,
    size_t size)
{
	return begin(k, route_server_of(ctx), true, ctx, reply, size);
}

CUresult call_end(struct call *k, enum clnt_stat st)
{
	assert(k->c != NULL && rpc_lock_held());
	k->c = NULL;
	return rpc_end(st);
}

CUresult rpc_local_check(void)
{
	return rpc_link_check(route_current_server());
}

unsigned rpc_held_server(void)
{
	return rpc_lock_held() ? rpc_held_index() : route_current_server();
}

