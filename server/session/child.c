/*
 * server/session/child.c -- the process that serves one client.
 *
 * Forked by the daemon for each accepted connection, it owns that client's
 * CUDA driver state: the driver is initialised here (when CU_INIT arrives),
 * never in the daemon, and dies with this process.  A crash in the driver or
 * in our code therefore costs one client, not all of them.
 *
 * RPC requests are served one at a time on this thread, in the order the
 * client sends them, through the session's own transport (transport.h).
 * The session ends when the client closes the connection, the connection
 * fails, the client is refused (auth.c) or a stop signal comes.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include <rpc/rpc.h>

#include "server/session/auth.h"
#include "server/session/callback.h"
#include "server/session/calltrace.h"
#include "gen/cuda_names.h"	/* declares the dispatcher, oncuda_prog */
#include "server/session/child.h"
#include "server/session/daemon_facts.h"
#include "server/session/fast_args.h"
#include "server/session/getargs.h"
#include "server/session/handles.h"
#include "server/session/kernel_output.h"
#include "server/session/limits.h"
#include "server/session/ipc_registry.h"
#include "server/session/log.h"
#include "server/session/notices.h"
#include "server/session/oneway.h"
#include "common/rpcaddr.h"
#include "server/session/ranges.h"
#include "server/session/starttls.h"
#include "server/session/stripes.h"
#include "server/session/transport.h"
#include "server/session/session.h"
#include "server/session/session_table.h"

/* Called by that dispatcher after each reply: frees what the procedure put in the result. */
int oncuda_prog_freeresult(SVCXPRT *transp, xdrproc_t xdr_result, caddr_t result)
{
	(void)transp;
	xdr_free(xdr_result, result);
	return 1;
}

unsigned child_poll_micros = POLL_DEFAULT_MICROS;
unsigned child_request_seconds = REQUEST_TIMEOUT_DEFAULT_SECONDS;
unsigned child_idle_seconds;

static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	stop_signal = sig;
}

/*
 * Dies with the daemon (a killed daemon must not leave sessions holding GPU
 * memory), holds no descriptor but its client's, and takes SIGTERM as "tear
 * down and leave".  Returns the signal mask to wait with.
 */
static sigset_t prepare_process(int sock, pid_t daemon_pid)
{
	struct sigaction sa;
	sigset_t blocked, wait_mask;

	if (prctl(PR_SET_PDEATHSIG, SIGTERM) < 0)
		log_msg(LOG_WARN, "prctl(PR_SET_PDEATHSIG): %s", strerror(errno));
	if (getppid() != daemon_pid)
		exit(0);        /* the daemon died before prctl took effect */

	if (sock > 3)
		close_range(3, (unsigned)sock - 1, 0);
	close_range((unsigned)sock + 1, ~0u, 0);

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGCHLD, &sa, NULL);
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);

	/* Stop signals wait for the loop's ppoll(), so a request always runs to
	 * its end; threads the driver starts inherit the block.  (Waiting in
	 * the read itself would save the ppoll, but a signal could then be
	 * delivered to a driver thread, and the read never interrupted.) */
	sigemptyset(&blocked);
	sigaddset(&blocked, SIGTERM);
	sigaddset(&blocked, SIGINT);
	sigaddset(&blocked, SIGHUP);
	sigprocmask(SIG_SETMASK, &blocked, NULL);
	sigemptyset(&wait_mask);
	return wait_mask;
}

/*
 * The one dispatch function registered: every request passes the gate of
 * auth.c before rpcgen's dispatcher decodes it, so a client that has not
 * proved it holds the key (oncudad --key-file) reaches only the null
 * procedure, the key exchange and ONCUDA_DESCRIBE_SERVER.  Anything else gets RPC's own answer for
 * a caller it will not serve, AUTH_TOOWEAK, and the session ends.  Tracing
 * wraps this function, so refused calls show in the trace too.
 */
static void gated_dispatch(struct svc_req *request, SVCXPRT *xprt)
{
	/* Who the server is, as rpcinfo would say it: open to a caller yet to
	 * prove itself (idl/cuda.x says what it reveals). */
	bool public_call = request->rq_proc == ONCUDA_DESCRIBE_SERVER;

	/* oncudad --tls: nothing but those two in plain (starttls.h). */
	if (!starttls_admits(request->rq_proc)) {
		svcerr_auth(xprt, AUTH_TOOWEAK);
		return;
	}
	if (!public_call && !auth_admits(request->rq_proc)) {
		svcerr_auth(xprt, AUTH_TOOWEAK);
		auth_refuse_call(request->rq_proc);
		return;
	}
	oncuda_prog(request, xprt);
}

/*
 * Whether to look for the next request before sleeping in ppoll(): a
 * program that makes calls back to back sends the next one within
 * microseconds of its reply, and a session that sleeps meanwhile pays a
 * wakeup for it.  Only while there are fewer sessions than CPUs, so that
 * looking never takes a CPU another session needs (the CUDA driver's
 * CU_CTX_SCHED_AUTO decides between spinning and yielding the same way).
 */
static bool worth_polling(void)
{
	static long cpus;

	if (child_poll_micros == 0)
		return false;
	if (cpus == 0 && (cpus = sysconf(_SC_NPROCESSORS_ONLN)) < 1)
		cpus = 1;
	return daemon_facts_sessions() < (size_t)cpus;
}

/*
 * How long the next request may take to arrive: --request-timeout, and no
 * longer than a client yet to prove itself has left of its grace time (a
 * request begun and never finished would otherwise outlast the grace).
 */
static long request_deadline_ms(void)
{
	long ms = (long)child_request_seconds * 1000;
	struct timespec grace;
	long grace_ms;

	if (auth_time_left(&grace)) {
		grace_ms = (long)grace.tv_sec * 1000 + grace.tv_nsec / 1000000 + 1;
		if (ms == 0 || grace_ms < ms)
			ms = grace_ms;
	}
	return ms;
}

/* Whether the session holds anything the client could come back for. */
static bool holds_nothing(void)
{
	return handle_count() == 0 && ranges_count() == 0 &&
	    memory_held() == 0;
}

/*
 * The time to wait for the next request: until the grace time of a client
 * yet to prove itself ends, or until an idle session holding nothing
 * reaches --idle-timeout; NULL: no bound.
 */
static const struct timespec *wait_bound(struct timespec *bound)
{
	struct timespec grace;
	bool have = false;

	if (auth_time_left(&grace)) {
		*bound = grace;
		have = true;
	}
	if (child_idle_seconds > 0 && holds_nothing() &&
	    (!have || bound->tv_sec >= (time_t)child_idle_seconds)) {
		bound->tv_sec = (time_t)child_idle_seconds;
		bound->tv_nsec = 0;
		have = true;
	}
	return have ? bound : NULL;
}

/*
 * Serves requests until the client leaves, is refused (auth.c) or a stop
 * signal comes; says which.  A client yet to prove itself is waited for
 * only until its grace time ends.
 */
static const char *serve(SVCXPRT *xprt, transport_dispatch dispatch,
    const sigset_t *wait_mask)
{
	for (;;) {
		struct pollfd pfds[2];
		struct timespec bound;
		const char *refused, *why;
		unsigned count;
		int ready;

		if (stop_signal != 0)
			return strsignal(stop_signal);
		if ((refused = auth_session_over()) != NULL ||
		    (refused = starttls_session_over()) != NULL)
			return refused;
		if ((why = callback_session_over()) != NULL ||
		    (why = stripes_session_over()) != NULL)
			return why;
		/* Inside TLS, the data connections just bound start theirs. */
		stripes_after_reply((long)child_request_seconds * 1000);
		transport_set_deadline(xprt, request_deadline_ms());
		/* Requests sent together (one-way calls) are read together. */
		if (transport_pending(xprt) || (worth_polling() &&
		    transport_poll(xprt, (long)child_poll_micros * 1000))) {
			if (!transport_serve(xprt, dispatch, &why))
				return why;
			continue;
		}
		if ((count = transport_sleep_prepare(xprt, pfds)) == 0)
			continue;	/* a request came meanwhile */
		ready = ppoll(pfds, count, wait_bound(&bound), wait_mask);
		if (!transport_woken(xprt, pfds, &why))
			return why;
		if (ready == 0 && child_idle_seconds > 0 && holds_nothing() &&
		    !auth_time_left(&bound))
			return "idle, holding nothing (--idle-timeout)";
		if (ready == 0)
			continue;	/* the grace time is over: see above */
		if (ready < 0) {
			if (errno == EINTR)
				continue;
			log_msg(LOG_ERROR, "poll: %s", strerror(errno));
			return "poll failed";
		}
		/* A readable socket is a request begun; the rings' eventfd
		 * may have woken us for nothing (a wakeup left over). */
		if (count == 2 && !transport_pending(xprt))
			continue;
		if (!transport_serve(xprt, dispatch, &why))
			return why;
	}
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	    (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

noreturn void child_serve(int sock, const char *peer, pid_t daemon_pid)
{
	sigset_t wait_mask = prepare_process(sock, daemon_pid);
	struct timespec start;
	transport_dispatch dispatch;
	const char *why;
	SVCXPRT *xprt;

	clock_gettime(CLOCK_MONOTONIC, &start);
	log_set_peer(peer);
	auth_session_start(peer);
	starttls_session_start(peer);
	ipc_registry_identify(peer);
	if ((xprt = transport_create(sock, ONCUDA_PROG, ONCUDA_VERSION)) == NULL) {
		log_msg(LOG_ERROR, "cannot serve %s: out of memory", peer);
		exit(1);
	}
	if (starttls_offered())
		transport_offer_tls(xprt, starttls_begin);
	fast_args_session_start(xprt);
	getargs_free_on_failure(xprt);
	/* Inside the other wrappers: no output goes with an unsent reply. */
	(void)kernel_output_session_start(xprt);
	/* One-way calls are wrapped outside the trace: see oneway.c. */
	dispatch = oneway_session_start(xprt,
	    calltrace_session_start(xprt, peer, gated_dispatch));
	log_msg(LOG_INFO, "session %s pid %ld opened", peer, (long)getpid());

	why = serve(xprt, dispatch, &wait_mask);

	/* First, so that no host function the driver runs now waits for a
	 * client that is gone. */
	callback_session_end();
	session_teardown();
	notices_stop();
	callback_session_free();
	handle_clear();
	calltrace_session_end();
	/* why may lie in the transport: said before it goes. */
	log_msg(LOG_INFO, "session %s pid %ld closed (%s) after %.1f s", peer,
	    (long)getpid(), why, seconds_since(&start));
	svc_destroy(xprt);
	session_table_unmap();
	exit(0);
}
