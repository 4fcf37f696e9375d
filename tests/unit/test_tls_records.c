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
 *
 * Then how records are written: over a SOCK_SEQPACKET socketpair, where
 * each write(2) of the sender is one packet, a call is one write and 1 MiB
 * of data a few (records gathered several to a write, not a write each);
 * and over a stream socketpair whose sender's buffer is small, a record
 * sent under a deadline (non-blocking writes, the channel flushed when the
 * socket drains) reaches the peer's channel whole and unchanged.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/tls_channel.h"
#include "common/xprt_record.h"
#include "tests/unit/tls_pair.h"
#include "tests/unit/unit_check.h"

#define RECORD_HEADER 5u
#define APPLICATION_DATA 23u
/* TLS 1.3 adds its content type byte and AES-GCM's 16-byte tag. */
#define RECORD_OVERHEAD 17u
#define RECORD_DATA_MAX 16384u
/* Larger than any write of the sender. */
#define PACKET_MAX (256u << 10)

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

/* The sender's writes, as a reader thread takes them off a SOCK_SEQPACKET
 * socket, until `plain` bytes of application data have come. */
struct packets {
	int fd;
	size_t plain;
	unsigned count;
	bool ok;
};

static void *read_packets(void *arg)
{
	struct packets *p = arg;
	unsigned char *buf = malloc(PACKET_MAX), header[RECORD_HEADER];
	size_t have = 0, body_left = 0, len, take;
	ssize_t n;

	/* The server's channel made it non-blocking; the test waits. */
	p->ok = buf != NULL && fcntl(p->fd, F_SETFL, 0) == 0;
	while (p->ok && (p->plain > 0 || body_left > 0)) {
		if ((n = recv(p->fd, buf, PACKET_MAX, 0)) <= 0) {
			p->ok = false;
			break;
		}
		p->count++;
		for (size_t i = 0; i < (size_t)n && p->ok;) {
			if (body_left > 0) {
				take = (size_t)n - i < body_left ?
				    (size_t)n - i : body_left;
				body_left -= take;
				i += take;
				continue;
			}
			header[have++] = buf[i++];
			if (have < RECORD_HEADER)
				continue;
			have = 0;
			len = (size_t)header[3] << 8 | header[4];
			p->ok = header[0] == APPLICATION_DATA &&
			    len > RECORD_OVERHEAD &&
			    len - RECORD_OVERHEAD <= p->plain;
			if (p->ok) {
				p->plain -= len - RECORD_OVERHEAD;
				body_left = len;
			}
		}
	}
	free(buf);
	return NULL;
}

/* What the peer's channel decrypts: `len` bytes into `bytes`. */
struct receiver {
	struct tls_channel *ch;
	unsigned char *bytes;
	size_t len;
	bool ok;
};

static void *receive_all(void *arg)
{
	struct receiver *r = arg;
	size_t at = 0;
	ssize_t n;

	while (at < r->len && (n = tls_channel_recv(r->ch, r->bytes + at,
	    r->len - at, true)) > 0)
		at += (size_t)n;
	r->ok = at == r->len;
	return NULL;
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
	struct tls_config *client_config, *server_config;
	struct tls_channel *client, *server;
	struct record_stream rs;
	pthread_t thread;
	size_t sent, big = 64u << 10;
	char *data;
	int fds[2];

	if (!tls_pair_configs("test_tls_records", 0x5a, &client_config,
	    &server_config))
		return 1;
	if ((data = calloc(1, 1u << 20)) == NULL) {
		fprintf(stderr, "test_tls_records: out of memory\n");
		return 1;
	}
	/* The server end has read the client's Finished, and nothing after
	 * it, before the client sends a record. */
	client = tls_pair_open(SOCK_STREAM, fds, client_config, server_config,
	    &server);
	if (client == NULL || server == NULL || !record_init(&rs, fds[0]))
		return 1;
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
	tls_channel_close(server);
	close(fds[0]);
	close(fds[1]);

	/* Each write(2) a packet: a call is one; 1 MiB of data, 65 records,
	 * is at most nine (eight records to a write), not a write a record. */
	big = 1u << 20;
	client = tls_pair_open(SOCK_SEQPACKET, fds, client_config, server_config,
	    &server);
	if (client == NULL || server == NULL ||
	    !record_init(&rs, fds[0])) {
		fprintf(stderr, "test_tls_records: cannot set up the packets\n");
		return 1;
	}
	memset(data, 0xa5, big);
	rs.tls = client;
	{
		struct packets packets = { .fd = fds[1] };

		packets.plain = encode(&rs, 10, NULL, 0, true);
		read_packets(&packets);
		CHECK(packets.ok);
		CHECK_EQ(packets.count, 1);

		/* Read while it is written: the socket holds one write. */
		packets = (struct packets){ .fd = fds[1],
		    .plain = 4 + 4 * 12 + big };
		pthread_create(&thread, NULL, read_packets, &packets);
		sent = encode(&rs, 12, data, (u_int)big, true);
		pthread_join(thread, NULL);
		CHECK_EQ(sent, 4 + 4 * 12 + big);
		CHECK(packets.ok);
		CHECK(packets.count > 1);
		CHECK(packets.count <= 9);
	}
	record_free(&rs);
	tls_channel_close(client);
	tls_channel_close(server);
	close(fds[0]);
	close(fds[1]);

	/* Under a deadline, into a small socket buffer: the writes find it
	 * full, the channel keeps what it gathered until the socket drains,
	 * and the peer decrypts the record whole. */
	client = tls_pair_open(SOCK_STREAM, fds, client_config, server_config,
	    &server);
	{
		int small = 16384;
		struct receiver r = { .ch = server, .len = 4 + 4 * 12 + big };

		r.bytes = malloc(r.len);
		if (client == NULL || server == NULL || r.bytes == NULL ||
		    setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &small,
		    sizeof small) != 0 || !record_init(&rs, fds[0])) {
			fprintf(stderr, "test_tls_records: cannot set up the "
			    "deadline\n");
			return 1;
		}
		for (size_t i = 0; i < big; i++)
			data[i] = (char)(i * 7 + i / 4096);
		rs.tls = client;
		record_set_deadline(&rs, 10000);
		pthread_create(&thread, NULL, receive_all, &r);
		sent = encode(&rs, 12, data, (u_int)big, true);
		pthread_join(thread, NULL);
		CHECK_EQ(sent, r.len);
		CHECK(r.ok);
		CHECK(memcmp(r.bytes + 4 + 4 * 12, data, big) == 0);
		free(r.bytes);
	}
	record_free(&rs);
	tls_channel_close(client);
	tls_channel_close(server);
	close(fds[0]);
	close(fds[1]);

	tls_config_free(client_config);
	tls_config_free(server_config);
	free(data);
	return unit_report("test_tls_records");
}
