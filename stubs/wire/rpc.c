/*
 * rpc.c -- the call discipline around the connections (rpc.h).
 *
 * One link per server ONCUDA_SERVER names.  State of a link, guarded by
 * its lock: the CLIENT handle, whether the link is up, and which context
 * the server has current.  A link's state and `initialised` are also read
 * without the lock (errors answered in the client), hence atomic.
 *
 * The lock is held across each RPC, which also keeps the transport, not
 * thread-safe on one handle (xprt.h), to one call at a time.
 *
 * This layer takes the server and the context a call is made in; it does
 * not choose them (stubs/route/call.c does).  It knows contexts only as
 * tagged handles (tag.h), and that the server runs one current context
 * per connection.  The
 * transport sends with MSG_NOSIGNAL: a server that went away gives an
 * error, not a SIGPIPE, so the lock needs no signal handling.
 */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stubs/wire/batch.h"
#include "stubs/link/connect.h"
#include "stubs/link/server_target.h"
#include "common/trace_format.h"
#include "stubs/wire/rpc.h"
#include "stubs/link/xprt.h"
#include "stubs/link/server_list.h"
#include "stubs/wire/tag.h"
#include "stubs/wire/trace.h"

enum link_state {
	LINK_UNTRIED,		/* no attempt yet in this session */
	LINK_UP,
	LINK_FAILED,		/* the server was never reached; we said why */
	LINK_LOST		/* it was reached, then a call failed; we said so */
};

/* One server's connection; everything but state and reached under lock. */
struct link {
	pthread_mutex_t lock;
	struct server_target server;
	atomic_int state;		/* enum link_state */
	atomic_bool reached;
	CLIENT *client;
	bool server_ctx_known;
	cu_handle server_ctx;		/* the server's value, untagged */
	int server_capture_mode;	/* of the session's server thread */
};

/* Read once from the environment (setup). */
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static const char *server_problem;	/* why ONCUDA_SERVER is unusable */
static bool discovery_asked;		/* it is "*" (server_list.c) */
static struct link links[ROUTE_SERVERS_MAX];
static unsigned link_count;

static atomic_bool initialised;

/* The link the calling thread holds (between rpc_begin and rpc_end), and
 * the one it last tried, whose state rpc_unavailable reports. */
static _Thread_local struct link *held;
static _Thread_local struct link *tried;

/* The context the calling thread last had current on each server. */
static _Thread_local CUcontext last_current[ROUTE_SERVERS_MAX];

static void fork_prepare(void);
static void fork_parent(void);
static void fork_child(void);
static CLIENT *take_by(unsigned server, const struct timespec *deadline);
static void give(enum clnt_stat st);

/* What the flusher of one-way calls (batch.h) takes connections with. */
static const struct batch_links batch_links = { take_by, give };

static void setup(void)
{
	struct server_address addresses[ROUTE_SERVERS_MAX];
	const char *timeout = getenv("ONCUDA_TIMEOUT");
	const char *poll = getenv("ONCUDA_POLL_US");
	unsigned seconds, micros, i;
	const char *why;

	if ((why = timeout_parse(timeout, &seconds)) != NULL)
		oncuda_say("ONCUDA_TIMEOUT=\"%s\" is %s; using %u seconds",
		    timeout, why, seconds);
	if ((why = poll_parse(poll, &micros)) != NULL)
		oncuda_say("ONCUDA_POLL_US=\"%s\" is %s; using %u",
		    poll, why, micros);
	xprt_poll_before_sleeping(micros);
	server_problem = server_list_from_environment(addresses,
	    ROUTE_SERVERS_MAX, &link_count, &discovery_asked);
	if (server_problem != NULL)
		link_count = 1;		/* the error is reported through link 0 */
	for (i = 0; i < link_count; i++) {
		pthread_mutex_init(&links[i].lock, NULL);
		links[i].server.address = addresses[i];
		links[i].server.timeout_seconds = seconds;
		if (server_problem == NULL)
			server_target_name(&links[i].server);
	}
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static void lock_link(struct link *l)
{
	pthread_mutex_lock(&l->lock);
	held = l;
}

static void unlock_link(struct link *l)
{
	held = NULL;
	pthread_mutex_unlock(&l->lock);
}

static void connect_locked(struct link *l)
{
	atomic_store(&l->state, LINK_FAILED);
	if (server_problem != NULL && discovery_asked) {
		oncuda_say("cannot reach oncudad: ONCUDA_SERVER=\"*\": %s",
		    server_problem);
		return;
	}
	if (server_problem != NULL) {
		oncuda_say("cannot reach oncudad: ONCUDA_SERVER=\"%s\" is not "
		    "host or host:port, or a list of them separated by commas "
		    "(%s); set it to the machines that run oncudad",
		    getenv("ONCUDA_SERVER"), server_problem);
		return;
	}
	if ((l->client = connect_server(&l->server)) == NULL)
		return;
	trace_client(l->client);
	batch_watch(l->client, (unsigned)(l - links), &batch_links);
	/* A new session's server process has no context current. */
	l->server_ctx_known = true;
	l->server_ctx = 0;
	l->server_capture_mode = CU_STREAM_CAPTURE_MODE_GLOBAL;
	atomic_store(&l->reached, true);
	atomic_store(&l->state, LINK_UP);
}

static void lose_locked(struct link *l, enum clnt_stat st)
{
	char why[256];

	describe_call_error(l->client, st, &l->server, why, sizeof(why));
	oncuda_say("lost connection to oncudad on %s (%s): CUDA calls%s fail "
	    "from now on; the program must start again once oncudad answers "
	    "there (its log says why it ended a session)", l->server.name, why,
	    link_count > 1 ? " to its devices" : "");
	clnt_destroy(l->client);
	l->client = NULL;
	atomic_store(&l->state, LINK_LOST);
}

/* CU_CTX_SET_CURRENT; false when the connection was lost doing it. */
static bool set_server_context_locked(struct link *l, cu_handle ctx,
    CUresult *result)
{
	enum clnt_stat st;
	res_none r;

	memset(&r, 0, sizeof(r));
	if ((st = cu_ctx_set_current(ctx, &r, l->client)) !=
	    RPC_SUCCESS) {
		lose_locked(l, st);
		return false;
	}
	*result = (CUresult)r.err;
	return true;
}

/*
 * Makes the server's current context the calling thread's.  When that is
 * another server's context (a call routed here by its handles), the one
 * the thread last had current here, or none: never some other thread's,
 * so that a call cannot run in a context its thread did not choose.
 * false: the connection was lost.
 */
static bool sync_context_locked(struct link *l, CUcontext mine)
{
	unsigned index = (unsigned)(l - links);
	cu_handle want;
	CUresult result;

	if (route_server_of(mine) == index)
		last_current[index] = mine;
	want = route_strip(last_current[index]);
	if (l->server_ctx_known && l->server_ctx == want)
		return true;
	if (!set_server_context_locked(l, want, &result))
		return false;
	if (result == CUDA_SUCCESS) {
		rpc_server_context_is(want);
		return true;
	}
	/*
	 * The thread's context is gone (a primary context released by another
	 * thread, say).  Leave none current, so that the call fails with
	 * CUDA_ERROR_INVALID_CONTEXT rather than run in another thread's.
	 */
	l->server_ctx_known = false;
	last_current[index] = NULL;
	if (want != 0) {
		if (!set_server_context_locked(l, 0, &result))
			return false;
		if (result == CUDA_SUCCESS)
			rpc_server_context_is(0);
	}
	return true;
}

CLIENT *rpc_begin_at(unsigned server, bool sync, CUcontext ctx)
{
	struct link *l;

	pthread_once(&setup_once, setup);
	assert(held == NULL);	/* one connection at a time per thread */
	if (server >= link_count)
		server = 0;
	l = tried = &links[server];
	lock_link(l);
	if (atomic_load(&l->state) == LINK_UNTRIED)
		connect_locked(l);
	if (atomic_load(&l->state) != LINK_UP ||
	    (sync && atomic_load(&initialised) &&
	    !sync_context_locked(l, ctx))) {
		unlock_link(l);
		return NULL;
	}
	return l->client;
}

/*
 * For the flush at exit (batch.h): as rpc_begin_at without sync, but it
 * never connects, and it gives up (NULL) when the lock is not free by
 * deadline (CLOCK_REALTIME; NULL: wait as long as it takes): another
 * thread may hold it for a long call.
 */
static CLIENT *take_by(unsigned server, const struct timespec *deadline)
{
	struct link *l;

	pthread_once(&setup_once, setup);
	if (server >= link_count)
		return NULL;
	l = &links[server];
	if (deadline == NULL)
		pthread_mutex_lock(&l->lock);
	else if (pthread_mutex_timedlock(&l->lock, deadline) != 0)
		return NULL;
	held = l;
	if (atomic_load(&l->state) != LINK_UP) {
		unlock_link(l);
		return NULL;
	}
	return l->client;
}

static void give(enum clnt_stat st)
{
	(void)rpc_end(st);
}

bool rpc_lock_held(void)
{
	return held != NULL;
}

unsigned rpc_server_count(void)
{
	pthread_once(&setup_once, setup);
	return link_count;
}

const char *rpc_server_name(unsigned server)
{
	pthread_once(&setup_once, setup);
	return server < link_count ? links[server].server.name : "?";
}

const struct server_target *rpc_server_target(unsigned server)
{
	pthread_once(&setup_once, setup);
	return &links[server < link_count ? server : 0].server;
}

CUresult rpc_end(enum clnt_stat st)
{
	struct link *l = held;

	assert(l != NULL);
	/*
	 * Every failure ends the session, a timeout too: the server may still
	 * be executing the call, and its reply would answer the next one.
	 */
	if (st != RPC_SUCCESS && atomic_load(&l->state) == LINK_UP)
		lose_locked(l, st);
	unlock_link(l);
	return st == RPC_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_DEVICE_UNAVAILABLE;
}

CUresult rpc_server_result(int err)
{
	static atomic_bool said;

	if (err == CUDA_SUCCESS || trace_cuda_result_name(err) != NULL)
		return (CUresult)err;
	if (!atomic_exchange(&said, true))
		oncuda_say("a server answered with %d, which is no CUresult of "
		    "CUDA %d: the program gets CUDA_ERROR_UNKNOWN (is oncudad "
		    "of another CUDA version, or the reply damaged on the "
		    "way?)", err, CUDA_VERSION);
	return CUDA_ERROR_UNKNOWN;
}

CUresult rpc_unavailable(void)
{
	return tried != NULL && atomic_load(&tried->state) == LINK_LOST ?
	    CUDA_ERROR_DEVICE_UNAVAILABLE : CUDA_ERROR_NOT_INITIALIZED;
}

bool rpc_reached(void)
{
	for (unsigned i = 0; i < link_count; i++)
		if (atomic_load(&links[i].reached))
			return true;
	return false;
}

CUresult rpc_link_check(unsigned server)
{
	pthread_once(&setup_once, setup);
	if (server >= link_count)
		server = 0;
	if (atomic_load(&links[server].state) == LINK_LOST)
		return CUDA_ERROR_DEVICE_UNAVAILABLE;
	if (!atomic_load(&initialised))
		return CUDA_ERROR_NOT_INITIALIZED;
	return CUDA_SUCCESS;
}

void rpc_mark_initialised(void)
{
	atomic_store(&initialised, true);
}

bool rpc_initialised(void)
{
	return atomic_load(&initialised);
}

unsigned rpc_held_index(void)
{
	assert(rpc_lock_held());
	return (unsigned)(held - links);
}

cu_handle rpc_held_context(void)
{
	assert(rpc_lock_held());
	return held->server_ctx_known ? held->server_ctx : 0;
}

void rpc_server_context_is(cu_handle ctx)
{
	assert(rpc_lock_held());
	held->server_ctx_known = true;
	held->server_ctx = ctx & ROUTE_VALUE_MASK;
}

void rpc_server_context_unknown(void)
{
	assert(rpc_lock_held());
	held->server_ctx_known = false;
}

int rpc_held_capture_mode(void)
{
	assert(rpc_lock_held());
	return held->server_capture_mode;
}

void rpc_server_capture_mode_is(int mode)
{
	assert(rpc_lock_held());
	held->server_capture_mode = mode;
}

/*
 * fork(): holding the locks across it means that no other thread is
 * inside a call when the child is made, so the child finds the links
 * consistent; holding each connection's wire too, that no detached send
 * (batch.c's flusher, outside the link's lock) is half done.  The context
 * stacks take their own lock after these (ctxstack.c registers its
 * handlers first, at load).
 */
static void fork_prepare(void)
{
	for (unsigned i = 0; i < link_count; i++) {
		pthread_mutex_lock(&links[i].lock);
		if (links[i].client != NULL)
			xprt_wire_hold(links[i].client);
	}
}

/* Gives back what fork_prepare took, in both processes. */
static void release_wires(void)
{
	for (unsigned i = link_count; i-- > 0;)
		if (links[i].client != NULL)
			xprt_wire_release(links[i].client);
}

static void fork_parent(void)
{
	release_wires();
	for (unsigned i = link_count; i-- > 0;)
		pthread_mutex_unlock(&links[i].lock);
}

/* Every link as a new session finds it; the caller holds every lock. */
static void forget_links_locked(void)
{
	for (unsigned i = 0; i < link_count; i++) {
		struct link *l = &links[i];
		int fd = -1;

		if (l->client != NULL) {
			/*
			 * Free the handle and close the child's copy of the
			 * socket, without a word on it: the parent's session
			 * goes on over the same connection.
			 */
			if (!clnt_control(l->client, CLGET_FD, (char *)&fd))
				fd = -1;
			clnt_control(l->client, CLSET_FD_NCLOSE, NULL);
			clnt_destroy(l->client);
			if (fd >= 0)
				close(fd);
			l->client = NULL;
		}
		atomic_store(&l->state, LINK_UNTRIED);
		atomic_store(&l->reached, false);
		l->server_ctx_known = false;
	}
	atomic_store(&initialised, false);
	memset(last_current, 0, sizeof(last_current));
}

static void fork_child(void)
{
	release_wires();
	forget_links_locked();
	for (unsigned i = link_count; i-- > 0;)
		pthread_mutex_unlock(&links[i].lock);
}

void rpc_new_session(void)
{
	pthread_once(&setup_once, setup);
	assert(held == NULL);
	fork_prepare();
	release_wires();
	forget_links_locked();
	for (unsigned i = link_count; i-- > 0;)
		pthread_mutex_unlock(&links[i].lock);
}
