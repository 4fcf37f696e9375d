/*
 * common/stripe_io.c -- frames within a deadline (stripe_io.h).
 */
#include <errno.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

#include "common/stripe_io.h"

void stripe_deadline_start(struct stripe_deadline *d, unsigned seconds)
{
	clock_gettime(CLOCK_MONOTONIC, &d->end);
	d->end.tv_sec += seconds;
	d->bounded = seconds > 0;
}

/* Sets the socket's timeouts to what is left of d; false (errno
 * ETIMEDOUT) when nothing is. */
static bool time_left(int fd, const struct stripe_deadline *d)
{
	struct timespec now;
	struct timeval tv;
	long long us;

	if (!d->bounded)
		return true;
	clock_gettime(CLOCK_MONOTONIC, &now);
	us = (long long)(d->end.tv_sec - now.tv_sec) * 1000000 +
	    (d->end.tv_nsec - now.tv_nsec) / 1000;
	if (us <= 0) {
		errno = ETIMEDOUT;
		return false;
	}
	tv.tv_sec = (time_t)(us / 1000000);
	tv.tv_usec = (suseconds_t)(us % 1000000);
	(void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
	return true;
}

bool stripe_read(int fd, void *buf, size_t len,
    const struct stripe_deadline *d)
{
	char *p = buf;
	ssize_t n;

	while (len > 0) {
		if (!time_left(fd, d))
			return false;
		n = recv(fd, p, len, MSG_WAITALL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = 0;
			return false;
		}
		p += n;
		len -= (size_t)n;
	}
	return true;
}

bool stripe_send_frame(int fd, const struct stripe_frame *f,
    const void *bytes, unsigned seconds)
{
	unsigned char header[STRIPE_FRAME_BYTES];
	struct iovec iov[2] = { { header, sizeof header },
	    { (void *)(uintptr_t)bytes, (size_t)f->length } };
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };
	struct stripe_deadline d;
	ssize_t n;

	stripe_deadline_start(&d, seconds);
	stripe_frame_encode(f, header);
	while (iov[0].iov_len + iov[1].iov_len > 0) {
		if (!time_left(fd, &d))
			return false;
		n = sendmsg(fd, &msg, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		for (unsigned i = 0; i < 2; i++) {
			size_t used = (size_t)n < iov[i].iov_len ?
			    (size_t)n : iov[i].iov_len;

			iov[i].iov_base = (char *)iov[i].iov_base + used;
			iov[i].iov_len -= used;
			n -= (ssize_t)used;
		}
	}
	return true;
}
