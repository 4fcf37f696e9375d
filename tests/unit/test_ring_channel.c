/*
 * test_ring_channel.c -- common/ring_channel.c: both sides of a channel in
 * one process, each with its own mapping of one memfd, as the client and
 * the server have; threads stand for the two processes.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/ring_channel.h"
#include "tests/unit/unit_check.h"

#define RING RING_CHANNEL_BYTES_MIN

struct pair {
	struct ring_channel *client, *server;
	int sock[2];		/* [0] the client's end, [1] the server's */
	void *client_map;	/* the client's mapping, for the nonsense test */
};

static void *map(int fd, size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	return p == MAP_FAILED ? NULL : p;
}

static bool pair_open(struct pair *p)
{
	size_t bytes = ring_channel_region_bytes(RING);
	int memfd = memfd_create("test-rings", MFD_CLOEXEC);
	int wake_server = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	int wake_client = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	void *a, *b;

	memset(p, 0, sizeof *p);
	if (memfd < 0 || wake_server < 0 || wake_client < 0 ||
	    ftruncate(memfd, (off_t)bytes) < 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, p->sock) < 0 ||
	    (a = map(memfd, bytes)) == NULL || (b = map(memfd, bytes)) == NULL)
		return false;
	close(memfd);
	p->client_map = a;
	/* Each side owns its eventfds: the server gets copies, as passed. */
	p->client = ring_channel_open(a, bytes, RING, RING_SIDE_CLIENT,
	    wake_client, wake_server, p->sock[0]);
	p->server = ring_channel_open(b, bytes, RING, RING_SIDE_SERVER,
	    dup(wake_server), dup(wake_client), p->sock[1]);
	return p->client != NULL && p->server != NULL;
}

static void pair_close(struct pair *p)
{
	ring_channel_close(p->client);
	ring_channel_close(p->server);
	if (p->sock[0] >= 0)
		close(p->sock[0]);
	if (p->sock[1] >= 0)
		close(p->sock[1]);
}

static unsigned char pattern(uint64_t i)
{
	return (unsigned char)(i * 131 + (i >> 9));
}

/* The writer: TOTAL bytes of the pattern in pieces of odd sizes, waiting
 * for room when the ring is full. */
#define TOTAL (4u << 20)

static void *writer(void *arg)
{
	struct ring_channel *ch = arg;
	static unsigned char piece[7001];
	uint64_t sent = 0;
	size_t len;
	ssize_t n;
	struct iovec iov[2];

	while (sent < TOTAL) {
		len = 1 + (size_t)(sent * 7 % sizeof piece);
		if (len > TOTAL - sent)
			len = (size_t)(TOTAL - sent);
		for (size_t i = 0; i < len; i++)
			piece[i] = pattern(sent + i);
		/* Two pieces, as sendmsg's vector would give. */
		iov[0] = (struct iovec){ piece, len / 2 };
		iov[1] = (struct iovec){ piece + len / 2, len - len / 2 };
		n = ring_channel_send(ch, iov, 2);
		if (n < 0) {
			if (errno != EAGAIN || !ring_channel_wait(ch, POLLOUT, NULL))
				return (void *)1;
			continue;
		}
		sent += (uint64_t)n;
	}
	return NULL;
}

static void test_stream(void)
{
	struct pair p;
	pthread_t t;
	static unsigned char buf[5003];
	uint64_t got = 0;
	bool same = true;
	void *status = NULL;
	ssize_t n;

	CHECK(pair_open(&p));
	pthread_create(&t, NULL, writer, p.client);
	while (got < TOTAL) {
		n = ring_channel_recv(p.server, buf, sizeof buf);
		if (n < 0) {
			if (errno != EAGAIN ||
			    !ring_channel_wait(p.server, POLLIN, NULL))
				break;
			continue;
		}
		for (ssize_t i = 0; i < n; i++)
			same = same && buf[i] == pattern(got + (uint64_t)i);
		got += (uint64_t)n;
	}
	pthread_join(t, &status);
	CHECK_EQ(got, TOTAL);
	CHECK(same);
	CHECK(status == NULL);
	CHECK(!ring_channel_pending(p.server));
	pair_close(&p);
}

/* A reader asleep is woken by the bytes; a deadline passes. */
struct late {
	struct ring_channel *ch;
	long delay_ms;
};

static void *send_late(void *arg)
{
	struct late *l = arg;
	struct timespec d = { 0, l->delay_ms * 1000000L };
	struct iovec iov = { "ping", 4 };

	nanosleep(&d, NULL);
	return ring_channel_send(l->ch, &iov, 1) == 4 ? NULL : (void *)1;
}

static void deadline_in(struct timespec *t, long ms)
{
	clock_gettime(CLOCK_MONOTONIC, t);
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static void test_wakeup_and_deadline(void)
{
	struct pair p;
	struct late l;
	struct timespec end;
	pthread_t t;
	char buf[8];
	void *status = NULL;

	CHECK(pair_open(&p));
	deadline_in(&end, 50);
	CHECK(!ring_channel_wait(p.server, POLLIN, &end));
	CHECK_EQ(errno, ETIMEDOUT);

	l = (struct late){ p.client, 100 };
	pthread_create(&t, NULL, send_late, &l);
	deadline_in(&end, 10000);
	CHECK(ring_channel_wait(p.server, POLLIN, &end));
	CHECK_EQ(ring_channel_recv(p.server, buf, sizeof buf), 4);
	CHECK(memcmp(buf, "ping", 4) == 0);
	pthread_join(t, &status);
	CHECK(status == NULL);

	/* The other way, the client asleep. */
	l = (struct late){ p.server, 100 };
	pthread_create(&t, NULL, send_late, &l);
	CHECK(ring_channel_wait(p.client, POLLIN, &end));
	CHECK_EQ(ring_channel_recv(p.client, buf, sizeof buf), 4);
	pthread_join(t, &status);
	CHECK(status == NULL);
	pair_close(&p);
}

/* A writer finds the ring full, sleeps, and the reader's taking wakes it. */
static void *drain_late(void *arg)
{
	struct ring_channel *ch = arg;
	struct timespec d = { 0, 100 * 1000000L };
	static char buf[RING];

	nanosleep(&d, NULL);
	return ring_channel_recv(ch, buf, sizeof buf) == RING ? NULL : (void *)1;
}

static void test_full(void)
{
	static char fill[RING];
	struct iovec iov = { fill, sizeof fill };
	struct timespec end;
	struct pair p;
	pthread_t t;
	void *status = NULL;

	CHECK(pair_open(&p));
	CHECK_EQ(ring_channel_send(p.client, &iov, 1), RING);
	CHECK(ring_channel_send(p.client, &iov, 1) < 0);
	CHECK_EQ(errno, EAGAIN);
	pthread_create(&t, NULL, drain_late, p.server);
	deadline_in(&end, 10000);
	CHECK(ring_channel_wait(p.client, POLLOUT, &end));
	pthread_join(t, &status);
	CHECK(status == NULL);
	CHECK_EQ(ring_channel_send(p.client, &iov, 1), RING);
	pair_close(&p);
}

/* The peer's end is the socket's; a byte on it is not. */
static void test_peer_end(void)
{
	struct timespec end;
	struct pair p;
	pthread_t t;
	struct late l;
	char buf[8];
	void *status = NULL;

	CHECK(pair_open(&p));
	/* A byte on the socket (a descriptor's, say) holds nobody up. */
	CHECK_EQ(send(p.sock[1], "M", 1, 0), 1);
	l = (struct late){ p.server, 50 };
	pthread_create(&t, NULL, send_late, &l);
	deadline_in(&end, 10000);
	CHECK(ring_channel_wait(p.client, POLLIN, &end));
	CHECK_EQ(ring_channel_recv(p.client, buf, sizeof buf), 4);
	pthread_join(t, &status);
	CHECK(status == NULL);

	close(p.sock[1]);
	p.sock[1] = -1;
	deadline_in(&end, 10000);
	CHECK(!ring_channel_wait(p.client, POLLIN, &end));
	CHECK_EQ(errno, ECONNRESET);
	pair_close(&p);
}

/* The client's ring index (the first word of the region: the put index
 * of its ring to the server) claims more bytes than the ring holds. */
static void test_nonsense(void)
{
	struct pair p;
	char buf[8];
	struct iovec iov = { "abcd", 4 };

	CHECK(pair_open(&p));
	CHECK_EQ(ring_channel_send(p.client, &iov, 1), 4);
	*(volatile uint64_t *)p.client_map = RING + 5;
	CHECK(ring_channel_pending(p.server));
	CHECK(ring_channel_recv(p.server, buf, sizeof buf) < 0);
	CHECK_EQ(errno, EPROTO);
	/* It stays broken, whatever the client writes next. */
	*(volatile uint64_t *)p.client_map = 4;
	CHECK(ring_channel_recv(p.server, buf, sizeof buf) < 0);
	CHECK_EQ(errno, EPROTO);
	CHECK(ring_channel_send(p.server, &iov, 1) < 0);
	pair_close(&p);
}

/* The server's loop: prepare, poll, end. */
static void test_sleep(void)
{
	struct pollfd pfds[2];
	struct pair p;
	struct iovec iov = { "abcd", 4 };
	char buf[8];

	CHECK(pair_open(&p));
	CHECK(ring_channel_sleep_prepare(p.server, pfds));
	CHECK_EQ(poll(pfds, 2, 0), 0);
	CHECK_EQ(ring_channel_send(p.client, &iov, 1), 4);
	CHECK_EQ(poll(pfds, 2, 1000), 1);
	CHECK(pfds[0].revents & POLLIN);
	CHECK(ring_channel_sleep_end(p.server, pfds));
	CHECK(ring_channel_pending(p.server));
	/* Bytes there: no sleep. */
	CHECK(!ring_channel_sleep_prepare(p.server, pfds));
	CHECK_EQ(ring_channel_recv(p.server, buf, sizeof buf), 4);
	/* Nobody asleep: the eventfd is not written. */
	CHECK_EQ(ring_channel_send(p.client, &iov, 1), 4);
	CHECK_EQ(poll(pfds, 1, 0), 0);
	CHECK_EQ(ring_channel_recv(p.server, buf, sizeof buf), 4);
	/* A byte on the socket while asleep ends the session. */
	CHECK(ring_channel_sleep_prepare(p.server, pfds));
	CHECK_EQ(send(p.sock[0], "x", 1, 0), 1);
	CHECK_EQ(poll(pfds, 2, 1000), 1);
	CHECK(!ring_channel_sleep_end(p.server, pfds));
	CHECK_EQ(errno, EPROTO);
	pair_close(&p);
}

static void test_sizes(void)
{
	CHECK_EQ(ring_channel_region_bytes(RING), 4096 + 2 * (size_t)RING);
	CHECK_EQ(ring_channel_region_bytes(RING - 1), 0);
	CHECK_EQ(ring_channel_region_bytes(RING + 4096), 0);
	CHECK_EQ(ring_channel_region_bytes(RING_CHANNEL_BYTES_MAX * 2u), 0);
	CHECK(ring_channel_open(NULL, 0, RING, RING_SIDE_CLIENT, -1, -1, -1) ==
	    NULL);
}

int main(void)
{
	alarm(60);
	/* Only a wakeup ends a wait in time (test_wakeup_and_deadline, test_full). */
	ring_channel_recheck_ns = 30L * 1000000000L;
	test_sizes();
	test_stream();
	test_wakeup_and_deadline();
	test_full();
	test_peer_end();
	test_nonsense();
	test_sleep();
	return unit_report("test_ring_channel");
}
