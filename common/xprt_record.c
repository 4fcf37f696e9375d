/*
 * xprt_record.c -- ONC RPC record marking over a stream socket
 * (xprt_record.h).
 *
 * A fragment starts with a 4-byte mark: the high bit says it is the
 * record's last fragment, the other 31 bits its length.  This side always
 * sends a record as one fragment; it reads records of any number of
 * fragments (libtirpc's servers send a large reply in 1 MiB fragments).
 */
#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <arpa/inet.h>

#include "common/fd_io.h"
#include "common/ring_channel.h"
#include "common/tls_channel.h"
#include "common/xprt_record.h"

#define LAST_FRAGMENT 0x80000000u
#define MARK_BYTES 4u
/* The send buffer's first size; it grows as records need. */
#define OUT_FIRST (64u << 10)
/* A TLS record's most application data (RFC 8446 section 5.1). */
#define TLS_RECORD_BYTES 16384u

static const struct xdr_ops record_ops;

/* The socket's writer (record_detach). */
struct record_wire {
	pthread_mutex_t lock;	/* held across every write to the socket */
	char *spare;		/* the buffer the next detach swaps in */
	size_t spare_cap;
	int error;		/* a detached send's failure */
};

bool record_init(struct record_stream *rs, int fd)
{
	memset(rs, 0, sizeof *rs);
	rs->fd = fd;
	rs->out = malloc(OUT_FIRST);
	rs->in = malloc(XPRT_READ_BUFFER);
	if (rs->out == NULL || rs->in == NULL) {
		record_free(rs);
		return false;
	}
	rs->out_cap = OUT_FIRST;
	rs->last_fragment = true;
	rs->xdr.x_ops = (struct xdr_ops *)&record_ops;
	rs->xdr.x_private = (char *)rs;
	return true;
}

void record_free(struct record_stream *rs)
{
	struct record_wire *w = rs->wire;

	if (w != NULL) {
		/* A detached send in flight ends first. */
		pthread_mutex_lock(&w->lock);
		pthread_mutex_unlock(&w->lock);
		pthread_mutex_destroy(&w->lock);
		free(w->spare);
		free(w);
		rs->wire = NULL;
	}
	ring_channel_close(rs->ring);
	rs->ring = NULL;
	free(rs->out);
	free(rs->in);
	free(rs->gather);
	rs->out = rs->in = rs->gather = NULL;
}

static void fail(struct record_stream *rs, int error)
{
	rs->error = error;
	rs->timed_out = error == EAGAIN || error == EWOULDBLOCK ||
	    error == ETIMEDOUT;
}

/* recv(2) on the socket, or through the TLS channel (flags: MSG_DONTWAIT
 * or not; a TLS read returns at most one record's data, and callers loop
 * as they would after a short recv). */
static ssize_t io_recv(struct record_stream *rs, void *buf, size_t len,
    int flags)
{
	ssize_t n;

	if (rs->ring != NULL) {
		while ((n = ring_channel_recv(rs->ring, buf, len)) < 0 &&
		    errno == EAGAIN && (flags & MSG_DONTWAIT) == 0)
			if (!ring_channel_wait(rs->ring, POLLIN, NULL))
				return -1;
		return n;
	}
	if (rs->tls != NULL)
		return tls_channel_recv(rs->tls, buf, len,
		    (flags & MSG_DONTWAIT) == 0);
	return recv(rs->fd, buf, len, flags);
}

/*
 * Through the TLS channel, what sendmsg would send first: a piece of 16
 * KiB or more from where it lies, which the channel cuts into full
 * records; smaller pieces copied together with those after them, up to
 * 16 KiB, into one record, rather than a record and a write(2) each.  The
 * same pieces give the same bytes, as a write that must be retried
 * (SSL_write) needs.  Out of memory: the first piece alone.
 */
static ssize_t tls_send(struct record_stream *rs, const struct msghdr *msg,
    bool wait)
{
	const struct iovec *iov = msg->msg_iov;
	size_t len = 0, n;

	if (msg->msg_iovlen == 1 || iov->iov_len >= TLS_RECORD_BYTES ||
	    (rs->gather == NULL &&
	    (rs->gather = malloc(TLS_RECORD_BYTES)) == NULL))
		return tls_channel_send(rs->tls, iov->iov_base, iov->iov_len,
		    wait);
	for (size_t i = 0; i < msg->msg_iovlen && len < TLS_RECORD_BYTES;
	    i++) {
		n = iov[i].iov_len < TLS_RECORD_BYTES - len ?
		    iov[i].iov_len : TLS_RECORD_BYTES - len;
		memcpy(rs->gather + len, iov[i].iov_base, n);
		len += n;
	}
	return tls_channel_send(rs->tls, rs->gather, len, wait);
}

/* sendmsg(2), or through the TLS channel (a short send: send_all goes on
 * with the rest).  One piece, a small call's or reply's whole record, goes
 * by send(2), which the kernel takes without sendmsg's copy of the
 * message header and the vector. */
static ssize_t io_send(struct record_stream *rs, const struct msghdr *msg,
    int flags)
{
	ssize_t n;

	if (rs->ring != NULL) {
		while ((n = ring_channel_send(rs->ring, msg->msg_iov,
		    msg->msg_iovlen)) < 0 && errno == EAGAIN &&
		    (flags & MSG_DONTWAIT) == 0)
			if (!ring_channel_wait(rs->ring, POLLOUT, NULL))
				return -1;
		return n;
	}
	if (rs->tls != NULL)
		return tls_send(rs, msg, (flags & MSG_DONTWAIT) == 0);
	if (msg->msg_iovlen == 1)
		return send(rs->fd, msg->msg_iov->iov_base,
		    msg->msg_iov->iov_len, flags);
	return sendmsg(rs->fd, msg, flags);
}

void record_set_deadline(struct record_stream *rs, long ms)
{
	rs->deadline = (struct record_deadline){ .set = ms > 0, .ms = ms };
}

/* The deadline's clock starts at the first wait (record_set_deadline). */
static void deadline_start(struct record_deadline *dl)
{
	clock_gettime(CLOCK_MONOTONIC, &dl->at);
	dl->at.tv_sec += dl->ms / 1000;
	dl->at.tv_nsec += (dl->ms % 1000) * 1000000L;
	if (dl->at.tv_nsec >= 1000000000L) {
		dl->at.tv_sec++;
		dl->at.tv_nsec -= 1000000000L;
	}
	dl->running = true;
}

/* A non-blocking read or write under a deadline found the socket not ready. */
static bool would_wait(const struct record_deadline *dl)
{
	return dl->set && (errno == EAGAIN || errno == EWOULDBLOCK);
}

/*
 * Waits, after a read or write under the deadline found the socket not
 * ready, until it is ready for events or the deadline passes (then false,
 * the stream failed with ETIMEDOUT).  Reads and writes are tried first, so
 * a peer that keeps up costs no poll().
 */
static bool deadline_wait(struct record_stream *rs, short events)
{
	assert(rs->deadline.set);
	if (!rs->deadline.running)
		deadline_start(&rs->deadline);
	if (rs->ring != NULL ?
	    ring_channel_wait(rs->ring, events, &rs->deadline.at) :
	    fd_wait_ready(rs->fd, events, &rs->deadline.at))
		return true;
	fail(rs, errno);
	return false;
}

/* ------------------------------------------------------------ sending */

/* Room for n more bytes in the send buffer, within XPRT_RECORD_MAX. */
static bool out_reserve(struct record_stream *rs, size_t n)
{
	size_t want = rs->out_len + n, cap = rs->out_cap;
	char *p;

	if (want <= cap)
		return true;
	if (rs->record_len + n > XPRT_RECORD_MAX) {
		fail(rs, EMSGSIZE);
		return false;
	}
	while (cap < want)
		cap *= 2;
	if ((p = realloc(rs->out, cap)) == NULL) {
		fail(rs, ENOMEM);
		return false;
	}
	rs->out = p;
	rs->out_cap = cap;
	return true;
}

/* The last piece, made a buffer piece ending at out_len; false: no room. */
static struct record_piece *buffer_piece(struct record_stream *rs)
{
	struct record_piece *p = &rs->pieces[rs->piece_count - 1];

	if (p->outside == NULL)
		return p;
	if (rs->piece_count == XPRT_PIECES_MAX)
		return NULL;
	p++;
	rs->piece_count++;
	p->outside = NULL;
	p->offset = rs->out_len;
	p->len = 0;
	return p;
}

/*
 * Room for n more bytes at the end of the buffer, in a piece of the
 * buffer's own (the last, or a new one): the rare part of out_append,
 * kept out of line so that the common part stays small enough to be
 * inlined.  NULL: no room, or no piece left.
 */
__attribute__((noinline))
static struct record_piece *out_make_room(struct record_stream *rs, size_t n)
{
	return out_reserve(rs, n) ? buffer_piece(rs) : NULL;
}

/*
 * Appends n bytes to the record in the buffer; the caller fills them.
 * Most appends (every word of most records) find the last piece the
 * buffer's and room in it, and make no call.
 */
static char *out_append(struct record_stream *rs, size_t n)
{
	struct record_piece *p;
	char *at;

	assert(rs->piece_count > 0);	/* between record_begin and its end */
	p = &rs->pieces[rs->piece_count - 1];
	if ((p->outside != NULL || rs->out_cap - rs->out_len < n) &&
	    (p = out_make_room(rs, n)) == NULL)
		return NULL;
	at = rs->out + rs->out_len;
	rs->out_len += n;
	rs->record_len += n;
	p->len += n;
	return at;
}

bool record_begin(struct record_stream *rs)
{
	rs->xdr.x_op = XDR_ENCODE;
	rs->record_start = rs->out_len;
	rs->record_len = 0;
	rs->points_outside = false;
	rs->piece_count = 1;
	rs->pieces[0] = (struct record_piece){ NULL, rs->out_len, 0 };
	if (out_append(rs, MARK_BYTES) == NULL)
		return false;
	rs->record_len = 0;	/* the mark is not part of the record */
	return true;
}

void record_abandon(struct record_stream *rs)
{
	rs->out_len = rs->record_start;
	rs->piece_count = 0;
}

/* Writes all of iov, however many calls that takes. */
static bool write_all(struct record_stream *rs, struct iovec *iov, int count)
{
	struct msghdr msg = { .msg_iov = iov, .msg_iovlen = (size_t)count };
	ssize_t n;

	while (msg.msg_iovlen > 0) {
		n = io_send(rs, &msg, MSG_NOSIGNAL |
		    (rs->deadline.set ? MSG_DONTWAIT : 0));
		if (n < 0 && would_wait(&rs->deadline)) {
			if (!deadline_wait(rs, POLLOUT))
				return false;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			fail(rs, errno);
			return false;
		}
		while (msg.msg_iovlen > 0 && (size_t)n >= msg.msg_iov->iov_len) {
			n -= (ssize_t)msg.msg_iov->iov_len;
			msg.msg_iov++;
			msg.msg_iovlen--;
		}
		if (msg.msg_iovlen > 0) {
			msg.msg_iov->iov_base = (char *)msg.msg_iov->iov_base + n;
			msg.msg_iov->iov_len -= (size_t)n;
		}
	}
	/* Inside TLS the last records may wait in the channel, gathered. */
	while (rs->tls != NULL && !tls_channel_flush(rs->tls,
	    !rs->deadline.set)) {
		if (would_wait(&rs->deadline)) {
			if (!deadline_wait(rs, POLLOUT))
				return false;
			continue;
		}
		fail(rs, errno);
		return false;
	}
	return true;
}

/* write_all, holding the wire when the stream has one (record_detach). */
static bool send_all(struct record_stream *rs, struct iovec *iov, int count)
{
	struct record_wire *w = rs->wire;
	bool ok;

	if (w == NULL)
		return write_all(rs, iov, count);
	pthread_mutex_lock(&w->lock);
	if (w->error != 0) {
		fail(rs, w->error);
		ok = false;
	} else {
		ok = write_all(rs, iov, count);
	}
	pthread_mutex_unlock(&w->lock);
	return ok;
}

/*
 * Copies the pieces of the program's memory into the buffer, in their
 * place in the record, so that the record may wait there.  The buffer's
 * own pieces only move towards the end, so moving them last first is
 * safe.
 */
static bool take_inside(struct record_stream *rs)
{
	size_t end = rs->record_start + MARK_BYTES + rs->record_len;

	if (end > rs->out_len && !out_reserve(rs, end - rs->out_len))
		return false;
	for (unsigned i = rs->piece_count; i-- > 0;) {
		struct record_piece *p = &rs->pieces[i];

		end -= p->len;
		if (p->outside != NULL)
			memcpy(rs->out + end, p->outside, p->len);
		else
			memmove(rs->out + end, rs->out + p->offset, p->len);
	}
	rs->out_len = rs->record_start + MARK_BYTES + rs->record_len;
	rs->points_outside = false;
	return true;
}

bool record_end(struct record_stream *rs, bool ship)
{
	struct iovec iov[XPRT_PIECES_MAX + 1];
	uint32_t mark = htonl(LAST_FRAGMENT | (uint32_t)rs->record_len);
	size_t queued_after = rs->record_start + MARK_BYTES + rs->record_len;
	int count = 0;
	bool ok;

	memcpy(rs->out + rs->record_start, &mark, MARK_BYTES);
	/* A queued record waits in the buffer, as libtirpc's would. */
	if (!ship && rs->points_outside && queued_after <= XPRT_QUEUE_MAX &&
	    !take_inside(rs))
		return false;
	if (!ship && !rs->points_outside && rs->out_len <= XPRT_QUEUE_MAX) {
		rs->piece_count = 0;
		return true;
	}
	if (rs->record_start > 0)
		iov[count++] = (struct iovec){ rs->out, rs->record_start };
	for (unsigned i = 0; i < rs->piece_count; i++) {
		const struct record_piece *p = &rs->pieces[i];

		if (p->len > 0)
			iov[count++] = (struct iovec){ p->outside != NULL ?
			    (void *)(uintptr_t)p->outside : rs->out + p->offset,
			    p->len };
	}
	ok = send_all(rs, iov, count);
	rs->out_len = 0;
	rs->piece_count = 0;
	return ok;
}

/* ---------------------------------------------------- detached sends */

bool record_wire_init(struct record_stream *rs)
{
	struct record_wire *w = calloc(1, sizeof *w);

	if (w == NULL)
		return false;
	pthread_mutex_init(&w->lock, NULL);
	rs->wire = w;
	return true;
}

bool record_detach(struct record_stream *rs, long deadline_ms,
    struct record_detached *d)
{
	struct record_wire *w = rs->wire;

	if (w == NULL || rs->tls != NULL || rs->out_len == 0 ||
	    rs->piece_count != 0)
		return false;
	pthread_mutex_lock(&w->lock);
	if (w->error != 0)
		goto refused;
	if (w->spare == NULL) {
		if ((w->spare = malloc(OUT_FIRST)) == NULL)
			goto refused;
		w->spare_cap = OUT_FIRST;
	}
	*d = (struct record_detached){ rs->out, rs->out_len, rs->out_cap,
	    deadline_ms };
	rs->out = w->spare;
	rs->out_cap = w->spare_cap;
	rs->out_len = 0;
	w->spare = NULL;
	return true;		/* holding the wire */
refused:
	pthread_mutex_unlock(&w->lock);
	return false;
}

/* fd_write_all's work through the rings (record_send_detached). */
static bool ring_write_all(struct ring_channel *ring, const char *p,
    size_t len, const struct timespec *end)
{
	struct iovec iov;
	ssize_t n;

	while (len > 0) {
		iov = (struct iovec){ .iov_base = (void *)(uintptr_t)p,
		    .iov_len = len };
		if ((n = ring_channel_send(ring, &iov, 1)) > 0) {
			p += n;
			len -= (size_t)n;
		} else if (errno != EAGAIN ||
		    !ring_channel_wait(ring, POLLOUT, end)) {
			return false;
		}
	}
	return true;
}

bool record_send_detached(struct record_stream *rs, struct record_detached *d)
{
	struct record_deadline dl = { .set = d->deadline_ms > 0,
	    .ms = d->deadline_ms };
	struct record_wire *w = rs->wire;
	int error = 0;

	/* The bound counts from here: a send this small seldom waits. */
	if (dl.set)
		deadline_start(&dl);
	if (!(rs->ring != NULL ?
	    ring_write_all(rs->ring, d->buf, d->len, dl.set ? &dl.at : NULL) :
	    fd_write_all(rs->fd, d->buf, d->len, dl.set ? &dl.at : NULL)))
		error = errno != 0 ? errno : EIO;

	/* Still holding the wire: nobody else has touched the spare. */
	assert(w->spare == NULL);
	w->spare = d->buf;
	w->spare_cap = d->cap;
	if (error != 0)
		w->error = error;
	d->buf = NULL;
	pthread_mutex_unlock(&w->lock);
	return error == 0;	/* rs may be freed from here on */
}

int record_wire_error(struct record_stream *rs)
{
	int error;

	if (rs->wire == NULL)
		return 0;
	pthread_mutex_lock(&rs->wire->lock);
	error = rs->wire->error;
	pthread_mutex_unlock(&rs->wire->lock);
	return error;
}

void record_wire_hold(struct record_stream *rs)
{
	if (rs->wire != NULL)
		pthread_mutex_lock(&rs->wire->lock);
}

void record_wire_release(struct record_stream *rs)
{
	if (rs->wire != NULL)
		pthread_mutex_unlock(&rs->wire->lock);
}

/* ---------------------------------------------------------- receiving */

/* Moves what is buffered to the start of the buffer. */
static void in_compact(struct record_stream *rs)
{
	if (rs->in_pos > 0) {
		memmove(rs->in, rs->in + rs->in_pos, rs->in_end - rs->in_pos);
		rs->in_end -= rs->in_pos;
		rs->in_pos = 0;
	}
}

static long nanoseconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - start->tv_sec) * 1000000000L +
	    (now.tv_nsec - start->tv_nsec);
}

/* Reads more bytes, polling for up to ns (record_poll); true: some came. */
static bool poll_more(struct record_stream *rs, long ns)
{
	struct timespec start;
	ssize_t n;

	in_compact(rs);
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		n = io_recv(rs, rs->in + rs->in_end, XPRT_READ_BUFFER -
		    rs->in_end, MSG_DONTWAIT);
		if (n > 0) {
			rs->in_end += (size_t)n;
			return true;
		}
		if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK &&
		    errno != EINTR))
			return false;
	} while (nanoseconds_since(&start) < ns);
	return false;
}

bool record_poll(struct record_stream *rs, long ns)
{
	return record_buffered(rs) || poll_more(rs, ns);
}

bool record_buffered(const struct record_stream *rs)
{
	return rs->in_end > rs->in_pos ||
	    (rs->tls != NULL && tls_channel_pending(rs->tls)) ||
	    (rs->ring != NULL && ring_channel_pending(rs->ring));
}

/*
 * Whether the next read may wait in recv(2): with no deadline, or as the
 * deadline's first wait when the socket's own timeout ends it in time
 * (socket_timeout_ms), which then starts the deadline's clock.
 */
static bool read_may_block(struct record_stream *rs)
{
	if (!rs->deadline.set)
		return true;
	if (rs->deadline.running || rs->tls != NULL || rs->ring != NULL ||
	    rs->socket_timeout_ms <= 0 ||
	    rs->socket_timeout_ms > rs->deadline.ms)
		return false;
	deadline_start(&rs->deadline);
	return true;
}

/* At least need (<= XPRT_READ_BUFFER) bytes buffered. */
static bool in_fill(struct record_stream *rs, size_t need)
{
	ssize_t n;

	in_compact(rs);
	while (rs->in_end < need) {
		if (rs->poll_ns > 0 && poll_more(rs, rs->poll_ns))
			continue;
		n = io_recv(rs, rs->in + rs->in_end, XPRT_READ_BUFFER -
		    rs->in_end, read_may_block(rs) ? 0 : MSG_DONTWAIT);
		if (n < 0 && would_wait(&rs->deadline)) {
			if (!deadline_wait(rs, POLLIN))
				return false;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			fail(rs, n == 0 ? ECONNRESET : errno);
			return false;
		}
		rs->in_end += (size_t)n;
	}
	return true;
}

static bool read_mark(struct record_stream *rs)
{
	uint32_t mark;

	if (rs->in_end - rs->in_pos < MARK_BYTES && !in_fill(rs, MARK_BYTES))
		return false;
	memcpy(&mark, rs->in + rs->in_pos, MARK_BYTES);
	rs->in_pos += MARK_BYTES;
	mark = ntohl(mark);
	rs->last_fragment = (mark & LAST_FRAGMENT) != 0;
	rs->fragment_left = mark & ~LAST_FRAGMENT;
	rs->record_total += rs->fragment_left;
	if (rs->in_max > 0 && rs->record_total > rs->in_max) {
		fail(rs, EMSGSIZE);
		return false;
	}
	return true;
}

/* The fragment has bytes left, or the record ends here (false, no error). */
static bool fragment_ready(struct record_stream *rs)
{
	while (rs->fragment_left == 0) {
		if (rs->last_fragment) {
			rs->error = 0;
			rs->timed_out = false;
			return false;
		}
		if (!read_mark(rs))
			return false;
	}
	return true;
}

/* n bytes of the record into dst (NULL: dropped). */
static bool in_take(struct record_stream *rs, char *dst, size_t n)
{
	size_t take, buffered;
	ssize_t got;

	while (n > 0) {
		if (!fragment_ready(rs))
			return false;
		take = n < rs->fragment_left ? n : rs->fragment_left;
		buffered = rs->in_end - rs->in_pos;
		if (buffered > 0) {
			if (take > buffered)
				take = buffered;
			if (dst != NULL)
				memcpy(dst, rs->in + rs->in_pos, take);
			rs->in_pos += take;
		} else if (dst != NULL && take >= XPRT_DIRECT_MIN) {
			/* Under a deadline, what has come: MSG_WAITALL
			 * would wait for the rest past it. */
			got = io_recv(rs, dst, take, rs->deadline.set ?
			    MSG_DONTWAIT : MSG_WAITALL);
			if (got < 0 && would_wait(&rs->deadline)) {
				if (!deadline_wait(rs, POLLIN))
					return false;
				continue;
			}
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				fail(rs, got == 0 ? ECONNRESET : errno);
				return false;
			}
			take = (size_t)got;
		} else {
			if (!in_fill(rs, 1))
				return false;
			continue;
		}
		rs->fragment_left -= (uint32_t)take;
		rs->record_read += take;
		n -= take;
		if (dst != NULL)
			dst += take;
	}
	return true;
}

bool record_next(struct record_stream *rs)
{
	rs->xdr.x_op = XDR_DECODE;
	if (rs->in_record) {
		while (rs->fragment_left > 0 || !rs->last_fragment)
			if (!in_take(rs, NULL, rs->fragment_left > 0 ?
			    rs->fragment_left : 1) && record_failed(rs))
				return false;
	}
	rs->in_record = false;
	rs->record_total = 0;
	if (!read_mark(rs))
		return false;
	rs->in_record = true;
	rs->record_read = 0;
	return true;
}

void record_limit_in(struct record_stream *rs, size_t max)
{
	rs->in_max = max;
}

bool record_failed(const struct record_stream *rs)
{
	return rs->error != 0 || rs->timed_out;
}

/* ------------------------------------------------------ the XDR stream */

static struct record_stream *stream_of(XDR *xdrs)
{
	return (struct record_stream *)(void *)xdrs->x_private;
}

static bool_t record_getlong(XDR *xdrs, long *lp)
{
	struct record_stream *rs = stream_of(xdrs);
	uint32_t v;

	if (rs->fragment_left >= 4 && rs->in_end - rs->in_pos >= 4) {
		memcpy(&v, rs->in + rs->in_pos, 4);
		rs->in_pos += 4;
		rs->fragment_left -= 4;
		rs->record_read += 4;
	} else if (!in_take(rs, (char *)&v, 4)) {
		return FALSE;
	}
	*lp = (long)ntohl(v);
	return TRUE;
}

static bool_t record_putlong(XDR *xdrs, const long *lp)
{
	uint32_t v = htonl((uint32_t)*lp);
	char *at = out_append(stream_of(xdrs), 4);

	if (at == NULL)
		return FALSE;
	memcpy(at, &v, 4);
	return TRUE;
}

static bool_t record_getbytes(XDR *xdrs, char *addr, u_int len)
{
	return in_take(stream_of(xdrs), addr, len);
}

static bool_t record_putbytes(XDR *xdrs, const char *addr, u_int len)
{
	struct record_stream *rs = stream_of(xdrs);
	struct record_piece *p;
	char *at;

	if (len >= XPRT_DIRECT_MIN && rs->piece_count < XPRT_PIECES_MAX - 1) {
		if (rs->record_len + len > XPRT_RECORD_MAX) {
			fail(rs, EMSGSIZE);
			return FALSE;
		}
		p = &rs->pieces[rs->piece_count++];
		*p = (struct record_piece){ addr, 0, len };
		rs->record_len += len;
		rs->points_outside = true;
		return TRUE;
	}
	if ((at = out_append(rs, len)) == NULL)
		return FALSE;
	memcpy(at, addr, len);
	return TRUE;
}

static u_int record_getpos(XDR *xdrs)
{
	struct record_stream *rs = stream_of(xdrs);

	return (u_int)(xdrs->x_op == XDR_ENCODE ? rs->record_len :
	    rs->record_read);
}

static bool_t record_setpos(XDR *xdrs, u_int pos)
{
	(void)xdrs;
	(void)pos;
	return FALSE;	/* nobody moves in a stream */
}

/* Room for len bytes in place, 4-aligned as the callers store int32_t. */
static int32_t *record_inline(XDR *xdrs, u_int len)
{
	struct record_stream *rs = stream_of(xdrs);
	char *at;

	if (xdrs->x_op == XDR_ENCODE) {
		if ((rs->out_len & 3) != 0 || (at = out_append(rs, len)) == NULL)
			return NULL;
		return (int32_t *)(void *)at;
	}
	if (xdrs->x_op != XDR_DECODE || rs->fragment_left < len ||
	    rs->in_end - rs->in_pos < len || (rs->in_pos & 3) != 0)
		return NULL;
	at = rs->in + rs->in_pos;
	rs->in_pos += len;
	rs->fragment_left -= len;
	rs->record_read += len;
	return (int32_t *)(void *)at;
}

static void record_destroy(XDR *xdrs)
{
	(void)xdrs;	/* the stream belongs to its handle */
}

static bool_t record_control(XDR *xdrs, int request, void *info)
{
	(void)xdrs;
	(void)request;
	(void)info;
	return FALSE;
}

static const struct xdr_ops record_ops = {
	.x_getlong = record_getlong,
	.x_putlong = record_putlong,
	.x_getbytes = record_getbytes,
	.x_putbytes = record_putbytes,
	.x_getpostn = record_getpos,
	.x_setpostn = record_setpos,
	.x_inline = record_inline,
	.x_destroy = record_destroy,
	.x_control = record_control,
};
