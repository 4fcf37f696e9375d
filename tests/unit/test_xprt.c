/*
 * test_xprt.c -- the client transport (stubs/link/xprt.c, common/xprt_record.c)
 * over a socketpair, against a small fake server in a thread that answers
 * each request as the test tells it: in fragments, a byte at a time, after
 * a stale reply, with an error, late, or not at all.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "unit_check.h"
#include "common/xprt_record.h"
#include "stubs/link/xprt.h"

#define PROG 0x2C0DA000u
#define VERS 13000u
#define BIG (4u << 20)
#define CRAWL_MICROS 40000

enum answer {
	ANSWER_PLAIN,		/* one fragment, one write */
	ANSWER_TRICKLE,		/* three fragments, written a byte at a time */
	ANSWER_CRAWL,		/* one fragment, a byte each CRAWL_MICROS */
	ANSWER_STALE_FIRST,	/* a reply with the previous xid, then ours */
	ANSWER_BIG,		/* BIG bytes of opaque in 1 MiB fragments */
	ANSWER_PROG_MISMATCH,
	ANSWER_AUTH_ERROR,
	ANSWER_PROC_UNAVAIL,
	ANSWER_NONE,		/* read the request, answer nothing */
	ANSWER_CLOSE		/* read the request, close the socket */
};

static int server_fd;
static atomic_uint requests;		/* read by the fake server */
static atomic_char first_byte_seen;	/* of a procedure 9 with bytes */
static uint32_t arguments[64];		/* word 10 of request i % 64 */
static enum answer answer;
static char *big_reply;

/* The request the fake server last read (its body, after the mark). */
static unsigned char request[BIG + 4096];
static size_t request_len;

static void write_all(const void *p, size_t n)
{
	const char *c = p;
	ssize_t w;

	while (n > 0) {
		if ((w = write(server_fd, c, n)) <= 0)
			abort();
		c += w;
		n -= (size_t)w;
	}
}

static void read_all(void *p, size_t n)
{
	char *c = p;
	ssize_t r;

	while (n > 0) {
		if ((r = read(server_fd, c, n)) <= 0)
			abort();
		c += r;
		n -= (size_t)r;
	}
}

static uint32_t word(size_t index)
{
	uint32_t v;

	memcpy(&v, request + 4 * index, 4);
	return ntohl(v);
}

/* Reads one request record (one fragment, as the transport sends). */
static void read_request(void)
{
	uint32_t mark;

	read_all(&mark, 4);
	mark = ntohl(mark);
	if ((mark & 0x80000000u) == 0 || (mark & 0x7fffffffu) > sizeof request)
		abort();
	request_len = mark & 0x7fffffffu;
	read_all(request, request_len);
	if (word(5) == 9 && request_len > 44)
		first_byte_seen = request[44];
	if (request_len >= 44)
		arguments[requests % 64] = word(10);
	requests++;
}

/* A reply body: xid, REPLY, then the words given. */
static size_t reply(uint32_t *out, uint32_t xid, const uint32_t *words,
    size_t count)
{
	out[0] = htonl(xid);
	out[1] = htonl(1);
	for (size_t i = 0; i < count; i++)
		out[2 + i] = htonl(words[i]);
	return (count + 2) * 4;
}

/* Sends body as fragments of at most piece bytes, each write of step. */
static void send_record(const void *body, size_t len, size_t piece,
    size_t step)
{
	const char *b = body;

	do {
		size_t n = len < piece ? len : piece;
		uint32_t mark = htonl((n == len ? 0x80000000u : 0) | (uint32_t)n);

		for (size_t i = 0; i < 4; i += step)
			write_all((char *)&mark + i, step < 4 - i ? step : 4 - i);
		for (size_t i = 0; i < n; i += step) {
			write_all(b + i, step < n - i ? step : n - i);
			if (step < 4)
				usleep(answer == ANSWER_CRAWL ? CRAWL_MICROS : 100);
		}
		b += n;
		len -= n;
	} while (len > 0);
}

/* Accepted, success, the argument (request word 10) plus one. */
static size_t success(uint32_t *out, uint32_t xid)
{
	const uint32_t words[] = { 0, 0, 0, 0, word(10) + 1 };

	return reply(out, xid, words, 5);
}

static void *serve(void *unused)
{
	static const uint32_t mismatch[] = { 0, 0, 0, 2, 13000, 13000 };
	static const uint32_t auth[] = { 1, 1, 5 };	/* AUTH_TOOWEAK */
	static const uint32_t proc[] = { 0, 0, 0, 3 };
	uint32_t out[64];
	uint32_t xid;
	size_t n;

	(void)unused;
	for (;;) {
		read_request();
		xid = word(0);
		switch (answer) {
		case ANSWER_PLAIN:
			send_record(out, success(out, xid), 1u << 20, 1u << 20);
			break;
		case ANSWER_TRICKLE:
			send_record(out, success(out, xid), 8, 1);
			break;
		case ANSWER_CRAWL:
			n = success(out, xid);
			send_record(out, n, n, 1);
			break;
		case ANSWER_STALE_FIRST:
			n = success(out, xid - 1);
			send_record(out, n, 1u << 20, 1u << 20);
			send_record(out, success(out, xid), 1u << 20, 1u << 20);
			break;
		case ANSWER_BIG:
			/* The header, then the opaque's length and bytes. */
			(void)success((uint32_t *)(void *)big_reply, xid);
			((uint32_t *)(void *)big_reply)[6] = htonl(BIG);
			send_record(big_reply, 28 + BIG, 1u << 20, 1u << 20);
			break;
		case ANSWER_PROG_MISMATCH:
			send_record(out, reply(out, xid, mismatch, 6), 64, 64);
			break;
		case ANSWER_AUTH_ERROR:
			send_record(out, reply(out, xid, auth, 3), 64, 64);
			break;
		case ANSWER_PROC_UNAVAIL:
			send_record(out, reply(out, xid, proc, 4), 64, 64);
			break;
		case ANSWER_NONE:
			break;
		case ANSWER_CLOSE:
			close(server_fd);
			return NULL;
		}
	}
}

/* The test's procedure: an int in, an int out (or raw bytes). */
static enum clnt_stat call_int(CLIENT *c, uint32_t in, uint32_t *out,
    struct timeval timeout)
{
	return clnt_call(c, 7, (xdrproc_t)xdr_u_int32_t, (char *)&in,
	    (xdrproc_t)xdr_u_int32_t, (char *)out, timeout);
}

static const struct timeval ten_s = { 10, 0 };
static const struct timeval no_wait = { 0, 0 };

static void test_plain_and_header(CLIENT *c)
{
	uint32_t out = 0;

	answer = ANSWER_PLAIN;
	CHECK_EQ(call_int(c, 41, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 42);
	CHECK_EQ(request_len, 44);
	CHECK_EQ(word(1), 0);		/* CALL */
	CHECK_EQ(word(2), 2);		/* RPC version */
	CHECK_EQ(word(3), PROG);
	CHECK_EQ(word(4), VERS);
	CHECK_EQ(word(5), 7);
	CHECK_EQ(word(6), 0);		/* AUTH_NONE, empty */
	CHECK_EQ(word(7), 0);
	CHECK_EQ(word(8), 0);
	CHECK_EQ(word(9), 0);
}

static void test_fragments_short_reads_stale(CLIENT *c)
{
	uint32_t out = 0;

	answer = ANSWER_TRICKLE;
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 2);
	answer = ANSWER_STALE_FIRST;
	CHECK_EQ(call_int(c, 10, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 11);
}

/* xdr_bytes on a buffer given in advance (so decoding fills it). */
static char *blob;
static u_int blob_len;

static bool_t xdr_blob(XDR *xdrs, ...)
{
	return xdr_bytes(xdrs, &blob, &blob_len, BIG);
}

static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

static void test_big(CLIENT *c)
{
	char *arg = malloc(BIG), *back = malloc(BIG);
	enum clnt_stat st;

	for (size_t i = 0; i < BIG; i++)
		arg[i] = (char)(i * 7 + i / 4096);
	memcpy(big_reply + 28, arg, BIG);
	memset(back, 0, BIG);
	answer = ANSWER_BIG;
	/* Arguments of BIG bytes out, BIG bytes back in 1 MiB fragments. */
	blob = arg;
	blob_len = BIG;
	/* The reply is left unread: the next call skips it. */
	st = clnt_call(c, 8, xdr_blob, NULL, xdr_nothing, NULL, ten_s);
	CHECK_EQ(st, RPC_SUCCESS);
	CHECK_EQ(request_len, 44 + BIG);
	CHECK(memcmp(request + 44, arg, BIG) == 0);
	blob = back;
	blob_len = 0;
	CHECK_EQ(clnt_call(c, 8, xdr_blob, NULL, xdr_blob, NULL, ten_s),
	    RPC_SUCCESS);
	CHECK(blob == back);
	CHECK_EQ(blob_len, BIG);
	CHECK(memcmp(back, arg, BIG) == 0);
	free(arg);
	free(back);
}

static void test_reply_errors(CLIENT *c)
{
	struct rpc_err err;
	uint32_t out;
	char *text;

	answer = ANSWER_PROG_MISMATCH;
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_PROGVERSMISMATCH);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_vers.low, 13000);
	CHECK_EQ(err.re_vers.high, 13000);
	text = clnt_sperror(c, "test");
	CHECK(strstr(text, "Program/version mismatch") != NULL);
	answer = ANSWER_AUTH_ERROR;
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_AUTHERROR);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_why, AUTH_TOOWEAK);
	text = clnt_sperror(c, "test");
	CHECK(strstr(text, "Authentication error") != NULL);
	answer = ANSWER_PROC_UNAVAIL;
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_PROCUNAVAIL);
	/* The stream is still in step: the next call succeeds. */
	answer = ANSWER_PLAIN;
	CHECK_EQ(call_int(c, 5, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 6);
}

/* A lost reply times out; it arrives late and the next call skips it. */
static void test_timeout(CLIENT *c)
{
	struct timeval short_wait = { 0, 200000 }, got;
	uint32_t out = 0;

	CHECK(clnt_control(c, CLSET_TIMEOUT, (char *)&short_wait));
	CHECK(clnt_control(c, CLGET_TIMEOUT, (char *)&got));
	CHECK_EQ(got.tv_usec, 200000);
	answer = ANSWER_NONE;
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_TIMEDOUT);
	answer = ANSWER_STALE_FIRST;
	CHECK_EQ(call_int(c, 20, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 21);
}

/*
 * A reply that crawls in, a byte at a time and each in time, cannot hold
 * a call past its wait: the deadline counts from the first read that
 * waited, and the reads after it wait no longer than what is left.  Then
 * the crawling reply is skipped, as a late one is.
 */
static void test_crawl(CLIENT *c)
{
	struct timeval short_wait = { 0, 200000 };
	struct timespec start, end;
	uint32_t out = 0;
	long ms;

	CHECK(clnt_control(c, CLSET_TIMEOUT, (char *)&short_wait));
	answer = ANSWER_CRAWL;
	clock_gettime(CLOCK_MONOTONIC, &start);
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_TIMEDOUT);
	clock_gettime(CLOCK_MONOTONIC, &end);
	ms = (end.tv_sec - start.tv_sec) * 1000 +
	    (end.tv_nsec - start.tv_nsec) / 1000000;
	/* The whole reply, 32 bytes, takes 1.28 s to come. */
	CHECK(ms >= 190 && ms < 800);
	CHECK(clnt_control(c, CLSET_TIMEOUT, (char *)&ten_s));
	answer = ANSWER_STALE_FIRST;
	CHECK_EQ(call_int(c, 60, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 61);
}

/* batch.c's cases: queued; sent without waiting; sent, queue first. */
static void test_one_way(CLIENT *c)
{
	static char chunk[8192];
	unsigned before = requests;
	uint32_t in = 3, out = 0;

	answer = ANSWER_PLAIN;
	CHECK_EQ(clnt_call(c, 9, (xdrproc_t)xdr_u_int32_t, (char *)&in, NULL,
	    NULL, no_wait), RPC_SUCCESS);
	usleep(50000);
	CHECK_EQ(requests, before);		/* still queued here */
	CHECK_EQ(call_int(c, 30, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 31);			/* the queued one's reply skipped */
	CHECK_EQ(requests, before + 2);
	/* A queued record with 8 KiB of the program's memory: copied, so the
	 * memory may change at once; shipped ahead of the next call. */
	memset(chunk, 'a', sizeof chunk);
	blob = chunk;
	blob_len = sizeof chunk;
	CHECK_EQ(clnt_call(c, 9, xdr_blob, NULL, NULL, NULL, no_wait),
	    RPC_SUCCESS);
	memset(chunk, 'b', sizeof chunk);
	usleep(50000);
	CHECK_EQ(requests, before + 2);
	CHECK_EQ(call_int(c, 40, &out, no_wait), RPC_TIMEDOUT);
	usleep(50000);
	CHECK_EQ(requests, before + 4);
	CHECK_EQ(first_byte_seen, 'a');
	CHECK_EQ(call_int(c, 50, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 51);
	CHECK_EQ(requests, before + 5);
}

/* Waits up to a second for the fake server to have read count requests. */
static bool requests_reach(unsigned count)
{
	for (int i = 0; i < 1000 && atomic_load(&requests) < count; i++)
		usleep(1000);
	return atomic_load(&requests) == count;
}

static enum clnt_stat one_way(CLIENT *c, uint32_t in)
{
	return clnt_call(c, 7, (xdrproc_t)xdr_u_int32_t, (char *)&in, NULL,
	    NULL, no_wait);
}

/*
 * batch.c's flusher: queued records detached and sent apart while more
 * are queued (which must not wait for the wire: this thread holds it,
 * so a one-way call that took it would never return, and alarm() ends
 * the test), then a call that ships the rest: all in the order queued.
 */
static void test_detached(CLIENT *c)
{
	struct record_detached d;
	unsigned before = requests;
	uint32_t out = 0;

	answer = ANSWER_PLAIN;
	CHECK(!xprt_detach_queued(c, &d));	/* nothing queued */
	CHECK_EQ(one_way(c, 101), RPC_SUCCESS);
	CHECK_EQ(one_way(c, 102), RPC_SUCCESS);
	CHECK(xprt_detach_queued(c, &d));
	alarm(10);
	CHECK_EQ(one_way(c, 103), RPC_SUCCESS);
	alarm(0);
	usleep(20000);
	CHECK_EQ(requests, before);		/* nothing sent yet */
	CHECK(xprt_send_detached(c, &d));
	CHECK(requests_reach(before + 2));
	usleep(20000);
	CHECK_EQ(requests, before + 2);		/* 103 still queued */
	CHECK_EQ(xprt_wire_status(c), RPC_SUCCESS);
	CHECK_EQ(call_int(c, 104, &out, ten_s), RPC_SUCCESS);
	CHECK_EQ(out, 105);
	CHECK_EQ(requests, before + 4);
	for (unsigned i = 0; i < 4; i++)
		CHECK_EQ(arguments[(before + i) % 64], 101 + i);
}

/*
 * A detached send to a peer that is gone fails, the handle says so, and
 * the next call fails with that error rather than write after it.
 */
static void test_detached_failure(CLIENT *c)
{
	struct record_detached d;
	struct rpc_err err;
	uint32_t out;

	CHECK_EQ(one_way(c, 1), RPC_SUCCESS);
	CHECK(xprt_detach_queued(c, &d));
	CHECK(!xprt_send_detached(c, &d));
	CHECK_EQ(xprt_wire_status(c), RPC_CANTSEND);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_errno, EPIPE);
	CHECK_EQ(one_way(c, 2), RPC_SUCCESS);	/* queued, not sent */
	if (xprt_detach_queued(c, &d)) {	/* refused after a failure */
		CHECK(!"a detach after a failed send");
		(void)xprt_send_detached(c, &d);
	}
	CHECK_EQ(call_int(c, 3, &out, ten_s), RPC_CANTSEND);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_errno, EPIPE);
}

/* A peer that closes: no reply, then no sending (and no SIGPIPE). */
static void test_close(CLIENT *c)
{
	struct rpc_err err;
	uint32_t out;

	answer = ANSWER_CLOSE;
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_CANTRECV);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_errno, ECONNRESET);
	CHECK_EQ(call_int(c, 1, &out, ten_s), RPC_CANTSEND);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_errno, EPIPE);
}

/*
 * Every test on a fresh connection and fake server, with the reply waited
 * for by polling for poll_micros before sleeping (0: sleeping at once).
 */
static void run_all(unsigned poll_micros)
{
	pthread_t thread;
	int sv[2], fd = -1;
	CLIENT *c;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		abort();
	server_fd = sv[1];
	atomic_store(&requests, 0);
	atomic_store(&first_byte_seen, 0);
	answer = ANSWER_PLAIN;
	xprt_poll_before_sleeping(poll_micros);
	c = xprt_create(sv[0], PROG, VERS);
	if (c == NULL)
		abort();
	CHECK(clnt_control(c, CLGET_FD, (char *)&fd));
	CHECK_EQ(fd, sv[0]);
	pthread_create(&thread, NULL, serve, NULL);
	test_plain_and_header(c);
	test_fragments_short_reads_stale(c);
	test_big(c);
	test_reply_errors(c);
	test_one_way(c);
	test_detached(c);
	test_timeout(c);
	test_crawl(c);
	test_close(c);
	test_detached_failure(c);
	pthread_join(thread, NULL);
	clnt_destroy(c);
}

int main(void)
{
	if ((big_reply = malloc(28 + BIG)) == NULL)
		return 1;
	run_all(0);
	run_all(1000);		/* the most ONCUDA_POLL_US allows */
	free(big_reply);
	return unit_report("test_xprt");
}
