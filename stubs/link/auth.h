/*
 * auth.h -- the client's side of oncudad's key authentication (used by
 * connect.c).
 */
#ifndef ONCUDA_AUTH_H
#define ONCUDA_AUTH_H

#include <stdbool.h>

#include <rpc/rpc.h>

#include "stubs/link/server_target.h"

/*
 * Right after connecting: asks the server whether it requires a key and,
 * when either side has one, proves that this program holds the key in
 * ONCUDA_KEY_FILE and checks the server's proof back.  false after saying
 * on stderr, in one line, what happened and what to do; the connection is
 * then of no use.
 */
bool auth_handshake(CLIENT *clnt, const struct server_target *target);

/*
 * The same on the same-host socket of a server whose TCP connection has
 * just proved the key as its TLS PSK (tls_client.h): that server named
 * the socket, so one that holds no key of the file's sort (a --keys-file
 * server) is trusted; one that requires it gets the proof.
 */
bool auth_handshake_after_tls(CLIENT *clnt, const struct server_target *target);

#endif
