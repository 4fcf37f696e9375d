/*
 * xprt.c -- the client's ONC RPC transport (xprt.h): the CLIENT handle,
 * its calls and controls.  The bytes go through xprt_record.c.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "common/rpcaddr.h"
#include "common/tls_channel.h"
#include "stubs/link/backchannel.h"
#include "stubs/link/xprt.h"
#include "common/xprt_record.h"

/* RFC 5531's constants, by their names there. */
enum { MSG_CALL = 0, MSG_REPLY = 1 };
enum { REPLY_ACCEPTED = 0, REPLY_DENIED = 1 };
enum { ACCEPT_SUCCESS = 0, ACCEPT_PROG_UNAVAIL = 1, ACCEPT_PROG_MISMATCH = 2,
	ACCEPT_PROC_UNAVAIL = 3, ACCEPT_GARBAGE_ARGS = 4, ACCEPT_SYSTEM_ERR = 5 };
enum { REJECT_RPC_MISMATCH = 0, REJECT_AUTH_ERROR = 1 };
#define CALL_HEADER_WORDS 10
#define VERIFIER_MAX 400	/* MAX_AUTH_BYTES */

struct xprt {
	CLIENT client;
	struct record_stream stream;
	rpcprog_t prog;
	rpcvers_t vers;
	uint32_t xid;			/* of the last call */
	bool close_fd;
	bool wait_set;			/* CLSET_TIMEOUT was given */
	struct timeval wait;		/* the reply's, each read's, each send's */
	struct timeval applied;		/* what the socket has now */
	struct rpc_err err;
	uint32_t flavor;		/* the calls' credential: AUTH_NONE */
	char verifier[8];		/* the start of the last reply's */
	uint32_t verifier_len;		/* its length in full */
};

static const struct clnt_ops xprt_ops;

static struct xprt *xprt_of(CLIENT *c)
{
	return (struct xprt *)c->cl_private;
}

static bool same_time(const struct timeval *a, const struct timeval *b)
{
	return a->tv_sec == b->tv_sec && a->tv_usec == b->tv_usec;
}

static bool time_ok(const struct timeval *t)
{
	return t->tv_sec >= 0 && t->tv_usec >= 0 && t->tv_usec < 1000000;
}

/*
 * Gives the socket the wait as its timeouts, when it changed (once per
 * connection, normally).  A zero wait would mean no timeout to the socket;
 * it only comes with the calls that read nothing, so it is not applied.
 */
static void apply_wait(struct xprt *x)
{
	int fd = x->stream.fd;

	if (same_time(&x->wait, &x->applied) ||
	    (x->wait.tv_sec == 0 && x->wait.tv_usec == 0))
		return;
	x->stream.socket_timeout_ms = 0;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &x->wait,
	    sizeof x->wait) == 0 && setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO,
	    &x->wait, sizeof x->wait) == 0) {
		x->applied = x->wait;
		/* Rounded up: a wait of a fraction of a millisecond more
		 * than the call's deadline (in whole milliseconds) is not
		 * taken as ending within it. */
		x->stream.socket_timeout_ms = (long)x->wait.tv_sec * 1000 +
		    (x->wait.tv_usec + 999) / 1000;
	}
}

static enum clnt_stat failed(struct xprt *x, enum clnt_stat st)
{
	x->err.re_status = st;
	return st;
}

/* A failure of the socket (or, when none, of the data) while receiving. */
static enum clnt_stat receive_failed(struct xprt *x)
{
	const struct record_stream *rs = &x->stream;

	if (rs->timed_out)
		return failed(x, RPC_TIMEDOUT);
	if (rs->error != 0) {
		x->err.re_errno = rs->error;
		return failed(x, RPC_CANTRECV);
	}
	return failed(x, RPC_CANTDECODERES);
}

static bool get_u32(XDR *xdrs, uint32_t *v)
{
	return xdr_u_int32_t(xdrs, v);
}

/* count words into v: read in place when the buffer holds them all (a
 * tenth of the instructions of a word at a time through libtirpc), else
 * one by one. */
static bool get_words(XDR *xdrs, uint32_t *v, unsigned count)
{
	int32_t *p = XDR_INLINE(xdrs, count * 4);

	for (unsigned i = 0; i < count; i++) {
		if (p != NULL)
			v[i] = IXDR_GET_U_INT32(p);
		else if (!get_u32(xdrs, &v[i]))
			return false;
	}
	return true;
}

/* The versions a mismatch reports. */
static bool get_versions(XDR *xdrs, struct rpc_err *err)
{
	uint32_t low, high;

	if (!get_u32(xdrs, &low) || !get_u32(xdrs, &high))
		return false;
	err->re_vers.low = low;
	err->re_vers.high = high;
	return true;
}

/*
 * The rest of an accepted reply, after its xid and status words: the
 * verifier, then results or the reason there are none.  false: the
 * stream failed or the reply is malformed (x->err not set).
 */
static bool decode_accepted(struct xprt *x, xdrproc_t xres, void *res)
{
	XDR *xdrs = &x->stream.xdr;
	uint32_t verf[2], len, stat;	/* the verifier's flavor and length */
	char verifier[VERIFIER_MAX];

	if (!get_words(xdrs, verf, 2) || (len = verf[1]) > VERIFIER_MAX ||
	    (len > 0 && !xdr_opaque(xdrs, verifier, len)) ||
	    !get_u32(xdrs, &stat))
		return false;
	x->verifier_len = len;
	memcpy(x->verifier, verifier, len < sizeof x->verifier ? len :
	    sizeof x->verifier);
	switch (stat) {
	case ACCEPT_SUCCESS:
		x->err.re_status = RPC_SUCCESS;
		if (xres != NULL && !xres(xdrs, res)) {
			/*
			 * What was decoded before the failure (an array, a
			 * string) is freed here: callers free a result only
			 * when the call succeeded.  XDR_FREE leaves NULL
			 * behind, so a caller that frees anyway frees nothing.
			 */
			XDR freeing = { .x_op = XDR_FREE };

			(void)xres(&freeing, res);
			x->err.re_status = RPC_CANTDECODERES;
		}
		return true;
	case ACCEPT_PROG_UNAVAIL:
		x->err.re_status = RPC_PROGUNAVAIL;
		return true;
	case ACCEPT_PROG_MISMATCH:
		x->err.re_status = RPC_PROGVERSMISMATCH;
		return get_versions(xdrs, &x->err);
	case ACCEPT_PROC_UNAVAIL:
		x->err.re_status = RPC_PROCUNAVAIL;
		return true;
	case ACCEPT_GARBAGE_ARGS:
		x->err.re_status = RPC_CANTDECODEARGS;
		return true;
	case ACCEPT_SYSTEM_ERR:
		x->err.re_status = RPC_SYSTEMERROR;
		return true;
	default:
		x->err.re_status = RPC_FAILED;
		x->err.re_lb.s1 = REPLY_ACCEPTED;
		x->err.re_lb.s2 = (int32_t)stat;
		return true;
	}
}

static bool decode_denied(struct xprt *x)
{
	XDR *xdrs = &x->stream.xdr;
	uint32_t stat, why;

	if (!get_u32(xdrs, &stat))
		return false;
	switch (stat) {
	case REJECT_RPC_MISMATCH:
		x->err.re_status = RPC_VERSMISMATCH;
		return get_versions(xdrs, &x->err);
	case REJECT_AUTH_ERROR:
		if (!get_u32(xdrs, &why))
			return false;
		x->err.re_status = RPC_AUTHERROR;
		x->err.re_why = (enum auth_stat)why;
		return true;
	default:
		x->err.re_status = RPC_FAILED;
		x->err.re_lb.s1 = REPLY_DENIED;
		x->err.re_lb.s2 = (int32_t)stat;
		return true;
	}
}

/*
 * Reads records until the reply to this call: another xid is a late reply
 * to a call that timed out, a call is the server's call back
 * (backchannel.h), and any other record that is no reply is skipped, as
 * clnt_vc does.
 */
static enum clnt_stat receive_reply(struct xprt *x, xdrproc_t xres,
    void *res)
{
	XDR *xdrs = &x->stream.xdr;
	uint32_t head[3], xid, type, stat;

	for (;;) {
		if (!record_next(&x->stream))
			return receive_failed(x);
		if (!get_words(xdrs, head, 3)) {
			if (record_failed(&x->stream))
				return receive_failed(x);
			continue;
		}
		xid = head[0];
		type = head[1];
		stat = head[2];
		/* The server's calls back come before the reply they precede. */
		if (type == MSG_CALL) {
			backchannel_serve(xdrs, stat);
			if (record_failed(&x->stream))
				return receive_failed(x);
			continue;
		}
		if (xid != x->xid || type != MSG_REPLY)
			continue;
		if (stat == REPLY_ACCEPTED && decode_accepted(x, xres, res))
			break;
		if (stat == REPLY_DENIED && decode_denied(x))
			break;
		if (record_failed(&x->stream))
			return receive_failed(x);
		if (stat == REPLY_ACCEPTED || stat == REPLY_DENIED)
			return failed(x, RPC_CANTDECODERES);
	}
	if (x->err.re_status == RPC_CANTDECODERES && record_failed(&x->stream))
		return receive_failed(x);
	return x->err.re_status;
}

static bool encode_call_header(struct xprt *x, rpcproc_t proc)
{
	uint32_t header[CALL_HEADER_WORDS] = { x->xid, MSG_CALL,
	    RPC_MSG_VERSION, (uint32_t)x->prog, (uint32_t)x->vers,
	    (uint32_t)proc, x->flavor, 0, AUTH_NONE, 0 };	/* cred, verf */
	XDR *xdrs = &x->stream.xdr;
	int32_t *p = XDR_INLINE(xdrs, CALL_HEADER_WORDS * 4);

	for (unsigned i = 0; i < CALL_HEADER_WORDS; i++) {
		if (p != NULL)
			IXDR_PUT_U_INT32(p, header[i]);
		else if (!xdr_u_int32_t(xdrs, &header[i]))
			return false;
	}
	return true;
}

/* A call's bound in milliseconds: the wait (0: none). */
static long wait_ms(const struct xprt *x)
{
	return (long)x->wait.tv_sec * 1000 + x->wait.tv_usec / 1000;
}

static enum clnt_stat call_bounded(CLIENT *c, rpcproc_t proc, xdrproc_t xargs,
    void *args, xdrproc_t xres, void *res, struct timeval timeout)
{
	struct xprt *x = xprt_of(c);
	bool zero = timeout.tv_sec == 0 && timeout.tv_usec == 0;
	bool ship = xres != NULL || !zero;

	memset(&x->err, 0, sizeof x->err);
	x->stream.error = 0;
	x->stream.timed_out = false;
	if (!x->wait_set && time_ok(&timeout))
		x->wait = timeout;
	apply_wait(x);
	/* The wait bounds the whole call, send and reply together: a server
	 * that trickles bytes, or sends replies to other calls, cannot hold
	 * it longer (the socket's timeouts bound only each read). */
	record_set_deadline(&x->stream, wait_ms(x));
	x->xid++;
	if (!record_begin(&x->stream)) {
		x->err.re_errno = x->stream.error;
		return failed(x, RPC_SYSTEMERROR);
	}
	if (!encode_call_header(x, proc) ||
	    (xargs != NULL && !xargs(&x->stream.xdr, args))) {
		record_abandon(&x->stream);
		return failed(x, RPC_CANTENCODEARGS);
	}
	if (!record_end(&x->stream, ship)) {
		x->err.re_errno = x->stream.error;
		return failed(x, RPC_CANTSEND);
	}
	if (!ship)
		return RPC_SUCCESS;
	if (zero)
		return failed(x, RPC_TIMEDOUT);
	return receive_reply(x, xres, res);
}

static enum clnt_stat xprt_call(CLIENT *c, rpcproc_t proc, xdrproc_t xargs,
    void *args, xdrproc_t xres, void *res, struct timeval timeout)
{
	enum clnt_stat st = call_bounded(c, proc, xargs, args, xres, res,
	    timeout);

	record_set_deadline(&xprt_of(c)->stream, 0);
	return st;
}

static void xprt_abort(CLIENT *c)
{
	(void)c;
}

static void xprt_geterr(CLIENT *c, struct rpc_err *err)
{
	*err = xprt_of(c)->err;
}

static bool_t xprt_freeres(CLIENT *c, xdrproc_t xres, void *res)
{
	XDR freeing = { .x_op = XDR_FREE };

	(void)c;
	return xres(&freeing, res);
}

static void xprt_destroy(CLIENT *c)
{
	struct xprt *x = xprt_of(c);

	tls_channel_close(x->stream.tls);
	if (x->close_fd)
		close(x->stream.fd);
	record_free(&x->stream);
	free(x);
}

static bool_t xprt_control(CLIENT *c, u_int request, void *info)
{
	struct xprt *x = xprt_of(c);

	switch (request) {
	case CLSET_FD_CLOSE:
		x->close_fd = true;
		return TRUE;
	case CLSET_FD_NCLOSE:
		x->close_fd = false;
		return TRUE;
	}
	if (info == NULL)
		return FALSE;
	switch (request) {
	case CLGET_FD:
		*(int *)info = x->stream.fd;
		return TRUE;
	case CLSET_TIMEOUT:
		if (!time_ok(info))
			return FALSE;
		x->wait = *(struct timeval *)info;
		x->wait_set = true;
		apply_wait(x);
		return TRUE;
	case CLGET_TIMEOUT:
		*(struct timeval *)info = x->wait;
		return TRUE;
	case CLGET_XID:
		*(uint32_t *)info = x->xid;
		return TRUE;
	case CLSET_XID:
		x->xid = *(uint32_t *)info - 1;	/* the next call's is info */
		return TRUE;
	case CLGET_PROG:
		*(uint32_t *)info = (uint32_t)x->prog;
		return TRUE;
	case CLGET_VERS:
		*(uint32_t *)info = (uint32_t)x->vers;
		return TRUE;
	default:
		return FALSE;
	}
}

/* Set once, before the first connection (rpc.c). */
static unsigned poll_micros = POLL_DEFAULT_MICROS;

void xprt_poll_before_sleeping(unsigned micros)
{
	poll_micros = micros;
}

CLIENT *xprt_create(int fd, rpcprog_t prog, rpcvers_t vers)
{
	struct xprt *x = calloc(1, sizeof *x);
	struct timespec now;

	if (x == NULL || !record_init(&x->stream, fd)) {
		free(x);
		errno = ENOMEM;
		return NULL;
	}
	if (!record_wire_init(&x->stream)) {
		record_free(&x->stream);
		free(x);
		errno = ENOMEM;
		return NULL;
	}
	x->prog = prog;
	x->vers = vers;
	x->close_fd = true;
	x->flavor = AUTH_NONE;
	x->stream.poll_ns = (long)poll_micros * 1000;
	/* Another xid sequence than a previous connection's of this process. */
	clock_gettime(CLOCK_MONOTONIC, &now);
	x->xid = (uint32_t)getpid() ^ (uint32_t)now.tv_nsec ^
	    (uint32_t)now.tv_sec;
	x->client.cl_ops = (struct clnt_ops *)&xprt_ops;
	x->client.cl_private = x;
	x->client.cl_auth = authnone_create();
	return &x->client;
}

static bool_t xdr_none(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

enum clnt_stat xprt_probe_tls(CLIENT *c, struct timeval timeout,
    bool *starttls)
{
	struct xprt *x = xprt_of(c);
	enum clnt_stat st;

	x->flavor = XPRT_AUTH_TLS;
	x->verifier_len = 0;
	st = clnt_call(c, NULLPROC, xdr_none, NULL, xdr_none, NULL, timeout);
	x->flavor = AUTH_NONE;
	*starttls = st == RPC_SUCCESS && x->verifier_len == 8 &&
	    memcmp(x->verifier, "STARTTLS", 8) == 0;
	return st;
}

bool xprt_in_tls(CLIENT *c)
{
	return xprt_of(c)->stream.tls != NULL;
}

const char *xprt_tls_error(CLIENT *c)
{
	const struct record_stream *rs = &xprt_of(c)->stream;

	return rs->tls != NULL && rs->error == EPROTO ?
	    tls_channel_error(rs->tls) : NULL;
}

void xprt_use_tls(CLIENT *c, struct tls_channel *ch)
{
	xprt_of(c)->stream.tls = ch;
}

bool xprt_use_ring(CLIENT *c, struct ring_channel *ch)
{
	struct record_stream *rs = &xprt_of(c)->stream;

	assert(rs->ring == NULL && rs->tls == NULL);
	/* The server's reply that switched it must be the last on the socket. */
	if (record_buffered(rs))
		return false;
	rs->ring = ch;
	return true;
}

bool xprt_in_ring(CLIENT *c)
{
	return xprt_of(c)->stream.ring != NULL;
}

bool xprt_detach_queued(CLIENT *c, struct record_detached *d)
{
	struct xprt *x = xprt_of(c);

	return record_detach(&x->stream, wait_ms(x), d);
}

bool xprt_send_detached(CLIENT *c, struct record_detached *d)
{
	return record_send_detached(&xprt_of(c)->stream, d);
}

enum clnt_stat xprt_wire_status(CLIENT *c)
{
	struct xprt *x = xprt_of(c);
	int error = record_wire_error(&x->stream);

	if (error == 0)
		return RPC_SUCCESS;
	memset(&x->err, 0, sizeof x->err);
	x->err.re_errno = error;
	return failed(x, error == ETIMEDOUT || error == EAGAIN ?
	    RPC_TIMEDOUT : RPC_CANTSEND);
}

void xprt_wire_hold(CLIENT *c)
{
	record_wire_hold(&xprt_of(c)->stream);
}

void xprt_wire_release(CLIENT *c)
{
	record_wire_release(&xprt_of(c)->stream);
}

static const struct clnt_ops xprt_ops = {
	.cl_call = xprt_call,
	.cl_abort = xprt_abort,
	.cl_geterr = xprt_geterr,
	.cl_freeres = xprt_freeres,
	.cl_destroy = xprt_destroy,
	.cl_control = xprt_control,
};
