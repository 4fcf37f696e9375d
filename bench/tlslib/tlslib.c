/*
 * tlslib.c -- OpenSSL against GnuTLS for oncuda's TLS (issue 18).
 *
 *   bench/tlslib/tlslib [-m MIB] [-n HANDSHAKES] [-r ROUNDS]
 *
 * For each library, each on both ends of loopback TCP connections (a
 * server thread and this one): TLS 1.3 handshakes by the external PSK
 * (AES-128-GCM, the suite of oncuda's PSK) and by a self-signed ECDSA
 * P-256 certificate (AES-128-GCM and AES-256-GCM), each a fresh TCP
 * connection, timed from the client's first handshake call to the
 * server's first byte after it (median and fastest of HANDSHAKES, default
 * 200); then MIB MiB (default 1024) pushed one way over one connection in
 * writes of 4 MiB, as oncuda writes a copy's chunks, timed until the
 * server has read them all and said so (median and best of ROUNDS,
 * default 3).  Both libraries run in user space (no kernel TLS), without
 * session tickets.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bench/tlslib/tlslib.h"

#define CHUNK (4u << 20)	/* oncuda's copy chunk (ONCUDA_CHUNK_DEFAULT) */

struct run {
	const struct tb_lib *lib;
	void *ctx;		/* the server's */
	int listen_fd;
	int handshakes;
	int rounds;
	size_t bytes;
	bool ok;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void no_delay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

/* A listening socket on 127.0.0.1, its port in *port. */
static int listen_loopback(unsigned short *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) != 0 ||
	    listen(fd, 16) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
		perror("tlslib: listen");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	*port = ntohs(a.sin_port);
	return fd;
}

static int dial(unsigned short port)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
	    .sin_port = htons(port) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
		perror("tlslib: connect");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	no_delay(fd);
	return fd;
}

/* Reads until the peer closes, so that closing here resets nothing. */
static void drain(const struct tb_lib *lib, void *s)
{
	char b[256];

	while (lib->recv(s, b, sizeof(b)) > 0)
		;
}

/* One server connection: a handshake, a byte, then bulk bytes to read
 * (0 for a handshake only) and a byte to say they came. */
static bool serve_one(struct run *r, size_t bulk, char *buf)
{
	int fd = accept(r->listen_fd, NULL, NULL);
	bool ok = false, acknowledge = bulk > 0;
	void *s;

	if (fd < 0)
		return false;
	no_delay(fd);
	if ((s = r->lib->handshake(r->ctx, fd, true)) == NULL)
		goto out;
	ok = r->lib->send(s, "k", 1);
	while (ok && bulk > 0) {
		long got = r->lib->recv(s, buf, bulk < CHUNK ? bulk : CHUNK);

		ok = got > 0;
		bulk -= ok ? (size_t)got : 0;
	}
	if (ok && acknowledge)
		ok = r->lib->send(s, "k", 1);
	drain(r->lib, s);
	r->lib->session_free(s);
out:
	close(fd);
	return ok;
}

static void *serve(void *arg)
{
	struct run *r = arg;
	char *buf = malloc(CHUNK);
	bool ok = buf != NULL;

	for (int i = 0; ok && i < r->handshakes; i++)
		ok = serve_one(r, 0, buf);
	for (int i = 0; ok && i < r->rounds; i++)
		ok = serve_one(r, r->bytes, buf);
	free(buf);
	r->ok = ok;
	return NULL;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The client side of one connection: seconds of its handshake (to the
 * server's first byte) in *hs, of its bulk bytes (to the server's word
 * that they came) in *bulk_s; the suite's name in suite. */
static bool client_one(const struct run *r, void *ctx, unsigned short port,
    size_t bulk, const char *buf, double *hs, double *bulk_s,
    char *suite, size_t suite_size)
{
	int fd = dial(port);
	double t0;
	char b;
	void *s;
	bool ok;

	if (fd < 0)
		return false;
	t0 = now();
	if ((s = r->lib->handshake(ctx, fd, false)) == NULL) {
		close(fd);
		return false;
	}
	ok = r->lib->recv(s, &b, 1) == 1;
	*hs = now() - t0;
	snprintf(suite, suite_size, "%s", r->lib->suite(s));
	if (ok && bulk > 0) {
		t0 = now();
		for (size_t done = 0; ok && done < bulk; done += CHUNK)
			ok = r->lib->send(s, buf, bulk - done < CHUNK ?
			    bulk - done : CHUNK);
		ok = ok && r->lib->recv(s, &b, 1) == 1;
		*bulk_s = now() - t0;
	}
	r->lib->session_free(s);
	close(fd);
	return ok;
}

/* One library and setup: a line of figures, false on a failure. */
static bool measure(const struct tb_lib *lib, const struct tb_setup *t,
    const char *label, int handshakes, int rounds, size_t bytes)
{
	struct run r = { .lib = lib, .handshakes = handshakes,
	    .rounds = rounds, .bytes = bytes };
	double *hs = calloc((size_t)handshakes + (size_t)rounds, sizeof(*hs));
	double *gbs = calloc((size_t)rounds, sizeof(*gbs));
	char *buf = malloc(CHUNK), suite[64] = "?";
	unsigned short port;
	void *cctx = NULL;
	pthread_t th;
	bool ok = false;
	double secs = 0;

	if (hs == NULL || gbs == NULL || buf == NULL)
		goto out;
	memset(buf, 0x5a, CHUNK);
	r.ctx = lib->context(t, true);
	cctx = lib->context(t, false);
	if (r.ctx == NULL || cctx == NULL ||
	    (r.listen_fd = listen_loopback(&port)) < 0)
		goto out;
	if (pthread_create(&th, NULL, serve, &r) != 0)
		goto out_listen;
	ok = true;
	for (int i = 0; ok && i < handshakes; i++)
		ok = client_one(&r, cctx, port, 0, buf, &hs[i], &secs, suite,
		    sizeof(suite));
	for (int i = 0; ok && i < rounds; i++) {
		ok = client_one(&r, cctx, port, bytes, buf, &hs[handshakes + i],
		    &secs, suite, sizeof(suite));
		gbs[i] = (double)bytes / secs / 1e9;
	}
	if (!ok)
		shutdown(r.listen_fd, SHUT_RDWR);
	pthread_join(th, NULL);
	ok = ok && r.ok;
	if (ok) {
		qsort(hs, (size_t)handshakes, sizeof(*hs), by_value);
		qsort(gbs, (size_t)rounds, sizeof(*gbs), by_value);
		printf("%-16s %-5s %-24s %9.0f %9.0f %8.2f %8.2f\n",
		    lib->name, label, suite, hs[handshakes / 2] * 1e6,
		    hs[0] * 1e6, gbs[rounds / 2], gbs[rounds - 1]);
		fflush(stdout);
	} else
		fprintf(stderr, "tlslib: %s %s failed\n", lib->name, label);
out_listen:
	close(r.listen_fd);
out:
	if (r.ctx != NULL)
		lib->context_free(r.ctx);
	if (cctx != NULL)
		lib->context_free(cctx);
	free(hs);
	free(gbs);
	free(buf);
	return ok;
}

static void usage(void)
{
	fprintf(stderr, "usage: tlslib [-m MIB] [-n HANDSHAKES] "
	    "[-r ROUNDS]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct tb_lib *libs[] = { &tb_openssl, &tb_gnutls };
	struct tb_setup psk = { .auth = TB_PSK, .suite = TB_AES_128_GCM };
	struct tb_setup cert128 = { .auth = TB_CERT,
	    .suite = TB_AES_128_GCM };
	struct tb_setup cert256 = { .auth = TB_CERT,
	    .suite = TB_AES_256_GCM };
	int handshakes = 200, rounds = 3, c, failed = 0;
	size_t mib = 1024;
	char *cert, *key;

	while ((c = getopt(argc, argv, "m:n:r:")) != -1) {
		switch (c) {
		case 'm':
			mib = strtoul(optarg, NULL, 10);
			break;
		case 'n':
			handshakes = atoi(optarg);
			break;
		case 'r':
			rounds = atoi(optarg);
			break;
		default:
			usage();
		}
	}
	if (mib == 0 || handshakes < 1 || rounds < 1 || optind != argc)
		usage();
	signal(SIGPIPE, SIG_IGN);
	for (size_t i = 0; i < sizeof(psk.psk); i++)
		psk.psk[i] = (unsigned char)(i * 7 + 1);
	if (!tb_make_cert(&cert, &key)) {
		fprintf(stderr, "tlslib: cannot make a certificate\n");
		return 1;
	}
	cert128.cert_pem = cert256.cert_pem = cert;
	cert128.key_pem = cert256.key_pem = key;

	printf("# TLS 1.3 on loopback TCP, %d handshakes, %d rounds of %zu "
	    "MiB in writes of %u MiB\n", handshakes, rounds, mib,
	    CHUNK >> 20);
	printf("%-16s %-5s %-24s %9s %9s %8s %8s\n", "# library", "auth",
	    "suite", "hs_us_med", "hs_us_min", "GB/s_med", "GB/s_max");
	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		failed += !measure(libs[i], &psk, "psk", handshakes, rounds,
		    mib << 20);
		failed += !measure(libs[i], &cert128, "cert", handshakes,
		    rounds, mib << 20);
		failed += !measure(libs[i], &cert256, "cert", handshakes,
		    rounds, mib << 20);
	}
	free(cert);
	free(key);
	return failed > 0;
}
