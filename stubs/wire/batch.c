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
 * the queued records from the connection and sends them itself, after
 * giving the connection back (xprt.h, xprt_detach_queued): a program that
 * queues its next launch meanwhile waits for no write to the socket, which
 * on loopback runs the receiver's side of TCP too, and whose writer the
 * scheduler may preempt.  Inside TLS, whose channel has one user at a
 * time, the flusher instead sends ONCUDA_FLUSH, the procedure that does
 * nothing, as a message-passing call, holding the connection.  A program that launches and then computes
 * on the CPU thus has its work started within the delay, one that polls
 * mapped memory or a flag does not wait on a buffer that nobody writes,
 * and one that launches in a loop has its work delivered every
 * BATCH_MAX_ROUNDS looks (or when the buffer fills).  The
 * quiet is told by counting queued calls, so a launch reads no clock.
 * Once awake, the flusher keeps looking for BATCH_LINGER_ROUNDS before it
 * sleeps again, so that a program queuing and synchronizing in a loop
 * does not pay a wake-up per call; an idle program costs no wake-ups.
 *
 * The flusher dies with the process, perhaps before its next look: what
 * still waits then is shipped by flush_at_exit, through ONCUDA_FLUSH,
 * with bounded waits instead of the connection's timeout, after a send
 * the flusher has in flight.  A call that waits for a
 * reply marks the buffer empty before it is sent, so that the exit never
 * waits for another thread's long call that has shipped the records.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "stubs/wire/batch.h"
#include "common/xprt_record.h"
#include "gen/cuda_names.h"
#include "stubs/link/xprt.h"
#include "stubs/link/say.h"
#include "stubs/wire/tag.h"

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
 * The connection to each server, to tell which one a watched call is on
 * (written by batch_watch under that connection's lock), and how the
 * flusher takes them (rpc.c's, the same for all).
 */
static CLIENT *_Atomic watched[ROUTE_SERVERS_MAX];
static const struct batch_links *links;

/*
 * Records wait in the send buffer of the connection to server i: queued[i].
 * Written under that connection's lock; the flusher also reads it without
 * the lock, to leave the connection alone when a call shipped the records
 * already (the common case of a launch followed by a synchronize), and
 * again under the lock before it acts.
 */
static atomic_bool queued[ROUTE_SERVERS_MAX];
static atomic_ulong queued_calls;	/* one-way calls made, ever */

/* The flusher is sending records detached from server i's connection
 * (flush_server): the exit waits for that send before its own. */
static atomic_bool in_flight[ROUTE_SERVERS_MAX];

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

/*
 * The exit waits for the connections at most BATCH_EXIT_WAIT_MS in all:
 * for a lock that the flusher or another thread holds, and for the send.
 * A send that would block has at least BATCH_EXIT_SEND_MIN_US.
 */
#define BATCH_EXIT_WAIT_MS 1000
#define BATCH_EXIT_SEND_MIN_US 10000

static void fork_child(void)
{
	/* The flusher is not copied into the child, nor is the connection. */
	pthread_mutex_init(&wake_lock, NULL);
	pthread_cond_init(&wake, NULL);
	wake_pending = false;
	flusher_running = false;
	flusher_failed = false;
	atomic_store(&flusher_awake, false);
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++) {
		atomic_store(&queued[i], false);
		atomic_store(&in_flight[i], false);
		atomic_store(&watched[i], NULL);
	}
}

/* Whether records wait on any connection. */
static bool any_queued(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		if (atomic_load(&queued[i]))
			return true;
	return false;
}

/* Whether records wait, or are being sent by the flusher, on any. */
static bool any_unsent(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		if (atomic_load(&in_flight[i]))
			return true;
	return any_queued();
}

static void setup(void)
{
	const char *env = getenv("ONCUDA_BATCH");

	batching = env == NULL || strcmp(env, "0") != 0;
	pthread_atfork(NULL, NULL, fork_child);
}

/* Under the connection lock: sends ONCUDA_FLUSH, which ships the queue. */
static enum clnt_stat send_flush(CLIENT *c)
{
	enum clnt_stat st;
	res_none unused;

	st = clnt_call(c, ONCUDA_FLUSH, xdr_nothing, NULL,
	    (xdrproc_t)xdr_res_none, (char *)&unused, no_wait);
	return st == RPC_TIMEDOUT ? RPC_SUCCESS : st;	/* no reply comes */
}

/*
 * Ships what waits for server, unless a call did it meanwhile: sent from
 * here once the connection is given back, or, when it cannot be detached
 * (inside TLS), by ONCUDA_FLUSH while holding it.
 */
static void flush_server(unsigned server)
{
	struct record_detached detached;
	CLIENT *c;
	bool sent;

	if (!atomic_load(&queued[server]))
		return;
	if ((c = links->take(server, NULL)) == NULL)
		return;		/* no connection: nothing waits */
	if (!atomic_load(&queued[server])) {
		links->give(RPC_SUCCESS);
		return;
	}
	if (!xprt_detach_queued(c, &detached)) {
		links->give(send_flush(c));
		return;
	}
	atomic_store(&in_flight[server], true);
	atomic_store(&queued[server], false);
	links->give(RPC_SUCCESS);
	sent = xprt_send_detached(c, &detached);
	atomic_store(&in_flight[server], false);
	/* A failed send loses the connection now, said as a call's would be,
	 * rather than at the program's next call. */
	if (!sent && (c = links->take(server, NULL)) != NULL)
		links->give(xprt_wire_status(c));
}

/* Ships what waits, on every connection. */
static void flush(void)
{
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		flush_server(i);
}

/*
 * As flush_server, for the exit: the lock is waited for and the bytes are
 * sent until deadline at most (the socket's send timeout is the time left,
 * then the connection's own again), so that a server that stopped reading
 * cannot hold the exit.
 */
static void flush_server_by(unsigned server, const struct timespec *deadline)
{
	struct timeval usual, left = { 0, BATCH_EXIT_SEND_MIN_US };
	enum clnt_stat st = RPC_SUCCESS;
	struct timespec now;
	long long micros;
	CLIENT *c;

	/* The flusher's send goes first, as it was queued first. */
	while (atomic_load(&in_flight[server])) {
		clock_gettime(CLOCK_REALTIME, &now);
		if (now.tv_sec > deadline->tv_sec || (now.tv_sec ==
		    deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec))
			return;
		nanosleep(&(struct timespec){ 0, 100000L }, NULL);
	}
	if (!atomic_load(&queued[server]))
		return;
	if ((c = links->take(server, deadline)) == NULL)
		return;		/* no connection, or still busy: give up */
	if (atomic_load(&queued[server])) {
		clock_gettime(CLOCK_REALTIME, &now);
		micros = (deadline->tv_sec - now.tv_sec) * 1000000LL +
		    (deadline->tv_nsec - now.tv_nsec) / 1000;
		if (micros > BATCH_EXIT_SEND_MIN_US) {
			left.tv_sec = (time_t)(micros / 1000000);
			left.tv_usec = (suseconds_t)(micros % 1000000);
		}
		if (!clnt_control(c, CLGET_TIMEOUT, (char *)&usual))
			usual = left;
		clnt_control(c, CLSET_TIMEOUT, (char *)&left);
		st = send_flush(c);
		clnt_control(c, CLSET_TIMEOUT, (char *)&usual);
	}
	links->give(st);
}

/*
 * At exit() or return from main (and at dlclose): ships what the program
 * queued on every connection and never waited for, so that its last
 * launches and copies reach the server, which runs them as it ends the
 * session.  A destructor rather than atexit: it runs after the program's
 * atexit handlers and static destructors, whose calls may queue more.
 * Nothing when nothing waits: a program that never called, a forked child
 * (which starts with nothing queued, batch.c's and rpc.c's fork handlers),
 * a lost connection.  Records queued meanwhile by threads still running
 * may be left behind, as at any exit.
 */
__attribute__((destructor)) static void flush_at_exit(void)
{
	struct timespec deadline;

	if (!any_unsent())
		return;
	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += BATCH_EXIT_WAIT_MS / 1000;
	deadline.tv_nsec += (BATCH_EXIT_WAIT_MS % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		flush_server_by(i, &deadline);
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

/* The server of c, a watched connection (one server, most often). */
static unsigned server_of(const CLIENT *c)
{
	unsigned i;

	for (i = 0; i < ROUTE_SERVERS_MAX - 1; i++)
		if (atomic_load(&watched[i]) == c)
			break;
	return i;
}

static enum clnt_stat watched_call(CLIENT *c, rpcproc_t proc,
    xdrproc_t xdr_args, void *args, xdrproc_t xdr_result, void *result,
    struct timeval timeout)
{
	atomic_bool *waiting = &queued[server_of(c)];
	enum clnt_stat st;

	if (xdr_result != NULL || timeout.tv_sec != 0 || timeout.tv_usec != 0) {
		/*
		 * This call writes the buffer first: nothing waits while it
		 * waits for its reply (the exit need not wait for it).
		 */
		atomic_store(waiting, false);
		return inner_ops->cl_call(c, proc, xdr_args, args, xdr_result,
		    result, timeout);
	}
	st = inner_ops->cl_call(c, proc, xdr_args, args, xdr_result, result,
	    timeout);
	if (st == RPC_SUCCESS) {
		atomic_fetch_add_explicit(&queued_calls, 1, memory_order_relaxed);
		if (!atomic_load(waiting)) {
			atomic_store(waiting, true);
			if (!atomic_load(&flusher_awake))
				wake_flusher();
		}
	}
	return st;
}

void batch_watch(CLIENT *c, unsigned server, const struct batch_links *l)
{
	pthread_once(&setup_once, setup);
	links = l;
	/* A lost connection's freed handle may come back as this one. */
	for (unsigned i = 0; i < ROUTE_SERVERS_MAX; i++)
		if (atomic_load(&watched[i]) == c)
			atomic_store(&watched[i], NULL);
	atomic_store(&watched[server], c);
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
