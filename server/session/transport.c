/*
 * server/session/transport.c -- the session's ONC RPC transport (transport.h).
 *
 * One transport per session process, used by its one thread: no locks.
 * The request being served is described by the stream's position (its
 * arguments are next in it) and by its xid, which the reply must carry.
 */
#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/session/transport.h"
#include "common/ring_channel.h"
#include "common/tls_channel.h"
#include "server/session/usage.h"
#include "common/xprt_record.h"

struct transport {
	SVCXPRT xprt;			/* first: the SVCXPRT is the transport */
	struct record_stream rs;
	rpcprog_t prog;
	rpcvers_t vers;
	uint32_t xid;			/* of the request being served */
	bool send_failed;		/* a reply could not be sent */
	uint32_t backchannel_xid;	/* of the last call back (transport_call_back) */
	long deadline_ms;		/* transport_set_deadline */
	char why[96];			/* why the connection ended */
	transport_starttls starttls;	/* NULL: TLS not offered */
};

/* RFC 9289, section 4.1: the probe's credential flavor, and the reply's
 * verifier that says the server is ready for the TLS handshake. */
#define AUTH_TLS_FLAVOR 7
#define STARTTLS_VERIFIER "STARTTLS"

static struct transport *transport_of(const SVCXPRT *xprt)
{
	return (struct transport *)(void *)(uintptr_t)xprt;
}

/* Decodes the next request's header into msg (whose credential areas the caller provides). */
static bool_t stream_recv(SVCXPRT *xprt, struct rpc_msg *msg)
{
	struct transport *t = transport_of(xprt);

	if (!record_next(&t->rs) || !xdr_callmsg(&t->rs.xdr, msg))
		return FALSE;
	t->xid = msg->rm_xid;
	return TRUE;
}

static enum xprt_stat stream_stat(SVCXPRT *xprt)
{
	struct transport *t = transport_of(xprt);

	if (t->send_failed || record_failed(&t->rs))
		return XPRT_DIED;
	return transport_pending(xprt) ? XPRT_MOREREQS : XPRT_IDLE;
}

/* The arguments are what follows the header in the record; once they are
 * read, the request's deadline is over (the CUDA call is not bounded). */
static bool_t stream_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	struct transport *t = transport_of(xprt);
	bool_t ok = (*xdr)(&t->rs.xdr, args);

	record_set_deadline(&t->rs, 0);
	return ok;
}

static bool_t stream_freeargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	(void)xprt;
	xdr_free(xdr, args);
	return TRUE;
}

/* RFC 5531's reply of an accepted call that succeeded, up to its results:
 * xid, REPLY, MSG_ACCEPTED, the verifier AUTH_NONE of no bytes, SUCCESS. */
#define SUCCESS_HEADER_WORDS 6

/*
 * The reply of nearly every call, a success with the null verifier,
 * written in place as the client writes its calls' headers, then the
 * results: the same bytes xdr_replymsg writes, without its union walk
 * through libtirpc, word by word (a third of the server's instructions in
 * a null call, measured with callgrind).  false: not such a reply, or no
 * room in place; xdr_replymsg then writes it.
 */
static bool encode_success(XDR *xdrs, const struct rpc_msg *msg,
    bool_t *encoded)
{
	const struct accepted_reply *ar = &msg->acpted_rply;
	int32_t *p;

	if (msg->rm_reply.rp_stat != MSG_ACCEPTED || ar->ar_stat != SUCCESS ||
	    ar->ar_verf.oa_flavor != AUTH_NONE || ar->ar_verf.oa_length != 0 ||
	    (p = XDR_INLINE(xdrs, SUCCESS_HEADER_WORDS * 4)) == NULL)
		return false;
	IXDR_PUT_U_INT32(p, msg->rm_xid);
	IXDR_PUT_ENUM(p, REPLY);
	IXDR_PUT_ENUM(p, MSG_ACCEPTED);
	IXDR_PUT_ENUM(p, AUTH_NONE);
	IXDR_PUT_U_INT32(p, 0);
	IXDR_PUT_ENUM(p, SUCCESS);
	*encoded = (*ar->ar_results.proc)(xdrs, ar->ar_results.where);
	return true;
}

/*
 * The reply, results included (xdr_replymsg encodes them with the routine
 * the message names), as one record sent now.
 */
static bool_t stream_reply(SVCXPRT *xprt, struct rpc_msg *msg)
{
	struct transport *t = transport_of(xprt);
	bool_t encoded;
	size_t sent;

	msg->rm_xid = t->xid;
	if (t->send_failed || !record_begin(&t->rs))
		goto failed;
	if (!encode_success(&t->rs.xdr, msg, &encoded))
		encoded = xdr_replymsg(&t->rs.xdr, msg);
	if (!encoded) {
		record_abandon(&t->rs);
		goto failed;
	}
	record_set_deadline(&t->rs, t->deadline_ms);
	sent = t->rs.record_len;
	if (record_end(&t->rs, true)) {
		record_set_deadline(&t->rs, 0);
		usage_bytes(0, sent);
		return TRUE;
	}
	record_set_deadline(&t->rs, 0);
failed:
	if (!t->send_failed)
		snprintf(t->why, sizeof t->why, "cannot send a reply: %s",
		    strerror(t->rs.error != 0 ? t->rs.error : EIO));
	t->send_failed = true;
	return FALSE;
}

bool transport_call_back(SVCXPRT *xprt, rpcprog_t prog, rpcvers_t vers,
    rpcproc_t proc, xdrproc_t xargs, void *args)
{
	struct transport *t = transport_of(xprt);
	struct rpc_msg call;
	size_t sent;

	memset(&call, 0, sizeof call);
	/* Not the xid of any call of the client's: those are its own to pick,
	 * and the client tells the two directions apart by the message type. */
	call.rm_xid = ++t->backchannel_xid;
	call.rm_direction = CALL;
	call.rm_call.cb_rpcvers = RPC_MSG_VERSION;
	call.rm_call.cb_prog = prog;
	call.rm_call.cb_vers = vers;
	call.rm_call.cb_proc = proc;
	call.rm_call.cb_cred = _null_auth;
	call.rm_call.cb_verf = _null_auth;
	if (t->send_failed || !record_begin(&t->rs))
		return false;
	if (!xdr_callmsg(&t->rs.xdr, &call) || !xargs(&t->rs.xdr, args)) {
		record_abandon(&t->rs);
		return false;
	}
	record_set_deadline(&t->rs, t->deadline_ms);
	sent = t->rs.record_len;
	if (record_end(&t->rs, true)) {
		usage_bytes(0, sent);
	} else {
		snprintf(t->why, sizeof t->why, "cannot send a call back: %s",
		    strerror(t->rs.error != 0 ? t->rs.error : EIO));
		t->send_failed = true;
	}
	record_set_deadline(&t->rs, 0);
	return !t->send_failed;
}

static void stream_destroy(SVCXPRT *xprt)
{
	struct transport *t = transport_of(xprt);

	tls_channel_close(t->rs.tls);
	record_free(&t->rs);
	close(t->rs.fd);
	free(t);
}

static bool_t stream_control(SVCXPRT *xprt, const u_int request, void *info)
{
	(void)xprt;
	(void)request;
	(void)info;
	return FALSE;
}

static const struct xp_ops stream_ops = {
	.xp_recv = stream_recv,
	.xp_stat = stream_stat,
	.xp_getargs = stream_getargs,
	.xp_reply = stream_reply,
	.xp_freeargs = stream_freeargs,
	.xp_destroy = stream_destroy,
};

static const struct xp_ops2 stream_ops2 = {
	.xp_control = stream_control,
};

SVCXPRT *transport_create(int fd, rpcprog_t prog, rpcvers_t vers)
{
	struct transport *t = calloc(1, sizeof *t);

	if (t == NULL)
		return NULL;
	if (!record_init(&t->rs, fd)) {
		free(t);
		return NULL;
	}
	/* No oncuda client sends a record larger than its own transport
	 * allows (XPRT_RECORD_MAX): a larger one is refused unread rather
	 * than decoded into memory. */
	record_limit_in(&t->rs, XPRT_RECORD_MAX);
	t->prog = prog;
	t->vers = vers;
	t->xprt.xp_fd = fd;
	t->xprt.xp_ops = &stream_ops;
	t->xprt.xp_ops2 = &stream_ops2;
	t->xprt.xp_verf = _null_auth;
	return &t->xprt;
}

void transport_offer_tls(SVCXPRT *xprt, transport_starttls start)
{
	transport_of(xprt)->starttls = start;
}

void transport_use_ring(SVCXPRT *xprt, struct ring_channel *ring)
{
	struct transport *t = transport_of(xprt);

	assert(t->rs.ring == NULL && t->rs.tls == NULL);
	/* Nothing of the socket's may be left unread: the client sent
	 * nothing after its call, whose reply it waits for. */
	assert(!record_buffered(&t->rs));
	t->rs.ring = ring;
}

unsigned transport_sleep_prepare(SVCXPRT *xprt, struct pollfd pfds[2])
{
	struct transport *t = transport_of(xprt);

	if (t->rs.ring != NULL)
		return ring_channel_sleep_prepare(t->rs.ring, pfds) ? 2 : 0;
	pfds[0] = (struct pollfd){ .fd = t->rs.fd, .events = POLLIN };
	return 1;
}

bool transport_woken(SVCXPRT *xprt, const struct pollfd pfds[2],
    const char **why)
{
	struct transport *t = transport_of(xprt);

	if (t->rs.ring == NULL || ring_channel_sleep_end(t->rs.ring, pfds))
		return true;
	*why = errno == ECONNRESET ? "client disconnected" :
	    "the client wrote on its socket while the rings carried the records";
	return false;
}

void transport_set_deadline(SVCXPRT *xprt, long ms)
{
	transport_of(xprt)->deadline_ms = ms > 0 ? ms : 0;
}

bool transport_pending(const SVCXPRT *xprt)
{
	const struct record_stream *rs = &transport_of(xprt)->rs;

	return record_buffered(rs);
}

bool transport_poll(SVCXPRT *xprt, long ns)
{
	return record_poll(&transport_of(xprt)->rs, ns);
}

/* Why reading the request failed, for the session's last log line. */
static const char *read_failure(struct transport *t)
{
	if (t->rs.error == ECONNRESET)
		return "client disconnected";
	if (t->rs.error == EMSGSIZE) {
		snprintf(t->why, sizeof t->why, "a request larger than any "
		    "oncuda client sends (more than %u bytes)", XPRT_RECORD_MAX);
		return t->why;
	}
	if (t->rs.timed_out) {
		snprintf(t->why, sizeof t->why, "a request did not arrive whole "
		    "within %ld s (--request-timeout)", t->deadline_ms / 1000);
		return t->why;
	}
	if (t->rs.error == EPROTO && t->rs.tls != NULL) {
		snprintf(t->why, sizeof t->why, "TLS: %s",
		    tls_channel_error(t->rs.tls));
		return t->why;
	}
	if (record_failed(&t->rs)) {
		snprintf(t->why, sizeof t->why, "cannot read a request: %s",
		    strerror(t->rs.error));
		return t->why;
	}
	return "the client sent something that is not an ONC RPC call";
}

/* AUTH_NONE and AUTH_SYS pass, unread; oncudad authenticates by its own procedures. */
static bool credentials_accepted(const struct opaque_auth *cred)
{
	return cred->oa_flavor == AUTH_NONE || cred->oa_flavor == AUTH_SYS;
}

/*
 * The AUTH_TLS probe (RFC 9289, section 4.1): a null call whose credential
 * is AUTH_TLS.  A server that offers TLS answers it with the verifier
 * "STARTTLS", and the client's TLS handshake follows on the connection;
 * one that does not, or a second probe, gets AUTH_BADCRED, as a server
 * that knows no AUTH_TLS gives.  false: the handshake failed (logged), and
 * the session ends.
 */
/* The probe's results: none (xdr_void, typed as xdrproc_t wants). */
static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

static bool serve_probe(struct transport *t, rpcproc_t proc)
{
	static char verifier[] = STARTTLS_VERIFIER;

	if (proc != NULLPROC || t->rs.tls != NULL || t->starttls == NULL) {
		svcerr_auth(&t->xprt, AUTH_BADCRED);
		return true;
	}
	t->xprt.xp_verf = (struct opaque_auth){ AUTH_NONE, verifier,
	    sizeof verifier - 1 };
	svc_sendreply(&t->xprt, xdr_nothing, NULL);
	t->xprt.xp_verf = _null_auth;
	if (t->send_failed)
		return false;
	/* The client sends nothing more before its hello. */
	if (record_buffered(&t->rs)) {
		snprintf(t->why, sizeof t->why, "the client sent bytes "
		    "between the AUTH_TLS probe and its TLS handshake");
		t->send_failed = true;
		return false;
	}
	if ((t->rs.tls = t->starttls(t->rs.fd, t->deadline_ms)) == NULL) {
		snprintf(t->why, sizeof t->why, "the TLS handshake failed");
		t->send_failed = true;
		return false;
	}
	return true;
}

bool transport_serve(SVCXPRT *xprt, transport_dispatch dispatch,
    const char **why)
{
	struct transport *t = transport_of(xprt);
	char cred_area[2 * MAX_AUTH_BYTES];
	struct rpc_msg msg;
	struct svc_req request;

	memset(&msg, 0, sizeof msg);
	msg.rm_call.cb_cred.oa_base = cred_area;
	msg.rm_call.cb_verf.oa_base = cred_area + MAX_AUTH_BYTES;
	/* A request that has begun to come must come whole in time: a client
	 * that sends a few bytes and stops must not hold the session. */
	record_set_deadline(&t->rs, t->deadline_ms);
	/* Through the table, like libtirpc: a wrapper may watch requests arrive. */
	if (!SVC_RECV(xprt, &msg) || msg.rm_direction != CALL) {
		*why = read_failure(t);
		return false;
	}
	memset(&request, 0, sizeof request);
	request.rq_prog = msg.rm_call.cb_prog;
	request.rq_vers = msg.rm_call.cb_vers;
	request.rq_proc = msg.rm_call.cb_proc;
	request.rq_cred = msg.rm_call.cb_cred;
	request.rq_xprt = xprt;

	if (msg.rm_call.cb_cred.oa_flavor == AUTH_TLS_FLAVOR)
		(void)serve_probe(t, request.rq_proc);
	else if (!credentials_accepted(&msg.rm_call.cb_cred))
		svcerr_auth(xprt, AUTH_REJECTEDCRED);
	else if (request.rq_prog != t->prog)
		svcerr_noprog(xprt);
	else if (request.rq_vers != t->vers)
		svcerr_progvers(xprt, t->vers, t->vers);
	else
		dispatch(&request, xprt);
	record_set_deadline(&t->rs, 0);
	/* The whole request has been read by now (its arguments decoded). */
	usage_call();
	usage_bytes(t->rs.record_total, 0);

	if (t->send_failed) {
		*why = t->why;
		return false;
	}
	return true;
}
