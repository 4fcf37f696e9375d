/*
 * tlslib.h -- what bench/tlslib measures of a TLS library: a TLS 1.3
 * handshake on a connected socket, by an external PSK or by a self-signed
 * certificate, and records pushed one way.  One of these per library
 * (tls_openssl.c, tls_gnutls.c); tlslib.c times them alike.
 */
#ifndef TLSLIB_H
#define TLSLIB_H

#include <stdbool.h>
#include <stddef.h>

/* How the handshake authenticates, and the suite it must end with. */
enum tb_auth { TB_PSK, TB_CERT };
enum tb_suite { TB_AES_128_GCM, TB_AES_256_GCM };

#define TB_PSK_BYTES 32
#define TB_HOST "tlslib.invalid"	/* the certificate's name */

struct tb_setup {
	enum tb_auth auth;
	enum tb_suite suite;
	unsigned char psk[TB_PSK_BYTES];
	const char *cert_pem;		/* TB_CERT: the certificate, */
	const char *key_pem;		/* its key, and the client's anchor */
};

struct tb_lib {
	const char *name;
	/* The side's context (credentials, suites), made once per setup. */
	void *(*context)(const struct tb_setup *t, bool server);
	void (*context_free)(void *ctx);
	/* A finished handshake on fd, or NULL (said on stderr). */
	void *(*handshake)(void *ctx, int fd, bool server);
	/* The suite the session settled on, as the library names it. */
	const char *(*suite)(void *session);
	/* All n bytes, in records of the library's own size: false on error. */
	bool (*send)(void *session, const void *buf, size_t n);
	/* At most n bytes: how many, 0 at the end, -1 on error. */
	long (*recv)(void *session, void *buf, size_t n);
	void (*session_free)(void *session);
};

extern const struct tb_lib tb_openssl;
extern const struct tb_lib tb_gnutls;

/* A fresh self-signed ECDSA P-256 certificate for TB_HOST and its key,
 * both PEM, malloc'ed (tls_cert.c, made with OpenSSL). */
bool tb_make_cert(char **cert_pem, char **key_pem);

#endif
