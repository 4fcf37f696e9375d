/*
 * bench/tlsbulk.c -- what moving a copy's bytes inside TLS costs, apart from
 * everything else a copy does (issue 18).
 *
 *   bench/tlsbulk [-p] [-n CONNECTIONS] [-f FRAMES] [-r RUNS]
 *
 * The frames of a striped copy (common/stripe_io.c) as a data connection
 * inside TLS carries them: a TLS handshake of oncuda's own channel
 * (common/tls_channel.c, the key as PSK), then frames sealed with keys of
 * that session (common/frame_seal.c), at both ends of CONNECTIONS
 * loopback TCP connections (default 8) in one process: one thread an end
 * each, FRAMES frames of 4 MiB a connection (default 64).  Each run prints the bytes
 * moved per second by all connections together, and the CPU time each end
 * spent a GB, from each thread's own CPU clock: what a receiver and a
 * sender pay for every byte, whatever else shares the machine.  -p: the
 * same in clear, for comparison.  Nothing here touches a GPU.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "bench/measure.h"
#include "common/frame_seal.h"
#include "common/stripe_io.h"
#include "common/tls_channel.h"

#define FRAME_BYTES (4u << 20)
#define CONNECTIONS_MAX 64
#define HANDSHAKE_MS 10000

struct options {
	bool plain;
	unsigned connections, frames, runs;
};

/* One connection's two ends, each run by a thread of its own. */
struct connection {
	const struct options *o;
	struct tls_config *client_config, *server_config;
	int listen_fd, port;
	pthread_barrier_t *start;
	double receiver_cpu, sender_cpu;	/* seconds */
	bool receiver_ok, sender_ok;		/* each written by its own end */
};

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The TLS handshake on fd, then the seal of its frames; NULL with why. */
static struct frame_seal *sealed(const struct tls_config *config, int fd,
    const char *host, char *why, size_t why_len)
{
	struct tls_channel *tls = tls_channel_open(config, fd, host,
	    HANDSHAKE_MS, TLS_FRAMES, why, why_len);
	struct frame_seal *seal;

	if (tls == NULL)
		return NULL;
	seal = frame_seal_from_tls(tls, why, why_len);
	tls_channel_close(tls);
	return seal;
}

static void *receive(void *arg)
{
	struct connection *c = arg;
	struct frame_seal *seal = NULL;
	struct stripe_deadline d;
	struct stripe_frame f;
	char why[256] = "", *buf = malloc(FRAME_BYTES);
	int fd = accept(c->listen_fd, NULL, NULL);
	double start;

	if (fd < 0)
		snprintf(why, sizeof why, "accept: %s", strerror(errno));
	else if (buf == NULL)
		snprintf(why, sizeof why, "out of memory");
	else if (!c->o->plain)
		seal = sealed(c->server_config, fd, NULL, why, sizeof why);
	c->receiver_ok = why[0] == '\0';
	if (!c->receiver_ok)
		fprintf(stderr, "tlsbulk: receiver: %s\n", why);
	else
		memset(buf, 0, FRAME_BYTES);
	pthread_barrier_wait(c->start);
	start = thread_cpu();
	for (unsigned i = 0; c->receiver_ok && i < c->o->frames; i++) {
		stripe_deadline_start(&d, 0);
		if (!stripe_read_header(fd, seal, &f, &d) ||
		    f.length != FRAME_BYTES ||
		    !stripe_read_bytes(fd, seal, buf, FRAME_BYTES, &d)) {
			fprintf(stderr, "tlsbulk: a frame did not come whole\n");
			c->receiver_ok = false;
		}
	}
	c->receiver_cpu = thread_cpu() - start;
	frame_seal_free(seal);
	if (fd >= 0)
		close(fd);
	free(buf);
	return NULL;
}

static void *send_frames(void *arg)
{
	struct connection *c = arg;
	struct sockaddr_in to = { .sin_family = AF_INET,
	    .sin_port = htons((uint16_t)c->port),
	    .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct frame_seal *seal = NULL;
	char why[256] = "", *buf = malloc(FRAME_BYTES);
	int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
	double start;

	/* Connected before anything else can fail, so that the receiver's
	 * accept() returns. */
	if (fd < 0 || connect(fd, (struct sockaddr *)&to, sizeof to) != 0)
		snprintf(why, sizeof why, "connect: %s", strerror(errno));
	else if (buf == NULL)
		snprintf(why, sizeof why, "out of memory");
	else if (setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one,
	    sizeof one) != 0)
		snprintf(why, sizeof why, "TCP_NODELAY: %s", strerror(errno));
	else if (!c->o->plain)
		seal = sealed(c->client_config, fd, "127.0.0.1", why,
		    sizeof why);
	c->sender_ok = why[0] == '\0';
	if (!c->sender_ok)
		fprintf(stderr, "tlsbulk: sender: %s\n", why);
	else
		memset(buf, 0x5a, FRAME_BYTES);
	pthread_barrier_wait(c->start);
	start = thread_cpu();
	for (unsigned i = 0; c->sender_ok && i < c->o->frames; i++) {
		struct stripe_frame f = { 1, 0, (uint64_t)i * FRAME_BYTES,
		    FRAME_BYTES };

		if (!stripe_send_frame(fd, seal, &f, buf, 0)) {
			fprintf(stderr, "tlsbulk: a frame could not be sent\n");
			c->sender_ok = false;
		}
	}
	c->sender_cpu = thread_cpu() - start;
	frame_seal_free(seal);
	if (fd >= 0)
		close(fd);
	free(buf);
	return NULL;
}

/* A listening socket on the loopback address; its port in *port. */
static int listen_loopback(int *port)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
	    .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof a;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0 ||
	    listen(fd, 1) != 0) {
		perror("tlsbulk: listen");
		exit(1);
	}
	*port = ntohs(a.sin_port);
	return fd;
}

/* One run over every connection; false when one failed. */
static bool run(const struct options *o, struct tls_config *client_config,
    struct tls_config *server_config)
{
	static struct connection c[CONNECTIONS_MAX];
	pthread_t receivers[CONNECTIONS_MAX], senders[CONNECTIONS_MAX];
	pthread_barrier_t start;
	double began, seconds, gb, receiver = 0, sender = 0;
	bool ok = true;

	pthread_barrier_init(&start, NULL, 2 * o->connections + 1);
	for (unsigned i = 0; i < o->connections; i++) {
		c[i] = (struct connection){ .o = o, .start = &start,
		    .client_config = client_config,
		    .server_config = server_config };
		c[i].listen_fd = listen_loopback(&c[i].port);
		pthread_create(&receivers[i], NULL, receive, &c[i]);
		pthread_create(&senders[i], NULL, send_frames, &c[i]);
	}
	pthread_barrier_wait(&start);
	began = now_seconds();
	for (unsigned i = 0; i < o->connections; i++) {
		pthread_join(receivers[i], NULL);
		pthread_join(senders[i], NULL);
		close(c[i].listen_fd);
		ok &= c[i].receiver_ok && c[i].sender_ok;
		receiver += c[i].receiver_cpu;
		sender += c[i].sender_cpu;
	}
	seconds = now_seconds() - began;
	pthread_barrier_destroy(&start);
	gb = (double)o->frames * FRAME_BYTES / 1e9;
	if (ok)
		printf("result\t%s\t%u connections\t%.2f GB/s\treceiver %.3f "
		    "CPU-s/GB\tsender %.3f CPU-s/GB\n", o->plain ? "plain" :
		    "tls", o->connections, gb * o->connections / seconds,
		    receiver / o->connections / gb, sender / o->connections / gb);
	return ok;
}

static unsigned number(const char *text, unsigned max)
{
	char *end;
	unsigned long n = strtoul(text, &end, 10);

	if (*text == '\0' || *end != '\0' || n < 1 || n > max) {
		fprintf(stderr, "tlsbulk: %s is not a number from 1 to %u\n",
		    text, max);
		exit(2);
	}
	return (unsigned)n;
}

int main(int argc, char **argv)
{
	struct options o = { false, 8, 64, 3 };
	struct tls_psk psk = { .name = "" };
	struct tls_credentials cred = { .psks = &psk, .psk_count = 1 };
	struct tls_config *client_config, *server_config;
	char why[256];
	int opt;

	while ((opt = getopt(argc, argv, "pn:f:r:")) != -1) {
		switch (opt) {
		case 'p': o.plain = true; break;
		case 'n': o.connections = number(optarg, CONNECTIONS_MAX); break;
		case 'f': o.frames = number(optarg, 1u << 20); break;
		case 'r': o.runs = number(optarg, 1000); break;
		default:
			fprintf(stderr, "usage: bench/tlsbulk [-p] [-n "
			    "CONNECTIONS] [-f FRAMES] [-r RUNS]\n");
			return 2;
		}
	}
	/* Loopback: no kernel TLS to ask for, and the user-space path is
	 * what is measured. */
	setenv("ONCUDA_KTLS", "0", 1);
	memset(psk.key, 0x42, sizeof psk.key);
	client_config = tls_config_new(TLS_CLIENT, &cred, why, sizeof why);
	server_config = tls_config_new(TLS_SERVER, &cred, why, sizeof why);
	if (client_config == NULL || server_config == NULL) {
		fprintf(stderr, "tlsbulk: %s\n", why);
		return 1;
	}
	printf("info\tplan\t%u runs of %u frames of 4 MiB on each of %u "
	    "loopback connections, %s\n", o.runs, o.frames, o.connections,
	    o.plain ? "in clear" : "inside TLS 1.3 (PSK)");
	for (unsigned r = 0; r < o.runs; r++)
		if (!run(&o, client_config, server_config))
			return 1;
	tls_config_free(client_config);
	tls_config_free(server_config);
	return 0;
}
