/*
 * tools/ls_connection.h -- oncuda-ls's own connection to a server for -v:
 * plain, or inside TLS as a client's (RFC 9289: the AUTH_TLS probe, then
 * TLS 1.3, then the records inside it), with one call at a time over the
 * record transport that TLS is built into (common/xprt_record.h).
 *
 * TLS is used as the client library uses it (stubs/link/tls_client.h):
 * ONCUDA_TLS=0 never, ONCUDA_TLS=1 always; otherwise when the server
 * offers it and oncuda-ls has something to check the server by, the key
 * (--key-file, ONCUDA_KEY_FILE, as a PSK; ONCUDA_KEY_NAME its name) or a
 * CA (ONCUDA_TLS_CA, with ONCUDA_TLS_CERT and ONCUDA_TLS_KEY for a client
 * certificate).  A server that requires TLS and a client without either
 * is a sentence, not a plain connection.
 */
#ifndef ONCUDA_TOOLS_LS_CONNECTION_H
#define ONCUDA_TOOLS_LS_CONNECTION_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>

#include "common/xprt_record.h"

struct auth_key;
struct tls_config;
struct tls_channel;

struct ls_connection {
	struct record_stream rs;
	struct tls_config *config;	/* TLS only */
	struct tls_channel *tls;	/* NULL: plain */
	char plain_why[96];		/* plain: why, for ls_connection_describe */
	uint32_t xid;
	long timeout_ms;		/* each call's */
	struct rpc_err err;		/* the last call's */
};

/*
 * Connects to the server at addr, named host (checked against its
 * certificate), whose description said tls (ONCUDA_TLS_*); key: the key
 * loaded from the key file, or NULL.  false with why, a sentence, after
 * which nothing is open.
 */
bool ls_connection_open(struct ls_connection *c, const struct sockaddr_in *addr,
    const char *host, unsigned tls, const struct auth_key *key,
    unsigned timeout_ms, char *why, size_t why_len);

/* One call; its status, with c->err. */
enum clnt_stat ls_connection_call(struct ls_connection *c, rpcproc_t proc,
    xdrproc_t xargs, void *args, xdrproc_t xres, void *res);

/* How the connection is protected, for oncuda-ls -v. */
struct ls_protection {
	bool tls;
	/* "TLSv1.3 TLS_AES_128_GCM_SHA256, PSK, kTLS: off (why)", or
	 * "none, a plain connection (why)". */
	char text[600];
	bool ktls_send, ktls_receive;	/* whether the kernel does each way */
	char ktls_off[160];		/* why it does not, or "" */
};

void ls_connection_describe(const struct ls_connection *c,
    struct ls_protection *p);

/* Whether the connection is inside TLS by the key (no key exchange is
 * then needed: the handshake proved it both ways). */
bool ls_connection_by_psk(const struct ls_connection *c);

void ls_connection_close(struct ls_connection *c);

#endif
