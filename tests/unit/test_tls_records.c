/*
 * test_tls_records.c -- what a record of common/xprt_record.c becomes
 * inside TLS (common/tls_channel.c): a call and the records queued ahead
 * of it, or a call's header and its 4 KiB of data, are one TLS record,
 * not a record for each piece of the message (each a write(2) of its own
 * and a wake-up of the peer); large data fills 16 KiB records.
 *
 * Both ends over a socketpair, the key as PSK; the server end does the
 * handshake and is then left alone, and the test reads the raw bytes it
 * would have read and counts their TLS records by their headers.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/tls_channel.h"
#include "common/xprt_record.h"
#include "tests/unit/unit_check.h"

#define RECORD_HEADER 5u
#define APPLICATION_DATA 23u
/* TLS 1.3 adds its content type byte and AES-GCM's 16-byte tag. */
#define RECORD_OVERHEAD 17u
#define RECORD_DATA_MAX 16384u

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

static void read_all(int fd, unsigned char *p, size_t n)
{
	while (n > 0) {
		ssize_t got = read(fd, p, n);

		if (got <= 0) {
			CHECK(got > 0);
			return;
		}
		p += got;
		n -= (size_t)got;
	}
}

/* Reads what carries `plain` bytes of application data from fd (the raw
 * TLS records) and returns how many records it took. */
static unsigned count_records(int fd, size_t plain)
{
	unsigned char header[RECORD_HEADER], *body;
	unsigned records = 0;
	size_t len;

	while (plain > 0) {
		read_all(fd, header, sizeof header);
		CHECK_EQ(header[0], APPLICATION_DATA);
		len = (size_t)header[3] << 8 | header[4];
		if (header[0] != APPLICATION_DATA || len <= RECORD_OVERHEAD ||
		    len - RECORD_OVERHEAD > plain || (body = malloc(len)) == NULL)
			return 0;
		read_all(fd, body, len);
		free(body);
		plain -= len - RECORD_OVERHEAD;
		records++;
	}
	return records;
}

/* Encodes one record of `words` 4-byte words and `bytes` bytes of data
 * after them (pointed to, from 4 KiB on), queued or shipped; returns the
 * bytes it takes on the stream, its record mark included. */
static size_t encode(struct record_stream *rs, unsigned words,
    const char *data, u_int bytes, bool ship)
{
	u_int word = 0x01020304;

	CHECK(record_begin(rs));
	for (unsigned i = 0; i < words; i++)
		CHECK(xdr_u_int(&rs->xdr, &word));
	if (bytes > 0)
		CHECK(xdr_opaque(&rs->xdr, (char *)(uintptr_t)data, bytes));
	CHECK(record_end(rs, ship));
	return 4 + 4 * (size_t)words + ((bytes + 3u) & ~3u);
}

int main(void)
{
	struct tls_psk psk = { .name = "" };
	struct tls_credentials cred = { .psks = &psk, .psk_count = 1 };
	struct handshake server = { .ch = NULL };
	struct tls_config *client_config, *server_config;
	struct tls_channel *client;
	struct record_stream rs;
	pthread_t thread;
	size_t sent, big = 64u << 10;
	char why[256], *data;
	int fds[2];

	/* A socketpair has no kernel TLS to ask for. */
	setenv("ONCUDA_KTLS", "0", 1);
	memset(psk.key, 0x5a, sizeof psk.key);
	client_config = tls_config_new(TLS_CLIENT, &cred, why, sizeof why);
	server_config = tls_config_new(TLS_SERVER, &cred, why, sizeof why);
	data = calloc(1, big);
	if (client_config == NULL || server_config == NULL || data == NULL ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
		fprintf(stderr, "test_tls_records: cannot set up: %s\n", why);
		return 1;
	}
	server.config = server_config;
	server.fd = fds[1];
	pthread_create(&thread, NULL, server_handshake, &server);
	client = tls_channel_open(client_config, fds[0], NULL, 10000, false,
	    why, sizeof why);
	/* The server end has read the client's Finished, and nothing after
	 * it, before the client sends a record. */
	pthread_join(thread, NULL);
	if (client == NULL || server.ch == NULL || !record_init(&rs, fds[0])) {
		fprintf(stderr, "test_tls_records: no TLS session: %s %s\n",
		    why, server.why);
		return 1;
	}
	rs.tls = client;

	/* A one-way call queued, then a call: one TLS record. */
	sent = encode(&rs, 20, NULL, 0, false);
	sent += encode(&rs, 10, NULL, 0, true);
	CHECK_EQ(count_records(fds[1], sent), 1);

	/* A call with 4 KiB of data from the program's memory, pointed to
	 * (XPRT_DIRECT_MIN): one TLS record with its header. */
	sent = encode(&rs, 12, data, 4096, true);
	CHECK_EQ(count_records(fds[1], sent), 1);

	/* 64 KiB: full records, the header in the first. */
	sent = encode(&rs, 12, data, (u_int)big, true);
	CHECK_EQ(count_records(fds[1], sent),
	    (sent + RECORD_DATA_MAX - 1) / RECORD_DATA_MAX);

	record_free(&rs);
	tls_channel_close(client);
	tls_channel_close(server.ch);
	tls_config_free(client_config);
	tls_config_free(server_config);
	close(fds[0]);
	close(fds[1]);
	free(data);
	return unit_report("test_tls_records");
}
