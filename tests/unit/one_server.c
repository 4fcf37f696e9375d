/*
 * one_server.c -- the routing interface of stubs/route/route.h, stubs/route/devices.h
 * and stubs/wire/rpc.h for unit tests that link part of the client with a fake
 * connection (rpc_begin/rpc_end of their own): one server, index 0, whose
 * devices are numbered as the program numbers them.  With one server no
 * library is the client's own (stubs/code/library.h).
 */
#include <stdint.h>

#include "stubs/copy/copy_between.h"
#include "stubs/route/devices.h"
#include "stubs/code/library.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

unsigned route_current_server(void) { return 0; }

void route_handle(struct route *rt, const void *handle, enum route_kind kind)
{
	(void)handle;
	(void)kind;
	rt->server = 0;
}

void route_device(struct route *rt, CUdevice dev, CUdevice *local)
{
	rt->server = 0;
	*local = dev;
}

CUresult route_settle(struct route *rt)
{
	rt->server = 0;
	return rt->err;
}

bool devices_global(unsigned server, CUdevice local, CUdevice *dev)
{
	(void)server;
	*dev = local;
	return true;
}

CLIENT *rpc_begin_on(unsigned server) { (void)server; return rpc_begin(); }
CLIENT *rpc_begin_in(CUcontext ctx) { (void)ctx; return rpc_begin(); }
unsigned rpc_server_count(void) { return 1; }
unsigned rpc_held_server(void) { return 0; }
cu_handle rpc_held_context(void) { return 0; }

CUresult copy_between_servers(CUcontext dst_ctx, CUdeviceptr dst,
    CUcontext src_ctx, CUdeviceptr src, size_t count)
{
	(void)dst_ctx, (void)dst, (void)src_ctx, (void)src, (void)count;
	return CUDA_ERROR_INVALID_VALUE;	/* one server: never called */
}

CLIENT *route_begin(const void *a, enum route_kind a_kind, const void *b,
    enum route_kind b_kind, CUresult *err)
{
	CLIENT *c;

	(void)a, (void)a_kind, (void)b, (void)b_kind;
	*err = CUDA_SUCCESS;
	if ((c = rpc_begin()) == NULL)
		*err = rpc_unavailable();
	return c;
}

CUresult route_value(const struct route *rt, const void *handle,
    uint64_t *value)
{
	(void)rt;
	*value = route_strip(handle);
	return CUDA_SUCCESS;
}

CLIENT *route_begin_code(const void *code, const void *b,
    enum route_kind b_kind, uint64_t *value, CUresult *err)
{
	*value = route_strip(code);
	return route_begin(code, ROUTE_CODE, b, b_kind, err);
}

bool library_is_shared(void) { return false; }

CUresult library_adopt(unsigned server, uint64_t value, const void *image,
    size_t size, const struct load_options *o, CUlibrary *library)
{
	(void)server, (void)value, (void)image, (void)size, (void)o;
	(void)library;
	return CUDA_ERROR_NOT_SUPPORTED;	/* one server: never called */
}

CUresult library_unload(CUlibrary library)
{
	(void)library;
	return CUDA_ERROR_NOT_SUPPORTED;	/* one server: never called */
}
