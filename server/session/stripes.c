/*
 * server/session/stripes.c -- a session's data connections (stripes.h).
 *
 * The rendezvous is the callback connection's (callback.c): the offering
 * session listens on an abstract unix socket named after its pid; the
 * session process a new connection reached connects there, checks that
 * the socket's owner is that pid (a squatter on the name must not receive
 * the client's connection), and sends the ticket with its connection's
 * descriptor (SCM_RIGHTS).  The offering session takes exactly as many as
 * the client asks for, each with the token and an index of its own.
 *
 * The cap (ONCUDA_STRIPE_MAX) bounds the sockets a client can make a
 * session hold; the request timeout bounds every read and write on them
 * (stripe_copy.c sets it), so a data connection that stalls ends its call
 * there, and one that fails closes them all.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "common/stripe_plan.h"
#include "server/session/log.h"
#include "server/session/starttls.h"
#include "server/session/stripes.h"

/* How long ONCUDA_STRIPE_BIND waits for all its connections. */
#define TAKE_OVER_MS 3000

/* What a handing-over session sends with the descriptor: token, index. */
#define TICKET_BYTES (ONCUDA_STRIPE_TOKEN_BYTES + 4)

static struct {
	int fds[ONCUDA_STRIPE_MAX];
	unsigned count;
	int listener;			/* the offer's unix socket, or -1 */
	bool offered;			/* token below is live */
	unsigned char token[ONCUDA_STRIPE_TOKEN_BYTES];
	bool handed_over;		/* this session gave its connection away */
} st = { { 0 }, 0, -1, false, { 0 }, false };

static socklen_t abstract_name(struct sockaddr_un *addr, unsigned pid)
{
	int n;

	memset(addr, 0, sizeof *addr);
	addr->sun_family = AF_UNIX;
	/* sun_path[0] == 0: the abstract namespace, no file to remove. */
	n = snprintf(addr->sun_path + 1, sizeof addr->sun_path - 1,
	    "oncudad-stripes-%u", pid);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
	    (size_t)n);
}

static void close_listener(void)
{
	if (st.listener >= 0)
		close(st.listener);
	st.listener = -1;
	st.offered = false;
	/* Spent: a ticket shown later is refused however it was got. */
	memset(st.token, 0, sizeof st.token);
}

CUresult stripes_open_offer(stripe_offer *out)
{
	struct sockaddr_un addr;
	socklen_t len;

	/* The TLS session of a handed-over socket stays in the process that
	 * made it (idl/cuda.x): no striping inside TLS. */
	if (starttls_active())
		return CUDA_ERROR_NOT_SUPPORTED;
	if (st.count > 0)
		return CUDA_ERROR_ALREADY_ACQUIRED;
	if (getrandom(st.token, sizeof st.token, 0) != (ssize_t)sizeof st.token)
		return CUDA_ERROR_OPERATING_SYSTEM;
	if (st.listener < 0) {
		len = abstract_name(&addr, (unsigned)getpid());
		st.listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (st.listener < 0 ||
		    bind(st.listener, (struct sockaddr *)&addr, len) < 0 ||
		    listen(st.listener, ONCUDA_STRIPE_MAX) < 0) {
			log_msg(LOG_WARN, "cannot offer data connections: %s",
			    strerror(errno));
			close_listener();
			return CUDA_ERROR_OPERATING_SYSTEM;
		}
	}
	st.offered = true;
	out->session_pid = (unsigned)getpid();
	memcpy(out->token, st.token, sizeof st.token);
	out->max_connections = ONCUDA_STRIPE_MAX;
	return CUDA_SUCCESS;
}

CUresult stripes_hand_over(const stripe_ticket *ticket, int connection)
{
	struct sockaddr_un addr;
	socklen_t len = abstract_name(&addr, ticket->session_pid);
	struct ucred peer;
	socklen_t peer_len = sizeof peer;
	unsigned char bytes[TICKET_BYTES];
	char control[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { bytes, sizeof bytes };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control, .msg_controllen = sizeof control };
	struct cmsghdr *cm;
	int s;

	memcpy(bytes, ticket->token, ONCUDA_STRIPE_TOKEN_BYTES);
	memcpy(bytes + ONCUDA_STRIPE_TOKEN_BYTES, &ticket->index, 4);
	memset(control, 0, sizeof control);
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0 || connect(s, (struct sockaddr *)&addr, len) < 0 ||
	    getsockopt(s, SOL_SOCKET, SO_PEERCRED, &peer, &peer_len) < 0 ||
	    peer.pid != (pid_t)ticket->session_pid) {
		log_msg(LOG_INFO, "no session %u to hand a data connection to",
		    ticket->session_pid);
		if (s >= 0)
			close(s);
		return CUDA_ERROR_NOT_FOUND;
	}
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &connection, sizeof(int));
	if (sendmsg(s, &msg, MSG_NOSIGNAL) != (ssize_t)sizeof bytes) {
		close(s);
		return CUDA_ERROR_NOT_FOUND;
	}
	close(s);
	st.handed_over = true;
	log_msg(LOG_DEBUG, "connection handed to session %u as its data "
	    "connection %u", ticket->session_pid, ticket->index);
	return CUDA_SUCCESS;
}

static long ms_left(const struct timespec *end)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (end->tv_sec - now.tv_sec) * 1000 +
	    (end->tv_nsec - now.tv_nsec) / 1000000;
}

/*
 * One handed-over connection: its socket, with *index its ticket's index;
 * -1 when none came in time, -2 (closed, logged) when its ticket is not
 * this offer's.
 */
static int take_one(const struct timespec *end, uint32_t *index)
{
	unsigned char bytes[TICKET_BYTES];
	char control[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { bytes, sizeof bytes };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control, .msg_controllen = sizeof control };
	struct pollfd pfd = { .fd = st.listener, .events = POLLIN };
	struct cmsghdr *cm;
	long left = ms_left(end);
	int s, fd = -1;
	ssize_t n;

	if (left <= 0 || poll(&pfd, 1, (int)left) != 1 ||
	    (s = accept4(st.listener, NULL, NULL, SOCK_CLOEXEC)) < 0)
		return -1;
	/* A local process that connects and sends nothing waits no longer
	 * than the bind does. */
	pfd.fd = s;
	left = ms_left(end);
	n = left > 0 && poll(&pfd, 1, (int)left) == 1 ?
	    recvmsg(s, &msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT) : -1;
	close(s);
	cm = n > 0 ? CMSG_FIRSTHDR(&msg) : NULL;
	if (cm != NULL && cm->cmsg_level == SOL_SOCKET &&
	    cm->cmsg_type == SCM_RIGHTS && cm->cmsg_len == CMSG_LEN(sizeof(int)))
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	if (n != (ssize_t)sizeof bytes || fd < 0 ||
	    !stripe_token_equal(bytes, st.token, sizeof st.token)) {
		if (fd >= 0)
			close(fd);
		log_msg(LOG_WARN, "refused a data connection: wrong token");
		return -2;
	}
	memcpy(index, bytes + ONCUDA_STRIPE_TOKEN_BYTES, 4);
	return fd;
}

static void close_all(void)
{
	for (unsigned i = 0; i < st.count; i++)
		close(st.fds[i]);
	st.count = 0;
}

CUresult stripes_take_over(unsigned count)
{
	int fds[ONCUDA_STRIPE_MAX];
	bool seen[ONCUDA_STRIPE_MAX] = { false };
	struct timespec end;
	CUresult e = CUDA_SUCCESS;
	bool refused = false;
	unsigned got = 0;
	uint32_t index;
	int one = 1, fd;

	if (st.count > 0)
		return CUDA_ERROR_ALREADY_ACQUIRED;
	if (!st.offered || st.listener < 0)
		return CUDA_ERROR_NOT_FOUND;
	if (count == 0 || count > ONCUDA_STRIPE_MAX) {
		close_listener();
		return CUDA_ERROR_INVALID_VALUE;
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += TAKE_OVER_MS / 1000;
	/*
	 * The client attaches every connection before it binds, so they wait
	 * in the listener's queue already.  A wrong ticket (any local process
	 * can reach the name) is closed and passed over: it cannot take a
	 * place, nor keep the right ones out.
	 */
	while (got < count) {
		if ((fd = take_one(&end, &index)) == -1)
			break;
		if (fd == -2) {
			refused = true;
		} else if (index >= count || seen[index]) {
			log_msg(LOG_WARN, "refused a data connection: ticket "
			    "index %u %s", index, index >= count ?
			    "out of range" : "shown twice");
			close(fd);
			refused = true;
		} else {
			seen[index] = true;
			/* Placed by index: the client's connection i is ours. */
			fds[index] = fd;
			got++;
		}
	}
	if (got < count)
		e = refused ? CUDA_ERROR_NOT_PERMITTED : CUDA_ERROR_NOT_FOUND;
	close_listener();
	if (e != CUDA_SUCCESS) {
		for (unsigned i = 0; i < count; i++)
			if (seen[i])
				close(fds[i]);
		log_msg(LOG_INFO, "data connections not bound (%u of %u came "
		    "right): copies use the session's connection alone", got,
		    count);
		return e;
	}
	for (unsigned i = 0; i < count; i++) {
		(void)setsockopt(fds[i], IPPROTO_TCP, TCP_NODELAY, &one,
		    sizeof one);
		st.fds[i] = fds[i];
	}
	st.count = count;
	log_msg(LOG_INFO, "%u data connections bound", count);
	return CUDA_SUCCESS;
}

const char *stripes_session_over(void)
{
	return st.handed_over ? "its connection became another session's "
	    "data connection" : NULL;
}

unsigned stripes_count(void)
{
	return st.count;
}

int stripes_fd(unsigned index)
{
	return index < st.count ? st.fds[index] : -1;
}

void stripes_lost(const char *why)
{
	if (st.count == 0)
		return;
	log_msg(LOG_WARN, "data connections closed (%s): copies use the "
	    "session's connection alone", why);
	close_all();
}

void stripes_session_end(void)
{
	close_all();
	close_listener();
	st.handed_over = false;		/* the fuzz target serves on */
}
