/*
 * tls_client.h -- the client's side of RPC-with-TLS (RFC 9289): whether
 * to use TLS with a server, and starting it on a new TCP connection (used
 * by connect.c).
 *
 * The policy, from the environment:
 *  - ONCUDA_TLS=1: TLS is required; the client needs a key
 *    (ONCUDA_KEY_FILE) or a CA (ONCUDA_TLS_CA) to check the server by.
 *  - ONCUDA_TLS=0: never TLS, even with a key (the key exchange of
 *    auth.c still authenticates, and nothing is encrypted).
 *  - unset: TLS is required when a key or a CA is configured (a man in
 *    the middle could otherwise make the probe fail and have the client
 *    talk in clear), plain otherwise, as before.
 * The client never falls back to plain: a server that offers no TLS is
 * refused with a line saying so and what to set.
 *
 * Only the TCP connection: the same-host path (a unix-domain socket and
 * shared memory) never leaves the kernel, and stays plain.
 */
#ifndef ONCUDA_TLS_CLIENT_H
#define ONCUDA_TLS_CLIENT_H

#include <stdbool.h>

#include <rpc/rpc.h>

#include "common/tls_channel.h"
#include "stubs/link/server_target.h"

enum tls_outcome {
	TLS_FAILED,		/* said on stderr; the connection is of no use */
	TLS_PLAIN,		/* not asked for */
	TLS_BY_PSK,		/* both ends proved the key: no key exchange */
	TLS_BY_CERTIFICATE,	/* the server proved its certificate */
};

/* After the null call on a new TCP handle: the probe and the handshake. */
enum tls_outcome tls_client_secure(CLIENT *clnt,
    const struct server_target *target);

/*
 * A connection handed to a session inside TLS (the callback connection,
 * a data connection): it was made as every connection is, TLS included,
 * then handed to the session, whose process starts a TLS session of its
 * own on it.  Waits up to ms for that handshake; NULL after saying why
 * (what names the connection, then what follows from its failure).  use:
 * what the connection carries after it (TLS_RECORDS, or TLS_FRAMES for a
 * data connection).
 */
struct tls_channel *tls_client_rejoin(int fd,
    const struct server_target *target, long ms, enum tls_use use,
    const char *what, const char *then);

/*
 * Whether the connections this thread makes from now on are to be handed
 * to a session (the callback and data connections): their first TLS then
 * keeps the kernel's TLS off at both ends (common/tls_channel.h says why).
 */
void tls_client_will_hand_over(bool on);

#endif
