/*
 * route.h -- which server a call goes to, when ONCUDA_SERVER names several.
 *
 * Every handle the program holds (context, module, library, function,
 * kernel, stream, event) carries the index of its server in bits 56-63;
 * the rest is the server's own value.  Server 0's handles are therefore
 * exactly what that server sent, so a program with one server sees the
 * same values, and the wire is the same, as before there were several.
 * The servers' handles are addresses in their processes, below 2^47.
 *
 * A call goes to the server of the handles it names; one that names none
 * goes to the server of the calling thread's current context (server 0
 * when there is none), as CUDA acts on the current context.  Handles of
 * two servers in one call fail as the driver fails a handle it does not
 * know: CUDA_ERROR_INVALID_CONTEXT for a context, else
 * CUDA_ERROR_INVALID_HANDLE.  Device pointers carry no tag (programs do
 * arithmetic on them and pass them to kernels): they belong to the
 * current context's server, and the device-range record (memory.h) says
 * which server handed out a range, for copies.
 *
 * Devices have global ordinals, given out by devices.h.
 *
 * Libraries and kernels are the exception: CUDA makes them independent of
 * contexts, and the CUDA runtime loads its code as libraries before any
 * context exists.  With several servers, a CUlibrary or CUkernel the
 * program holds is the client's own (library.h), tagged ROUTE_OWN, which
 * names no server: the call's other handles, devices or current context
 * pick the server, and route_value gives that server's handle, loading
 * the library there first if need be.
 */
#ifndef ONCUDA_ROUTE_H
#define ONCUDA_ROUTE_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>
#include <rpc/rpc.h>

#define ROUTE_SERVERS_MAX 32
#define ROUTE_TAG_SHIFT 56
#define ROUTE_VALUE_MASK ((UINT64_C(1) << ROUTE_TAG_SHIFT) - 1)
#define ROUTE_OWN 0xFFu		/* the client's own libraries and kernels */

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

/* The server's value of a handle the program holds. */
static inline uint64_t route_strip(const void *handle)
{
	return (uint64_t)(uintptr_t)handle & ROUTE_VALUE_MASK;
}

/* The server index a handle carries. */
static inline unsigned route_server_of(const void *handle)
{
	return (unsigned)((uint64_t)(uintptr_t)handle >> ROUTE_TAG_SHIFT);
}

/* The handle the program gets for server's value. */
static inline uint64_t route_tag(uint64_t value, unsigned server)
{
	return value | (uint64_t)server << ROUTE_TAG_SHIFT;
}

/* The server of the calling thread's current context (0 with none). */
unsigned route_current_server(void);

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
 * What to send to the settled server of rt for handle: a server's handle
 * without its tag; for a library or kernel of the client's own, that
 * server's, loaded there first if need be (the load's error, if it fails).
 */
CUresult route_value(const struct route *rt, const void *handle,
    uint64_t *value);

/*
 * For hand-written glue: rpc_begin on the server of handles a and b (either
 * may be NULL).  NULL when the handles disagree or the server cannot be
 * reached; *err then says what to return.
 */
CLIENT *route_begin(const void *a, enum route_kind a_kind,
    const void *b, enum route_kind b_kind, CUresult *err);

/*
 * As route_begin for code (ROUTE_CODE) and b; *value is what to
 * send for code (route_value).
 */
CLIENT *route_begin_code(const void *code, const void *b,
    enum route_kind b_kind, uint64_t *value, CUresult *err);

/*
 * For hand-written glue: rpc_begin (sync) or rpc_begin_nosync on the
 * server of device dev (a global ordinal); *local is that server's
 * CUdevice (-1, which no driver knows, for a device not in the list) and
 * *server its index.
 */
CLIENT *route_begin_device(CUdevice dev, bool sync, CUdevice *local,
    unsigned *server);

#endif
