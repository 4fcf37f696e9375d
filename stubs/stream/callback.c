/*
 * stubs/stream/callback.c -- the callback connection (callback.h).
 *
 * The binding's three steps (idl/cuda.x, "the callback program"): an offer
 * on the session's connection, a new connection made as every connection
 * is (stubs/link/connect.h: rpcbind or host:port, the key, the same-host
 * socket) that hands itself to the session, and the bind.  The new
 * connection's RPC handle is then dropped, keeping its socket, which the
 * thread reads as an ONC RPC server reads its callers.
 */
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/tls_channel.h"
#include "common/xdrproc.h"
#include "common/xprt_record.h"
#include "gen/cuda_names.h"
#include "stubs/link/connect.h"
#include "stubs/link/tls_client.h"
#include "stubs/link/xprt.h"
#include "stubs/mem/pending_downloads.h"
#include "stubs/route/route.h"
#include "stubs/stream/callback.h"
#include "stubs/stream/host_fn_set.h"
#include "stubs/stream/notice_sinks.h"
#include "stubs/wire/rpc.h"
#include "stubs/link/say.h"

/* RFC 5531's constants, by their names there. */
enum { CALL_RECORD = 0, REPLY_RECORD = 1, ACCEPTED = 0 };
enum { ACCEPT_OK = 0, ACCEPT_PROG_UNAVAIL = 1, ACCEPT_PROG_MISMATCH = 2,
	ACCEPT_PROC_UNAVAIL = 3, ACCEPT_GARBAGE_ARGS = 4 };
#define AUTH_MAX 400

struct channel {
	pthread_mutex_t lock;		/* binding */
	bool bound;
	int fd;
	struct record_stream rs;	/* the thread's alone once bound */
	bool tls;			/* to start TLS on it (tls_client.h) */
	unsigned server;
};

static struct channel channels[ROUTE_SERVERS_MAX];
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void fork_child(void)
{
	/* The child is a new session (rpc.h): the parent's connections are
	 * not its own, and it must not keep them open either, or a server
	 * would wait on a parent that died. */
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++) {
		struct channel *ch = &channels[i];

		pthread_mutex_init(&ch->lock, NULL);
		if (ch->bound) {
			close(ch->fd);
			tls_channel_close(ch->rs.tls);
			ch->rs.tls = NULL;
			record_free(&ch->rs);
		}
		ch->bound = false;
	}
}

static void setup(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		pthread_mutex_init(&channels[i].lock, NULL);
	pthread_atfork(NULL, NULL, fork_child);
}

/* ------------------------------------------------------------ serving */

static bool put(XDR *x, uint32_t v)
{
	return xdr_u_int32_t(x, &v);
}

static bool get(XDR *x, uint32_t *v)
{
	return xdr_u_int32_t(x, v);
}

/* Skips an opaque_auth (credential or verifier). */
static bool skip_auth(XDR *x)
{
	char body[AUTH_MAX];
	uint32_t flavor, len;

	return get(x, &flavor) && get(x, &len) && len <= AUTH_MAX &&
	    xdr_opaque(x, body, len);
}

static bool reply(struct record_stream *rs, uint32_t xid, uint32_t stat)
{
	XDR *x = &rs->xdr;
	bool ok = record_begin(rs) && put(x, xid) && put(x, REPLY_RECORD) &&
	    put(x, ACCEPTED) && put(x, AUTH_NONE) && put(x, 0) &&
	    put(x, stat);

	if (ok && stat == ACCEPT_PROG_MISMATCH)
		ok = put(x, ONCUDA_CALLBACK_VERSION) &&
		    put(x, ONCUDA_CALLBACK_VERSION);
	if (!ok) {
		record_abandon(rs);
		return false;
	}
	return record_end(rs, true);
}

/* Runs what a call asks for; the accept status of the reply. */
static uint32_t run(const host_call *call)
{
	if (!host_fn_take(call->fn.fn, call->fn.data)) {
		oncuda_say("the server asked to run a function the program "
		    "never handed over with that argument (%#llx on %#llx); "
		    "not run", (unsigned long long)call->fn.fn,
		    (unsigned long long)call->fn.data);
		return ACCEPT_GARBAGE_ARGS;
	}
	switch (call->kind) {
	case ONCUDA_HOST_FUNC:
	case ONCUDA_USER_OBJECT_DESTROY:
		((CUhostFn)(uintptr_t)call->fn.fn)(
		    (void *)(uintptr_t)call->fn.data);
		return ACCEPT_OK;
	case ONCUDA_STREAM_CALLBACK:
		((CUstreamCallback)(uintptr_t)call->fn.fn)(
		    (CUstream)(uintptr_t)call->stream, (CUresult)call->status,
		    (void *)(uintptr_t)call->fn.data);
		return ACCEPT_OK;
	}
	return ACCEPT_GARBAGE_ARGS;
}

/*
 * The mirrors' bytes of pending downloads that came with a host function
 * (idl/cuda.x, host_call): written into the program's memory before it
 * runs, the downloads left pending.
 */
static void write_landed(unsigned server, const landed_downloads *landed)
{
	for (u_int i = 0; i < landed->landed_downloads_len; i++) {
		const landed_download *l = &landed->landed_downloads_val[i];

		if (l->err == CUDA_SUCCESS)
			(void)pending_write(server, l->seq, 0,
			    l->bytes.bytes_len, l->bytes.bytes_val,
			    l->bytes.bytes_len);
	}
}

/*
 * A piece of a download too large for the host call that follows
 * (ONCUDA_CALLBACK_LAND), which has no reply: written like the call's own
 * (write_landed); one for no download held, or not within it, is dropped.
 */
static bool piece_in(struct channel *ch)
{
	landed_piece p;
	bool ok = true;

	memset(&p, 0, sizeof p);
	if (xdr_landed_piece(&ch->rs.xdr, &p))
		(void)pending_write(ch->server, p.seq, p.offset, p.size,
		    p.bytes.bytes_val, p.bytes.bytes_len);
	else
		ok = !record_failed(&ch->rs);
	xdr_free(XDRPROC(xdr_landed_piece), (char *)&p);
	return ok;
}

/*
 * A notice of the server driver's (ONCUDA_CALLBACK_NOTICE), which has no
 * reply: the program's function for its registration runs; a notice for
 * no registration (one unregistered since it was sent) is dropped.
 */
static bool notice_in(struct channel *ch)
{
	driver_notice n;

	memset(&n, 0, sizeof n);
	if (xdr_driver_notice(&ch->rs.xdr, &n))
		(void)sink_run(ch->server, &n);
	else if (record_failed(&ch->rs)) {
		xdr_free(XDRPROC(xdr_driver_notice), (char *)&n);
		return false;
	}
	xdr_free(XDRPROC(xdr_driver_notice), (char *)&n);
	return true;
}

/* Serves one call; false when the connection ended. */
static bool serve_one(struct channel *ch)
{
	struct record_stream *rs = &ch->rs;
	XDR *x = &rs->xdr;
	bool ok;
	uint32_t xid, type, rpcvers, prog, vers, proc;
	host_call call;

	if (!record_next(rs))
		return false;
	if (!get(x, &xid) || !get(x, &type) || type != CALL_RECORD ||
	    !get(x, &rpcvers) || !get(x, &prog) || !get(x, &vers) ||
	    !get(x, &proc) || !skip_auth(x) || !skip_auth(x))
		return !record_failed(rs);	/* not a call: skipped */
	if (prog != ONCUDA_CALLBACK_PROG)
		return reply(rs, xid, ACCEPT_PROG_UNAVAIL);
	if (vers != ONCUDA_CALLBACK_VERSION)
		return reply(rs, xid, ACCEPT_PROG_MISMATCH);
	if (proc == 0)
		return reply(rs, xid, ACCEPT_OK);
	if (proc == ONCUDA_CALLBACK_NOTICE)
		return notice_in(ch);
	if (proc == ONCUDA_CALLBACK_LAND)
		return piece_in(ch);
	if (proc != ONCUDA_CALLBACK_RUN)
		return reply(rs, xid, ACCEPT_PROC_UNAVAIL);
	memset(&call, 0, sizeof call);
	if (!xdr_host_call(x, &call)) {
		xdr_free(XDRPROC(xdr_host_call), (char *)&call);
		return !record_failed(rs) && reply(rs, xid,
		    ACCEPT_GARBAGE_ARGS);
	}
	if (call.kind != ONCUDA_USER_OBJECT_DESTROY)
		write_landed(ch->server, &call.landed);
	ok = reply(rs, xid, run(&call));
	xdr_free(XDRPROC(xdr_host_call), (char *)&call);
	return ok;
}

static void *serve(void *arg)
{
	struct channel *ch = arg;

	/* A week: the first host function may come late, or never. */
	if (ch->tls && (ch->rs.tls = tls_client_rejoin(ch->fd,
	    rpc_server_target(ch->server), 7L * 24 * 3600 * 1000, TLS_RECORDS,
	    "the callback connection", "host functions cannot run")) == NULL)
		return NULL;
	while (serve_one(ch))
		;
	/* The server went away: the session's connection says so to the
	 * program's next call; nothing is left to run here. */
	return NULL;
}

/* ------------------------------------------------------------ binding */

/* Step 2: a new connection that hands itself to the session. */
static int attach(unsigned server, const callback_offer *offer, bool *tls)
{
	struct timeval forever = { 0, 0 };
	res_none r;
	int fd = -1;
	CLIENT *c;

	tls_client_will_hand_over(true);
	c = connect_server(rpc_server_target(server));
	tls_client_will_hand_over(false);
	if (c == NULL)
		return -1;
	memset(&r, 0, sizeof r);
	*tls = xprt_in_tls(c);
	if (oncuda_callback_attach(*offer, &r, c) == RPC_SUCCESS &&
	    r.err == CUDA_SUCCESS && clnt_control(c, CLGET_FD, (char *)&fd))
		clnt_control(c, CLSET_FD_NCLOSE, NULL);
	else
		fd = -1;
	clnt_destroy(c);
	/* The thread waits for calls as long as the session lives. */
	if (fd >= 0)
		(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &forever,
		    sizeof forever);
	return fd;
}

static CUresult bind_locked(unsigned server, struct channel *ch)
{
	res_callback_offer offer;
	res_none r;
	sigset_t all, old;
	pthread_attr_t attr;
	pthread_t thread;
	CUresult e;
	struct call k;
	int fd, err;

	memset(&offer, 0, sizeof offer);
	if ((e = call_begin_on_nosync(&k, server, CALL_NO_REPLY)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = call_end(&k, oncuda_callback_offer(&offer, k.c))) !=
	    CUDA_SUCCESS)
		return e;
	if (offer.err != CUDA_SUCCESS)
		return (CUresult)offer.err;
	if ((fd = attach(server, &offer.res_callback_offer_u.value,
	    &ch->tls)) < 0) {
		oncuda_say("cannot open the callback connection to %s; host "
		    "functions cannot run", rpc_server_name(server));
		return CUDA_ERROR_DEVICE_UNAVAILABLE;
	}
	memset(&r, 0, sizeof r);
	if ((e = call_begin_on_nosync(&k, server, CALL_NO_REPLY)) !=
	    CUDA_SUCCESS) {
		close(fd);
		return e;
	}
	if ((e = call_end(&k, oncuda_callback_bind(&r, k.c))) != CUDA_SUCCESS ||
	    (e = (CUresult)r.err) != CUDA_SUCCESS) {
		close(fd);
		return e;
	}
	if (!record_init(&ch->rs, fd)) {
		close(fd);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	ch->fd = fd;
	ch->server = server;
	/* The thread blocks every signal: the program's handlers run on its
	 * own threads, never on the one that runs its host functions. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thread, &attr, serve, ch);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err != 0) {
		record_free(&ch->rs);
		close(fd);
		return CUDA_ERROR_OPERATING_SYSTEM;
	}
	ch->bound = true;
	return CUDA_SUCCESS;
}

CUresult callback_ready(unsigned server, uint64_t fn, uint64_t data,
    bool lasting)
{
	if (server >= ROUTE_SERVERS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	if (!host_fn_allow(fn, data, lasting))
		return CUDA_ERROR_OUT_OF_MEMORY;
	return callback_bind(server);
}

CUresult callback_bind(unsigned server)
{
	struct channel *ch;
	CUresult e = CUDA_SUCCESS;

	if (server >= ROUTE_SERVERS_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_once(&setup_once, setup);
	ch = &channels[server];
	pthread_mutex_lock(&ch->lock);
	if (!ch->bound)
		e = bind_locked(server, ch);
	pthread_mutex_unlock(&ch->lock);
	return e;
}
