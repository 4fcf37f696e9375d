/*
 * server/session/oneway.h -- one-way procedures: no reply, errors kept for later.
 *
 * idl/cuda.x's "one-way" procedures are answered by nobody: the client
 * does not wait.  An error such a call meets on the server is kept and
 * returned by the next procedure marked "reports deferred errors" (a
 * synchronize, a query, a synchronous copy).  See oneway.c.
 */
#ifndef ONCUDA_SERVER_ONEWAY_H
#define ONCUDA_SERVER_ONEWAY_H

#include <stdbool.h>

#include <rpc/rpc.h>

#include "server/session/calltrace.h"

/* Whether proc is a one-way procedure of idl/cuda.x. */
bool oneway_proc(rpcproc_t proc);

/*
 * Client process, before svc_reg and after calltrace_session_start: wraps
 * xprt's reply operation and the dispatch function real, and returns the
 * dispatch function to register.
 */
calltrace_dispatch oneway_session_start(SVCXPRT *xprt, calltrace_dispatch real);

#endif
