/*
 * local_connect.h -- the same-host connection (README, "Same host").
 *
 * When oncudad runs on the client's own host the connection goes over its
 * unix-domain socket instead of TCP.  ONCUDA_TRANSPORT=tcp keeps a client
 * on TCP; =local fails rather than use TCP; unset or auto takes the unix
 * socket when the server is on this host.
 */
#ifndef ONCUDA_LOCAL_CONNECT_H
#define ONCUDA_LOCAL_CONNECT_H

#include <stdbool.h>

#include <rpc/rpc.h>

#include "stubs/link/server_target.h"

/* Proves a fresh handle (null call, key exchange); false after saying why. */
typedef bool (*local_finish_fn)(CLIENT *clnt, const struct server_target *target);

/*
 * Given the proven TCP handle tcp, returns the handle to use: a new one on
 * the server's unix-domain socket when the server is on this host and
 * ONCUDA_TRANSPORT allows (tcp is then destroyed), else tcp.  NULL (tcp
 * destroyed, reason said) when ONCUDA_TRANSPORT=local cannot be honoured.
 */
CLIENT *local_transport_choose(CLIENT *tcp, const struct server_target *target,
    local_finish_fn finish);

/*
 * Whether c, a connection the caller holds, is a same-host one (its socket
 * is a unix-domain socket).  Each server of ONCUDA_SERVER has its own
 * connection, and only some may be on this host.
 */
bool local_link(CLIENT *c);

#endif /* ONCUDA_LOCAL_CONNECT_H */
