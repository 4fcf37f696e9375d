/*
 * server/session/getargs.h -- argument decoding that leaves nothing behind.
 *
 * When a call's arguments fail to decode, the dispatcher rpcgen writes
 * answers GARBAGE_ARGS and returns without svc_freeargs, so whatever the
 * XDR routines had allocated before the failure (a byte array, a string)
 * is lost: a client sending such calls grows its server process without
 * bound.  Found by tests/fuzz.
 */
#ifndef ONCUDA_SERVER_GETARGS_H
#define ONCUDA_SERVER_GETARGS_H

#include <rpc/rpc.h>

/*
 * Makes xprt free a partly decoded argument when decoding fails.  Call it
 * once per transport, before calltrace_session_start (which wraps the
 * transport's operations in turn).
 */
void getargs_free_on_failure(SVCXPRT *xprt);

#endif
