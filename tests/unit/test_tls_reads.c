/*
 * test_tls_reads.c -- how a channel reads (common/tls_channel.c): after the
 * handshake, through a buffer of its own, with OpenSSL's read-ahead off.
 *
 * First, a record that came right behind the client's Finished, which the
 * server's handshake read together with it, is the first one the server's
 * channel hands out.  A relay between the two ends holds what the client
 * sends after its first flight until that record has come too, and passes
 * it all on in one write, so that the server's handshake cannot read the
 * Finished alone.
 *
 * Then, records taken from the socket together wait in the channel: it
 * says so (tls_channel_pending) while the socket holds nothing, so that a
 * reader that polled the socket would wait for ever.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/tls_channel.h"
#include "tests/unit/unit_check.h"

#define RECORD_HEADER 5u
#define APPLICATION_DATA 23u
#define RELAY_HOLD_MAX (64u << 10)

struct handshake {
	const struct tls_config *config;
	int fd;
	struct tls_channel *ch;
	char why[256];
};

static void *server_handshake(void *arg)
{
	struct handshake *h = arg;

	h->ch = tls_channel_open(h->config, h->fd, NULL, 10000, false, h->why,
	    sizeof h->why);
	return NULL;
}

/*
 * Between the client (client_fd) and the server (server_fd): the server's
 * bytes pass at once; the client's first record (its ClientHello) too, and
 * the rest is held until two encrypted records (the Finished and the one
 * behind it) are whole, then written in one write; after that everything
 * passes at once.  released: that write was made.
 */
struct relay {
	int client_fd, server_fd;
	unsigned char held[RELAY_HOLD_MAX];
	size_t have;			/* bytes in held */
	size_t parsed;			/* of them, in whole records seen */
	unsigned records, encrypted;
	bool released;
};

static bool write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t put = write(fd, p, n);

		if (put <= 0)
			return false;
		p += put;
		n -= (size_t)put;
	}
	return true;
}

/* Takes what the client sent; false when the relay must stop. */
static bool from_client(struct relay *r, const unsigned char *p, size_t n)
{
	if (r->released)
		return write_all(r->server_fd, p, n);
	if (r->have + n > sizeof r->held)
		return false;
	memcpy(r->held + r->have, p, n);
	r->have += n;
	while (!r->released && r->have - r->parsed >= RECORD_HEADER) {
		const unsigned char *h = r->held + r->parsed;
		size_t len = RECORD_HEADER + ((size_t)h[3] << 8 | h[4]);

		if (r->have - r->parsed < len)
			break;
		r->parsed += len;
		if (h[0] == APPLICATION_DATA)
			r->encrypted++;
		if (r->records++ == 0 || r->encrypted == 2) {
			/* The ClientHello, or the Finished with the record
			 * behind it: on to the server, in one write. */
			if (!write_all(r->server_fd, r->held, r->parsed))
				return false;
			memmove(r->held, r->held + r->parsed,
			    r->have - r->parsed);
			r->have -= r->parsed;
			r->parsed = 0;
			r->released = r->encrypted == 2;
		}
	}
	if (r->released && r->have > 0) {
		if (!write_all(r->server_fd, r->held, r->have))
			return false;
		r->have = 0;
	}
	return true;
}

static void *relay_run(void *arg)
{
	struct relay *r = arg;
	struct pollfd pfd[2] = { { .fd = r->client_fd, .events = POLLIN },
	    { .fd = r->server_fd, .events = POLLIN } };
	unsigned char buf[16384];

	for (;;) {
		ssize_t n;

		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (pfd[0].revents != 0) {
			if ((n = read(r->client_fd, buf, sizeof buf)) <= 0 ||
			    !from_client(r, buf, (size_t)n))
				break;
		}
		if (pfd[1].revents != 0) {
			if ((n = read(r->server_fd, buf, sizeof buf)) <= 0 ||
			    !write_all(r->client_fd, buf, (size_t)n))
				break;
		}
	}
	shutdown(r->client_fd, SHUT_RDWR);
	shutdown(r->server_fd, SHUT_RDWR);
	return NULL;
}

/* Nothing waits in fd's socket now. */
static bool socket_empty(int fd)
{
	char peek;

	return recv(fd, &peek, 1, MSG_PEEK | MSG_DONTWAIT) == -1 &&
	    (errno == EAGAIN || errno == EWOULDBLOCK);
}

static void record_behind_finished(const struct tls_config *client_config,
    const struct tls_config *server_config)
{
	static struct relay r;
	struct handshake h = { .config = server_config };
	int to_client[2], to_server[2];
	pthread_t relay_thread, server_thread;
	struct tls_channel *client;
	char first[] = "the first call", got[64], why[256];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, to_client) != 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, to_server) != 0) {
		CHECK(false);
		return;
	}
	memset(&r, 0, sizeof r);
	r.client_fd = to_client[1];
	r.server_fd = to_server[0];
	h.fd = to_server[1];
	pthread_create(&relay_thread, NULL, relay_run, &r);
	pthread_create(&server_thread, NULL, server_handshake, &h);
	client = tls_channel_open(client_config, to_client[0], NULL, 10000,
	    false, why, sizeof why);
	CHECK(client != NULL);
	if (client != NULL) {
		CHECK_EQ(tls_channel_send(client, first, sizeof first, true),
		    (ssize_t)sizeof first);
		CHECK(tls_channel_flush(client, true));
	}
	pthread_join(server_thread, NULL);
	CHECK(h.ch != NULL);
	if (client != NULL && h.ch != NULL) {
		/* The handshake took the record with the Finished: the
		 * socket is empty, and the record waits in the channel. */
		CHECK(r.released);
		CHECK(socket_empty(to_server[1]));
		CHECK(tls_channel_pending(h.ch));
		CHECK_EQ(tls_channel_recv(h.ch, got, sizeof got, false),
		    (ssize_t)sizeof first);
		CHECK(memcmp(got, first, sizeof first) == 0);
		CHECK(!tls_channel_pending(h.ch));
	}
	tls_channel_close(client);
	tls_channel_close(h.ch);
	close(to_client[0]);
	close(to_server[1]);
	pthread_join(relay_thread, NULL);
	close(to_client[1]);
	close(to_server[0]);
}

static void records_read_together(const struct tls_config *client_config,
    const struct tls_config *server_config)
{
	struct handshake h = { .config = server_config };
	char first[] = "first record", second[] = "second record", got[64];
	char why[256];
	struct tls_channel *client;
	pthread_t thread;
	int fds[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
		CHECK(false);
		return;
	}
	h.fd = fds[1];
	pthread_create(&thread, NULL, server_handshake, &h);
	client = tls_channel_open(client_config, fds[0], NULL, 10000, false,
	    why, sizeof why);
	pthread_join(thread, NULL);
	CHECK(client != NULL && h.ch != NULL);
	if (client != NULL && h.ch != NULL) {
		/* Both records are in the socket before the first is read. */
		CHECK_EQ(tls_channel_send(client, first, sizeof first, true),
		    (ssize_t)sizeof first);
		CHECK(tls_channel_flush(client, true));
		CHECK_EQ(tls_channel_send(client, second, sizeof second, true),
		    (ssize_t)sizeof second);
		CHECK(tls_channel_flush(client, true));
		CHECK(!tls_channel_pending(h.ch));
		CHECK_EQ(tls_channel_recv(h.ch, got, sizeof first, true),
		    (ssize_t)sizeof first);
		CHECK(memcmp(got, first, sizeof first) == 0);
		CHECK(socket_empty(fds[1]));
		CHECK(tls_channel_pending(h.ch));
		CHECK_EQ(tls_channel_recv(h.ch, got, sizeof got, false),
		    (ssize_t)sizeof second);
		CHECK(memcmp(got, second, sizeof second) == 0);
		CHECK(!tls_channel_pending(h.ch));
	}
	tls_channel_close(client);
	tls_channel_close(h.ch);
	close(fds[0]);
	close(fds[1]);
}

int main(void)
{
	struct tls_psk psk = { .name = "" };
	struct tls_credentials cred = { .psks = &psk, .psk_count = 1 };
	struct tls_config *client_config, *server_config;
	char why[256];

	/* A socketpair has no kernel TLS to ask for. */
	setenv("ONCUDA_KTLS", "0", 1);
	memset(psk.key, 0x3c, sizeof psk.key);
	client_config = tls_config_new(TLS_CLIENT, &cred, why, sizeof why);
	server_config = tls_config_new(TLS_SERVER, &cred, why, sizeof why);
	if (client_config == NULL || server_config == NULL) {
		fprintf(stderr, "test_tls_reads: cannot set up: %s\n", why);
		return 1;
	}
	record_behind_finished(client_config, server_config);
	records_read_together(client_config, server_config);
	tls_config_free(client_config);
	tls_config_free(server_config);
	return unit_report("test_tls_reads");
}
