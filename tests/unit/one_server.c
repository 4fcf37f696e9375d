/*
 * one_server.c -- the routing interface of stubs/route/route.h, stubs/route/devices.h
 * and stubs/wire/rpc.h for unit tests that link part of the client with a fake
 * connection (rpc_begin/rpc_end of their own): one server, index 0, whose
 * devices are numbered as the program numbers them.  With one server no
 * library is the client's own (stubs/code/own_library.h).  The begins of
 * stubs/route/call.h are made of the fake rpc_begin.
 */
#include <stdint.h>
#include <string.h>

#include "stubs/copy/copy_between.h"
#include "stubs/route/devices.h"
#include "stubs/code/own_library.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

/* The fake connection's begin, which call.h's begins are made of here:
 * the connection, NULL when it cannot begin; rpc_end ends it. */
CLIENT *rpc_begin(void);

unsigned route_current_server(void) { return 0; }

/* No per-thread streams of the client's: CU_STREAM_PER_THREAD goes as it is. */
CUresult thread_stream(CUstream *h)
{
	(void)h;
	return CUDA_SUCCESS;
}

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

unsigned rpc_server_count(void) { return 1; }
unsigned rpc_held_server(void) { return 0; }
cu_handle rpc_held_context(void) { return 0; }

CUresult copy_between_servers(CUcontext dst_ctx, CUdeviceptr dst,
    CUcontext src_ctx, CUdeviceptr src, size_t count)
{
	(void)dst_ctx, (void)dst, (void)src_ctx, (void)src, (void)count;
	return CUDA_ERROR_INVALID_VALUE;	/* one server: never called */
}

CUresult route_value(const struct route *rt, const void *handle,
    uint64_t *value)
{
	(void)rt;
	*value = route_strip(handle);
	return CUDA_SUCCESS;
}

bool library_is_shared(void) { return false; }

CUresult library_adopt(unsigned server, uint64_t value, const void *image,
    size_t size, const struct load_options *o, CUlibrary *library)
{
	(void)server, (void)value, (void)image, (void)size, (void)o;
	(void)library;
	return CUDA_ERROR_NOT_SUPPORTED;	/* one server: never called */
}

CUresult library_unload(CUlibrary library, bool *found)
{
	(void)library;
	*found = false;
	return CUDA_ERROR_NOT_SUPPORTED;	/* one server: never called */
}

CUresult library_kernel_of(const void *library, const char *name,
    unsigned server, uint64_t there, CUkernel *kernel)
{
	(void)library, (void)name, (void)server, (void)there, (void)kernel;
	return CUDA_ERROR_NOT_SUPPORTED;	/* one server: never called */
}

bool rpc_lock_held(void) { return true; }
unsigned rpc_held_index(void) { return 0; }
CUresult rpc_local_check(void) { return CUDA_SUCCESS; }

CUresult call_begin(struct call *k, void *reply, size_t size)
{
	if (reply != NULL)
		memset(reply, 0, size);
	k->server = 0;
	return (k->c = rpc_begin()) != NULL ? CUDA_SUCCESS : rpc_unavailable();
}

CUresult call_begin_nosync(struct call *k, void *reply, size_t size)
{
	return call_begin(k, reply, size);
}

CUresult call_begin_on(struct call *k, unsigned server, void *reply,
    size_t size)
{
	(void)server;
	return call_begin(k, reply, size);
}

CUresult call_begin_on_nosync(struct call *k, unsigned server, void *reply,
    size_t size)
{
	(void)server;
	return call_begin(k, reply, size);
}

CUresult call_begin_in(struct call *k, CUcontext ctx, void *reply,
    size_t size)
{
	(void)ctx;
	return call_begin(k, reply, size);
}

CUresult call_end(struct call *k, enum clnt_stat st)
{
	k->c = NULL;
	return rpc_end(st);
}

CUresult route_call(struct call *k, struct route *rt, void *reply,
    size_t size)
{
	CUresult e;

	if ((e = route_settle(rt)) != CUDA_SUCCESS)
		return e;
	return call_begin(k, reply, size);
}

CUresult route_call_handles(struct call *k, const void *a,
    enum route_kind a_kind, const void *b, enum route_kind b_kind,
    void *reply, size_t size)
{
	(void)a, (void)a_kind, (void)b, (void)b_kind;
	return call_begin(k, reply, size);
}

CUresult route_call_device(struct call *k, CUdevice dev, bool sync,
    CUdevice *local, void *reply, size_t size)
{
	(void)sync;
	*local = dev;
	return call_begin(k, reply, size);
}

CUresult library_call_code(struct call *k, const void *code, const void *b,
    enum route_kind b_kind, uint64_t *value, void *reply, size_t size)
{
	(void)b, (void)b_kind;
	*value = route_strip(code);
	return call_begin(k, reply, size);
}
