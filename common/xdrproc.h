/*
 * common/xdrproc.h -- XDRPROC(f): an rpcgen routine as libtirpc's
 * xdrproc_t, for clnt_call, svc_sendreply and xdr_free.
 *
 * libtirpc declares xdrproc_t variadic, bool_t (*)(XDR *, ...), while
 * rpcgen's routines take a typed second argument; casting one to the
 * other directly draws -Wcast-function-type.  Going through
 * void (*)(void), the type C sets aside for such casts, says the cast is
 * meant.  The routine is always called with the object it was written
 * for, so the call is well defined in practice on every ABI libtirpc
 * supports.
 *
 * A macro alone (no .c).
 */
#ifndef ONCUDA_COMMON_XDRPROC_H
#define ONCUDA_COMMON_XDRPROC_H

#include <rpc/xdr.h>

#define XDRPROC(f) ((xdrproc_t)(void (*)(void))(f))

#endif
