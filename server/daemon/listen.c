/*
 * server/daemon/listen.c -- the daemon: listening socket, accept loop, one process
 * per client, orderly stop.
 *
 * Signals are blocked except while the loop waits in ppoll(), so their
 * handlers only raise flags and the loop acts on them between connections,
 * never in the middle of a fork or of a registration.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "server/session/auth.h"
#include "gen/cuda_names.h"
#include "server/daemon/children.h"
#include "server/daemon/listen.h"
#include "server/daemon/metrics.h"
#include "server/daemon/notify.h"
#include "server/daemon/rpcbind.h"
#include "server/session/child.h"
#include "server/session/daemon_facts.h"
#include "server/daemon/local_socket.h"
#include "server/session/log.h"
#include "server/session/session_table.h"

/* How long children get to tear down their sessions when the daemon stops. */
#define STOP_GRACE_SECONDS 5
/* How often the daemon makes sure rpcbind still lists it. */
#define RPCBIND_CHECK_SECONDS 10

static volatile sig_atomic_t stop_signal;
static sigset_t wait_mask;      /* the mask during ppoll(): signals let in */

static void on_stop(int sig)
{
	stop_signal = sig;
}

static void on_child(int sig)
{
	(void)sig;      /* ppoll() returning is all that is needed */
}

static void setup_signals(void)
{
	struct sigaction sa;
	sigset_t blocked;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);  /* a vanished client is an EPIPE */
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_child;
	sigaction(SIGCHLD, &sa, NULL);

	sigemptyset(&blocked);
	sigaddset(&blocked, SIGTERM);
	sigaddset(&blocked, SIGINT);
	sigaddset(&blocked, SIGHUP);
	sigaddset(&blocked, SIGCHLD);
	sigprocmask(SIG_BLOCK, &blocked, &wait_mask);
	sigdelset(&wait_mask, SIGTERM);
	sigdelset(&wait_mask, SIGINT);
	sigdelset(&wait_mask, SIGHUP);
	sigdelset(&wait_mask, SIGCHLD);
}

static void format_addr(const struct sockaddr_in *sin, char *buf, size_t size)
{
	char ip[INET_ADDRSTRLEN];

	if (inet_ntop(AF_INET, &sin->sin_addr, ip, sizeof ip) == NULL)
		snprintf(ip, sizeof ip, "?");
	snprintf(buf, size, "%s:%u", ip, ntohs(sin->sin_port));
}

/* Listens on want; fills *bound with the address taken.  -1 (logged) on failure. */
static int open_listener(const struct sockaddr_in *want, struct sockaddr_in *bound)
{
	char where[64];
	socklen_t len = sizeof *bound;
	int fd, on = 1;

	format_addr(want, where, sizeof where);
	/* Non-blocking: a connection reset between poll and accept must not
	 * leave the daemon stuck in accept, deaf to signals. */
	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)) < 0) {
		log_msg(LOG_ERROR, "cannot create a TCP socket: %s", strerror(errno));
		return -1;
	}
	/* Lets a restarted daemon take its port back while old connections
	 * are still in TIME_WAIT. */
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
	if (bind(fd, (const struct sockaddr *)want, sizeof *want) < 0 ||
	    listen(fd, SOMAXCONN) < 0 ||
	    getsockname(fd, (struct sockaddr *)bound, &len) < 0) {
		log_msg(LOG_ERROR, "cannot listen on %s: %s%s", where, strerror(errno),
		    errno == EADDRINUSE ? "; is another oncudad running? stop it, or "
		    "choose another port with -p (-p 0 takes any free one)" :
		    errno == EADDRNOTAVAIL ? "; -l must name an address of this machine" : "");
		close(fd);
		return -1;
	}
	return fd;
}

/* Writes "PORT\n" to path through a temporary file, so a reader never sees half. */
static bool write_port_file(const char *path, unsigned port)
{
	char tmp[4096], text[16];
	int fd, n = snprintf(text, sizeof text, "%u\n", port);
	bool ok;

	if ((size_t)snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) >= sizeof tmp) {
		log_msg(LOG_ERROR, "port file name too long: %s", path);
		return false;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ok = fd >= 0 && write(fd, text, (size_t)n) == n;
	if (fd >= 0 && close(fd) < 0)
		ok = false;
	if (ok && rename(tmp, path) < 0)
		ok = false;
	if (!ok) {
		log_msg(LOG_ERROR, "cannot write the port file %s: %s; check that its "
		    "directory exists and is writable", path, strerror(errno));
		unlink(tmp);
	}
	return ok;
}

/*
 * No Nagle delay: every call waits for its reply, so a delayed last segment
 * would slow each one.  Keepalive: a client that vanished without closing its
 * connection (a crashed host, a cut cable) frees its GPU memory within minutes.
 */
static void tune_connection(int fd)
{
	int on = 1, idle = 60, interval = 10, probes = 6;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
	setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
	setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &probes, sizeof probes);
}

/*
 * Whether one more session may start for a client of host: each session is
 * a process holding a driver context, so without a cap a flood of
 * connections would take the machine.  A refused connection is closed at
 * once, unread; the client says that the server closed it as soon as it
 * was made, and the log here says why.
 */
static bool room_for(const struct daemon_options *options, const char *peer,
    const char *host)
{
	if (options->max_clients > 0 &&
	    children_count() >= options->max_clients) {
		log_msg(LOG_WARN, "refused connection from %s: %zu sessions are "
		    "open, as many as --max-clients %u allows", peer,
		    children_count(), options->max_clients);
		return false;
	}
	if (options->max_clients_per_host > 0 &&
	    children_count_host(host) >= options->max_clients_per_host) {
		log_msg(LOG_WARN, "refused connection from %s: %s has %zu "
		    "sessions open, as many as --max-clients-per-host %u "
		    "allows", peer, host, children_count_host(host),
		    options->max_clients_per_host);
		return false;
	}
	return true;
}

/* Forks the process that serves the client on fd; the daemon keeps no copy of fd. */
static void start_session(int fd, const char *peer, const char *host)
{
	pid_t pid, daemon_pid = getpid();
	int slot = session_table_open_slot();

	pid = fork();
	if (pid == 0) {
		session_table_child(slot);
		/* child_serve closes every other descriptor, listeners included. */
		child_serve(fd, peer, daemon_pid);
	}
	session_table_parent(slot, pid, peer);
	if (pid < 0) {
		log_msg(LOG_WARN, "cannot start a process for %s (%s): connection closed",
		    peer, strerror(errno));
	} else if (!children_add(pid, slot, peer, host)) {
		log_msg(LOG_WARN, "session %s pid %ld is not tracked (out of memory): "
		    "its end will not be logged", peer, (long)pid);
	}
	close(fd);
}

static void accept_client(int listener, const struct daemon_options *options)
{
	const struct allow_list *allow = &options->allow;
	struct sockaddr_in from;
	socklen_t len = sizeof from;
	char peer[48], host[INET_ADDRSTRLEN];
	int fd;

	/* The new socket blocks, whatever the listener does: the session's
	 * transport (transport.h) reads and sends blocking. */
	if ((fd = accept4(listener, (struct sockaddr *)&from, &len, SOCK_CLOEXEC)) < 0) {
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
			/* The connection stays queued; do not spin on it. */
			log_msg(LOG_WARN, "cannot accept a connection: %s", strerror(errno));
			nanosleep(&(struct timespec){ .tv_nsec = 100000000L }, NULL);
		} else if (errno != EINTR && errno != EAGAIN && errno != ECONNABORTED) {
			log_msg(LOG_WARN, "accept: %s", strerror(errno));
		}
		return;
	}
	format_addr(&from, peer, sizeof peer);
	if (!allow_list_admits(allow, from.sin_addr)) {
		char nets[256];

		allow_list_format(allow, nets, sizeof nets);
		log_msg(LOG_WARN, "refused connection from %s: not in the networks "
		    "of --allow (%s)", peer, nets);
		close(fd);
		return;
	}
	if (inet_ntop(AF_INET, &from.sin_addr, host, sizeof host) == NULL)
		snprintf(host, sizeof host, "?");
	if (!room_for(options, peer, host)) {
		close(fd);
		return;
	}
	tune_connection(fd);
	start_session(fd, peer, host);
}

/*
 * A connection on the unix-domain socket: a client on this host, admitted
 * as one from 127.0.0.1 would be.
 */
static void accept_local_client(int listener,
    const struct daemon_options *options)
{
	const struct allow_list *allow = &options->allow;
	char peer[64];
	int fd;

	if ((fd = local_socket_accept(listener, peer, sizeof peer)) < 0)
		return;
	if (!allow_list_admits_local(allow)) {
		char nets[256];

		allow_list_format(allow, nets, sizeof nets);
		log_msg(LOG_WARN, "refused local connection from %s: 127.0.0.1 is "
		    "not in the networks of --allow (%s)", peer, nets);
		close(fd);
		return;
	}
	if (!room_for(options, peer, "local")) {
		close(fd);
		return;
	}
	start_session(fd, peer, "local");
}

/* The time left until deadline (CLOCK_MONOTONIC); negative seconds once past. */
static struct timespec until(const struct timespec *deadline)
{
	struct timespec now, left;

	clock_gettime(CLOCK_MONOTONIC, &now);
	left.tv_sec = deadline->tv_sec - now.tv_sec;
	left.tv_nsec = deadline->tv_nsec - now.tv_nsec;
	if (left.tv_nsec < 0) {
		left.tv_sec--;
		left.tv_nsec += 1000000000L;
	}
	return left;
}

static bool earlier(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	    (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/* Ends the children: SIGTERM, then SIGKILL for those still there after the grace. */
static void stop_children(void)
{
	struct timespec deadline, left;

	if (children_count() == 0)
		return;
	log_msg(LOG_INFO, "ending %zu session(s)", children_count());
	children_signal(SIGTERM);
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += STOP_GRACE_SECONDS;
	for (;;) {
		children_reap();
		if (children_count() == 0)
			return;
		left = until(&deadline);
		if (left.tv_sec < 0)
			break;
		ppoll(NULL, 0, &left, &wait_mask);
	}
	log_msg(LOG_WARN, "%zu session(s) still busy after %d s: killing them",
	    children_count(), STOP_GRACE_SECONDS);
	children_signal(SIGKILL);
	while (children_count() > 0) {
		ppoll(NULL, 0, &(struct timespec){ .tv_nsec = 100000000L }, &wait_mask);
		children_reap();
	}
}

/* Says whom the daemon serves, and warns when that is anyone who can reach it. */
static void log_who_is_served(const struct daemon_options *options,
    const struct sockaddr_in *bound)
{
	char nets[256];

	if (options->allow.count > 0) {
		allow_list_format(&options->allow, nets, sizeof nets);
		log_msg(LOG_INFO, "serving only clients from %s (--allow)", nets);
	}
	if (auth_key_required())
		log_msg(LOG_INFO, "serving only clients that prove they hold the key "
		    "(--key-file)");
	else if ((ntohl(bound->sin_addr.s_addr) >> 24) != 127 && options->allow.count == 0)
		log_msg(LOG_WARN, "no --key-file and no --allow: anyone who can reach "
		    "this address can use the GPU");
}

int daemon_run(const struct daemon_options *options)
{
	struct sockaddr_in bound;
	struct timespec next_check, next_metrics;
	char where[64], status[128];
	int listener, local = -1;

	setup_signals();
	if ((listener = open_listener(&options->listen_addr, &bound)) < 0)
		return 1;
	format_addr(&bound, where, sizeof where);
	if (!options->no_local_socket && (local = local_socket_open(
	    options->local_socket, ntohs(bound.sin_port))) < 0) {
		close(listener);
		return 1;
	}
	if (options->use_rpcbind && !rpcbind_register(&bound)) {
		local_socket_close(local);
		close(listener);
		return 1;
	}
	if (options->port_file != NULL && !write_port_file(options->port_file, ntohs(bound.sin_port))) {
		rpcbind_unregister();
		local_socket_close(local);
		close(listener);
		return 1;
	}
	if (options->use_rpcbind)
		log_msg(LOG_INFO, "listening on %s, registered with rpcbind as program %u version %u",
		    where, (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION);
	else if (bound.sin_addr.s_addr == htonl(INADDR_ANY))
		log_msg(LOG_INFO, "listening on %s, not registered with rpcbind: clients need "
		    "ONCUDA_SERVER=HOST:%u, HOST being this machine", where, ntohs(bound.sin_port));
	else
		log_msg(LOG_INFO, "listening on %s, not registered with rpcbind: clients need "
		    "ONCUDA_SERVER=%s", where, where);
	if (local >= 0)
		log_msg(LOG_INFO, "clients on this host connect through %s "
		    "(ONCUDA_TRANSPORT=tcp keeps them on TCP)",
		    daemon_facts_local_socket());
	log_who_is_served(options, &bound);
	/* Ready once clients can find it (oncudad.service is Type=notify):
	 * a unit ordered after this one starts its clients after this. */
	snprintf(status, sizeof status, "READY=1\nSTATUS=listening on %s%s",
	    where, options->use_rpcbind ? ", registered with rpcbind" : "");
	notify_systemd(status);

	clock_gettime(CLOCK_MONOTONIC, &next_check);
	next_metrics = next_check;
	next_check.tv_sec += RPCBIND_CHECK_SECONDS;
	while (stop_signal == 0) {
		struct pollfd pfd[2] = { { .fd = listener, .events = POLLIN },
		    { .fd = local, .events = POLLIN } };
		struct timespec wait = until(&next_check);

		if (options->metrics_file != NULL &&
		    (!options->use_rpcbind || earlier(&next_metrics, &next_check)))
			wait = until(&next_metrics);
		if (wait.tv_sec < 0)
			wait.tv_sec = wait.tv_nsec = 0;
		/* poll(2) skips a negative descriptor: no local socket. */
		if (ppoll(pfd, 2, options->use_rpcbind ||
		    options->metrics_file != NULL ? &wait : NULL, &wait_mask) < 0 &&
		    errno != EINTR) {
			log_msg(LOG_ERROR, "poll: %s", strerror(errno));
			break;
		}
		children_reap();
		if (stop_signal == 0 && (pfd[0].revents & POLLIN))
			accept_client(listener, options);
		if (stop_signal == 0 && (pfd[1].revents & POLLIN))
			accept_local_client(local, options);
		if (stop_signal == 0 && options->use_rpcbind &&
		    until(&next_check).tv_sec < 0) {
			rpcbind_check();
			clock_gettime(CLOCK_MONOTONIC, &next_check);
			next_check.tv_sec += RPCBIND_CHECK_SECONDS;
		}
		if (stop_signal == 0 && options->metrics_file != NULL &&
		    until(&next_metrics).tv_sec < 0) {
			metrics_write(options->metrics_file, true);
			clock_gettime(CLOCK_MONOTONIC, &next_metrics);
			next_metrics.tv_sec += METRICS_SECONDS;
		}
	}

	log_msg(LOG_INFO, "stopping (%s)", stop_signal != 0 ? strsignal(stop_signal) : "error");
	notify_systemd("STOPPING=1");
	rpcbind_unregister();
	local_socket_close(local);
	close(listener);
	stop_children();
	if (options->metrics_file != NULL)
		metrics_write(options->metrics_file, false);
	session_table_unmap();
	log_msg(LOG_INFO, "stopped");
	return stop_signal != 0 ? 0 : 1;
}
