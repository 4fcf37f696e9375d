/*
 * common/stripe_io.c -- frames within a deadline (stripe_io.h).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

#include "common/frame_seal.h"
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

/* Reads len bytes from the socket, its timeouts set to what is left of
 * d before each read. */
static bool read_clear(int fd, char *p, size_t len,
    const struct stripe_deadline *d)
{
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

bool stripe_read_header(int fd, struct frame_seal *seal,
    struct stripe_frame *f, const struct stripe_deadline *d)
{
	unsigned char header[STRIPE_FRAME_BYTES];

	if (seal != NULL ? !frame_seal_read_header(seal, fd, header,
	    d->bounded ? &d->end : NULL) :
	    !read_clear(fd, (char *)header, sizeof header, d))
		return false;
	stripe_frame_decode(header, f);
	return true;
}

bool stripe_read_bytes(int fd, struct frame_seal *seal, void *buf,
    size_t len, const struct stripe_deadline *d)
{
	if (seal != NULL)
		return frame_seal_read_bytes(seal, fd, buf, len,
		    d->bounded ? &d->end : NULL);
	return read_clear(fd, buf, len, d);
}

bool stripe_send_frame(int fd, struct frame_seal *seal,
    const struct stripe_frame *f, const void *bytes, unsigned seconds)
{
	unsigned char header[STRIPE_FRAME_BYTES];
	struct iovec iov[2] = { { header, sizeof header },
	    { (void *)(uintptr_t)bytes, (size_t)f->length } };
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };
	struct stripe_deadline d;
	ssize_t n;

	stripe_frame_encode(f, header);
	stripe_deadline_start(&d, seconds);
	if (seal != NULL)
		return frame_seal_send(seal, fd, header, bytes,
		    (size_t)f->length, d.bounded ? &d.end : NULL);
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
