/*
 * route.c -- which server a call goes to, and beginning it there (route.h).
 */
#include <stdint.h>

#include "stubs/route/call.h"
#include "stubs/route/devices.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

void route_handle(struct route *rt, const void *handle, enum route_kind kind)
{
	unsigned server = route_server_of(handle);

	if (handle == NULL || rt->err != CUDA_SUCCESS)
		return;
	if (kind == ROUTE_STREAM && (handle == CU_STREAM_LEGACY ||
	    handle == CU_STREAM_PER_THREAD))
		return;
	/* With one server there are none: the tag is then a bad handle. */
	if (kind == ROUTE_CODE && server == ROUTE_OWN &&
	    rpc_server_count() > 1)
		return;
	if (server >= rpc_server_count() ||
	    (rt->server >= 0 && (unsigned)rt->server != server)) {
		rt->err = kind == ROUTE_CONTEXT ? CUDA_ERROR_INVALID_CONTEXT :
		    CUDA_ERROR_INVALID_HANDLE;
		return;
	}
	rt->server = (int)server;
}

void route_device(struct route *rt, CUdevice dev, CUdevice *local)
{
	unsigned server;

	/*
	 * A device not in the list (or any, before cuInit) goes to the
	 * server as -1, which no driver knows: the driver, not the client,
	 * then says what is wrong with the call, as it would locally.
	 */
	*local = -1;
	if (rt->err != CUDA_SUCCESS || !devices_lookup(dev, &server, local))
		return;
	if (rt->server >= 0 && (unsigned)rt->server != server) {
		rt->err = CUDA_ERROR_INVALID_DEVICE;
		return;
	}
	rt->server = (int)server;
}

CUresult route_settle(struct route *rt)
{
	if (rt->err == CUDA_SUCCESS && rt->server < 0)
		rt->server = (int)route_current_server();
	return rt->err;
}

CUresult route_call(struct call *k, struct route *rt, void *reply,
    size_t size)
{
	CUresult e;

	if ((e = route_settle(rt)) != CUDA_SUCCESS)
		return e;
	return call_begin_on(k, (unsigned)rt->server, reply, size);
}

CUresult route_call_handles(struct call *k, const void *a,
    enum route_kind a_kind, const void *b, enum route_kind b_kind,
    void *reply, size_t size)
{
	struct route rt = ROUTE_INIT;

	route_handle(&rt, a, a_kind);
	route_handle(&rt, b, b_kind);
	return route_call(k, &rt, reply, size);
}

CUresult route_call_device(struct call *k, CUdevice dev, bool sync,
    CUdevice *local, void *reply, size_t size)
{
	struct route rt = ROUTE_INIT;

	route_device(&rt, dev, local);
	route_settle(&rt);
	return sync ? call_begin_on(k, (unsigned)rt.server, reply, size) :
	    call_begin_on_nosync(k, (unsigned)rt.server, reply, size);
}

