/*
 * common/frame_seal.c -- a data connection's frames, sealed with keys of
 * its TLS session (frame_seal.h).
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include "common/fd_io.h"
#include "common/frame_seal.h"
#include "common/tls_channel.h"
#include "gen/cuda_rpc.h"

#define TAG_BYTES ONCUDA_STRIPE_SEAL_TAG_BYTES
#define NONCE_BYTES 12
#define KEY_MAX 32
#define SEALED_HEADER_BYTES (STRIPE_FRAME_BYTES + TAG_BYTES)

/*
 * What is encrypted, or decrypted, between two system calls: small enough
 * to stay in the processor's cache between the cipher and the socket's
 * copy, large enough that the calls cost little.
 */
#define PIECE_BYTES (256u * 1024u)

static const char exporter_label[] = "EXPORTER-oncuda-frames";

/* A unit test makes it small, to see both ends change keys in step. */
#ifndef FRAME_SEAL_REKEY_BYTES
#define FRAME_SEAL_REKEY_BYTES ONCUDA_STRIPE_SEAL_REKEY_BYTES
#endif

/* One way's key, and where its messages are. */
struct direction {
	EVP_CIPHER_CTX *ctx;
	bool encrypts;
	bool from_client;		/* whose messages: the key's info */
	uint8_t iv[NONCE_BYTES];
	uint64_t sequence;		/* the next message's */
	uint64_t sealed;		/* bytes under this key */
	uint32_t generation;		/* of the key */
};

struct frame_seal {
	const EVP_CIPHER *aead;
	uint8_t secret[FRAME_SEAL_SECRET_BYTES];
	struct direction out, in;
	/* The last header read: the additional data of its bytes. */
	unsigned char header[STRIPE_FRAME_BYTES];
	unsigned char *buffer;		/* PIECE_BYTES and a tag: sealed, to send */
	bool failed;			/* for good: the stream's place is lost */
	int err;			/* its errno (0: the peer closed) */
};

/* The key and IV of d's generation, from the secret (frame_seal.h). */
static bool derive(const struct frame_seal *s, struct direction *d)
{
	static const char info_text[] = "oncuda frames ";
	uint8_t info[sizeof info_text - 1 + 6 + 4], out[KEY_MAX + NONCE_BYTES];
	size_t key_len = (size_t)EVP_CIPHER_get_key_length(s->aead), at;
	int mode = EVP_KDF_HKDF_MODE_EXPAND_ONLY;
	OSSL_PARAM params[5];
	EVP_KDF_CTX *kctx;
	EVP_KDF *kdf;
	bool ok;

	assert(key_len > 0 && key_len <= KEY_MAX);
	memcpy(info, info_text, sizeof info_text - 1);
	at = sizeof info_text - 1;
	memcpy(info + at, d->from_client ? "client" : "server", 6);
	at += 6;
	info[at++] = (uint8_t)(d->generation >> 24);
	info[at++] = (uint8_t)(d->generation >> 16);
	info[at++] = (uint8_t)(d->generation >> 8);
	info[at++] = (uint8_t)d->generation;
	params[0] = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_MODE, &mode);
	params[1] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
	    (char *)"SHA256", 0);
	params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY,
	    (void *)s->secret, sizeof s->secret);
	params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
	    info, at);
	params[4] = OSSL_PARAM_construct_end();
	if ((kdf = EVP_KDF_fetch(NULL, "HKDF", NULL)) == NULL)
		return false;
	kctx = EVP_KDF_CTX_new(kdf);
	EVP_KDF_free(kdf);
	ok = kctx != NULL &&
	    EVP_KDF_derive(kctx, out, key_len + NONCE_BYTES, params) == 1 &&
	    EVP_CipherInit_ex(d->ctx, s->aead, NULL, out, NULL,
	    d->encrypts) == 1;
	EVP_KDF_CTX_free(kctx);
	if (ok)
		memcpy(d->iv, out + key_len, NONCE_BYTES);
	OPENSSL_cleanse(out, sizeof out);
	d->sequence = 0;
	d->sealed = 0;
	return ok;
}

struct frame_seal *frame_seal_new(const uint8_t secret[FRAME_SEAL_SECRET_BYTES],
    int aead_nid, bool client)
{
	struct frame_seal *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	memcpy(s->secret, secret, sizeof s->secret);
	s->aead = EVP_get_cipherbynid(aead_nid);
	s->out = (struct direction){ .encrypts = true, .from_client = client };
	s->in = (struct direction){ .encrypts = false, .from_client = !client };
	/* Every suite of TLS 1.3 has an AEAD of a 12-byte nonce and a
	 * 16-byte tag. */
	if (s->aead == NULL ||
	    !(EVP_CIPHER_get_flags(s->aead) & EVP_CIPH_FLAG_AEAD_CIPHER) ||
	    EVP_CIPHER_get_iv_length(s->aead) != NONCE_BYTES ||
	    EVP_CIPHER_get_key_length(s->aead) > KEY_MAX ||
	    (s->out.ctx = EVP_CIPHER_CTX_new()) == NULL ||
	    (s->in.ctx = EVP_CIPHER_CTX_new()) == NULL ||
	    (s->buffer = malloc(PIECE_BYTES + TAG_BYTES)) == NULL ||
	    !derive(s, &s->out) || !derive(s, &s->in)) {
		frame_seal_free(s);
		return NULL;
	}
	return s;
}

struct frame_seal *frame_seal_from_tls(const struct tls_channel *ch,
    char *why, size_t why_len)
{
	uint8_t secret[FRAME_SEAL_SECRET_BYTES];
	struct frame_seal *s;
	int nid = tls_channel_aead(ch);

	/* The handshake read exactly its own records (tls_channel_open): a
	 * byte behind them came before the peer could know the keys. */
	if (tls_channel_pending(ch)) {
		snprintf(why, why_len, "bytes came behind the TLS handshake");
		return NULL;
	}
	if (nid == NID_undef || !tls_channel_export(ch, exporter_label,
	    secret, sizeof secret)) {
		snprintf(why, why_len, "the TLS session exports no keys");
		return NULL;
	}
	s = frame_seal_new(secret, nid, tls_channel_side(ch) == TLS_CLIENT);
	OPENSSL_cleanse(secret, sizeof secret);
	if (s == NULL)
		snprintf(why, why_len, "cannot seal frames: out of memory");
	return s;
}

void frame_seal_free(struct frame_seal *s)
{
	if (s == NULL)
		return;
	EVP_CIPHER_CTX_free(s->out.ctx);
	EVP_CIPHER_CTX_free(s->in.ctx);
	OPENSSL_cleanse(s->secret, sizeof s->secret);
	free(s->buffer);
	free(s);
}

/* ------------------------------------------------------------ the AEAD */

/* Starts d's next message, with aad; false: the cipher refused, or the
 * sequence is spent (never in practice: a key serves far fewer). */
static bool begin(struct direction *d, const unsigned char *aad,
    size_t aad_len)
{
	uint8_t nonce[NONCE_BYTES];
	int n;

	if (d->sequence == UINT64_MAX)
		return false;
	memcpy(nonce, d->iv, sizeof nonce);
	for (int i = 0; i < 8; i++)
		nonce[NONCE_BYTES - 1 - i] ^= (uint8_t)(d->sequence >> (8 * i));
	d->sequence++;
	if (EVP_CipherInit_ex(d->ctx, NULL, NULL, NULL, nonce,
	    d->encrypts) != 1)
		return false;
	return aad_len == 0 ||
	    EVP_CipherUpdate(d->ctx, NULL, &n, aad, (int)aad_len) == 1;
}

/* len bytes from in to out (they may be the same place). */
static bool cipher(struct direction *d, unsigned char *out,
    const unsigned char *in, size_t len)
{
	int n;

	assert(len <= PIECE_BYTES);
	if (EVP_CipherUpdate(d->ctx, out, &n, in, (int)len) != 1)
		return false;
	/* An AEAD's stream: every byte in gives one out, now. */
	assert((size_t)n == len);
	d->sealed += len;
	return true;
}

/* Ends a sealed message: its tag into tag. */
static bool seal_end(struct direction *d, unsigned char tag[TAG_BYTES])
{
	int n;

	return EVP_EncryptFinal_ex(d->ctx, tag, &n) == 1 &&
	    EVP_CIPHER_CTX_ctrl(d->ctx, EVP_CTRL_AEAD_GET_TAG, TAG_BYTES,
	    tag) == 1;
}

/* Ends an opened message: whether tag is its own. */
static bool open_end(struct direction *d, const unsigned char tag[TAG_BYTES])
{
	unsigned char expected[TAG_BYTES], none[16];
	int n;

	memcpy(expected, tag, sizeof expected);
	return EVP_CIPHER_CTX_ctrl(d->ctx, EVP_CTRL_AEAD_SET_TAG, TAG_BYTES,
	    expected) == 1 && EVP_DecryptFinal_ex(d->ctx, none, &n) == 1;
}

/* At a frame's start: the next key, once this one sealed enough. */
static bool next_key(const struct frame_seal *s, struct direction *d)
{
	if (d->sealed < FRAME_SEAL_REKEY_BYTES)
		return true;
	d->generation++;
	return derive(s, d);
}

/* The seal failed with err: it stays failed, and says so with errno. */
static bool broken(struct frame_seal *s, int err)
{
	s->failed = true;
	s->err = err;
	errno = err;
	return false;
}

bool frame_seal_send(struct frame_seal *s, int fd,
    const unsigned char header[STRIPE_FRAME_BYTES], const void *bytes,
    size_t len, const struct timespec *end)
{
	const unsigned char *from = bytes;
	unsigned char *buf = s->buffer;
	size_t used, piece;

	if (s->failed)
		return broken(s, s->err);
	/* The header, sealed, then the bytes' first piece in the same
	 * write. */
	if (!next_key(s, &s->out) || !begin(&s->out, NULL, 0) ||
	    !cipher(&s->out, buf, header, STRIPE_FRAME_BYTES) ||
	    !seal_end(&s->out, buf + STRIPE_FRAME_BYTES))
		return broken(s, EPROTO);
	used = SEALED_HEADER_BYTES;
	if (len > 0 && !begin(&s->out, header, STRIPE_FRAME_BYTES))
		return broken(s, EPROTO);
	while (len > 0) {
		piece = PIECE_BYTES - used < len ? PIECE_BYTES - used : len;
		if (!cipher(&s->out, buf + used, from, piece))
			return broken(s, EPROTO);
		used += piece;
		from += piece;
		len -= piece;
		if (len == 0) {
			/* The buffer has room for the tag past a piece. */
			if (!seal_end(&s->out, buf + used))
				return broken(s, EPROTO);
			used += TAG_BYTES;
		}
		if (used == PIECE_BYTES || len == 0) {
			if (!fd_write_all(fd, buf, used, end))
				return broken(s, errno);
			used = 0;
		}
	}
	if (used > 0 && !fd_write_all(fd, buf, used, end))
		return broken(s, errno);
	return true;
}

bool frame_seal_read_header(struct frame_seal *s, int fd,
    unsigned char header[STRIPE_FRAME_BYTES], const struct timespec *end)
{
	unsigned char sealed[SEALED_HEADER_BYTES];

	if (s->failed)
		return broken(s, s->err);
	if (!fd_read_all(fd, sealed, sizeof sealed, end))
		return broken(s, errno);
	if (!next_key(s, &s->in) || !begin(&s->in, NULL, 0) ||
	    !cipher(&s->in, header, sealed, STRIPE_FRAME_BYTES) ||
	    !open_end(&s->in, sealed + STRIPE_FRAME_BYTES)) {
		memset(header, 0, STRIPE_FRAME_BYTES);
		return broken(s, EPROTO);
	}
	memcpy(s->header, header, sizeof s->header);
	return true;
}

bool frame_seal_read_bytes(struct frame_seal *s, int fd, void *buf,
    size_t len, const struct timespec *end)
{
	unsigned char *to = buf, tag[TAG_BYTES];
	size_t done = 0, piece;
	int err = EPROTO;

	if (s->failed)
		return broken(s, s->err);
	if (len == 0)
		return true;
	if (!begin(&s->in, s->header, sizeof s->header))
		return broken(s, EPROTO);
	/* Each piece decrypted where it landed, while it is in the cache. */
	while (done < len) {
		piece = len - done < PIECE_BYTES ? len - done : PIECE_BYTES;
		if (!fd_read_all(fd, to + done, piece, end)) {
			err = errno;
			break;
		}
		if (!cipher(&s->in, to + done, to + done, piece))
			break;
		done += piece;
	}
	if (done == len) {
		if (!fd_read_all(fd, tag, sizeof tag, end))
			err = errno;
		else if (open_end(&s->in, tag))
			return true;
	}
	/* Nothing that failed its tag, or never met it, stays. */
	memset(to, 0, len);
	return broken(s, err);
}
