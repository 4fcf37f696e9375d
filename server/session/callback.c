/*
 * server/session/callback.c -- the callback connection (callback.h).
 *
 * Binding (idl/cuda.x says the steps): the session process the client's
 * new connection reached hands it to the offering session with the token
 * (handoff.h); the offering session takes it when the client asks it to
 * bind, and checks the token.
 *
 * A call back is an ONC RPC call record, encoded and read here with the
 * record layer both transports use (common/xprt_record.h), under one lock:
 * one call is outstanding at a time, so the client's replies come in the
 * order of the calls.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/auth_key.h"
#include "common/tls_channel.h"
#include "common/xprt_record.h"
#include "server/session/callback.h"
#include "server/session/downloads.h"
#include "server/session/handoff.h"
#include "server/session/log.h"
#include "server/session/starttls.h"

/* RFC 5531's constants, by their names there. */
enum { CALL_RECORD = 0, REPLY_RECORD = 1, ACCEPTED = 0, ACCEPT_OK = 0 };
#define VERIFIER_MAX 400
/* How long ONCUDA_CALLBACK_BIND waits for the connection handed over. */
#define TAKE_OVER_MS 5000
/* The client's TLS handshake on the callback connection is waiting. */
#define TLS_CALLBACK_MS 30000

struct callback_arg {
	host_call call;
	bool kept;
	atomic_bool ran;
	struct callback_arg *next;	/* the kept ones */
};

static struct {
	pthread_mutex_t lock;		/* the connection: one call at a time */
	int fd;				/* -1: not bound */
	struct record_stream rs;
	uint32_t xid;
	atomic_bool dead;		/* the connection failed or was shut down */
	int listener;			/* the offer's unix socket, or -1 */
	unsigned char token[ONCUDA_CALLBACK_TOKEN_BYTES];
	bool handed_over;		/* this session gave its connection away */
	struct callback_arg *kept;	/* session thread only */
	bool tls_pending;		/* TLS to start at the first call back */
} ch = { PTHREAD_MUTEX_INITIALIZER, -1, { 0 }, 0, false, -1, { 0 }, false,
	NULL, false };

struct callback_arg *callback_arg_new(host_call_kind kind, const host_fn *fn,
    uint64_t client_stream, bool kept)
{
	struct callback_arg *a = calloc(1, sizeof *a);

	if (a == NULL)
		return NULL;
	a->call.kind = kind;
	a->call.fn = *fn;
	a->call.stream = client_stream;
	a->kept = kept;
	if (kept) {
		a->next = ch.kept;
		ch.kept = a;
	}
	return a;
}

void callback_arg_drop(struct callback_arg *a)
{
	if (a != NULL && !a->kept)
		free(a);
}

host_fn callback_arg_fn(const struct callback_arg *a)
{
	return a->call.fn;
}

bool callback_arg_ran(const struct callback_arg *a)
{
	return atomic_load(&a->ran);
}

bool callback_bound(void)
{
	return ch.fd >= 0;
}

/* ------------------------------------------------------------ calling */

static bool put(XDR *x, uint32_t v)
{
	return xdr_u_int32_t(x, &v);
}

static bool get(XDR *x, uint32_t *v)
{
	return xdr_u_int32_t(x, v);
}

/* Reads records until the reply to xid; false when the connection failed
 * or the reply is not an accepted SUCCESS. */
static bool await_reply(uint32_t xid)
{
	XDR *x = &ch.rs.xdr;
	uint32_t id, type, stat, flavor, len, accept;
	char verifier[VERIFIER_MAX];

	for (;;) {
		if (!record_next(&ch.rs))
			return false;
		if (!get(x, &id) || !get(x, &type)) {
			if (record_failed(&ch.rs))
				return false;
			continue;
		}
		if (id != xid || type != REPLY_RECORD)
			continue;	/* nothing else is expected: skipped */
		if (!get(x, &stat) || stat != ACCEPTED ||
		    !get(x, &flavor) || !get(x, &len) || len > VERIFIER_MAX ||
		    !xdr_opaque(x, verifier, len) || !get(x, &accept))
			return false;
		if (accept != ACCEPT_OK)
			log_msg(LOG_WARN, "the client refused a call back "
			    "(accept status %u)", accept);
		return true;
	}
}

/*
 * Whether a call back can be sent, under the lock: the connection is bound
 * and alive, and inside TLS when the session is (the client's handshake
 * waits for the first call back, starttls_rejoin).
 */
static bool usable_locked(void)
{
	if (ch.fd < 0 || atomic_load(&ch.dead))
		return false;
	/* A session inside TLS calls back inside TLS too: the client's
	 * handshake waits for this first call (starttls_rejoin). */
	if (ch.tls_pending) {
		ch.tls_pending = false;
		if ((ch.rs.tls = starttls_rejoin(ch.fd, TLS_CALLBACK_MS,
		    TLS_RECORDS, "the callback connection")) == NULL) {
			atomic_store(&ch.dead, true);
			return false;
		}
	}
	return true;
}

/* Sends a call record of procedure proc, its arguments args encoded by
 * encode, under the lock. */
static bool send_locked(uint32_t xid, uint32_t proc,
    bool_t (*encode)(XDR *, void *), void *args)
{
	XDR *x = &ch.rs.xdr;
	bool sent;

	sent = record_begin(&ch.rs) && put(x, xid) && put(x, CALL_RECORD) &&
	    put(x, RPC_MSG_VERSION) && put(x, ONCUDA_CALLBACK_PROG) &&
	    put(x, ONCUDA_CALLBACK_VERSION) && put(x, proc) &&
	    put(x, AUTH_NONE) && put(x, 0) && put(x, AUTH_NONE) &&
	    put(x, 0) && encode(x, args);
	if (!sent) {
		record_abandon(&ch.rs);
		return false;
	}
	return record_end(&ch.rs, true);
}

/* The generated routines, with their argument as the void * send_locked
 * passes. */
static bool_t encode_host_call(XDR *x, void *call)
{
	return xdr_host_call(x, call);
}

static bool_t encode_notice(XDR *x, void *n)
{
	return xdr_driver_notice(x, n);
}

static bool_t encode_piece(XDR *x, void *piece)
{
	return xdr_landed_piece(x, piece);
}

/*
 * Sends, under the lock, the bytes of the downloads call->landed could not
 * carry, as ONCUDA_CALLBACK_LAND pieces (idl/cuda.x, host_call), which
 * have no reply.  false when the connection failed.  A download that
 * stops being held meanwhile (freed, or landed by the session) is left
 * where it got to: the client keeps it pending either way.
 */
static bool send_pieces_locked(const host_call *call)
{
	static unsigned char *buffer;	/* used under the lock only */
	uint64_t seq = 0, size;
	landed_piece p;

	if (call->kind == ONCUDA_USER_OBJECT_DESTROY)
		return true;	/* a destructor is given no downloads */
	while (downloads_left_out(seq, &call->landed, &seq, &size)) {
		if (buffer == NULL &&
		    (buffer = malloc(ONCUDA_CHUNK_DEFAULT)) == NULL) {
			log_msg(LOG_WARN, "no memory to send a download's "
			    "bytes before a host function: it may read what "
			    "its memory held before the copy");
			return true;
		}
		for (uint64_t at = 0; at < size; at += p.bytes.bytes_len) {
			u_int len = size - at < ONCUDA_CHUNK_DEFAULT ?
			    (u_int)(size - at) : ONCUDA_CHUNK_DEFAULT;

			if (!downloads_read_piece(seq, at, buffer, len))
				break;
			p = (landed_piece){ seq, at, size, { len,
			    (char *)buffer } };
			if (!send_locked(++ch.xid, ONCUDA_CALLBACK_LAND,
			    encode_piece, &p))
				return false;
		}
	}
	return true;
}

/* Sends call back and waits for the client's reply. */
static void call_client(host_call *call)
{
	uint32_t xid;
	bool bound;

	pthread_mutex_lock(&ch.lock);
	bound = ch.fd >= 0;
	if (!usable_locked()) {
		pthread_mutex_unlock(&ch.lock);
		log_msg(bound ? LOG_DEBUG : LOG_WARN, "a host function of "
		    "the client's did not run: %s", bound ?
		    "the callback connection is gone" :
		    "no callback connection is bound");
		return;
	}
	/* No timeout: a host function may run as long as it likes; the
	 * connection's end (the client died, or callback_session_end) ends
	 * the wait. */
	if (!send_pieces_locked(call) || !send_locked(xid = ++ch.xid,
	    ONCUDA_CALLBACK_RUN, encode_host_call, call) ||
	    !await_reply(xid)) {
		atomic_store(&ch.dead, true);
		log_msg(LOG_INFO, "the callback connection ended while the "
		    "server waited for a host function: %s", ch.rs.error != 0 ?
		    strerror(ch.rs.error) : "closed");
	}
	pthread_mutex_unlock(&ch.lock);
}

bool callback_send_notice(driver_notice *n)
{
	bool sent = false;

	pthread_mutex_lock(&ch.lock);
	if (usable_locked()) {
		/* No reply comes: the client answers no notice. */
		sent = send_locked(++ch.xid, ONCUDA_CALLBACK_NOTICE,
		    encode_notice, n);
		if (!sent)
			atomic_store(&ch.dead, true);
	}
	pthread_mutex_unlock(&ch.lock);
	return sent;
}

void CUDA_CB callback_host_trampoline(void *arg)
{
	struct callback_arg *a = arg;
	host_call call = a->call;

	/* A function of the program's may read what downloads queued before
	 * it wrote (idl/cuda.x, host_call); a kept argument may be run by
	 * two streams at once, so the bytes go in a copy of the call. */
	if (call.kind != ONCUDA_USER_OBJECT_DESTROY)
		downloads_snapshot(&call.landed);
	call_client(&call);
	downloads_snapshot_free(&call.landed);
	atomic_store(&a->ran, true);
	/* A user object's argument is kept by its owner, to see it ran. */
	if (!a->kept && a->call.kind != ONCUDA_USER_OBJECT_DESTROY)
		free(a);
}

void CUDA_CB callback_stream_trampoline(CUstream stream, CUresult status,
    void *arg)
{
	struct callback_arg *a = arg;

	(void)stream;		/* the client's own value travels instead */
	a->call.status = (int)status;
	callback_host_trampoline(a);
}

/* ------------------------------------------------------------ binding */

CUresult callback_open_offer(callback_offer *out)
{
	if (ch.fd >= 0)
		return CUDA_ERROR_ALREADY_ACQUIRED;
	if (getrandom(ch.token, sizeof ch.token, 0) !=
	    (ssize_t)sizeof ch.token)
		return CUDA_ERROR_OPERATING_SYSTEM;
	if (ch.listener < 0 &&
	    (ch.listener = handoff_listen("callback", 4)) < 0) {
		log_msg(LOG_WARN, "cannot offer a callback connection: %s",
		    strerror(errno));
		return CUDA_ERROR_OPERATING_SYSTEM;
	}
	starttls_ticket();
	out->session_pid = (unsigned)getpid();
	memcpy(out->token, ch.token, sizeof ch.token);
	return CUDA_SUCCESS;
}

CUresult callback_hand_over(const callback_offer *offer, int connection)
{
	if (!handoff_send("callback", offer->session_pid, offer->token,
	    sizeof offer->token, connection)) {
		log_msg(LOG_INFO, "no session %u to hand a callback "
		    "connection to", offer->session_pid);
		return CUDA_ERROR_NOT_FOUND;
	}
	ch.handed_over = true;
	log_msg(LOG_INFO, "connection handed to session %u as its callback "
	    "connection", offer->session_pid);
	return CUDA_SUCCESS;
}

/* Keepalive probes end a TCP connection whose client machine vanished. */
static void keep_alive(int fd)
{
	int on = 1, idle = 30, interval = 10, count = 3, domain;
	socklen_t len = sizeof domain;

	if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) < 0 ||
	    domain == AF_UNIX)
		return;
	(void)setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
	(void)setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
	(void)setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval,
	    sizeof interval);
	(void)setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
}

CUresult callback_take_over(void)
{
	unsigned char token[ONCUDA_CALLBACK_TOKEN_BYTES];
	struct timespec end;
	int fd;

	if (ch.fd >= 0)
		return CUDA_ERROR_ALREADY_ACQUIRED;
	handoff_deadline(&end, TAKE_OVER_MS);
	if ((fd = handoff_take(ch.listener, &end, token, sizeof token)) == -1)
		return CUDA_ERROR_NOT_FOUND;
	if (fd < 0 || !auth_secret_equal(token, ch.token, sizeof token)) {
		if (fd >= 0)
			close(fd);
		log_msg(LOG_WARN, "refused a callback connection: wrong token");
		return CUDA_ERROR_NOT_PERMITTED;
	}
	if (!record_init(&ch.rs, fd)) {
		close(fd);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	close(ch.listener);
	ch.listener = -1;
	keep_alive(fd);
	ch.tls_pending = starttls_active();
	ch.fd = fd;
	log_msg(LOG_DEBUG, "callback connection bound");
	return CUDA_SUCCESS;
}

const char *callback_session_over(void)
{
	return ch.handed_over ? "its connection became another session's "
	    "callback connection" : NULL;
}

void callback_session_end(void)
{
	atomic_store(&ch.dead, true);
	if (ch.fd >= 0)
		shutdown(ch.fd, SHUT_RDWR);	/* wakes a waiting trampoline */
	if (ch.listener >= 0) {
		close(ch.listener);
		ch.listener = -1;
	}
}

void callback_session_free(void)
{
	struct callback_arg *a;

	while ((a = ch.kept) != NULL) {
		ch.kept = a->next;
		free(a);
	}
	if (ch.fd >= 0) {
		tls_channel_close(ch.rs.tls);
		record_free(&ch.rs);
		close(ch.fd);
		ch.fd = -1;
	}
}
