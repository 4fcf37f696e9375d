/*
 * fd_io.c -- whole reads and writes bounded by an end time (fd_io.h).
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <sys/socket.h>

#include "common/fd_io.h"

int fd_poll_until(struct pollfd *pfds, nfds_t count,
    const struct timespec *end)
{
	struct timespec now;
	long long ms;
	int n;

	for (;;) {
		ms = -1;
		if (end != NULL) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			ms = (long long)(end->tv_sec - now.tv_sec) * 1000 +
			    (end->tv_nsec - now.tv_nsec + 999999) / 1000000;
			if (ms <= 0) {
				errno = ETIMEDOUT;
				return -1;
			}
		}
		n = poll(pfds, count, ms > INT_MAX ? INT_MAX : (int)ms);
		if (n > 0)
			return n;
		if (n < 0 && errno != EINTR)
			return -1;
	}
}

bool fd_wait_ready(int fd, short events, const struct timespec *end)
{
	struct pollfd pfd = { .fd = fd, .events = events };

	return fd_poll_until(&pfd, 1, end) > 0;
}

bool fd_read_all(int fd, void *p, size_t len, const struct timespec *end)
{
	char *at = p;
	ssize_t n;

	while (len > 0) {
		n = recv(fd, at, len, MSG_DONTWAIT);
		if (n > 0) {
			at += n;
			len -= (size_t)n;
			continue;
		}
		if (n == 0) {
			errno = 0;
			return false;
		}
		if (errno == EINTR)
			continue;
		if ((errno != EAGAIN && errno != EWOULDBLOCK) ||
		    !fd_wait_ready(fd, POLLIN, end))
			return false;
	}
	return true;
}

bool fd_write_all(int fd, const void *p, size_t len,
    const struct timespec *end)
{
	const char *at = p;
	ssize_t n;

	while (len > 0) {
		n = send(fd, at, len, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n > 0) {
			at += n;
			len -= (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) ||
		    !fd_wait_ready(fd, POLLOUT, end))
			return false;
	}
	return true;
}
