/*
 * route.c -- which server a call goes to (route.h).
 */
#include <stdint.h>

#include "stubs/route/ctxstack.h"
#include "stubs/route/devices.h"
#include "stubs/code/library.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

unsigned route_current_server(void)
{
	unsigned server = route_server_of(ctxstack_current());

	return server < rpc_server_count() ? server : 0;
}

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

CUresult route_value(const struct route *rt, const void *handle,
    uint64_t *value)
{
	if (route_server_of(handle) == ROUTE_OWN && rpc_server_count() > 1)
		return library_value(handle, (unsigned)rt->server, value);
	*value = route_strip(handle);
	return CUDA_SUCCESS;
}

CLIENT *route_begin(const void *a, enum route_kind a_kind, const void *b,
    enum route_kind b_kind, CUresult *err)
{
	struct route rt = ROUTE_INIT;
	CLIENT *c;

	route_handle(&rt, a, a_kind);
	route_handle(&rt, b, b_kind);
	if ((*err = route_settle(&rt)) != CUDA_SUCCESS)
		return NULL;
	if ((c = rpc_begin_on((unsigned)rt.server)) == NULL)
		*err = rpc_unavailable();
	return c;
}

CLIENT *route_begin_code(const void *code, const void *b,
    enum route_kind b_kind, uint64_t *value, CUresult *err)
{
	struct route rt = ROUTE_INIT;
	CLIENT *c;

	route_handle(&rt, code, ROUTE_CODE);
	route_handle(&rt, b, b_kind);
	if ((*err = route_settle(&rt)) != CUDA_SUCCESS ||
	    (*err = route_value(&rt, code, value)) != CUDA_SUCCESS)
		return NULL;
	if ((c = rpc_begin_on((unsigned)rt.server)) == NULL)
		*err = rpc_unavailable();
	return c;
}

CLIENT *route_begin_device(CUdevice dev, bool sync, CUdevice *local,
    unsigned *server)
{
	struct route rt = ROUTE_INIT;

	route_device(&rt, dev, local);
	route_settle(&rt);
	*server = (unsigned)rt.server;
	return sync ? rpc_begin_on(*server) : rpc_begin_on_nosync(*server);
}
