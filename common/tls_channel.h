/*
 * tls_channel.h -- TLS 1.3 on a connected stream socket, for RPC-with-TLS
 * (RFC 9289): after the AUTH_TLS probe, ONC RPC records travel inside
 * TLS (xprt_record.h reads and writes through a channel when it has one).
 *
 * OpenSSL 3 does the TLS.  Two ways to authenticate, either or both:
 *  - an external pre-shared key (TLS 1.3 PSK with (EC)DHE, RFC 8446 section
 *    2.2): derived from oncuda's key file (auth_key.h), so the file that
 *    authenticates also encrypts; the server may hold several, by name,
 *    one a tenant, and the name a client proved is its identity;
 *  - X.509: the server's certificate checked against a CA and the host
 *    name the client connected to; with a client certificate too
 *    (mutual), whose subject's common name is the client's identity.
 *
 * Kernel TLS is asked for (SSL_OP_ENABLE_KTLS) unless ONCUDA_KTLS=0 (on
 * either end: a kernel whose TLS module misbehaves): where the kernel and
 * OpenSSL give it, records are encrypted and decrypted by the kernel and
 * a large copy crosses user space once.  tls_channel_describe says
 * whether it took effect, for the log and the trace.
 *
 * The socket is made non-blocking for the channel's life; the channel's
 * own reads and writes wait, when asked to, as a blocking socket would
 * (its SO_RCVTIMEO and SO_SNDTIMEO bound each wait), so that the record
 * stream keeps its blocking semantics and its deadlines alike.
 */
#ifndef ONCUDA_TLS_CHANNEL_H
#define ONCUDA_TLS_CHANNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The PSK's length: an HMAC-SHA256 of the key file (auth_key.h). */
#define TLS_PSK_BYTES 32
#define TLS_NAME_MAX 64

/* A key a client may prove, by name (its identity in the log). */
struct tls_psk {
	char name[TLS_NAME_MAX];
	uint8_t key[TLS_PSK_BYTES];
};

enum tls_side { TLS_CLIENT, TLS_SERVER };

/* What one side authenticates with; NULL or 0: not used. */
struct tls_credentials {
	const struct tls_psk *psks;	/* the server's; the client's one */
	size_t psk_count;
	const char *cert_file;		/* PEM: this side's certificate */
	const char *key_file;		/* PEM: its private key */
	const char *ca_file;		/* PEM: the CAs the peer's is checked by */
};

struct tls_config;
struct tls_channel;

/*
 * The context of one side: false-y (NULL) with a sentence in why when a
 * file cannot be used.  A server with a CA requires a client certificate
 * signed by it, unless the client proves a PSK.
 */
struct tls_config *tls_config_new(enum tls_side side,
    const struct tls_credentials *cred, char *why, size_t why_len);
void tls_config_free(struct tls_config *config);

/*
 * The TLS handshake on fd, within ms milliseconds however the peer
 * trickles its bytes.  host: the name the client connected to, checked
 * against the server's certificate (client side, X.509 only).  NULL with
 * why (the peer's or OpenSSL's reason) when it fails or times out.
 *
 * use says what the connection carries after the handshake:
 *  - TLS_RECORDS: this session's records (through the kernel's TLS where
 *    it is given);
 *  - TLS_HANDOVER (client side): the connection is to be handed to
 *    another server process after this TLS session (a data or callback
 *    connection), which starts one of its own on it.  Kernel TLS must
 *    then stay off at both ends, since the kernel's state would go with
 *    the socket and encrypt the next session's records again: the client
 *    keeps it off and says so with the ALPN protocol "oncuda-handover", on
 *    which the server keeps it off too (a client that does not say so
 *    only breaks its own connection);
 *  - TLS_FRAMES (both sides of a data connection): frames sealed with keys
 *    this session exports (common/frame_seal.h), and no record; kernel
 *    TLS stays off at this end, and no buffer is set up for records.
 * On a stream socket every handshake reads exactly its own records, so
 * that what the peer sends after it stays in the socket.
 */
enum tls_use { TLS_RECORDS, TLS_HANDOVER, TLS_FRAMES };

struct tls_channel *tls_channel_open(const struct tls_config *config, int fd,
    const char *host, long ms, enum tls_use use, char *why, size_t why_len);

/* Frees the channel (without a close_notify); fd stays open. */
void tls_channel_close(struct tls_channel *ch);

/*
 * Reads up to len bytes of application data.  wait false: -1 with errno
 * EAGAIN when none is ready now.  0: the peer closed; -1 with errno
 * EAGAIN (timed out), EPROTO (a record that is not TLS, or fails its
 * authentication: tls_channel_error says which) or the socket's error.
 */
ssize_t tls_channel_recv(struct tls_channel *ch, void *buf, size_t len,
    bool wait);

/*
 * Takes up to len bytes, at least one (or -1 as tls_channel_recv): as many
 * full records as the socket takes, or as the channel gathers.  Unless the
 * kernel does the TLS, records are gathered, several to a write(2), and
 * may wait in the channel until tls_channel_flush: a sender flushes at the
 * end of each message (tls_channel_recv flushes, too, before it reads).
 */
ssize_t tls_channel_send(struct tls_channel *ch, const void *buf, size_t len,
    bool wait);

/* Writes what waits in the channel: true once nothing does; false with
 * errno EAGAIN (wait false: the socket is full; or timed out, as
 * tls_channel_recv) or the socket's error. */
bool tls_channel_flush(struct tls_channel *ch, bool wait);

/*
 * Server, certificate sessions only: sends the client a session ticket
 * with the next record, good for a minute, so that the connections it is
 * about to make (a data or callback connection: each a TLS session of
 * its own, two in all) resume this one instead of a full handshake each,
 * a certificate signed and checked both ways.  The client keeps the last
 * ticket of each server (by the name it connected to) and offers it on
 * its next connection there; a resumed session's identity is the
 * certificate the first proved.  PSK sessions need none: their handshake
 * proves nothing by certificate.  false: none sent.
 */
bool tls_channel_new_ticket(struct tls_channel *ch);

/* Whether this session resumed an earlier one (by its ticket). */
bool tls_channel_resumed(const struct tls_channel *ch);

/* Whether decrypted or received bytes wait inside the channel, which
 * polling the socket would not see. */
bool tls_channel_pending(const struct tls_channel *ch);

/* Which end of the handshake this is. */
enum tls_side tls_channel_side(const struct tls_channel *ch);

/* The OpenSSL NID of the AEAD of the session's suite (NID_undef: none). */
int tls_channel_aead(const struct tls_channel *ch);

/* len bytes of keying material of this session under label (RFC 8446
 * section 7.5, no context): the same at both ends; false if OpenSSL
 * refuses. */
bool tls_channel_export(const struct tls_channel *ch, const char *label,
    uint8_t *out, size_t len);

/* The last failure, in words. */
const char *tls_channel_error(const struct tls_channel *ch);

/* The identity the peer proved: its PSK's name or its certificate's
 * common name; "" when it proved none (a client without a certificate). */
const char *tls_channel_peer(const struct tls_channel *ch);

/* Whether the peer proved a PSK (rather than a certificate, or nothing). */
bool tls_channel_by_psk(const struct tls_channel *ch);

/* Whether the identity is a name the peer proved (a tenant's key's, a
 * certificate's), not the one key file's "key". */
bool tls_channel_named(const struct tls_channel *ch);

/* "TLSv1.3 TLS_AES_128_GCM_SHA256, PSK": the protocol, the suite, and
 * how the server was checked (PSK or X.509). */
void tls_channel_suite(const struct tls_channel *ch, char *buf, size_t len);

/* "TLSv1.3 TLS_AES_128_GCM_SHA256, PSK, kernel TLS send off receive off",
 * and ", resumed" after it for a session resumed by its ticket. */
void tls_channel_describe(const struct tls_channel *ch, char *buf, size_t len);

/*
 * Whether the kernel encrypts the session's records as they are sent and
 * decrypts them as they come, as OpenSSL says; *asked: whether kernel TLS
 * was asked for at all (not with ONCUDA_KTLS=0, nor on a connection that
 * moves).  tls_kernel.h says why it is off.
 */
void tls_channel_kernel(const struct tls_channel *ch, bool *send,
    bool *receive, bool *asked);

#endif /* ONCUDA_TLS_CHANNEL_H */
