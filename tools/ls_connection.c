/*
 * tools/ls_connection.c -- oncuda-ls's own connection to a server
 * (ls_connection.h).
 *
 * The calls are libtirpc's messages (xdr_callmsg, xdr_replymsg) over the
 * record stream: oncuda-ls makes a handful, one after another, each
 * waiting for its reply, so nothing of the client library's transport is
 * needed but the records, which carry TLS.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "common/tls_channel.h"
#include "common/tls_env.h"
#include "common/tls_kernel.h"
#include "gen/cuda_names.h"
#include "tools/ls_connection.h"

/* RFC 9289's credential flavor for the probe, and its verifier. */
#define AUTH_TLS_FLAVOR 7
static const char starttls[] = "STARTTLS";

static const char *env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && v[0] != '\0' ? v : NULL;
}

static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

/* One call with a credential of flavor; verf gets the reply's verifier
 * (up to MAX_AUTH_BYTES), *verf_len its length. */
static enum clnt_stat call_as(struct ls_connection *c, uint32_t flavor,
    rpcproc_t proc, xdrproc_t xargs, void *args, xdrproc_t xres, void *res,
    char *verf, u_int *verf_len)
{
	static char none[1];
	struct rpc_msg msg = { .rm_xid = ++c->xid, .rm_direction = CALL };
	struct rpc_msg reply;
	struct record_stream *rs = &c->rs;
	bool decoded;

	memset(&c->err, 0, sizeof c->err);
	msg.rm_call.cb_rpcvers = RPC_MSG_VERSION;
	msg.rm_call.cb_prog = ONCUDA_PROG;
	msg.rm_call.cb_vers = ONCUDA_VERSION;
	msg.rm_call.cb_proc = proc;
	msg.rm_call.cb_cred = (struct opaque_auth){ (enum_t)flavor, none, 0 };
	msg.rm_call.cb_verf = (struct opaque_auth){ AUTH_NONE, none, 0 };
	rs->error = 0;
	rs->timed_out = false;
	record_set_deadline(rs, c->timeout_ms);
	if (!record_begin(rs))
		return c->err.re_status = RPC_SYSTEMERROR;
	if (!xdr_callmsg(&rs->xdr, &msg) || !xargs(&rs->xdr, args)) {
		record_abandon(rs);
		return c->err.re_status = RPC_CANTENCODEARGS;
	}
	if (!record_end(rs, true)) {
		c->err.re_errno = rs->error;
		return c->err.re_status = rs->timed_out ? RPC_TIMEDOUT : RPC_CANTSEND;
	}
	memset(&reply, 0, sizeof reply);
	reply.acpted_rply.ar_verf.oa_base = verf;
	reply.acpted_rply.ar_results.where = res;
	reply.acpted_rply.ar_results.proc = xres;
	decoded = record_next(rs) && xdr_replymsg(&rs->xdr, &reply);
	record_set_deadline(rs, 0);
	if (!decoded) {
		XDR freeing = { .x_op = XDR_FREE };

		(void)xres(&freeing, res);	/* what was decoded, if any */
		c->err.re_errno = rs->error;
		return c->err.re_status = rs->timed_out ? RPC_TIMEDOUT :
		    rs->error != 0 ? RPC_CANTRECV : RPC_CANTDECODERES;
	}
	if (reply.rm_xid != msg.rm_xid) {	/* nothing else is in flight */
		XDR freeing = { .x_op = XDR_FREE };

		(void)xres(&freeing, res);
		return c->err.re_status = RPC_CANTDECODERES;
	}
	*verf_len = reply.acpted_rply.ar_verf.oa_length;
	_seterr_reply(&reply, &c->err);
	return c->err.re_status;
}

enum clnt_stat ls_connection_call(struct ls_connection *c, rpcproc_t proc,
    xdrproc_t xargs, void *args, xdrproc_t xres, void *res)
{
	char verf[MAX_AUTH_BYTES];
	u_int len = 0;

	return call_as(c, AUTH_NONE, proc, xargs, args, xres, res, verf, &len);
}

/* The TLS settings (ls_connection.h); false with why when they cannot be
 * used.  *config NULL: none to use. */
static bool settings(const struct auth_key *key, struct tls_config **config,
    char *why, size_t why_len)
{
	struct tls_credentials cred;
	struct tls_psk psk;
	char reason[200];

	*config = NULL;
	tls_env_credentials(key, &psk, &cred);
	if (cred.psk_count == 0 && cred.ca_file == NULL)
		return true;
	if ((cred.cert_file == NULL) != (cred.key_file == NULL)) {
		memset(&psk, 0, sizeof psk);
		snprintf(why, why_len, "ONCUDA_TLS_CERT and ONCUDA_TLS_KEY go "
		    "together");
		return false;
	}
	*config = tls_config_new(TLS_CLIENT, &cred, reason, sizeof reason);
	memset(&psk, 0, sizeof psk);
	if (*config == NULL)
		snprintf(why, why_len, "cannot use TLS: %s", reason);
	return *config != NULL;
}

/* Whether to start TLS (ls_connection.h); false with why when the
 * connection cannot be made as it must. */
static bool choose(struct ls_connection *c, unsigned tls, bool *use,
    char *why, size_t why_len)
{
	const char *policy = env("ONCUDA_TLS");
	bool never = policy != NULL && strcmp(policy, "0") == 0;
	bool required = policy != NULL && !never;

	*use = false;
	if (never)
		snprintf(c->plain_why, sizeof c->plain_why, "ONCUDA_TLS=0");
	else if (tls == ONCUDA_TLS_NONE)
		snprintf(c->plain_why, sizeof c->plain_why, "the server offers "
		    "no TLS");
	else if (c->config == NULL)
		snprintf(c->plain_why, sizeof c->plain_why, "no key or CA to "
		    "check the server by");
	else
		*use = true;
	if (*use || (!required && tls != ONCUDA_TLS_REQUIRED))
		return true;
	if (tls == ONCUDA_TLS_REQUIRED && !never && c->config == NULL)
		snprintf(why, why_len, "the server requires TLS (oncudad --tls): "
		    "give oncuda-ls --key-file (or ONCUDA_KEY_FILE) a copy of its "
		    "key, or ONCUDA_TLS_CA the CA of its certificate");
	else if (tls == ONCUDA_TLS_REQUIRED)
		snprintf(why, why_len, "the server requires TLS (oncudad --tls), "
		    "and ONCUDA_TLS=0 says not to use it");
	else
		snprintf(why, why_len, "ONCUDA_TLS=1 requires TLS, and %s",
		    c->plain_why);
	return false;
}

/* The probe and the handshake. */
static bool secure(struct ls_connection *c, const char *host, char *why,
    size_t why_len)
{
	char verf[MAX_AUTH_BYTES], reason[256];
	u_int len = 0;
	enum clnt_stat st;

	st = call_as(c, AUTH_TLS_FLAVOR, NULLPROC, (xdrproc_t)xdr_nothing, NULL,
	    (xdrproc_t)xdr_nothing, NULL, verf, &len);
	if (st != RPC_SUCCESS || len != sizeof starttls - 1 ||
	    memcmp(verf, starttls, len) != 0) {
		snprintf(why, why_len, "the server did not start TLS when asked "
		    "(%s)", st == RPC_SUCCESS ? "no STARTTLS" : clnt_sperrno(st));
		return false;
	}
	c->tls = tls_channel_open(c->config, c->rs.fd, host, c->timeout_ms,
	    TLS_RECORDS, reason, sizeof reason);
	if (c->tls == NULL) {
		snprintf(why, why_len, "TLS failed: %s (is the key a copy of "
		    "its key, or ONCUDA_TLS_CA the CA of its certificate?)",
		    reason);
		return false;
	}
	c->rs.tls = c->tls;
	return true;
}

bool ls_connection_open(struct ls_connection *c, const struct sockaddr_in *addr,
    const char *host, unsigned tls, const struct auth_key *key,
    unsigned timeout_ms, char *why, size_t why_len)
{
	struct timeval tv = { (time_t)(timeout_ms / 1000),
	    (suseconds_t)(timeout_ms % 1000) * 1000 };
	struct timespec now;
	bool use;
	int fd;

	memset(c, 0, sizeof *c);
	c->rs.fd = -1;
	c->timeout_ms = timeout_ms > 10000 ? (long)timeout_ms : 10000;
	clock_gettime(CLOCK_MONOTONIC, &now);
	c->xid = (uint32_t)getpid() ^ (uint32_t)now.tv_nsec;
	if (!settings(key, &c->config, why, why_len) ||
	    !choose(c, tls, &use, why, why_len))
		goto failed;
	/* A blocking connect waits no longer than the send timeout; each
	 * read and write after it no longer than a call's. */
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv) < 0 ||
	    connect(fd, (const struct sockaddr *)addr, sizeof *addr) < 0) {
		snprintf(why, why_len, "cannot connect: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		goto failed;
	}
	tv = (struct timeval){ (time_t)(c->timeout_ms / 1000), 0 };
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	if (!record_init(&c->rs, fd)) {
		snprintf(why, why_len, "out of memory");
		close(fd);
		goto failed;
	}
	record_limit_in(&c->rs, XPRT_RECORD_MAX);
	if (!use || secure(c, host, why, why_len))
		return true;
	ls_connection_close(c);
	return false;
failed:
	tls_config_free(c->config);
	c->config = NULL;
	return false;
}

bool ls_connection_by_psk(const struct ls_connection *c)
{
	return c->tls != NULL && tls_channel_by_psk(c->tls);
}

void ls_connection_describe(const struct ls_connection *c,
    struct ls_protection *p)
{
	char suite[128], why_send[160] = "", why_receive[160] = "", how[400];
	bool send, receive, asked;

	memset(p, 0, sizeof *p);
	if (c->tls == NULL) {
		snprintf(p->text, sizeof p->text, "none, a plain connection (%s)",
		    c->plain_why);
		return;
	}
	p->tls = true;
	tls_channel_suite(c->tls, suite, sizeof suite);
	tls_channel_kernel(c->tls, &send, &receive, &asked);
	if (!send)
		tls_kernel_why_off(asked, false, why_send, sizeof why_send);
	if (!receive)
		tls_kernel_why_off(asked, true, why_receive, sizeof why_receive);
	if (send && receive)
		snprintf(how, sizeof how, "on");
	else if (!send && !receive && strcmp(why_send, why_receive) == 0)
		snprintf(how, sizeof how, "off (%s)", why_send);
	else if (!send && !receive)
		snprintf(how, sizeof how, "send off (%s), receive off (%s)",
		    why_send, why_receive);
	else
		snprintf(how, sizeof how, "send %s, receive %s (%s)",
		    send ? "on" : "off", receive ? "on" : "off",
		    send ? why_receive : why_send);
	p->ktls_send = send;
	p->ktls_receive = receive;
	snprintf(p->ktls_off, sizeof p->ktls_off, "%s", !send ? why_send :
	    why_receive);
	snprintf(p->text, sizeof p->text, "%s, kTLS: %s", suite, how);
}

void ls_connection_close(struct ls_connection *c)
{
	tls_channel_close(c->tls);
	c->tls = NULL;
	if (c->rs.fd >= 0) {
		close(c->rs.fd);
		record_free(&c->rs);
		c->rs.fd = -1;
	}
	tls_config_free(c->config);
	c->config = NULL;
}
