/*
 * common/frame_seal.h -- the frames of a data connection inside TLS,
 * sealed with keys its TLS session exports (idl/cuda.x, "Striped bulk
 * data"; both ends).
 *
 * A data connection starts a TLS session of its own, which authenticates
 * both ends as every connection's does; after its handshake the
 * connection carries no TLS record: its frames go sealed with keys that
 * session exports (RFC 8446 section 7.5), as DTLS-SRTP keys its media
 * (RFC 5764).  OpenSSL seals 16 KiB a record, copying each byte into its
 * record and out of it again; a frame here is sealed in two pieces, its
 * header and its bytes, the bytes encrypted from where they are into the
 * buffer that is sent, and decrypted where they land.  Each end then
 * touches a byte once besides the socket's copy, as in clear.
 *
 * The keys: HKDF-Expand (RFC 5869, SHA-256) of a secret exported under
 * the label "EXPORTER-oncuda-frames", one key and IV each way (info
 * "oncuda frames client" or "... server", the sender's side, and the
 * key's generation as four bytes).  The AEAD is the one of the session's
 * suite (AES-GCM or ChaCha20-Poly1305), its nonce the IV with the
 * message's sequence number XORed into its last eight bytes, as TLS 1.3
 * does (RFC 8446 section 5.3).  A frame: its header (24 bytes and the
 * tag), then, when it has bytes, those bytes and their tag, sealed with
 * the header as additional data.  A direction takes its next key after a
 * frame that brings what it sealed under this one to
 * ONCUDA_STRIPE_SEAL_REKEY_BYTES, both ends counting alike, far below
 * where AES-GCM's bounds begin to matter (RFC 8446 section 5.5).
 *
 * What comes tampered with, cut short or out of order fails its tag: the
 * read fails with EPROTO, the bytes it decrypted are zeroed (no
 * unauthenticated byte stays in the destination), and every later call
 * fails alike.
 */
#ifndef ONCUDA_COMMON_FRAME_SEAL_H
#define ONCUDA_COMMON_FRAME_SEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "common/stripe_plan.h"

/* What the exporter gives (the HKDF's key). */
#define FRAME_SEAL_SECRET_BYTES 32

struct frame_seal;
struct tls_channel;

/*
 * From a data connection's TLS session, once its handshake is done: the
 * seal of its frames, or NULL with why (out of memory; bytes came behind
 * the handshake, which the peer must not send; a suite of no AEAD).  The
 * channel may be closed afterwards: the seal keeps what it needs.
 */
struct frame_seal *frame_seal_from_tls(const struct tls_channel *ch,
    char *why, size_t why_len);

/* client: this end began the TLS handshake.  NULL: out of memory, or an
 * AEAD OpenSSL does not have (nid). */
struct frame_seal *frame_seal_new(const uint8_t secret[FRAME_SEAL_SECRET_BYTES],
    int aead_nid, bool client);

void frame_seal_free(struct frame_seal *s);

/*
 * Seals a frame (its header and its len bytes) and sends it on fd by end
 * (CLOCK_MONOTONIC; NULL: no bound), waiting whenever the socket is full
 * (fd may be non-blocking).  false with errno (ETIMEDOUT: the deadline
 * passed).
 */
bool frame_seal_send(struct frame_seal *s, int fd,
    const unsigned char header[STRIPE_FRAME_BYTES], const void *bytes,
    size_t len, const struct timespec *end);

/* Reads and opens the next frame's header.  false with errno: 0, the
 * peer closed; ETIMEDOUT; EPROTO, it failed its tag. */
bool frame_seal_read_header(struct frame_seal *s, int fd,
    unsigned char header[STRIPE_FRAME_BYTES], const struct timespec *end);

/* Reads and opens the len bytes of the frame whose header came last, into
 * buf (decrypted where they land).  false as frame_seal_read_header, buf's
 * first len bytes then zeroed. */
bool frame_seal_read_bytes(struct frame_seal *s, int fd, void *buf,
    size_t len, const struct timespec *end);

#endif
