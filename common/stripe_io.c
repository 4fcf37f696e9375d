/*
 * common/stripe_io.c -- frames within a deadline (stripe_io.h).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

#include "common/stripe_io.h"
#include "common/tls_channel.h"

/* A TLS record's most application data (RFC 8446 section 5.1). */
#define RECORD_BYTES 16384

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

/* One read of up to len bytes: through tls, or from the socket with its
 * timeouts set to what is left of d. */
static ssize_t read_some(int fd, struct tls_channel *tls, char *p, size_t len,
    const struct stripe_deadline *d)
{
	ssize_t n;

	if (tls != NULL)
		return tls_channel_recv(tls, p, len, true);
	do {
		if (!time_left(fd, d))
			return -1;
		n = recv(fd, p, len, MSG_WAITALL);
	} while (n < 0 && errno == EINTR);
	return n;
}

bool stripe_read(int fd, struct tls_channel *tls, void *buf, size_t len,
    const struct stripe_deadline *d)
{
	char *p = buf;
	ssize_t n;

	/* Through TLS the channel's waits end at d, with no system call to
	 * set the socket's timeouts for each record. */
	if (tls != NULL)
		tls_channel_deadline(tls, d->bounded ? &d->end : NULL);
	while (len > 0) {
		if ((n = read_some(fd, tls, p, len, d)) <= 0) {
			if (n == 0)
				errno = 0;
			return false;
		}
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/* Writes all len bytes at p through tls (its waits end at the deadline
 * already set). */
static bool tls_write(struct tls_channel *tls, const char *p, size_t len)
{
	ssize_t n;

	while (len > 0) {
		if ((n = tls_channel_send(tls, p, len, true)) <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * A frame through TLS: its header goes in the first record with the bytes
 * that fill it, so that a frame costs no record (and no TCP segment) of
 * 24 bytes; the rest goes in writes as large as it is, which the channel
 * cuts into full records and writes several at a time; the frame ends
 * with what the channel still gathers written.
 */
static bool tls_send_frame(struct tls_channel *tls,
    const unsigned char header[STRIPE_FRAME_BYTES], const char *bytes,
    size_t len, unsigned seconds)
{
	unsigned char first[RECORD_BYTES];
	size_t head = len < sizeof first - STRIPE_FRAME_BYTES ? len :
	    sizeof first - STRIPE_FRAME_BYTES;
	struct stripe_deadline d;

	stripe_deadline_start(&d, seconds);
	tls_channel_deadline(tls, d.bounded ? &d.end : NULL);
	memcpy(first, header, STRIPE_FRAME_BYTES);
	if (head > 0)
		memcpy(first + STRIPE_FRAME_BYTES, bytes, head);
	return tls_write(tls, (const char *)first, STRIPE_FRAME_BYTES + head) &&
	    tls_write(tls, bytes + head, len - head) &&
	    tls_channel_flush(tls, true);
}

bool stripe_send_frame(int fd, struct tls_channel *tls,
    const struct stripe_frame *f, const void *bytes, unsigned seconds)
{
	unsigned char header[STRIPE_FRAME_BYTES];
	struct iovec iov[2] = { { header, sizeof header },
	    { (void *)(uintptr_t)bytes, (size_t)f->length } };
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };
	struct stripe_deadline d;
	ssize_t n;

	stripe_frame_encode(f, header);
	if (tls != NULL)
		return tls_send_frame(tls, header, bytes, (size_t)f->length,
		    seconds);
	stripe_deadline_start(&d, seconds);
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
