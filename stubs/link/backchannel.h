/*
 * backchannel.h -- calls the server makes on the client's own connection,
 * read while the client waits for a reply (backchannel.c).
 */
#ifndef ONCUDA_BACKCHANNEL_H
#define ONCUDA_BACKCHANNEL_H

#include <stdint.h>

#include <rpc/rpc.h>

/*
 * Serves the call whose record xdrs is reading, positioned after its xid,
 * message type and RPC version (rpcvers): ONCUDA_CALLBACK_OUTPUT goes to
 * the program's stdout, ONCUDA_CALLBACK_ERROR_OUTPUT to its stderr;
 * anything else is ignored, as a record that is no reply is.  No call of
 * it has a reply.
 */
void backchannel_serve(XDR *xdrs, uint32_t rpcvers);

#endif
