/*
 * rpc.c -- the call discipline around the one connection (rpc.h).
 *
 * State, guarded by link_lock: the CLIENT handle, whether the link is up,
 * and which context the server has current.  link_state and initialised
 * are also read without the lock (errors answered in the client), hence
 * atomic.
 *
 * The lock is held across each RPC, which also keeps libtirpc, not
 * thread-safe on one handle, to one call at a time.  While it is held
 * SIGPIPE is blocked in the calling thread: libtirpc writes with write(2),
 * and a server that went away must give an error, not kill the program.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "connect.h"
#include "ctxstack.h"
#include "rpc.h"
#include "trace.h"

enum link_state {
	LINK_UNTRIED,		/* no attempt yet in this session */
	LINK_UP,
	LINK_FAILED,		/* the server was never reached; we said why */
	LINK_LOST		/* it was reached, then a call failed; we said so */
};

/* Read once from the environment (setup). */
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static struct server_target server;
static const char *server_problem;	/* why ONCUDA_SERVER is unusable */

static pthread_mutex_t link_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int link_state;		/* enum link_state */
static atomic_bool reached;
static atomic_bool initialised;
static CLIENT *client;
static bool server_ctx_known;
static cu_handle server_ctx;

/* SIGPIPE handling of the section under link_lock. */
static sigset_t saved_mask;
static bool sigpipe_was_pending;
static bool call_failed;

static void fork_prepare(void);
static void fork_parent(void);
static void fork_child(void);

static void setup(void)
{
	const char *timeout = getenv("ONCUDA_TIMEOUT");
	const char *why;

	server_problem = server_address_parse(getenv("ONCUDA_SERVER"),
	    &server.address);
	if (server_problem == NULL)
		server_target_name(&server);
	if ((why = timeout_parse(timeout, &server.timeout_seconds)) != NULL)
		oncuda_say("ONCUDA_TIMEOUT=\"%s\" is %s; using %u seconds",
		    timeout, why, server.timeout_seconds);
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

static void lock_link(void)
{
	sigset_t pipe_only, pending;

	pthread_mutex_lock(&link_lock);
	sigemptyset(&pipe_only);
	sigaddset(&pipe_only, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_only, &saved_mask);
	/* Only a SIGPIPE the program itself blocks can be pending already. */
	sigpipe_was_pending = sigismember(&saved_mask, SIGPIPE) &&
	    sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
	call_failed = false;
}

static void unlock_link(void)
{
	static const struct timespec no_wait = { 0, 0 };
	sigset_t pipe_only, pending;

	/* A SIGPIPE our write raised is ours to swallow, not the program's. */
	if (call_failed && !sigpipe_was_pending && sigpending(&pending) == 0 &&
	    sigismember(&pending, SIGPIPE)) {
		sigemptyset(&pipe_only);
		sigaddset(&pipe_only, SIGPIPE);
		(void)sigtimedwait(&pipe_only, NULL, &no_wait);
	}
	pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
	pthread_mutex_unlock(&link_lock);
}

static void connect_locked(void)
{
	atomic_store(&link_state, LINK_FAILED);
	if (server_problem != NULL) {
		oncuda_say("cannot reach oncudad: ONCUDA_SERVER=\"%s\" is not "
		    "host or host:port (%s); set it to the machine that runs "
		    "oncudad", getenv("ONCUDA_SERVER"), server_problem);
		return;
	}
	if ((client = connect_server(&server)) == NULL) {
		call_failed = true;
		return;
	}
	trace_client(client);
	batch_watch(client);
	/* A new session's server process has no context current. */
	server_ctx_known = true;
	server_ctx = 0;
	atomic_store(&reached, true);
	atomic_store(&link_state, LINK_UP);
}

static void lose_locked(enum clnt_stat st)
{
	char why[256];

	call_failed = true;
	describe_call_error(client, st, &server, why, sizeof(why));
	oncuda_say("lost connection to oncudad on %s (%s): CUDA calls fail "
	    "from now on", server.name, why);
	clnt_destroy(client);
	client = NULL;
	atomic_store(&link_state, LINK_LOST);
}

/* CU_CTX_SET_CURRENT; false when the connection was lost doing it. */
static bool set_server_context_locked(cu_handle ctx, CUresult *result)
{
	enum clnt_stat st;
	res_none r;

	memset(&r, 0, sizeof(r));
	if ((st = cu_ctx_set_current_13000(ctx, &r, client)) != RPC_SUCCESS) {
		lose_locked(st);
		return false;
	}
	*result = (CUresult)r.err;
	return true;
}

/*
 * Makes the server's current context the calling thread's.  false: the
 * connection was lost.
 */
static bool sync_context_locked(void)
{
	cu_handle want = (cu_handle)(uintptr_t)ctxstack_current();
	CUresult result;

	if (server_ctx_known && server_ctx == want)
		return true;
	if (!set_server_context_locked(want, &result))
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
	server_ctx_known = false;
	if (want != 0) {
		if (!set_server_context_locked(0, &result))
			return false;
		if (result == CUDA_SUCCESS)
			rpc_server_context_is(0);
	}
	return true;
}

static CLIENT *begin(bool sync)
{
	pthread_once(&setup_once, setup);
	lock_link();
	if (atomic_load(&link_state) == LINK_UNTRIED)
		connect_locked();
	if (atomic_load(&link_state) != LINK_UP ||
	    (sync && atomic_load(&initialised) && !sync_context_locked())) {
		unlock_link();
		return NULL;
	}
	return client;
}

CLIENT *rpc_begin(void)
{
	return begin(true);
}

CLIENT *rpc_begin_nosync(void)
{
	return begin(false);
}

CUresult rpc_end(enum clnt_stat st)
{
	/*
	 * Every failure ends the session, a timeout too: the server may still
	 * be executing the call, and its reply would answer the next one.
	 */
	if (st != RPC_SUCCESS && atomic_load(&link_state) == LINK_UP)
		lose_locked(st);
	unlock_link();
	return st == RPC_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_DEVICE_UNAVAILABLE;
}

CUresult rpc_unavailable(void)
{
	return atomic_load(&link_state) == LINK_LOST ?
	    CUDA_ERROR_DEVICE_UNAVAILABLE : CUDA_ERROR_NOT_INITIALIZED;
}

bool rpc_reached(void)
{
	return atomic_load(&reached);
}

CUresult rpc_local_check(void)
{
	if (atomic_load(&link_state) == LINK_LOST)
		return CUDA_ERROR_DEVICE_UNAVAILABLE;
	if (!atomic_load(&initialised))
		return CUDA_ERROR_NOT_INITIALIZED;
	return CUDA_SUCCESS;
}

void rpc_mark_initialised(void)
{
	atomic_store(&initialised, true);
}

void rpc_server_context_is(cu_handle ctx)
{
	server_ctx_known = true;
	server_ctx = ctx;
}

void rpc_server_context_unknown(void)
{
	server_ctx_known = false;
}

/*
 * fork(): holding both locks across it means that no other thread is
 * inside libtirpc or a context stack when the child is made, so the child
 * finds both consistent.
 */
static void fork_prepare(void)
{
	pthread_mutex_lock(&link_lock);
	ctxstack_fork_prepare();
}

static void fork_parent(void)
{
	ctxstack_fork_parent();
	pthread_mutex_unlock(&link_lock);
}

static void fork_child(void)
{
	int fd = -1;

	if (client != NULL) {
		/*
		 * Free the handle and close the child's copy of the socket,
		 * without a word on it: the parent's session goes on over the
		 * same connection.
		 */
		if (!clnt_control(client, CLGET_FD, (char *)&fd))
			fd = -1;
		clnt_control(client, CLSET_FD_NCLOSE, NULL);
		clnt_destroy(client);
		if (fd >= 0)
			close(fd);
		client = NULL;
	}
	atomic_store(&link_state, LINK_UNTRIED);
	atomic_store(&reached, false);
	atomic_store(&initialised, false);
	server_ctx_known = false;
	ctxstack_fork_child();
	pthread_mutex_unlock(&link_lock);
}
