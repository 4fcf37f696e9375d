/*
 * server/session/starttls.h -- oncudad's side of RPC-with-TLS (RFC 9289):
 * what the server offers, what it requires, and this session's TLS.
 *
 * A client asks with the AUTH_TLS probe (a NULL call whose credential is
 * AUTH_TLS; transport.c answers it, and calls starttls_begin); the reply's verifier "STARTTLS" says
 * the server is ready, and the TLS handshake follows on the connection.
 * TLS is offered when the server has a PSK (--key-file, --keys-file) or a
 * certificate (--tls-cert); with --tls it is required, and a session that
 * calls anything but the null procedure and ONCUDA_DESCRIBE_SERVER in
 * plain is refused and ends, the log saying why.
 */
#ifndef ONCUDA_SERVER_STARTTLS_H
#define ONCUDA_SERVER_STARTTLS_H

#include <stdbool.h>
#include <stddef.h>

#include <rpc/rpc.h>

#include "common/tls_channel.h"

/*
 * Daemon, before serving: sets TLS up with what it was given (a key file's
 * PSK, named PSKs, a certificate and key, a CA for client certificates);
 * required: refuse plain sessions.  false with why (a file OpenSSL cannot
 * use, --tls without anything to prove the server by).
 */
bool starttls_configure(const struct tls_credentials *cred, bool required,
    char *why, size_t why_len);

bool starttls_offered(void);
bool starttls_required(void);

/* Session, when it starts: the peer as the daemon named it; a client of
 * the same-host socket ("unix:...") is never asked for TLS. */
void starttls_session_start(const char *peer);

/*
 * Session, after the probe's reply went out: the handshake on fd within
 * ms; the channel, or NULL after logging why (the session then ends).
 */
struct tls_channel *starttls_begin(int fd, long ms);

/*
 * A connection of a session inside TLS that another session process
 * accepted and handed over (the callback connection, callback.c; a data
 * connection, stripes.c): that process's TLS went with it, so it starts
 * its own here, within ms, which must prove the session's identity.  use:
 * what the connection carries after it (TLS_RECORDS, or TLS_FRAMES for a
 * data connection).  what names the connection in the log.  NULL after
 * logging why.
 */
struct tls_channel *starttls_rejoin(int fd, long ms, enum tls_use use,
    const char *what);

/*
 * Before the reply of an offer of connections (ONCUDA_STRIPE_OFFER,
 * ONCUDA_CALLBACK_OFFER): inside TLS by certificate, a session ticket
 * goes with the reply, so that the client's new connections resume this
 * session rather than each make a full handshake (tls_channel.h).
 */
void starttls_ticket(void);

/* Whether this session runs inside TLS, and the identity it proved ("":
 * none, or not in TLS). */
bool starttls_active(void);
const char *starttls_identity(void);

/* Whether the session may call proc now; false: it is refused (logged),
 * and starttls_session_over says so. */
bool starttls_admits(rpcproc_t proc);

/* Why the session must end now (a plain client of a --tls server), or NULL. */
const char *starttls_session_over(void);

#endif
