/*
 * test_server_transport.c -- the session's transport (server/session/transport.c)
 * over a socketpair, served by a thread as child.c serves a client.
 *
 * The client side is libtirpc's own clnt_vc, so what is checked is that a
 * standard ONC RPC client gets standard answers: results, 4 MiB of opaque
 * data each way (which clnt_vc sends in fragments), AUTH_SYS accepted, the
 * errors for another program, another version and unknown credentials.
 * Raw records then check what clnt_vc would never send: requests sent in
 * one write (served in order, the second already buffered), a request cut
 * into tiny fragments, and garbage, which ends the session.
 */
#include <arpa/inet.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rpc/rpc.h>

#include "common/xdrproc.h"
#include "server/session/transport.h"
#include "unit_check.h"

#define PROG 0x2C0DA000u
#define VERS 13000u
#define BIG (4u << 20)

enum { PROC_NULL, PROC_ECHO, PROC_ADD, PROC_PENDING };

static int server_sock;
static const char *end_reason;
static unsigned served;

/* The arguments of PROC_ADD and its result. */
struct pair {
	u_int a, b;
};

static bool_t xdr_pair(XDR *x, struct pair *p)
{
	return xdr_u_int(x, &p->a) && xdr_u_int(x, &p->b);
}

static bool_t xdr_blob(XDR *x, struct netbuf *b)
{
	return xdr_bytes(x, (char **)&b->buf, &b->len, BIG);
}

/* The procedures, written as rpcgen's dispatcher is: getargs, reply, freeargs. */
static void dispatch(struct svc_req *rq, SVCXPRT *xprt)
{
	struct netbuf blob = { 0 };
	struct pair p = { 0, 0 };
	u_int sum, pending;

	served++;
	switch (rq->rq_proc) {
	case PROC_NULL:
		svc_sendreply(xprt, XDRPROC(xdr_void), NULL);
		break;
	case PROC_ECHO:
		if (!svc_getargs(xprt, XDRPROC(xdr_blob), (char *)&blob)) {
			svcerr_decode(xprt);
			break;
		}
		svc_sendreply(xprt, XDRPROC(xdr_blob), (char *)&blob);
		svc_freeargs(xprt, XDRPROC(xdr_blob), (char *)&blob);
		break;
	case PROC_ADD:
		if (!svc_getargs(xprt, XDRPROC(xdr_pair), (char *)&p)) {
			svcerr_decode(xprt);
			break;
		}
		sum = p.a + p.b;
		svc_sendreply(xprt, XDRPROC(xdr_u_int), (char *)&sum);
		break;
	case PROC_PENDING:
		/* Whether the next request was read along with this one. */
		pending = transport_pending(xprt);
		svc_sendreply(xprt, XDRPROC(xdr_u_int), (char *)&pending);
		break;
	default:
		svcerr_noproc(xprt);
	}
}

static void *serve_thread(void *arg)
{
	SVCXPRT *xprt = transport_create(server_sock, PROG, VERS);

	(void)arg;
	if (xprt == NULL)
		abort();
	while (transport_serve(xprt, dispatch, &end_reason))
		continue;
	end_reason = strdup(end_reason);
	svc_destroy(xprt);
	return NULL;
}

/* A session: a socketpair, a serving thread; returns the client's end. */
static int start(pthread_t *thread)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		abort();
	server_sock = sv[0];
	end_reason = NULL;
	served = 0;
	if (pthread_create(thread, NULL, serve_thread, NULL) != 0)
		abort();
	return sv[1];
}

/* Ends the session from the client's side; returns why the server says it ended. */
static const char *finish(pthread_t thread, int fd)
{
	static char why[128];

	shutdown(fd, SHUT_WR);
	pthread_join(thread, NULL);
	close(fd);
	snprintf(why, sizeof why, "%s", end_reason != NULL ? end_reason : "");
	free((void *)end_reason);
	return why;
}

static CLIENT *client(int fd, rpcprog_t prog, rpcvers_t vers)
{
	struct netbuf none = { 0, 0, NULL };
	CLIENT *c = clnt_vc_create(fd, &none, prog, vers, 0, 0);

	if (c == NULL) {
		clnt_pcreateerror("clnt_vc_create");
		abort();
	}
	return c;
}

static const struct timeval WAIT = { 10, 0 };

static void test_calls_through_clnt_vc(void)
{
	pthread_t thread;
	int fd = start(&thread);
	CLIENT *c = client(fd, PROG, VERS);
	struct pair p = { 40, 2 };
	struct netbuf out = { 0 }, back = { 0 };
	u_int sum = 0;

	CHECK_EQ(clnt_call(c, PROC_NULL, XDRPROC(xdr_void), NULL,
	    XDRPROC(xdr_void), NULL, WAIT), RPC_SUCCESS);
	CHECK_EQ(clnt_call(c, PROC_ADD, XDRPROC(xdr_pair), (char *)&p,
	    XDRPROC(xdr_u_int), (char *)&sum, WAIT), RPC_SUCCESS);
	CHECK_EQ(sum, 42);

	/* 4 MiB each way: clnt_vc sends and expects fragments. */
	out.len = out.maxlen = BIG;
	out.buf = malloc(BIG);
	for (u_int i = 0; i < BIG; i++)
		((unsigned char *)out.buf)[i] = (unsigned char)(i * 7 + i / 4096);
	CHECK_EQ(clnt_call(c, PROC_ECHO, XDRPROC(xdr_blob), (char *)&out,
	    XDRPROC(xdr_blob), (char *)&back, WAIT), RPC_SUCCESS);
	CHECK_EQ(back.len, BIG);
	CHECK(back.buf != NULL && memcmp(back.buf, out.buf, BIG) == 0);
	xdr_free(XDRPROC(xdr_blob), (char *)&back);
	free(out.buf);

	CHECK_EQ(clnt_call(c, 77, XDRPROC(xdr_void), NULL,
	    XDRPROC(xdr_void), NULL, WAIT), RPC_PROCUNAVAIL);
	/* Arguments that do not decode: the procedure's own answer. */
	CHECK_EQ(clnt_call(c, PROC_ADD, XDRPROC(xdr_void), NULL,
	    XDRPROC(xdr_u_int), (char *)&sum, WAIT), RPC_CANTDECODEARGS);

	/* AUTH_SYS credentials pass (unused: oncudad authenticates by key). */
	auth_destroy(c->cl_auth);
	c->cl_auth = authunix_create("unit", 1000, 1000, 0, NULL);
	CHECK_EQ(clnt_call(c, PROC_ADD, XDRPROC(xdr_pair), (char *)&p,
	    XDRPROC(xdr_u_int), (char *)&sum, WAIT), RPC_SUCCESS);
	auth_destroy(c->cl_auth);	/* clnt_destroy leaves it */
	clnt_destroy(c);
	CHECK(strcmp(finish(thread, fd), "client disconnected") == 0);
	CHECK_EQ(served, 6);
}

static void test_other_program_and_version(void)
{
	pthread_t thread;
	int fd = start(&thread);
	CLIENT *c = client(fd, PROG, 12080);
	struct rpc_err err;

	CHECK_EQ(clnt_call(c, PROC_NULL, XDRPROC(xdr_void), NULL,
	    XDRPROC(xdr_void), NULL, WAIT), RPC_PROGVERSMISMATCH);
	clnt_geterr(c, &err);
	CHECK_EQ(err.re_vers.low, VERS);
	CHECK_EQ(err.re_vers.high, VERS);
	clnt_destroy(c);
	c = client(fd, PROG + 1, VERS);
	CHECK_EQ(clnt_call(c, PROC_NULL, XDRPROC(xdr_void), NULL,
	    XDRPROC(xdr_void), NULL, WAIT), RPC_PROGUNAVAIL);
	clnt_destroy(c);
	finish(thread, fd);
	CHECK_EQ(served, 0);	/* none reached the dispatcher */
}

/* ---------------------------------------------------- raw records */

/* A call header for proc, credentials of the given flavor (empty body). */
static size_t put_call(unsigned char *p, uint32_t xid, uint32_t proc,
    uint32_t flavor)
{
	uint32_t words[] = { xid, CALL, 2, PROG, VERS, proc, flavor, 0,
	    AUTH_NONE, 0 };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		uint32_t be = htonl(words[i]);

		memcpy(p + 4 * i, &be, 4);
	}
	return sizeof words;
}

static void put_word(unsigned char *p, uint32_t v)
{
	v = htonl(v);
	memcpy(p, &v, 4);
}

static uint32_t get_word(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return ntohl(v);
}

static void write_all(int fd, const void *p, size_t n)
{
	if (write(fd, p, n) != (ssize_t)n)
		abort();
}

/*
 * Reads one reply record (one fragment, as the transport sends) into
 * body; returns its length.
 */
static size_t read_reply(int fd, unsigned char *body, size_t max)
{
	unsigned char mark[4];
	size_t len, got = 0;
	ssize_t n;

	if (recv(fd, mark, 4, MSG_WAITALL) != 4)
		return 0;
	CHECK(get_word(mark) & 0x80000000u);
	len = get_word(mark) & 0x7fffffffu;
	if (len > max)
		abort();
	while (got < len && (n = read(fd, body + got, len - got)) > 0)
		got += (size_t)n;
	return got;
}

/* Checks an accepted reply to xid whose result is one word; returns it. */
static uint32_t reply_word(int fd, uint32_t xid)
{
	unsigned char body[256];
	size_t len = read_reply(fd, body, sizeof body);

	CHECK_EQ(len, 7 * 4);
	CHECK_EQ(get_word(body), xid);
	CHECK_EQ(get_word(body + 4), REPLY);
	CHECK_EQ(get_word(body + 8), MSG_ACCEPTED);
	CHECK_EQ(get_word(body + 20), SUCCESS);
	return get_word(body + 24);
}

static void test_requests_in_one_write(void)
{
	pthread_t thread;
	int fd = start(&thread);
	unsigned char buf[512], *p = buf;
	size_t n;

	/* PROC_PENDING then PROC_ADD, in one write. */
	n = put_call(p + 4, 1, PROC_PENDING, AUTH_NONE);
	put_word(p, 0x80000000u | (uint32_t)n);
	p += 4 + n;
	n = put_call(p + 4, 2, PROC_ADD, AUTH_NONE);
	put_word(p + 4 + n, 5);
	put_word(p + 8 + n, 6);
	n += 8;
	put_word(p, 0x80000000u | (uint32_t)n);
	p += 4 + n;
	write_all(fd, buf, (size_t)(p - buf));
	CHECK_EQ(reply_word(fd, 1), 1);		/* the ADD was buffered */
	CHECK_EQ(reply_word(fd, 2), 11);

	/* An ADD in fragments of 1, 3 and the rest bytes, written apart. */
	n = put_call(buf + 100, 3, PROC_ADD, AUTH_NONE);
	put_word(buf + 100 + n, 20);
	put_word(buf + 104 + n, 22);
	n += 8;
	put_word(buf, 1);
	write_all(fd, buf, 4);
	write_all(fd, buf + 100, 1);
	put_word(buf, 3);
	write_all(fd, buf, 4);
	write_all(fd, buf + 101, 3);
	put_word(buf, 0x80000000u | (uint32_t)(n - 4));
	write_all(fd, buf, 4);
	write_all(fd, buf + 104, n - 4);
	CHECK_EQ(reply_word(fd, 3), 42);

	/* Unknown credentials: refused, and the session goes on. */
	n = put_call(buf + 4, 4, PROC_NULL, 390003 /* RPCSEC_GSS */);
	put_word(buf, 0x80000000u | (uint32_t)n);
	write_all(fd, buf, 4 + n);
	n = read_reply(fd, buf, sizeof buf);
	CHECK_EQ(n, 5 * 4);
	CHECK_EQ(get_word(buf + 8), MSG_DENIED);
	CHECK_EQ(get_word(buf + 12), AUTH_ERROR);
	CHECK_EQ(get_word(buf + 16), AUTH_REJECTEDCRED);
	CHECK(strcmp(finish(thread, fd), "client disconnected") == 0);
	CHECK_EQ(served, 3);
}

/* Polling finds a request on its way, and gives up when none comes. */
static void test_poll(void)
{
	unsigned char buf[64];
	struct timespec a, b;
	SVCXPRT *xprt;
	int sv[2];
	size_t n;
	long ns;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0 ||
	    (xprt = transport_create(sv[0], PROG, VERS)) == NULL)
		abort();
	clock_gettime(CLOCK_MONOTONIC, &a);
	CHECK(!transport_poll(xprt, 2000000));
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec);
	CHECK(ns >= 2000000);		/* it looked for the whole 2 ms */
	CHECK(!transport_pending(xprt));

	n = put_call(buf + 4, 5, PROC_ADD, AUTH_NONE);
	put_word(buf + 4 + n, 1);
	put_word(buf + 8 + n, 2);
	n += 8;
	put_word(buf, 0x80000000u | (uint32_t)n);
	write_all(sv[1], buf, 4 + n);
	CHECK(transport_poll(xprt, 1000000000L));
	CHECK(transport_pending(xprt));
	CHECK(transport_poll(xprt, 0));		/* still there */
	served = 0;
	CHECK(transport_serve(xprt, dispatch, &end_reason));
	CHECK_EQ(reply_word(sv[1], 5), 3);
	CHECK_EQ(served, 1);

	/* End of the connection: polling says no, the read says why. */
	close(sv[1]);
	CHECK(!transport_poll(xprt, 1000000));
	CHECK(!transport_serve(xprt, dispatch, &end_reason));
	CHECK(strcmp(end_reason, "client disconnected") == 0);
	svc_destroy(xprt);
}

static void test_garbage_ends_the_session(void)
{
	pthread_t thread;
	int fd = start(&thread);
	unsigned char buf[64];
	size_t n = put_call(buf + 4, 9, PROC_NULL, AUTH_NONE);

	put_word(buf + 4 + 8, 3);	/* RPC version 3 */
	put_word(buf, 0x80000000u | (uint32_t)n);
	write_all(fd, buf, 4 + n);
	pthread_join(thread, NULL);
	CHECK(end_reason != NULL && strstr(end_reason, "not an ONC RPC call"));
	free((void *)end_reason);
	CHECK(read(fd, buf, sizeof buf) == 0);	/* closed, nothing sent */
	close(fd);
}

int main(void)
{
	test_calls_through_clnt_vc();
	test_other_program_and_version();
	test_requests_in_one_write();
	test_poll();
	test_garbage_ends_the_session();
	return unit_report("test_server_transport");
}
