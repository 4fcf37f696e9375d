/*
 * discover_ask.c -- ONCUDA_DESCRIBE_SERVER over a fresh TCP connection, for
 * discover.c: the connection is made and closed here, so a slow or silent
 * host costs at most the caller's timeout, and nothing of it stays open.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rpc/rpc.h>

#include "common/discover_ask.h"

/*
 * To answer, a server may have to initialise its driver first, which takes
 * seconds on some GPU machines (without persistence mode): the reply is
 * waited for at least this long, whatever the timeout for the rest.
 */
#define REPLY_MIN_MS 10000

/* Encodes nothing: the call's arguments (xdr_void cannot be cast cleanly). */
static bool_t xdr_no_arguments(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

static void set_why(struct discover_result *r, const char *fmt, const char *what)
{
	char where[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, &r->addr.sin_addr, where, sizeof where);
	r->state = DISCOVER_FAILED;
	snprintf(r->why, sizeof r->why, fmt, where, ntohs(r->addr.sin_port), what);
}

/* A connected, blocking TCP socket to r->addr, or -1 with r->why set. */
static int connect_within(struct discover_result *r, unsigned timeout_ms)
{
	struct pollfd pfd;
	socklen_t len = sizeof(int);
	int fd, error = 0, ready;

	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0)) < 0) {
		set_why(r, "cannot connect to %s:%u: %s", strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&r->addr, sizeof r->addr) < 0) {
		if (errno != EINPROGRESS) {
			set_why(r, "cannot connect to %s:%u: %s", strerror(errno));
			close(fd);
			return -1;
		}
		pfd.fd = fd;
		pfd.events = POLLOUT;
		do
			ready = poll(&pfd, 1, (int)timeout_ms);
		while (ready < 0 && errno == EINTR);
		if (ready == 0) {
			set_why(r, "cannot connect to %s:%u: %s", "no answer within the timeout");
			close(fd);
			return -1;
		}
		if (ready < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) < 0 ||
		    error != 0) {
			set_why(r, "cannot connect to %s:%u: %s",
			    strerror(error != 0 ? error : errno));
			close(fd);
			return -1;
		}
	}
	/* libtirpc's TCP client expects a blocking socket. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

static void take_answer(struct discover_result *r, CLIENT *clnt, enum clnt_stat st,
    res_server_description *answer)
{
	struct rpc_err e;

	switch (st) {
	case RPC_SUCCESS:
		if (answer->err != 0) {
			char text[32];

			snprintf(text, sizeof text, "CUDA error %d", answer->err);
			set_why(r, "the server at %s:%u could not describe itself: %s", text);
			break;
		}
		r->state = DISCOVER_SERVER;
		r->description = answer->res_server_description_u.value;
		memset(answer, 0, sizeof *answer);	/* now the result's */
		break;
	case RPC_PROGVERSMISMATCH:
		clnt_geterr(clnt, &e);
		r->state = DISCOVER_MISMATCH;
		r->version = (unsigned)e.re_vers.low;
		if (e.re_vers.low == e.re_vers.high)
			snprintf(r->why, sizeof r->why, "speaks CUDA %u; this oncuda speaks %u",
			    (unsigned)e.re_vers.low, (unsigned)ONCUDA_VERSION);
		else
			snprintf(r->why, sizeof r->why, "speaks CUDA %u to %u; this oncuda speaks %u",
			    (unsigned)e.re_vers.low, (unsigned)e.re_vers.high,
			    (unsigned)ONCUDA_VERSION);
		break;
	case RPC_PROGUNAVAIL:
		set_why(r, "%s:%u answers ONC RPC, but not oncuda's program%s", "");
		break;
	case RPC_PROCUNAVAIL:
		set_why(r, "%s:%u is an oncudad too old to describe itself%s", "");
		break;
	default:
		set_why(r, "no description from %s:%u: %s", clnt_sperrno(st));
		break;
	}
}

void discover_ask(struct discover_result *r, unsigned timeout_ms)
{
	unsigned reply_ms = timeout_ms > REPLY_MIN_MS ? timeout_ms : REPLY_MIN_MS;
	struct timeval timeout = {
		.tv_sec = reply_ms / 1000,
		.tv_usec = (suseconds_t)(reply_ms % 1000) * 1000,
	};
	struct netbuf nb = { .maxlen = sizeof r->addr, .len = sizeof r->addr, .buf = &r->addr };
	res_server_description answer;
	enum clnt_stat st;
	CLIENT *clnt;
	int fd;

	if ((fd = connect_within(r, timeout_ms)) < 0)
		return;
	if ((clnt = clnt_vc_create(fd, &nb, ONCUDA_PROG, ONCUDA_VERSION, 0, 0)) == NULL) {
		set_why(r, "cannot speak RPC to %s:%u: %s", "libtirpc's clnt_vc_create failed");
		close(fd);
		return;
	}
	clnt_control(clnt, CLSET_FD_CLOSE, NULL);
	memset(&answer, 0, sizeof answer);
	st = clnt_call(clnt, ONCUDA_DESCRIBE_SERVER, (xdrproc_t)xdr_no_arguments, NULL,
	    (xdrproc_t)xdr_res_server_description, (caddr_t)&answer, timeout);
	take_answer(r, clnt, st, &answer);
	xdr_free((xdrproc_t)xdr_res_server_description, (char *)&answer);
	clnt_destroy(clnt);
}
