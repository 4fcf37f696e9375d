/*
 * test_frame_seal.c -- the frames of a data connection inside TLS
 * (common/frame_seal.c), over socketpairs.
 *
 *  - Both ends of one TLS session (TLS_FRAMES) derive seals that open each
 *    other's frames; the client's first frame goes right behind its
 *    handshake, before the server's is done, and the server still finds
 *    nothing of it taken by TLS.
 *  - A frame changed on the way (a bit of its header, of its bytes, of a
 *    tag) fails with EPROTO, the destination zeroed, and the seal fails
 *    every call after; so does a frame cut short (the peer closed).
 *  - A seal of another secret opens nothing.
 *  - Keys change in step at both ends: built with a threshold of 64 KiB
 *    (frame_seal.mk), a run of frames opens frame after frame, and a fresh
 *    receiver, at the first key and the same sequence number as the
 *    sender after it changed keys, cannot open the next one.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/objects.h>

#include "common/frame_seal.h"
#include "common/tls_channel.h"
#include "tests/unit/tls_pair.h"
#include "tests/unit/unit_check.h"

#define SMALL (48u * 1024u)	/* fits a socketpair's buffer, sealed */

static uint8_t secret[FRAME_SEAL_SECRET_BYTES];

static void fill(unsigned char *p, size_t len, unsigned seed)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (unsigned char)(i * 31u + seed);
}

static bool all_zero(const unsigned char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != 0)
			return false;
	return true;
}

static void header_for(unsigned char header[STRIPE_FRAME_BYTES],
    uint64_t offset, uint64_t length)
{
	struct stripe_frame f = { 7, 0, offset, length };

	stripe_frame_encode(&f, header);
}

/* The seal of this end of a TLS_FRAMES session. */
static struct frame_seal *seal_of(struct tls_channel *ch)
{
	struct frame_seal *s;
	char why[96] = "";

	if (ch == NULL)
		return NULL;
	s = frame_seal_from_tls(ch, why, sizeof why);
	if (s == NULL)
		fprintf(stderr, "test_frame_seal: no seal: %s\n", why);
	tls_channel_close(ch);
	return s;
}

static void through_tls(const struct tls_config *client_config,
    const struct tls_config *server_config)
{
	unsigned char header[STRIPE_FRAME_BYTES], got[STRIPE_FRAME_BYTES];
	unsigned char *bytes = malloc(SMALL), *into = malloc(SMALL);
	struct frame_seal *client, *server;
	struct tls_pair_server s;
	char why[256];
	int fds[2];

	if (bytes == NULL || into == NULL ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
		CHECK(false);
		free(bytes);
		free(into);
		return;
	}
	tls_pair_server_begin(&s, server_config, fds[1], TLS_FRAMES);
	client = seal_of(tls_channel_open(client_config, fds[0], NULL, 10000,
	    TLS_FRAMES, why, sizeof why));
	CHECK(client != NULL);
	fill(bytes, SMALL, 1);
	header_for(header, 0, SMALL);
	/* Behind the client's Finished, perhaps before the server read it. */
	if (client != NULL)
		CHECK(frame_seal_send(client, fds[0], header, bytes, SMALL,
		    NULL));
	server = seal_of(tls_pair_server_end(&s));
	CHECK(server != NULL);
	if (client != NULL && server != NULL) {
		CHECK(frame_seal_read_header(server, fds[1], got, NULL));
		CHECK(memcmp(got, header, sizeof got) == 0);
		CHECK(frame_seal_read_bytes(server, fds[1], into, SMALL, NULL));
		CHECK(memcmp(into, bytes, SMALL) == 0);
		/* And back, a header alone (a download's error frame). */
		header_for(header, 0, 0);
		CHECK(frame_seal_send(server, fds[1], header, NULL, 0, NULL));
		CHECK(frame_seal_read_header(client, fds[0], got, NULL));
		CHECK(memcmp(got, header, sizeof got) == 0);
	}
	frame_seal_free(client);
	frame_seal_free(server);
	close(fds[0]);
	close(fds[1]);
	free(bytes);
	free(into);
}

/* A frame of len bytes sealed by a fresh sender, its wire bytes in wire
 * (room for len and 56 more); their count. */
static size_t sealed_frame(const unsigned char *bytes, size_t len,
    unsigned char *wire)
{
	struct frame_seal *sender = frame_seal_new(secret, NID_aes_128_gcm,
	    true);
	unsigned char header[STRIPE_FRAME_BYTES];
	size_t got = 0;
	ssize_t n;
	int fds[2];

	if (sender == NULL || socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
		CHECK(false);
		frame_seal_free(sender);
		return 0;
	}
	header_for(header, 0, len);
	CHECK(frame_seal_send(sender, fds[0], header, bytes, len, NULL));
	shutdown(fds[0], SHUT_WR);
	while ((n = read(fds[1], wire + got, len + 64 - got)) > 0)
		got += (size_t)n;
	close(fds[0]);
	close(fds[1]);
	frame_seal_free(sender);
	return got;
}

/*
 * The wire bytes of a frame, the byte at flip changed (none when flip is
 * past them) and only the first keep of them delivered, opened by a fresh
 * receiver of the same secret (or of another); whether the header and the
 * bytes opened, into (len bytes) and errno after.
 */
static bool open_changed(const unsigned char *wire, size_t count,
    size_t flip, size_t keep, bool other_secret, unsigned char *into,
    size_t len, int *err)
{
	uint8_t other[FRAME_SEAL_SECRET_BYTES];
	unsigned char *copy = malloc(count), header[STRIPE_FRAME_BYTES];
	struct frame_seal *receiver;
	bool ok = false;
	int fds[2];

	memset(other, 0x77, sizeof other);
	receiver = frame_seal_new(other_secret ? other : secret,
	    NID_aes_128_gcm, false);
	if (copy == NULL || receiver == NULL ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
		CHECK(false);
		free(copy);
		frame_seal_free(receiver);
		return false;
	}
	memcpy(copy, wire, count);
	if (flip < count)
		copy[flip] ^= 0x01;
	CHECK_EQ(write(fds[0], copy, keep), (ssize_t)keep);
	close(fds[0]);
	*err = -1;
	if (frame_seal_read_header(receiver, fds[1], header, NULL) &&
	    frame_seal_read_bytes(receiver, fds[1], into, len, NULL))
		ok = true;
	else
		*err = errno;
	/* A failed seal fails every call after. */
	if (!ok)
		CHECK(!frame_seal_read_header(receiver, fds[1], header, NULL));
	close(fds[1]);
	frame_seal_free(receiver);
	free(copy);
	return ok;
}

static void changed_on_the_way(void)
{
	unsigned char *bytes = malloc(SMALL), *into = malloc(SMALL);
	unsigned char *wire = malloc(SMALL + 64);
	const size_t flips[] = { 0, 23, 24, 39, 40, 40 + SMALL / 2,
	    40 + SMALL - 1, 40 + SMALL, 40 + SMALL + 15 };
	size_t count;
	int err;

	if (bytes == NULL || into == NULL || wire == NULL) {
		CHECK(false);
		goto out;
	}
	fill(bytes, SMALL, 2);
	count = sealed_frame(bytes, SMALL, wire);
	CHECK_EQ(count, (size_t)(24 + 16 + SMALL + 16));
	/* Untouched, it opens. */
	memset(into, 0xee, SMALL);
	CHECK(open_changed(wire, count, count, count, false, into, SMALL,
	    &err));
	CHECK(memcmp(into, bytes, SMALL) == 0);
	/* The plaintext is not on the wire. */
	CHECK(memmem(wire, count, bytes + 1000, 64) == NULL);
	for (size_t i = 0; i < sizeof flips / sizeof flips[0]; i++) {
		memset(into, 0xee, SMALL);
		CHECK(!open_changed(wire, count, flips[i], count, false, into,
		    SMALL, &err));
		CHECK_EQ(err, EPROTO);
		/* Whatever the header's fate, nothing of the bytes stays:
		 * zeroed, or never written. */
		CHECK(all_zero(into, SMALL) || flips[i] < 40);
	}
	/* Cut short: the peer closed before the tag. */
	memset(into, 0xee, SMALL);
	CHECK(!open_changed(wire, count, count, count - 1, false, into, SMALL,
	    &err));
	CHECK_EQ(err, 0);
	CHECK(all_zero(into, SMALL));
	/* Another secret opens nothing. */
	CHECK(!open_changed(wire, count, count, count, true, into, SMALL,
	    &err));
	CHECK_EQ(err, EPROTO);
out:
	free(bytes);
	free(into);
	free(wire);
}

static void keys_change_in_step(void)
{
	enum { FRAME = 16384, FRAMES = 20 };
	unsigned char header[STRIPE_FRAME_BYTES], got[STRIPE_FRAME_BYTES];
	unsigned char bytes[FRAME], into[FRAME];
	struct frame_seal *sender, *receiver, *fresh;
	int fds[2], opened = 0;

	sender = frame_seal_new(secret, NID_chacha20_poly1305, true);
	receiver = frame_seal_new(secret, NID_chacha20_poly1305, false);
	fresh = frame_seal_new(secret, NID_chacha20_poly1305, false);
	if (sender == NULL || receiver == NULL || fresh == NULL ||
	    socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
		CHECK(false);
		goto out;
	}
	/* 20 frames of 16 KiB: the key changes after every fourth. */
	for (unsigned i = 0; i < FRAMES; i++) {
		fill(bytes, FRAME, i);
		header_for(header, (uint64_t)i * FRAME, FRAME);
		if (!frame_seal_send(sender, fds[0], header, bytes, FRAME,
		    NULL) || !frame_seal_read_header(receiver, fds[1], got,
		    NULL) || !frame_seal_read_bytes(receiver, fds[1], into,
		    FRAME, NULL) || memcmp(into, bytes, FRAME) != 0)
			break;
		opened++;
	}
	CHECK_EQ(opened, FRAMES);
	/* The sender's next message is the first of a new key: a receiver
	 * at the first key and the same sequence number cannot open it. */
	header_for(header, 0, 0);
	CHECK(frame_seal_send(sender, fds[0], header, NULL, 0, NULL));
	CHECK(!frame_seal_read_header(fresh, fds[1], got, NULL));
	CHECK_EQ(errno, EPROTO);
	close(fds[0]);
	close(fds[1]);
out:
	frame_seal_free(sender);
	frame_seal_free(receiver);
	frame_seal_free(fresh);
}

int main(void)
{
	struct tls_config *client_config, *server_config;

	memset(secret, 0x11, sizeof secret);
	if (!tls_pair_configs("test_frame_seal", 0x5e, &client_config,
	    &server_config))
		return 1;
	through_tls(client_config, server_config);
	changed_on_the_way();
	keys_change_in_step();
	tls_config_free(client_config);
	tls_config_free(server_config);
	return unit_report("test_frame_seal");
}
