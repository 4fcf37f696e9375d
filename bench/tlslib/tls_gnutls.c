/*
 * tls_gnutls.c -- GnuTLS as bench/tlslib drives it, set up to match
 * tls_openssl.c: TLS 1.3 only, the external PSK (identity "key") used
 * with ECDHE, X25519, the one suite asked for, no tickets, kernel TLS as
 * the system's configuration leaves it (off by default).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gnutls/gnutls.h>

#include "bench/tlslib/tlslib.h"

struct gctx {
	const struct tb_setup *t;
	bool server;
	gnutls_priority_t priority;
	gnutls_certificate_credentials_t cert;
	gnutls_psk_server_credentials_t psk_server;
	gnutls_psk_client_credentials_t psk_client;
};

static bool said(int rc, const char *what)
{
	if (rc >= 0)
		return true;
	fprintf(stderr, "tlslib: GnuTLS %s: %s\n", what, gnutls_strerror(rc));
	return false;
}

/* Server: the PSK for the identity "key" (the session's pointer is the
 * setup); any other is unknown. */
static int find_psk(gnutls_session_t session, const char *name,
    gnutls_datum_t *key)
{
	const struct tb_setup *t = gnutls_session_get_ptr(session);

	if (strcmp(name, "key") != 0)
		return -1;
	if ((key->data = gnutls_malloc(sizeof(t->psk))) == NULL)
		return -1;
	memcpy(key->data, t->psk, sizeof(t->psk));
	key->size = sizeof(t->psk);
	return 0;
}

static bool credentials(struct gctx *g)
{
	const struct tb_setup *t = g->t;
	gnutls_datum_t cert = { (unsigned char *)t->cert_pem,
	    t->cert_pem != NULL ? (unsigned)strlen(t->cert_pem) : 0 };
	gnutls_datum_t key = { (unsigned char *)t->key_pem,
	    t->key_pem != NULL ? (unsigned)strlen(t->key_pem) : 0 };
	gnutls_datum_t psk = { (unsigned char *)t->psk, sizeof(t->psk) };

	if (t->auth == TB_PSK && g->server) {
		if (!said(gnutls_psk_allocate_server_credentials(&g->psk_server),
		    "PSK credentials"))
			return false;
		gnutls_psk_set_server_credentials_function(g->psk_server,
		    find_psk);
		return true;
	}
	if (t->auth == TB_PSK)
		return said(gnutls_psk_allocate_client_credentials(
		    &g->psk_client), "PSK credentials") &&
		    said(gnutls_psk_set_client_credentials(g->psk_client, "key",
		    &psk, GNUTLS_PSK_KEY_RAW), "PSK");
	if (!said(gnutls_certificate_allocate_credentials(&g->cert),
	    "certificate credentials"))
		return false;
	if (g->server)
		return said(gnutls_certificate_set_x509_key_mem2(g->cert, &cert,
		    &key, GNUTLS_X509_FMT_PEM, NULL, 0), "certificate");
	return said(gnutls_certificate_set_x509_trust_mem(g->cert, &cert,
	    GNUTLS_X509_FMT_PEM), "trust anchor");
}

static void context_free(void *ctx)
{
	struct gctx *g = ctx;

	if (g == NULL)
		return;
	if (g->priority != NULL)
		gnutls_priority_deinit(g->priority);
	if (g->cert != NULL)
		gnutls_certificate_free_credentials(g->cert);
	if (g->psk_server != NULL)
		gnutls_psk_free_server_credentials(g->psk_server);
	if (g->psk_client != NULL)
		gnutls_psk_free_client_credentials(g->psk_client);
	free(g);
}

static void *context(const struct tb_setup *t, bool server)
{
	struct gctx *g = calloc(1, sizeof(*g));
	char prio[256];

	if (g == NULL)
		return NULL;
	g->t = t;
	g->server = server;
	snprintf(prio, sizeof(prio), "NORMAL:-VERS-ALL:+VERS-TLS1.3:"
	    "-CIPHER-ALL:+%s:-GROUP-ALL:+GROUP-X25519%s",
	    t->suite == TB_AES_128_GCM ? "AES-128-GCM" : "AES-256-GCM",
	    t->auth == TB_PSK ? ":+ECDHE-PSK" : "");
	if (!said(gnutls_priority_init2(&g->priority, prio, NULL, 0),
	    prio) || !credentials(g)) {
		context_free(g);
		return NULL;
	}
	return g;
}

static void *handshake(void *ctx, int fd, bool server)
{
	struct gctx *g = ctx;
	gnutls_session_t s;
	int rc;

	if (!said(gnutls_init(&s, (server ? GNUTLS_SERVER : GNUTLS_CLIENT) |
	    GNUTLS_NO_TICKETS), "init"))
		return NULL;
	gnutls_session_set_ptr(s, (void *)g->t);
	rc = gnutls_priority_set(s, g->priority);
	if (rc >= 0 && g->cert != NULL)
		rc = gnutls_credentials_set(s, GNUTLS_CRD_CERTIFICATE, g->cert);
	else if (rc >= 0)
		rc = gnutls_credentials_set(s, GNUTLS_CRD_PSK, server ?
		    (void *)g->psk_server : (void *)g->psk_client);
	if (rc >= 0 && !server && g->cert != NULL) {
		rc = gnutls_server_name_set(s, GNUTLS_NAME_DNS, TB_HOST,
		    strlen(TB_HOST));
		gnutls_session_set_verify_cert(s, TB_HOST, 0);
	}
	if (rc >= 0) {
		gnutls_transport_set_int(s, fd);
		do
			rc = gnutls_handshake(s);
		while (rc < 0 && gnutls_error_is_fatal(rc) == 0);
	}
	if (!said(rc, "handshake")) {
		gnutls_deinit(s);
		return NULL;
	}
	return s;
}

static const char *suite(void *session)
{
	return gnutls_cipher_get_name(gnutls_cipher_get(session));
}

static bool send_all(void *session, const void *buf, size_t n)
{
	const char *p = buf;
	ssize_t done;

	while (n > 0) {
		done = gnutls_record_send(session, p, n);
		if (done < 0 && gnutls_error_is_fatal((int)done) == 0)
			continue;
		if (done < 0)
			return said((int)done, "send");
		if (done == 0)
			return false;
		p += done;
		n -= (size_t)done;
	}
	return true;
}

static long recv_some(void *session, void *buf, size_t n)
{
	ssize_t got;

	do
		got = gnutls_record_recv(session, buf, n);
	while (got < 0 && gnutls_error_is_fatal((int)got) == 0);
	return got >= 0 ? (long)got : -1;
}

static void session_free(void *session)
{
	gnutls_deinit(session);
}

const struct tb_lib tb_gnutls = {
	.name = "GnuTLS " GNUTLS_VERSION,
	.context = context,
	.context_free = context_free,
	.handshake = handshake,
	.suite = suite,
	.send = send_all,
	.recv = recv_some,
	.session_free = session_free,
};
