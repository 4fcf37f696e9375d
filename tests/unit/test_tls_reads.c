/*
 * test_tls_reads.c -- how a channel reads (common/tls_channel.c): after the
 * handshake, through a buffer of its own, with OpenSSL's read-ahead off.
 *
 * First, on a stream socket the handshake reads exactly its own records: a
 * record that came right behind the client's Finished, in the same write,
 * is still in the server's socket when its handshake is done (a data
 * connection's peer sends sealed frames there, no TLS: frame_seal.h), and
 * is the first one the server's channel hands out.  A relay between the
 * two ends holds what the client sends after its first flight until that
 * record has come too, and passes it all on in one write, so that the
 * server's handshake could read it with the Finished.
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
#include "tests/unit/tls_pair.h"
#include "tests/unit/unit_check.h"

#define RECORD_HEADER 5u
#define APPLICATION_DATA 23u
#define RELAY_HOLD_MAX (64u << 10)

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

/* One record of len bytes, written at once. */
static void send_record(struct tls_channel *client, const char *text,
    size_t len)
{
	CHECK_EQ(tls_channel_send(client, text, len, true), (ssize_t)len);
	CHECK(tls_channel_flush(client, true));
}

/* The record of len bytes the channel holds (pending, not in its
 * socket), and nothing after it. */
static void take_record(struct tls_channel *server, const char *text,
    size_t len)
{
	char got[64];

	CHECK(tls_channel_pending(server));
	CHECK_EQ(tls_channel_recv(server, got, sizeof got, false),
	    (ssize_t)len);
	CHECK(memcmp(got, text, len) == 0);
	CHECK(!tls_channel_pending(server));
}

static void record_behind_finished(const struct tls_config *client_config,
    const struct tls_config *server_config)
{
	static struct relay r;
	struct tls_pair_server s;
	int to_client[2], to_server[2];
	pthread_t relay_thread;
	struct tls_channel *client, *server;
	char first[] = "the first call", why[256], got[64];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, to_client) != 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, to_server) != 0) {
		CHECK(false);
		return;
	}
	memset(&r, 0, sizeof r);
	r.client_fd = to_client[1];
	r.server_fd = to_server[0];
	pthread_create(&relay_thread, NULL, relay_run, &r);
	tls_pair_server_begin(&s, server_config, to_server[1], TLS_RECORDS);
	client = tls_channel_open(client_config, to_client[0], NULL, 10000,
	    TLS_RECORDS, why, sizeof why);
	CHECK(client != NULL);
	if (client != NULL)
		send_record(client, first, sizeof first);
	server = tls_pair_server_end(&s);
	CHECK(server != NULL);
	if (client != NULL && server != NULL) {
		/* The handshake left the record behind the Finished in the
		 * socket; the channel's first read takes it. */
		CHECK(r.released);
		CHECK(!socket_empty(to_server[1]));
		CHECK(!tls_channel_pending(server));
		CHECK_EQ(tls_channel_recv(server, got, sizeof got, true),
		    (ssize_t)sizeof first);
		CHECK(memcmp(got, first, sizeof first) == 0);
		CHECK(!tls_channel_pending(server));
	}
	tls_channel_close(client);
	tls_channel_close(server);
	close(to_client[0]);
	close(to_server[1]);
	pthread_join(relay_thread, NULL);
	close(to_client[1]);
	close(to_server[0]);
}

static void records_read_together(const struct tls_config *client_config,
    const struct tls_config *server_config)
{
	char first[] = "first record", second[] = "second record", got[64];
	struct tls_channel *client, *server;
	int fds[2];

	client = tls_pair_open(SOCK_STREAM, fds, client_config, server_config,
	    &server);
	CHECK(client != NULL && server != NULL);
	if (client != NULL && server != NULL) {
		/* Both records are in the socket before the first is read. */
		send_record(client, first, sizeof first);
		send_record(client, second, sizeof second);
		CHECK(!tls_channel_pending(server));
		CHECK_EQ(tls_channel_recv(server, got, sizeof first, true),
		    (ssize_t)sizeof first);
		CHECK(memcmp(got, first, sizeof first) == 0);
		CHECK(socket_empty(fds[1]));
		take_record(server, second, sizeof second);
	}
	tls_channel_close(client);
	tls_channel_close(server);
	close(fds[0]);
	close(fds[1]);
}

int main(void)
{
	struct tls_config *client_config, *server_config;

	if (!tls_pair_configs("test_tls_reads", 0x3c, &client_config,
	    &server_config))
		return 1;
	record_behind_finished(client_config, server_config);
	records_read_together(client_config, server_config);
	tls_config_free(client_config);
	tls_config_free(server_config);
	return unit_report("test_tls_reads");
}
