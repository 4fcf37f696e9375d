/*
 * route.h -- which server a call goes to, when ONCUDA_SERVER names several.
 *
 * Every handle carries its server's index (stubs/wire/tag.h).  A call goes
 * to the server of the handles it names; one that names none goes to the
 * server of the calling thread's current context (server 0 when there is
 * none), as CUDA acts on the current context.  Handles of two servers in
 * one call fail as the driver fails a handle it does not know:
 * CUDA_ERROR_INVALID_CONTEXT for a context, else CUDA_ERROR_INVALID_HANDLE.
 * Device pointers carry no tag (programs do arithmetic on them and pass
 * them to kernels): they belong to the current context's server, and the
 * device-range record (memory.h) says which server handed out a range,
 * for copies.
 *
 * Devices have global ordinals, given out by devices.h.
 *
 * Libraries and kernels are the exception: CUDA makes them independent of
 * contexts, and the CUDA runtime loads its code as libraries before any
 * context exists.  With several servers, a CUlibrary or CUkernel the
 * program holds is the client's own (stubs/code/own_library.h), tagged
 * ROUTE_OWN, which names no server: the call's other handles, devices or
 * current context pick the server, and route_value (own_library.h) gives
 * that server's handle, loading the library there first if need be.
 *
 * Once the server is known, route_call* begin the call there (call.h).
 */
#ifndef ONCUDA_ROUTE_H
#define ONCUDA_ROUTE_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/route/call.h"
#include "stubs/wire/tag.h"

/* How a handle takes part in routing. */
enum route_kind {
	ROUTE_CONTEXT,		/* a context; a mismatch is INVALID_CONTEXT */
	ROUTE_HANDLE,		/* module, event */
	ROUTE_STREAM,		/* NULL, LEGACY and PER_THREAD name no server */
	ROUTE_CODE		/* library, kernel, function (a kernel may
				 * stand for one): the client's own name none */
};

/* A call's server, found from its handles and devices (route_*). */
struct route {
	int server;		/* -1: not known yet */
	CUresult err;		/* the first mismatch or bad device */
};

#define ROUTE_INIT { -1, CUDA_SUCCESS }

/* The call names handle (NULL names no server). */
void route_handle(struct route *rt, const void *handle, enum route_kind kind);

/* The call names device dev (a global ordinal); *local is the server's. */
void route_device(struct route *rt, CUdevice dev, CUdevice *local);

/*
 * Settles the call's server: the handles' and devices', else the current
 * context's.  Returns the mismatch found, if any.
 */
CUresult route_settle(struct route *rt);

/*
 * Settles rt and begins the call k on its server (call_begin_on): the
 * mismatch, or call.h's error, when it cannot begin.  reply (size bytes)
 * is cleared first, as call.h's begins do.
 */
CUresult route_call(struct call *k, struct route *rt, void *reply,
    size_t size);

/* route_call for a call that names handles a and b (either may be NULL). */
CUresult route_call_handles(struct call *k, const void *a,
    enum route_kind a_kind, const void *b, enum route_kind b_kind,
    void *reply, size_t size);

/*
 * route_call for a call that names device dev (a global ordinal); *local
 * is that server's CUdevice (-1, which no driver knows, for a device not
 * in the list).  sync false: the server's current context is left alone
 * (call_begin_on_nosync).
 */
CUresult route_call_device(struct call *k, CUdevice dev, bool sync,
    CUdevice *local, void *reply, size_t size);

#endif
