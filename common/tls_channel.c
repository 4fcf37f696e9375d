/*
 * tls_channel.c -- TLS 1.3 on a connected stream socket (tls_channel.h),
 * with OpenSSL 3.
 *
 * OpenSSL rather than GnuTLS: Debian's OpenSSL 3 is built with kernel TLS,
 * its TLS 1.3 external PSKs take a key as it is (no identity hint dance),
 * and it is already on every machine oncuda runs on (the CUDA toolkit's
 * own tools link it).
 *
 * Only TLS 1.3: its handshake is one round trip, every suite is AEAD with
 * forward secrecy (PSKs are used with (EC)DHE), and nothing older needs
 * to be spoken, since both ends are oncuda.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <arpa/inet.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "common/tls_channel.h"

/*
 * What a channel reads from its socket at once, when the kernel does not
 * do the TLS (buffer_reads): sixteen full records.
 */
#define READ_BUFFER_BYTES (16u * (16384u + 256u))

/*
 * What a channel gathers before it writes, when the kernel does not do the
 * TLS: eight full records.  OpenSSL writes each record of 16 KiB with a
 * write(2) of its own; measured with the stand-in on a 2-core VM, a 256
 * MiB upload inside TLS then cost the sending client 0.76-0.85
 * CPU-seconds a GB, and 0.46-0.58 with its records written eight at a
 * time (plain TCP: 0.18).
 */
#define GATHER_BYTES (8u * (16384u + 256u))

/* Client, X.509 only: the last session ticket of each server, so that
 * the connections made after the first resume its TLS session. */
#define RESUMED_MAX 8
#define HOST_MAX 256

struct resumable {
	pthread_mutex_t lock;
	struct {
		char host[HOST_MAX];
		SSL_SESSION *session;
	} slot[RESUMED_MAX];
	unsigned next;			/* the slot to reuse when none matches */
};

struct tls_config {
	SSL_CTX *ctx;
	BIO_METHOD *socket_sink;	/* the gathered writes' (gather_writes) */
	enum tls_side side;
	struct tls_psk *psks;
	size_t psk_count;
	bool has_ca;
	struct resumable *resumable;	/* client, X.509 only; else NULL */
};

struct tls_channel {
	SSL *ssl;
	int fd;
	char host[HOST_MAX];		/* client: the server's, as connected to */
	const struct tls_config *config;
	char peer[TLS_NAME_MAX];	/* the identity proved */
	bool named;			/* peer is a name, not "key" (tls_channel_named) */
	bool by_psk;
	char error[160];
	int broken;			/* errno of a fatal failure, kept */
	bool gathers;			/* records are gathered (gather_writes) */
};

/* The ALPN protocol of a connection that moves (tls_channel_open), in
 * the wire's form: its length, then its name. */
static const unsigned char moves_alpn[] = "\017oncuda-handover";

/* How long a ticket (tls_channel_new_ticket) may be used: the
 * connections it is sent for are made right after. */
#define TICKET_SECONDS 60
static const unsigned char session_context[] = "oncudad";

/* TLS_AES_128_GCM_SHA256: the suite of a PSK (its hash must be the PSK's,
 * SHA-256), and one the kernel's TLS implements. */
static const unsigned char psk_suite[2] = { 0x13, 0x01 };

/* OpenSSL's reason for the last failure, or what, when it gave none. */
static void openssl_reason(char *buf, size_t len, const char *what)
{
	unsigned long e = ERR_get_error();
	unsigned long last = e;

	while (e != 0) {
		last = e;
		e = ERR_get_error();
	}
	if (last != 0)
		snprintf(buf, len, "%s", ERR_reason_error_string(last) != NULL ?
		    ERR_reason_error_string(last) : "TLS error");
	else
		snprintf(buf, len, "%s", what);
}

static SSL_SESSION *psk_session(SSL *ssl, const uint8_t key[TLS_PSK_BYTES])
{
	const SSL_CIPHER *cipher = SSL_CIPHER_find(ssl, psk_suite);
	SSL_SESSION *s = SSL_SESSION_new();

	if (s == NULL || cipher == NULL ||
	    !SSL_SESSION_set1_master_key(s, key, TLS_PSK_BYTES) ||
	    !SSL_SESSION_set_cipher(s, cipher) ||
	    !SSL_SESSION_set_protocol_version(s, TLS1_3_VERSION)) {
		SSL_SESSION_free(s);
		return NULL;
	}
	return s;
}

/* Server: the PSK the client names.  An unnamed one (a single --key-file)
 * answers to any name.  No PSK found: the handshake goes on without one
 * (a certificate may still do), and fails if nothing else can. */
static int find_psk(SSL *ssl, const unsigned char *identity,
    size_t identity_len, SSL_SESSION **session)
{
	struct tls_channel *ch = SSL_get_app_data(ssl);
	const struct tls_config *c = ch->config;

	*session = NULL;
	/* Longer than any name: a session ticket, which OpenSSL opens. */
	if (identity_len >= TLS_NAME_MAX)
		return 1;
	for (size_t i = 0; i < c->psk_count; i++) {
		const char *name = c->psks[i].name;

		if (name[0] != '\0' && (strlen(name) != identity_len ||
		    memcmp(name, identity, identity_len) != 0))
			continue;
		if ((*session = psk_session(ssl, c->psks[i].key)) == NULL)
			return 0;
		snprintf(ch->peer, sizeof ch->peer, "%s", name[0] != '\0' ?
		    name : "key");
		ch->named = name[0] != '\0';
		ch->by_psk = true;
		return 1;
	}
	/* Kept for the log, made plain: the name is the peer's to choose. */
	snprintf(ch->error, sizeof ch->error, "the client named a key this "
	    "server does not hold: ");
	for (size_t i = 0, at = strlen(ch->error); i < identity_len &&
	    i < TLS_NAME_MAX && at + 1 < sizeof ch->error; i++, at++) {
		ch->error[at] = identity[i] > 0x20 && identity[i] < 0x7f ?
		    (char)identity[i] : '?';
		ch->error[at + 1] = '\0';
	}
	return 1;
}

/* Client: offers its PSK, under its name ("key" when it has none). */
static int use_psk(SSL *ssl, const EVP_MD *md, const unsigned char **id,
    size_t *id_len, SSL_SESSION **session)
{
	struct tls_channel *ch = SSL_get_app_data(ssl);
	const struct tls_psk *psk = &ch->config->psks[0];
	const char *name = psk->name[0] != '\0' ? psk->name : "key";

	*session = NULL;
	if (md != NULL && md != EVP_sha256())
		return 1;	/* a retried hello chose another hash */
	if ((*session = psk_session(ssl, psk->key)) == NULL)
		return 0;
	*id = (const unsigned char *)name;
	*id_len = strlen(name);
	ch->by_psk = true;
	return 1;
}

/* Server: a client whose connection moves (tls_channel_open) gets no
 * kernel TLS.  Decided on its hello, before any key is set; no protocol
 * is chosen (the client needs none). */
static int select_alpn(SSL *ssl, const unsigned char **out,
    unsigned char *out_len, const unsigned char *in, unsigned int in_len,
    void *arg)
{
	const size_t n = sizeof moves_alpn - 1;

	(void)out;
	(void)out_len;
	(void)arg;
	for (unsigned int at = 0; at < in_len; at += 1u + in[at])
		if (at + n <= in_len && memcmp(in + at, moves_alpn, n) == 0)
			SSL_clear_options(ssl, SSL_OP_ENABLE_KTLS);
	return SSL_TLSEXT_ERR_NOACK;
}

static bool load_x509(SSL_CTX *ctx, const struct tls_credentials *cred,
    char *why, size_t why_len)
{
	char reason[128];

	if (cred->cert_file != NULL && (SSL_CTX_use_certificate_chain_file(ctx,
	    cred->cert_file) != 1 || cred->key_file == NULL ||
	    SSL_CTX_use_PrivateKey_file(ctx, cred->key_file,
	    SSL_FILETYPE_PEM) != 1 || SSL_CTX_check_private_key(ctx) != 1)) {
		openssl_reason(reason, sizeof reason, "no key file given");
		snprintf(why, why_len, "cannot use the certificate %s with the "
		    "key %s: %s", cred->cert_file, cred->key_file != NULL ?
		    cred->key_file : "(none)", reason);
		return false;
	}
	if (cred->ca_file != NULL && SSL_CTX_load_verify_locations(ctx,
	    cred->ca_file, NULL) != 1) {
		openssl_reason(reason, sizeof reason, "unreadable");
		snprintf(why, why_len, "cannot use the CA file %s: %s",
		    cred->ca_file, reason);
		return false;
	}
	return true;
}

/* Client: a ticket came (tls_channel_new_ticket); kept for its server,
 * in place of the one before.  1: the reference is taken. */
static int keep_session(SSL *ssl, SSL_SESSION *session)
{
	struct tls_channel *ch = SSL_get_app_data(ssl);
	struct resumable *r = ch->config->resumable;
	unsigned i;

	if (r == NULL || ch->host[0] == '\0' ||
	    !SSL_SESSION_is_resumable(session))
		return 0;
	pthread_mutex_lock(&r->lock);
	for (i = 0; i < RESUMED_MAX; i++)
		if (strcmp(r->slot[i].host, ch->host) == 0)
			break;
	if (i == RESUMED_MAX) {
		i = r->next;
		r->next = (r->next + 1) % RESUMED_MAX;
		snprintf(r->slot[i].host, sizeof r->slot[i].host, "%s",
		    ch->host);
	}
	SSL_SESSION_free(r->slot[i].session);
	r->slot[i].session = session;
	pthread_mutex_unlock(&r->lock);
	return 1;
}

/*
 * Client: resumes the session kept for host, if any (and still good).  A
 * copy each time: OpenSSL marks a session it resumed unfit for another
 * once that connection ends without a close_notify, as ours do.
 */
static void resume(struct tls_channel *ch)
{
	struct resumable *r = ch->config->resumable;
	SSL_SESSION *copy = NULL;

	if (r == NULL || ch->host[0] == '\0')
		return;
	pthread_mutex_lock(&r->lock);
	for (unsigned i = 0; i < RESUMED_MAX; i++)
		if (r->slot[i].session != NULL &&
		    strcmp(r->slot[i].host, ch->host) == 0) {
			copy = SSL_SESSION_dup(r->slot[i].session);
			break;
		}
	pthread_mutex_unlock(&r->lock);
	if (copy != NULL) {
		(void)SSL_set_session(ch->ssl, copy);
		SSL_SESSION_free(copy);
	}
}

/* Kernel TLS unless ONCUDA_KTLS=0 (tls_channel.h). */
static bool ktls_wanted(void)
{
	const char *v = getenv("ONCUDA_KTLS");

	return v == NULL || strcmp(v, "0") != 0;
}

/* Client, X.509: the tickets servers send are kept (keep_session). */
static bool keep_tickets(struct tls_config *c)
{
	if ((c->resumable = calloc(1, sizeof *c->resumable)) == NULL)
		return false;
	pthread_mutex_init(&c->resumable->lock, NULL);
	SSL_CTX_set_session_cache_mode(c->ctx, SSL_SESS_CACHE_CLIENT |
	    SSL_SESS_CACHE_NO_INTERNAL_STORE);
	SSL_CTX_sess_set_new_cb(c->ctx, keep_session);
	return true;
}

/*
 * The end of a channel's gathered writes (gather_writes): send(2) on the
 * socket with MSG_NOSIGNAL, so that a peer gone raises no SIGPIPE in the
 * program and no signal mask needs changing around a write.  The socket is
 * non-blocking: a full one asks OpenSSL to retry.
 */
static int sink_write(BIO *b, const char *buf, int len)
{
	int fd = (int)(intptr_t)BIO_get_data(b);
	ssize_t n;

	BIO_clear_retry_flags(b);
	do
		n = send(fd, buf, (size_t)len, MSG_NOSIGNAL | MSG_DONTWAIT);
	while (n < 0 && errno == EINTR);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		BIO_set_retry_write(b);
	return n < 0 ? -1 : (int)n;
}

static long sink_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	(void)b;
	(void)num;
	(void)ptr;
	/* Nothing waits in it; and it is no socket kernel TLS could use. */
	return cmd == BIO_CTRL_FLUSH ? 1 : 0;
}

static BIO_METHOD *socket_sink_method(void)
{
	int index = BIO_get_new_index();
	BIO_METHOD *m = index == -1 ? NULL :
	    BIO_meth_new(index | BIO_TYPE_SOURCE_SINK, "oncuda socket sink");

	if (m != NULL && (BIO_meth_set_write(m, sink_write) != 1 ||
	    BIO_meth_set_ctrl(m, sink_ctrl) != 1)) {
		BIO_meth_free(m);
		return NULL;
	}
	return m;
}

struct tls_config *tls_config_new(enum tls_side side,
    const struct tls_credentials *cred, char *why, size_t why_len)
{
	struct tls_config *c = calloc(1, sizeof *c);

	if (c == NULL || (c->ctx = SSL_CTX_new(side == TLS_SERVER ?
	    TLS_server_method() : TLS_client_method())) == NULL) {
		snprintf(why, why_len, "cannot set up TLS: out of memory");
		tls_config_free(c);
		return NULL;
	}
	c->side = side;
	if ((c->socket_sink = socket_sink_method()) == NULL) {
		snprintf(why, why_len, "cannot set up TLS: out of memory");
		tls_config_free(c);
		return NULL;
	}
	SSL_CTX_set_min_proto_version(c->ctx, TLS1_3_VERSION);
	/* A peer that closes without close_notify has closed (neither side
	 * sends one: tls_channel_close says why); a record cut short is
	 * still seen by its record mark. */
	SSL_CTX_set_options(c->ctx, SSL_OP_CIPHER_SERVER_PREFERENCE |
	    SSL_OP_IGNORE_UNEXPECTED_EOF);
	if (ktls_wanted())
		SSL_CTX_set_options(c->ctx, SSL_OP_ENABLE_KTLS);
	/* The PSK's suite first: a server that chose a suite of another hash
	 * could not use the PSK. */
	SSL_CTX_set_ciphersuites(c->ctx, "TLS_AES_128_GCM_SHA256:"
	    "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256");
	/* Sends may stop half way (the socket is non-blocking) and resume
	 * from the same bytes, as send() does. */
	SSL_CTX_set_mode(c->ctx, SSL_MODE_ENABLE_PARTIAL_WRITE |
	    SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
	/* On a SOCK_SEQPACKET socket (the unit tests') the handshake reads
	 * what has come at once: reading a record's header alone would lose
	 * the rest.  On a stream socket it reads each record exactly
	 * (exact_reads); after it, buffer_reads. */
	SSL_CTX_set_read_ahead(c->ctx, 1);
	if (!load_x509(c->ctx, cred, why, why_len)) {
		tls_config_free(c);
		return NULL;
	}
	c->has_ca = cred->ca_file != NULL;
	if (cred->psk_count > 0) {
		c->psks = malloc(cred->psk_count * sizeof *c->psks);
		if (c->psks == NULL) {
			snprintf(why, why_len, "cannot set up TLS: out of memory");
			tls_config_free(c);
			return NULL;
		}
		memcpy(c->psks, cred->psks, cred->psk_count * sizeof *c->psks);
		c->psk_count = cred->psk_count;
	}
	if (side == TLS_SERVER) {
		/* No ticket after a handshake: only when the session is about
		 * to take more connections (tls_channel_new_ticket), and good
		 * for a minute. */
		SSL_CTX_set_num_tickets(c->ctx, 0);
		SSL_CTX_set_timeout(c->ctx, TICKET_SECONDS);
		/* What a ticket is good for: this daemon's sessions (OpenSSL
		 * resumes none with client certificates without it). */
		if (SSL_CTX_set_session_id_context(c->ctx, session_context,
		    sizeof session_context - 1) != 1) {
			snprintf(why, why_len, "cannot set up TLS: out of memory");
			tls_config_free(c);
			return NULL;
		}
		SSL_CTX_set_alpn_select_cb(c->ctx, select_alpn, NULL);
		if (c->psk_count > 0)
			SSL_CTX_set_psk_find_session_callback(c->ctx, find_psk);
		/* With a CA, a client proves itself by a certificate it
		 * signed (or by a PSK, when the handshake takes no
		 * certificate). */
		if (c->has_ca)
			SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER |
			    SSL_VERIFY_FAIL_IF_NO_PEER_CERT, NULL);
	} else {
		if (c->psk_count > 0)
			SSL_CTX_set_psk_use_session_callback(c->ctx, use_psk);
		/* A PSK handshake costs no certificate: tickets only save the
		 * X.509 ones (and would offer a second PSK beside the key). */
		else if (!keep_tickets(c)) {
			snprintf(why, why_len, "cannot set up TLS: out of memory");
			tls_config_free(c);
			return NULL;
		}
		/* Always: a client without a CA accepts no certificate at
		 * all, only its PSK. */
		SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER, NULL);
	}
	return c;
}

void tls_config_free(struct tls_config *c)
{
	if (c == NULL)
		return;
	if (c->resumable != NULL) {
		for (unsigned i = 0; i < RESUMED_MAX; i++)
			SSL_SESSION_free(c->resumable->slot[i].session);
		pthread_mutex_destroy(&c->resumable->lock);
		free(c->resumable);
	}
	SSL_CTX_free(c->ctx);
	BIO_meth_free(c->socket_sink);
	if (c->psks != NULL)
		OPENSSL_cleanse(c->psks, c->psk_count * sizeof *c->psks);
	free(c->psks);
	free(c);
}

/* Milliseconds from now to end, at least 0. */
static int ms_left(const struct timespec *end)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(end->tv_sec - now.tv_sec) * 1000 +
	    (end->tv_nsec - now.tv_nsec) / 1000000;
	return ms < 0 ? 0 : ms > 60000 ? 60000 : (int)ms;
}

/* The socket's own timeout for waits of this direction, in ms; -1: none. */
static int socket_timeout(int fd, bool reading)
{
	struct timeval tv;
	socklen_t len = sizeof tv;

	if (getsockopt(fd, SOL_SOCKET, reading ? SO_RCVTIMEO : SO_SNDTIMEO,
	    &tv, &len) != 0 || (tv.tv_sec == 0 && tv.tv_usec == 0))
		return -1;
	return (int)(tv.tv_sec * 1000 + tv.tv_usec / 1000);
}

/* Waits for the socket as OpenSSL asks; 0 timed out, <0 failed. */
static int wait_for(int fd, int ssl_error, int ms)
{
	struct pollfd pfd = { .fd = fd, .events =
	    ssl_error == SSL_ERROR_WANT_WRITE ? POLLOUT : POLLIN };
	int n;

	do
		n = poll(&pfd, 1, ms);
	while (n < 0 && errno == EINTR);
	return n;
}

/* The peer's certificate's common name, as the session's identity. */
static void peer_certificate_name(struct tls_channel *ch)
{
	X509 *cert = SSL_get0_peer_certificate(ch->ssl);
	X509_NAME *subject;

	if (ch->by_psk || cert == NULL ||
	    (subject = X509_get_subject_name(cert)) == NULL ||
	    X509_NAME_get_text_by_NID(subject, NID_commonName, ch->peer,
	    (int)sizeof ch->peer) < 0)
		return;
	/* Made plain for the log: a name is the peer's to choose. */
	for (char *p = ch->peer; *p != '\0'; p++)
		if (*p < 0x21 || *p > 0x7e)
			*p = '?';
	ch->named = ch->peer[0] != '\0';
}

static bool is_address(const char *host)
{
	unsigned char buf[sizeof(struct in6_addr)];

	return inet_pton(AF_INET, host, buf) == 1 ||
	    inet_pton(AF_INET6, host, buf) == 1;
}

/* Client, X.509: the name it connected to must be the certificate's. */
static bool expect_host(SSL *ssl, const char *host)
{
	X509_VERIFY_PARAM *param = SSL_get0_param(ssl);

	if (host == NULL || host[0] == '\0')
		return true;
	if (is_address(host))
		return X509_VERIFY_PARAM_set1_ip_asc(param, host) == 1;
	return SSL_set_tlsext_host_name(ssl, host) == 1 &&
	    SSL_set1_host(ssl, host) == 1;
}

/* Why the handshake failed, as plainly as OpenSSL tells. */
static void handshake_reason(struct tls_channel *ch, int err, char *why,
    size_t why_len)
{
	long verify = SSL_get_verify_result(ch->ssl);
	char reason[128];

	if (verify != X509_V_OK) {
		snprintf(why, why_len, "the peer's certificate: %s",
		    X509_verify_cert_error_string(verify));
		return;
	}
	openssl_reason(reason, sizeof reason, err == SSL_ERROR_SYSCALL ?
	    "the peer closed the connection" : "TLS error");
	if (ch->error[0] != '\0')
		snprintf(why, why_len, "%s (%s)", ch->error, reason);
	else
		snprintf(why, why_len, "%s", reason);
}

/*
 * OpenSSL writes to the socket with write(), which raises SIGPIPE when
 * the peer is gone; a program linking the client library must not die of
 * it, so the signal is held for the write and any it raised taken back.
 */
static int hold_sigpipe(sigset_t *old)
{
	sigset_t pipe;

	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	return pthread_sigmask(SIG_BLOCK, &pipe, old);
}

static void release_sigpipe(const sigset_t *old, bool raised)
{
	struct timespec zero = { 0, 0 };
	sigset_t pipe;

	sigemptyset(&pipe);
	sigaddset(&pipe, SIGPIPE);
	if (raised && !sigismember(old, SIGPIPE))
		while (sigtimedwait(&pipe, NULL, &zero) > 0)
			continue;
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* The handshake within ms milliseconds; false with why. */
static bool handshake(struct tls_channel *ch, long ms, char *why,
    size_t why_len)
{
	struct timespec end;
	int rc, err, n;

	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += ms / 1000;
	end.tv_nsec += (ms % 1000) * 1000000L;
	if (end.tv_nsec >= 1000000000L) {
		end.tv_sec++;
		end.tv_nsec -= 1000000000L;
	}
	for (;;) {
		rc = ch->config->side == TLS_SERVER ? SSL_accept(ch->ssl) :
		    SSL_connect(ch->ssl);
		if (rc == 1)
			return true;
		err = SSL_get_error(ch->ssl, rc);
		if (err != SSL_ERROR_WANT_READ && err != SSL_ERROR_WANT_WRITE) {
			handshake_reason(ch, err, why, why_len);
			return false;
		}
		n = wait_for(ch->fd, err, ms_left(&end));
		if (n <= 0) {
			if (n == 0)
				snprintf(why, why_len, "the TLS handshake did "
				    "not finish within %ld s", ms / 1000);
			else
				snprintf(why, why_len, "poll: %s",
				    strerror(errno));
			return false;
		}
	}
}

/*
 * After the handshake, unless the kernel encrypts what is sent: records
 * are gathered (GATHER_BYTES) and written together, through send(2) with
 * MSG_NOSIGNAL (sink_write); tls_channel_flush writes what is gathered.
 * The handshake itself keeps OpenSSL's socket BIO, the one kernel TLS
 * can take over.  false: out of memory.
 */
static bool gather_writes(struct tls_channel *ch)
{
	bool ktls_send, ktls_receive, asked;
	BIO *sink, *gather;

	tls_channel_kernel(ch, &ktls_send, &ktls_receive, &asked);
	if (ktls_send)
		return true;
	sink = BIO_new(ch->config->socket_sink);
	gather = BIO_new(BIO_f_buffer());
	if (sink == NULL || gather == NULL ||
	    BIO_set_write_buffer_size(gather, GATHER_BYTES) != 1) {
		BIO_free(sink);
		BIO_free(gather);
		return false;
	}
	BIO_set_data(sink, (void *)(intptr_t)ch->fd);
	BIO_set_init(sink, 1);
	BIO_push(gather, sink);
	/* The socket BIO stays the one OpenSSL reads from. */
	SSL_set0_wbio(ch->ssl, gather);
	ch->gathers = true;
	return true;
}

/*
 * After the handshake, unless the kernel decrypts what comes: the socket
 * is read through a buffer (READ_BUFFER_BYTES a read(2) at most), from
 * which OpenSSL takes each record, header then body, without its own
 * read-ahead (on for the handshake: tls_config_new); what waits in the
 * buffer is tls_channel_pending's.
 *
 * OpenSSL 3.0's read-ahead, which this replaces, moves whatever waits
 * behind a record to the front of its buffer before it decrypts the
 * record, to align the record's payload: counted by caller (an
 * LD_PRELOAD wrapper of memcpy and memmove, 256 MiB sent as 4 MiB frames
 * over loopback, read-ahead buffer of eight records), the receiver moved
 * 728 MB that way besides copying the 268 MB out to the caller; through
 * the buffer it copies 268 MB into OpenSSL's records instead.  A
 * read-ahead buffer of one record, a read(2) a record, cost the receiver
 * more on a 2-core VM (0.73-0.82 CPU-seconds a GB, against 0.49-0.70 with
 * eight records), and about what this buffer costs on the H200 machine
 * (bench/tlsbulk's first form, README).
 * false: out of memory.
 */
static bool buffer_reads(struct tls_channel *ch)
{
	bool ktls_send, ktls_receive, asked;
	BIO *socket = SSL_get_rbio(ch->ssl);
	BIO *buffer;

	tls_channel_kernel(ch, &ktls_send, &ktls_receive, &asked);
	if (ktls_receive)
		return true;
	if ((buffer = BIO_new(BIO_f_buffer())) == NULL ||
	    BIO_set_read_buffer_size(buffer, READ_BUFFER_BYTES) != 1 ||
	    BIO_up_ref(socket) != 1) {
		BIO_free(buffer);
		return false;
	}
	BIO_push(buffer, socket);
	/* Drops the channel's own reference to the socket BIO: the buffer
	 * holds the one taken above.  What OpenSSL read ahead during the
	 * handshake is still taken first. */
	SSL_set0_rbio(ch->ssl, buffer);
	SSL_set_read_ahead(ch->ssl, 0);
	return true;
}

/*
 * Whether the handshake on fd is to read each record whole and nothing
 * past it, OpenSSL's read-ahead off: on a stream socket, where what the
 * peer sends after its last handshake record may be no TLS at all (sealed
 * frames, frame_seal.h).  A SOCK_SEQPACKET socket (the unit tests') gives
 * a record whole per read, and would lose the rest of one read by its
 * header alone.
 */
static bool exact_reads(int fd)
{
	int type = 0;
	socklen_t len = sizeof type;

	return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 &&
	    type == SOCK_STREAM;
}

struct tls_channel *tls_channel_open(const struct tls_config *config, int fd,
    const char *host, long ms, enum tls_use use, char *why, size_t why_len)
{
	struct tls_channel *ch = calloc(1, sizeof *ch);
	int flags = fcntl(fd, F_GETFL), err;
	sigset_t old;
	bool held, done;

	ERR_clear_error();
	if (ch == NULL || flags < 0 || (ch->ssl = SSL_new(config->ctx)) == NULL ||
	    SSL_set_fd(ch->ssl, fd) != 1 || fcntl(fd, F_SETFL,
	    flags | O_NONBLOCK) < 0 || (config->side == TLS_CLIENT &&
	    config->has_ca && !expect_host(ch->ssl, host))) {
		snprintf(why, why_len, "cannot start TLS: %s",
		    ch == NULL ? "out of memory" : strerror(errno));
		if (ch != NULL)
			SSL_free(ch->ssl);
		free(ch);
		return NULL;
	}
	ch->fd = fd;
	ch->config = config;
	SSL_set_app_data(ch->ssl, ch);
	if (config->side == TLS_CLIENT && host != NULL) {
		snprintf(ch->host, sizeof ch->host, "%s", host);
		resume(ch);
	}
	if (exact_reads(fd))
		SSL_set_read_ahead(ch->ssl, 0);
	if (use == TLS_FRAMES)
		SSL_clear_options(ch->ssl, SSL_OP_ENABLE_KTLS);
	if (use == TLS_HANDOVER && config->side == TLS_CLIENT) {
		SSL_clear_options(ch->ssl, SSL_OP_ENABLE_KTLS);
		/* 0 is success here. */
		if (SSL_set_alpn_protos(ch->ssl, moves_alpn,
		    sizeof moves_alpn - 1) != 0) {
			snprintf(why, why_len, "cannot start TLS: out of memory");
			tls_channel_close(ch);
			return NULL;
		}
	}
	/* A client's handshake writes with write(2) too (hold_sigpipe). */
	held = config->side == TLS_CLIENT && hold_sigpipe(&old) == 0;
	done = handshake(ch, ms, why, why_len);
	if (held) {
		err = errno;
		release_sigpipe(&old, !done);
		errno = err;
	}
	if (!done || (use != TLS_FRAMES && (!gather_writes(ch) ||
	    !buffer_reads(ch)))) {
		if (done)
			snprintf(why, why_len, "cannot start TLS: out of memory");
		tls_channel_close(ch);
		return NULL;
	}
	peer_certificate_name(ch);
	return ch;
}

void tls_channel_close(struct tls_channel *ch)
{
	/* No close_notify: a record cut short is seen by its record mark, and
	 * a connection handed to another process (the callback connection)
	 * must carry nothing more of this TLS session. */
	if (ch == NULL)
		return;
	SSL_free(ch->ssl);
	free(ch);
}

/* Maps a failed SSL_read/SSL_write to -1 with errno (or 0, closed). */
static ssize_t failed(struct tls_channel *ch, int err, const char *what)
{
	int saved = errno;

	switch (err) {
	case SSL_ERROR_ZERO_RETURN:
		return 0;
	case SSL_ERROR_WANT_READ:
	case SSL_ERROR_WANT_WRITE:
		errno = EAGAIN;
		return -1;
	case SSL_ERROR_SYSCALL:
		ERR_clear_error();
		if (saved == 0)
			return 0;	/* closed without close_notify */
		errno = saved;
		return -1;
	default:
		/* Fatal: OpenSSL answers later calls with less than this. */
		openssl_reason(ch->error, sizeof ch->error, what);
		ch->broken = EPROTO;
		errno = EPROTO;
		return -1;
	}
}

ssize_t tls_channel_recv(struct tls_channel *ch, void *buf, size_t len,
    bool wait)
{
	size_t got;
	int rc, err, n;

	if (ch->broken != 0) {
		errno = ch->broken;
		return -1;
	}
	/* No answer is awaited with the question still gathered here. */
	if (ch->gathers && BIO_wpending(SSL_get_wbio(ch->ssl)) > 0 &&
	    !tls_channel_flush(ch, wait))
		return -1;
	for (;;) {
		errno = 0;
		rc = SSL_read_ex(ch->ssl, buf, len, &got);
		if (rc == 1)
			return (ssize_t)got;
		err = SSL_get_error(ch->ssl, rc);
		if (!wait || (err != SSL_ERROR_WANT_READ &&
		    err != SSL_ERROR_WANT_WRITE))
			return failed(ch, err, "a record that is not TLS");
		n = wait_for(ch->fd, err, socket_timeout(ch->fd, true));
		if (n == 0)
			errno = EAGAIN;
		if (n <= 0)
			return -1;
	}
}

ssize_t tls_channel_send(struct tls_channel *ch, const void *buf, size_t len,
    bool wait)
{
	const char *bytes = buf;
	size_t taken = 0, sent;
	sigset_t old;
	int rc, err, n;
	bool held;
	ssize_t result;

	if (ch->broken != 0) {
		errno = ch->broken;
		return -1;
	}
	/* oncudad ignores SIGPIPE (server/daemon/listen.c): only a client,
	 * inside a program that may not, holds it, and only while OpenSSL
	 * writes with write(2) (kernel TLS: gather_writes). */
	held = ch->config->side == TLS_CLIENT && !ch->gathers &&
	    hold_sigpipe(&old) == 0;

	/* A record a call (SSL_MODE_ENABLE_PARTIAL_WRITE), as many as the
	 * channel takes without waiting, once it has taken one. */
	for (;;) {
		errno = 0;
		rc = SSL_write_ex(ch->ssl, bytes + taken, len - taken, &sent);
		if (rc == 1) {
			taken += sent;
			if (taken < len)
				continue;
			result = (ssize_t)taken;
			break;
		}
		err = SSL_get_error(ch->ssl, rc);
		if (taken > 0 && (err == SSL_ERROR_WANT_READ ||
		    err == SSL_ERROR_WANT_WRITE)) {
			result = (ssize_t)taken;
			break;
		}
		if (!wait || (err != SSL_ERROR_WANT_READ &&
		    err != SSL_ERROR_WANT_WRITE)) {
			result = failed(ch, err, "cannot send");
			if (result == 0) {
				errno = EPIPE;
				result = -1;
			}
			break;
		}
		n = wait_for(ch->fd, err, socket_timeout(ch->fd, false));
		if (n <= 0) {
			if (n == 0)
				errno = EAGAIN;
			result = -1;
			break;
		}
	}
	if (held) {
		err = errno;
		release_sigpipe(&old, result < 0);
		errno = err;
	}
	return result;
}

bool tls_channel_flush(struct tls_channel *ch, bool wait)
{
	BIO *out = SSL_get_wbio(ch->ssl);
	int n;

	if (ch->broken != 0) {
		errno = ch->broken;
		return false;
	}
	if (!ch->gathers)
		return true;
	for (;;) {
		errno = 0;
		if (BIO_flush(out) == 1)
			return true;
		if (!BIO_should_retry(out)) {
			/* Part of a record may have gone: nothing more can. */
			ch->broken = errno != 0 ? errno : EPIPE;
			snprintf(ch->error, sizeof ch->error, "cannot send: %s",
			    strerror(ch->broken));
			errno = ch->broken;
			return false;
		}
		if (!wait) {
			errno = EAGAIN;
			return false;
		}
		n = wait_for(ch->fd, SSL_ERROR_WANT_WRITE,
		    socket_timeout(ch->fd, false));
		if (n <= 0) {
			if (n == 0)
				errno = EAGAIN;
			return false;
		}
	}
}

bool tls_channel_new_ticket(struct tls_channel *ch)
{
	if (ch->config->side != TLS_SERVER || ch->by_psk)
		return false;
	return SSL_new_session_ticket(ch->ssl) == 1;
}

bool tls_channel_resumed(const struct tls_channel *ch)
{
	/* OpenSSL counts a handshake by an external PSK as reused too. */
	return !ch->by_psk && SSL_session_reused(ch->ssl) == 1;
}

bool tls_channel_pending(const struct tls_channel *ch)
{
	return SSL_pending(ch->ssl) > 0 || SSL_has_pending(ch->ssl) ||
	    BIO_pending(SSL_get_rbio(ch->ssl)) > 0;
}

enum tls_side tls_channel_side(const struct tls_channel *ch)
{
	return ch->config->side;
}

int tls_channel_aead(const struct tls_channel *ch)
{
	const SSL_CIPHER *suite = SSL_get_current_cipher(ch->ssl);

	return suite != NULL ? SSL_CIPHER_get_cipher_nid(suite) : NID_undef;
}

bool tls_channel_export(const struct tls_channel *ch, const char *label,
    uint8_t *out, size_t len)
{
	return SSL_export_keying_material(ch->ssl, out, len, label,
	    strlen(label), NULL, 0, 0) == 1;
}

const char *tls_channel_error(const struct tls_channel *ch)
{
	return ch->error[0] != '\0' ? ch->error : "TLS error";
}

const char *tls_channel_peer(const struct tls_channel *ch)
{
	return ch->peer;
}

bool tls_channel_by_psk(const struct tls_channel *ch)
{
	return ch->by_psk;
}

bool tls_channel_named(const struct tls_channel *ch)
{
	return ch->named;
}

void tls_channel_kernel(const struct tls_channel *ch, bool *send,
    bool *receive, bool *asked)
{
	*send = *receive = false;
#ifndef OPENSSL_NO_KTLS
	*send = BIO_get_ktls_send(SSL_get_wbio(ch->ssl)) > 0;
	*receive = BIO_get_ktls_recv(SSL_get_rbio(ch->ssl)) > 0;
#endif
	*asked = (SSL_get_options(ch->ssl) & SSL_OP_ENABLE_KTLS) != 0;
}

void tls_channel_suite(const struct tls_channel *ch, char *buf, size_t len)
{
	snprintf(buf, len, "%s %s, %s", SSL_get_version(ch->ssl),
	    SSL_get_cipher_name(ch->ssl), ch->by_psk ? "PSK" : "X.509");
}

void tls_channel_describe(const struct tls_channel *ch, char *buf, size_t len)
{
	bool ktls_send, ktls_recv, asked;
	char suite[128];

	tls_channel_kernel(ch, &ktls_send, &ktls_recv, &asked);
	tls_channel_suite(ch, suite, sizeof suite);
	snprintf(buf, len, "%s, kernel TLS send %s receive %s%s", suite,
	    ktls_send ? "on" : "off",
	    ktls_recv ? "on" : "off", tls_channel_resumed(ch) ?
	    ", resumed" : "");
}
