/*
 * server/session/auth.h -- oncudad --key-file: serving only clients that prove
 * they hold the key (the exchange is in idl/cuda.x).
 *
 * The daemon loads the key once; each client process inherits it and
 * keeps its own session's state.  child.c registers one dispatch function
 * that asks auth_admits() before any procedure runs, so no procedure can
 * be reached unauthenticated.
 */
#ifndef ONCUDA_SERVER_AUTH_H
#define ONCUDA_SERVER_AUTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <rpc/rpc.h>

/* Seconds a client has to prove itself before its session is closed. */
#define AUTH_GRACE_SECONDS 30
#define AUTH_GRACE_TEXT "30"

/*
 * Daemon, before serving: require the key in path from every client.
 * false, with the reason and what to do in why, when the file is not a
 * usable key (auth_key.h: too open, too short, ...).
 */
bool auth_use_key_file(const char *path, char *why, size_t why_len);
bool auth_key_required(void);

/* The TLS PSK of the key (auth_key.h); false when there is no key. */
bool auth_key_psk(uint8_t psk[32]);

/* Client process, when its session starts: the client, for the log. */
void auth_session_start(const char *peer);

/* The session's TLS handshake proved a PSK (starttls.c): the key exchange
 * is then done, the PSK being the key's or a tenant's. */
void auth_proved_by_tls(void);

/* Whether the session may call proc now. */
bool auth_admits(rpcproc_t proc);

/* The gate refused proc (it answered AUTH_TOOWEAK): logs it, ends the session. */
void auth_refuse_call(rpcproc_t proc);

/*
 * Why the session must end now (a refused client, or one that has not
 * proved itself in AUTH_GRACE_SECONDS), or NULL.  The reply to the last
 * request has been sent by then.
 */
const char *auth_session_over(void);

/* While the client has yet to prove itself: true, and the time it has left. */
bool auth_time_left(struct timespec *left);

#endif
