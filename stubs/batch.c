/*
 * batch.c -- one-way calls and the flusher thread (batch.h).
 *
 * The connection's transport (xprt.h), like libtirpc's clnt_vc_call, treats
 * a call with no result routine and a zero timeout as a batched call: it ends the record without flushing the send
 * buffer and returns RPC_SUCCESS.  A call with a result routine and a zero
 * timeout is flushed at once and returns RPC_TIMEDOUT without reading a
 * reply (its "message passing" case); any other call flushes the buffer,
 * queued records first, and waits for its reply.
 *
 * Whether records wait in the buffer is known by watching every call the
 * handle makes: the handle's cl_call is wrapped, as trace.c does.  `queued`
 * is written only inside calls, which rpc.c's connection lock serialises.
 * When it turns true the flusher is woken.  Every BATCH_FLUSH_DELAY_US it
 * looks: if records still wait and the program queued nothing since the
 * last look (it is computing, or polling memory), or they have waited
 * BATCH_MAX_ROUNDS looks (it is queuing without pause), the flusher takes
 * the connection and sends ONCUDA_FLUSH, the procedure that does nothing,
 * as a message-passing call.  A program that launches and then computes
 * on the CPU thus has its work started within the delay, one that polls
 * mapped memory or a flag does not wait on a buffer that nobody writes,
 * and one that launches in a loop has its work delivered every
 * BATCH_MAX_ROUNDS looks (or when the buffer fills).  The
 * quiet is told by counting queued calls, so a launch reads no clock.
 * Once awake, the flusher keeps looking for BATCH_LINGER_ROUNDS before it
 * sleeps again, so that a program queuing and synchronizing in a loop
 * does not pay a wake-up per call; an idle program costs no wake-ups.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "batch.h"
#include "cuda_rpc.h"
#include "route.h"
#include "rpc.h"

static const struct timeval no_wait = { 0, 0 };

/* xdr_void, with the type (xdrproc_t) that libtirpc's calls take. */
static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static bool batching = true;		/* ONCUDA_BATCH, read once */

/* Under rpc.c's connection lock. */
static const struct clnt_ops *inner_ops;
static struct clnt_ops watched_ops;

/*
 * Records wait in the send buffer of the connection to server i: queued[i].
 * Written under that connection's lock; the flusher also reads it without
 * the lock, to leave the connection alone when a call shipped the records
 * already (the common case of a launch followed by a synchronize), and
 * again under the lock before it acts.
 */
static atomic_bool queued[ROUTE_SERVERS_MAX];
static atomic_ulong queued_calls;	/* one-way calls made, ever */

/* The flusher's wake-up. */
static pthread_mutex_t wake_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static bool wake_pending;		/* under wake_lock */
static bool flusher_running;		/* under wake_lock */
static bool flusher_failed;		/* under wake_lock */
static atomic_bool flusher_awake;	/* looks at `queued` by itself */

/*
 * Rounds of BATCH_FLUSH_DELAY_US the flusher stays awake after records
 * last waited: a program that queues and synchronizes in a loop then
 * queues without waking it, which would cost a system call each time.
 */
#define BATCH_LINGER_ROUNDS 20

/*
 * Looks after which waiting records go out though the program queues on.
 * Small, because a GPU that runs queued work faster than the program
 * queues it idles until the next batch arrives; above 1, because each
 * write holds the connection, and the program's next call waits for it.
 */
#define BATCH_MAX_ROUNDS 2

static void fork_child(void)
{
	/* The flusher is not copied into the child, nor is the connection. */
	pthread_mutex_init(&wake_lock, NULL);
	pthread_cond_init(&wake, NULL);
	wake_pending = false;
	flusher_running = false;
	flusher_failed = false;
	atomic_store(&flusher_awake, false);
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		atomic_store(&queued[i], false);
}

/* Whether records wait on any connection. */
static bool any_queued(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		if (atomic_load(&queued[i]))
			return true;
	return false;
}

static void setup(void)
{
	const char *env = getenv("ONCUDA_BATCH");

	batching = env == NULL || strcmp(env, "0") != 0;
	pthread_atfork(NULL, NULL, fork_child);
}

/* Ships what waits for server, unless a call did it meanwhile. */
static void flush_server(unsigned server)
{
	enum clnt_stat st = RPC_SUCCESS;
	res_none unused;
	CLIENT *c;

	if (!atomic_load(&queued[server]))
		return;
	if ((c = rpc_begin_on_nosync(server)) == NULL)
		return;		/* no connection: nothing waits */
	if (atomic_load(&queued[server])) {
		st = clnt_call(c, ONCUDA_FLUSH, xdr_nothing, NULL,
		    (xdrproc_t)xdr_res_none, (char *)&unused, no_wait);
		if (st == RPC_TIMEDOUT)
			st = RPC_SUCCESS;	/* sent; no reply comes */
	}
	(void)rpc_end(st);
}

/* Ships what waits, on every connection. */
static void flush(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		flush_server(i);
}

/* Sleeps until a call queues records; the flusher is then awake. */
static void flusher_sleep(void)
{
	pthread_mutex_lock(&wake_lock);
	atomic_store(&flusher_awake, false);
	/* Seen as false by watched_call, or queued seen as true here. */
	while (!wake_pending && !any_queued())
		pthread_cond_wait(&wake, &wake_lock);
	wake_pending = false;
	atomic_store(&flusher_awake, true);
	pthread_mutex_unlock(&wake_lock);
}

static void *flusher(void *unused)
{
	const struct timespec delay = { 0, BATCH_FLUSH_DELAY_US * 1000L };
	unsigned int idle = 0, waited = 0;
	unsigned long seen = 0, calls;

	(void)unused;
	/* The default timer slack (50 us) would double the delay. */
	(void)prctl(PR_SET_TIMERSLACK, 1000UL, 0UL, 0UL, 0UL);
	for (;;) {
		if (idle == BATCH_LINGER_ROUNDS) {
			flusher_sleep();
			idle = 0;
			seen = atomic_load(&queued_calls);
		}
		nanosleep(&delay, NULL);
		if (!any_queued()) {
			idle++;
			waited = 0;
			continue;
		}
		idle = 0;
		calls = atomic_load(&queued_calls);
		if (calls == seen || ++waited >= BATCH_MAX_ROUNDS) {
			flush();
			waited = 0;
		}
		seen = calls;
	}
	return NULL;
}

/* Under wake_lock: starts the flusher once; false if it cannot run. */
static bool flusher_start_locked(void)
{
	sigset_t all, saved;
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	if (flusher_running || flusher_failed)
		return flusher_running;
	/* The program's signals are for its own threads, never this one. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &saved);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	err = pthread_create(&thread, &attr, flusher, NULL);
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (err != 0) {
		oncuda_say("cannot start the thread that sends queued calls (%s): "
		    "launches and other one-way calls are sent one by one, "
		    "which is slower", strerror(err));
		flusher_failed = true;
		return false;
	}
	flusher_running = true;
	return true;
}

static void wake_flusher(void)
{
	pthread_mutex_lock(&wake_lock);
	wake_pending = true;
	pthread_cond_signal(&wake);
	pthread_mutex_unlock(&wake_lock);
}

static enum clnt_stat watched_call(CLIENT *c, rpcproc_t proc,
    xdrproc_t xdr_args, void *args, xdrproc_t xdr_result, void *result,
    struct timeval timeout)
{
	atomic_bool *waiting = &queued[rpc_held_server()];
	enum clnt_stat st;

	st = inner_ops->cl_call(c, proc, xdr_args, args, xdr_result, result,
	    timeout);
	if (xdr_result != NULL || timeout.tv_sec != 0 || timeout.tv_usec != 0) {
		atomic_store(waiting, false);	/* this call flushed the buffer */
	} else if (st == RPC_SUCCESS) {
		atomic_fetch_add_explicit(&queued_calls, 1, memory_order_relaxed);
		if (!atomic_load(waiting)) {
			atomic_store(waiting, true);
			if (!atomic_load(&flusher_awake))
				wake_flusher();
		}
	}
	return st;
}

void batch_watch(CLIENT *c, unsigned server)
{
	pthread_once(&setup_once, setup);
	if (inner_ops != c->cl_ops) {
		inner_ops = c->cl_ops;
		watched_ops = *inner_ops;
		watched_ops.cl_call = watched_call;
	}
	c->cl_ops = &watched_ops;
	atomic_store(&queued[server], false);
}

enum clnt_stat batch_send(CLIENT *c, rpcproc_t proc, xdrproc_t xdr_args,
    void *args)
{
	enum clnt_stat st;
	bool queue;

	pthread_mutex_lock(&wake_lock);
	queue = batching && flusher_start_locked();
	pthread_mutex_unlock(&wake_lock);
	if (queue)
		return clnt_call(c, proc, xdr_args, args, NULL, NULL, no_wait);
	st = clnt_call(c, proc, xdr_args, args, xdr_nothing, NULL, no_wait);
	return st == RPC_TIMEDOUT ? RPC_SUCCESS : st;
}
