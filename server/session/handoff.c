/*
 * server/session/handoff.c -- a connection handed from one session process
 * to another (handoff.h).
 *
 * The daemon forks a process for every connection it accepts, so a
 * connection a client makes to join its session (a callback connection, a
 * data connection) first lands in a process of its own.  That process
 * passes it on: the session that offered it listens on a unix socket in
 * the abstract namespace named after its purpose and its pid (no file to
 * remove, gone with the process), and the receiving process connects
 * there, checks with SO_PEERCRED that the listener is that pid, and sends
 * the ticket the client showed with the descriptor (SCM_RIGHTS).  The
 * offering session compares the ticket with the token it gave out.
 */
#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "server/session/handoff.h"

static socklen_t abstract_name(struct sockaddr_un *addr, const char *purpose,
    unsigned pid)
{
	int n;

	memset(addr, 0, sizeof *addr);
	addr->sun_family = AF_UNIX;
	/* sun_path[0] == 0: the abstract namespace. */
	n = snprintf(addr->sun_path + 1, sizeof addr->sun_path - 1,
	    "oncudad-%s-%u", purpose, pid);
	return (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
	    (size_t)n);
}

int handoff_listen(const char *purpose, int backlog)
{
	struct sockaddr_un addr;
	socklen_t len = abstract_name(&addr, purpose, (unsigned)getpid());
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (s < 0)
		return -1;
	if (bind(s, (struct sockaddr *)&addr, len) < 0 ||
	    listen(s, backlog) < 0) {
		int saved = errno;

		close(s);
		errno = saved;
		return -1;
	}
	return s;
}

bool handoff_send(const char *purpose, unsigned pid, const void *bytes,
    size_t len, int connection)
{
	struct sockaddr_un addr;
	socklen_t addr_len = abstract_name(&addr, purpose, pid);
	struct ucred peer;
	socklen_t peer_len = sizeof peer;
	char control[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { (void *)bytes, len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control, .msg_controllen = sizeof control };
	struct cmsghdr *cm;
	bool sent;
	int s;

	memset(control, 0, sizeof control);
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0)
		return false;
	if (connect(s, (struct sockaddr *)&addr, addr_len) < 0 ||
	    getsockopt(s, SOL_SOCKET, SO_PEERCRED, &peer, &peer_len) < 0 ||
	    peer.pid != (pid_t)pid) {
		close(s);
		return false;
	}
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &connection, sizeof(int));
	sent = sendmsg(s, &msg, MSG_NOSIGNAL) == (ssize_t)len;
	close(s);
	return sent;
}

static long ms_left(const struct timespec *end)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (end->tv_sec - now.tv_sec) * 1000 +
	    (end->tv_nsec - now.tv_nsec) / 1000000;
}

void handoff_deadline(struct timespec *end, long ms)
{
	clock_gettime(CLOCK_MONOTONIC, end);
	end->tv_sec += ms / 1000;
	end->tv_nsec += (ms % 1000) * 1000000;
	if (end->tv_nsec >= 1000000000) {
		end->tv_sec++;
		end->tv_nsec -= 1000000000;
	}
}

int handoff_take(int listener, const struct timespec *end, void *buf,
    size_t len)
{
	char control[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { buf, len };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = control, .msg_controllen = sizeof control };
	struct pollfd pfd = { .fd = listener, .events = POLLIN };
	struct cmsghdr *cm;
	long left = ms_left(end);
	int s, fd = -1;
	ssize_t n;

	if (listener < 0 || left <= 0 || poll(&pfd, 1, (int)left) != 1 ||
	    (s = accept4(listener, NULL, NULL, SOCK_CLOEXEC)) < 0)
		return -1;
	pfd.fd = s;
	left = ms_left(end);
	n = left > 0 && poll(&pfd, 1, (int)left) == 1 ?
	    recvmsg(s, &msg, MSG_CMSG_CLOEXEC | MSG_DONTWAIT) : -1;
	close(s);
	cm = n > 0 ? CMSG_FIRSTHDR(&msg) : NULL;
	if (cm != NULL && cm->cmsg_level == SOL_SOCKET &&
	    cm->cmsg_type == SCM_RIGHTS && cm->cmsg_len == CMSG_LEN(sizeof(int)))
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	if (n != (ssize_t)len || fd < 0) {
		if (fd >= 0)
			close(fd);
		return -2;
	}
	return fd;
}
