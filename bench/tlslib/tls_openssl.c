/*
 * tls_openssl.c -- OpenSSL 3 as bench/tlslib drives it, set up as
 * common/tls_channel.c sets oncuda's TLS up: TLS 1.3 only, the external
 * PSK as a session of TLS_AES_128_GCM_SHA256 used with (EC)DHE, X25519,
 * no tickets, kernel TLS off (the library's default).
 */
#include <string.h>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>

#include "bench/tlslib/tlslib.h"

static const unsigned char suite_128[2] = { 0x13, 0x01 };
static const char psk_identity[] = "key";

/* The PSK of the setup the context was made for, as a resumable session. */
static SSL_SESSION *psk_session(SSL *ssl)
{
	const struct tb_setup *t = SSL_CTX_get_app_data(SSL_get_SSL_CTX(ssl));
	const SSL_CIPHER *cipher = SSL_CIPHER_find(ssl, suite_128);
	SSL_SESSION *s = SSL_SESSION_new();

	if (s == NULL || cipher == NULL ||
	    !SSL_SESSION_set1_master_key(s, t->psk, sizeof(t->psk)) ||
	    !SSL_SESSION_set_cipher(s, cipher) ||
	    !SSL_SESSION_set_protocol_version(s, TLS1_3_VERSION)) {
		SSL_SESSION_free(s);
		return NULL;
	}
	return s;
}

static int find_psk(SSL *ssl, const unsigned char *id, size_t len,
    SSL_SESSION **session)
{
	*session = NULL;
	if (len == strlen(psk_identity) && memcmp(id, psk_identity, len) == 0)
		*session = psk_session(ssl);
	return 1;
}

static int use_psk(SSL *ssl, const EVP_MD *md, const unsigned char **id,
    size_t *len, SSL_SESSION **session)
{
	(void)md;
	if ((*session = psk_session(ssl)) == NULL)
		return 0;
	*id = (const unsigned char *)psk_identity;
	*len = strlen(psk_identity);
	return 1;
}

static bool load_cert(SSL_CTX *ctx, const struct tb_setup *t, bool server)
{
	BIO *cb = BIO_new_mem_buf(t->cert_pem, -1);
	BIO *kb = BIO_new_mem_buf(t->key_pem, -1);
	X509 *x = cb != NULL ? PEM_read_bio_X509(cb, NULL, NULL, NULL) : NULL;
	EVP_PKEY *key = kb != NULL ?
	    PEM_read_bio_PrivateKey(kb, NULL, NULL, NULL) : NULL;
	bool ok = x != NULL && key != NULL;

	if (ok && server)
		ok = SSL_CTX_use_certificate(ctx, x) == 1 &&
		    SSL_CTX_use_PrivateKey(ctx, key) == 1;
	else if (ok) {
		ok = X509_STORE_add_cert(SSL_CTX_get_cert_store(ctx), x) == 1;
		SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
	}
	X509_free(x);
	EVP_PKEY_free(key);
	BIO_free(cb);
	BIO_free(kb);
	return ok;
}

static void *context(const struct tb_setup *t, bool server)
{
	SSL_CTX *ctx = SSL_CTX_new(server ? TLS_server_method() :
	    TLS_client_method());
	bool ok;

	if (ctx == NULL)
		return NULL;
	SSL_CTX_set_app_data(ctx, (void *)t);
	ok = SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) == 1 &&
	    SSL_CTX_set_ciphersuites(ctx, t->suite == TB_AES_128_GCM ?
	    "TLS_AES_128_GCM_SHA256" : "TLS_AES_256_GCM_SHA384") == 1 &&
	    SSL_CTX_set1_groups_list(ctx, "X25519") == 1 &&
	    SSL_CTX_set_num_tickets(ctx, 0) == 1;
	SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
	if (ok && t->auth == TB_PSK) {
		if (server)
			SSL_CTX_set_psk_find_session_callback(ctx, find_psk);
		else
			SSL_CTX_set_psk_use_session_callback(ctx, use_psk);
	} else if (ok)
		ok = load_cert(ctx, t, server);
	if (!ok) {
		ERR_print_errors_fp(stderr);
		SSL_CTX_free(ctx);
		return NULL;
	}
	return ctx;
}

static void context_free(void *ctx)
{
	SSL_CTX_free(ctx);
}

static void *handshake(void *ctx, int fd, bool server)
{
	SSL *ssl = SSL_new(ctx);

	if (ssl == NULL || SSL_set_fd(ssl, fd) != 1)
		goto fail;
	if (!server && (SSL_set_tlsext_host_name(ssl, TB_HOST) != 1 ||
	    SSL_set1_host(ssl, TB_HOST) != 1))
		goto fail;
	if ((server ? SSL_accept(ssl) : SSL_connect(ssl)) == 1)
		return ssl;
fail:
	ERR_print_errors_fp(stderr);
	SSL_free(ssl);
	return NULL;
}

static const char *suite(void *session)
{
	return SSL_CIPHER_get_name(SSL_get_current_cipher(session));
}

static bool send_all(void *session, const void *buf, size_t n)
{
	const unsigned char *p = buf;
	size_t done;

	while (n > 0) {
		if (SSL_write_ex(session, p, n, &done) != 1)
			return false;
		p += done;
		n -= done;
	}
	return true;
}

static long recv_some(void *session, void *buf, size_t n)
{
	size_t got;

	if (SSL_read_ex(session, buf, n, &got) == 1)
		return (long)got;
	return SSL_get_error(session, 0) == SSL_ERROR_ZERO_RETURN ? 0 : -1;
}

static void session_free(void *session)
{
	SSL_free(session);
}

const struct tb_lib tb_openssl = {
	.name = "OpenSSL " OPENSSL_VERSION_STR,
	.context = context,
	.context_free = context_free,
	.handshake = handshake,
	.suite = suite,
	.send = send_all,
	.recv = recv_some,
	.session_free = session_free,
};
