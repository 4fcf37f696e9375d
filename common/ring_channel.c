/*
 * ring_channel.c -- a byte stream through shared memory (ring_channel.h).
 *
 * The region: a page of control, two rings' control blocks in it (the
 * client's ring to the server first), then the two rings' bytes.  Every
 * field of a control block has a cache line of its own, so that the side
 * that writes one does not take from the other the line it polls.
 *
 * The indices only grow (64 bits do not wrap in any session's life), so
 * the bytes in a ring are put - taken, and never more than its size.
 */
#include <assert.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "common/fd_io.h"
#include "common/ring_channel.h"

/* The processes share these words: they must not hide a lock. */
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "64-bit atomics take no lock");
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "32-bit atomics take no lock");

#define LINE 64
#define CONTROL_BYTES 4096u

struct ring_control {
	_Alignas(LINE) _Atomic uint64_t put;	/* the producer's */
	_Alignas(LINE) _Atomic uint64_t taken;	/* the consumer's */
	_Alignas(LINE) _Atomic uint32_t reader_asleep;
	_Alignas(LINE) _Atomic uint32_t writer_asleep;
};
_Static_assert(sizeof(struct ring_control) == 4 * LINE, "one line a field");
_Static_assert(2 * sizeof(struct ring_control) <= CONTROL_BYTES,
    "both control blocks in the control page");

/* One ring as this side sees it. */
struct ring_dir {
	struct ring_control *ctl;
	char *data;
	uint64_t mine;		/* put (outgoing) or taken (incoming): ours */
};

struct ring_channel {
	void *region;
	size_t region_bytes;
	uint64_t size;		/* of each ring, a power of two */
	struct ring_dir in, out;
	int wake_mine, wake_peer, sock;
	int error;		/* EPROTO once the peer's index was nonsense */
};

size_t ring_channel_region_bytes(uint32_t ring_bytes)
{
	if (ring_bytes < RING_CHANNEL_BYTES_MIN ||
	    ring_bytes > RING_CHANNEL_BYTES_MAX ||
	    (ring_bytes & (ring_bytes - 1)) != 0)
		return 0;
	return CONTROL_BYTES + 2 * (size_t)ring_bytes;
}

struct ring_channel *ring_channel_open(void *region, size_t region_bytes,
    uint32_t ring_bytes, enum ring_side side, int wake_mine, int wake_peer,
    int sock)
{
	struct ring_control *ctl = region;
	char *data = (char *)region + CONTROL_BYTES;
	struct ring_channel *ch;
	/* Ring 0 carries the client's bytes to the server. */
	unsigned out = side == RING_SIDE_CLIENT ? 0 : 1;

	if (region == NULL || region_bytes == 0 ||
	    ring_channel_region_bytes(ring_bytes) != region_bytes) {
		errno = EINVAL;
		return NULL;
	}
	if ((ch = calloc(1, sizeof *ch)) == NULL)
		return NULL;
	ch->region = region;
	ch->region_bytes = region_bytes;
	ch->size = ring_bytes;
	ch->out = (struct ring_dir){ &ctl[out], data + out * (size_t)ring_bytes, 0 };
	ch->in = (struct ring_dir){ &ctl[1 - out],
	    data + (1 - out) * (size_t)ring_bytes, 0 };
	ch->wake_mine = wake_mine;
	ch->wake_peer = wake_peer;
	ch->sock = sock;
	return ch;
}

void ring_channel_close(struct ring_channel *ch)
{
	if (ch == NULL)
		return;
	munmap(ch->region, ch->region_bytes);
	close(ch->wake_mine);
	close(ch->wake_peer);
	free(ch);
}

static void fail(struct ring_channel *ch)
{
	ch->error = EPROTO;
	errno = EPROTO;
}

/* Bytes the peer has put and we have not taken; false: nonsense. */
static bool incoming(struct ring_channel *ch, uint64_t *n)
{
	uint64_t put = atomic_load_explicit(&ch->in.ctl->put,
	    memory_order_acquire);

	*n = put - ch->in.mine;
	return *n <= ch->size;
}

/* Room to put bytes in; false: the peer's index is nonsense. */
static bool room(struct ring_channel *ch, uint64_t *n)
{
	uint64_t taken = atomic_load_explicit(&ch->out.ctl->taken,
	    memory_order_acquire);
	uint64_t used = ch->out.mine - taken;

	*n = ch->size - used;
	return used <= ch->size;
}

static void wake(int fd)
{
	uint64_t one = 1;

	/* EAGAIN: the counter is full of wakeups the peer has not read. */
	while (write(fd, &one, sizeof one) < 0 && errno == EINTR)
		;
}

/*
 * Publishes one of our indices, then wakes the peer when it sleeps on
 * this ring: the fence orders the index's store before the flag's load,
 * against the sleeper's flag store before its index load.
 */
static void publish(struct ring_channel *ch, _Atomic uint64_t *index,
    uint64_t value, _Atomic uint32_t *peer_asleep)
{
	atomic_store_explicit(index, value, memory_order_release);
	atomic_thread_fence(memory_order_seq_cst);
	if (atomic_load_explicit(peer_asleep, memory_order_relaxed) != 0 &&
	    atomic_exchange_explicit(peer_asleep, 0, memory_order_acq_rel) != 0)
		wake(ch->wake_peer);
}

ssize_t ring_channel_recv(struct ring_channel *ch, void *buf, size_t len)
{
	uint64_t avail, at, first;
	size_t n;

	if (ch->error != 0) {
		errno = ch->error;
		return -1;
	}
	if (!incoming(ch, &avail)) {
		fail(ch);
		return -1;
	}
	if (avail == 0) {
		errno = EAGAIN;
		return -1;
	}
	n = len < avail ? len : (size_t)avail;
	at = ch->in.mine & (ch->size - 1);
	first = ch->size - at < n ? ch->size - at : n;
	memcpy(buf, ch->in.data + at, (size_t)first);
	memcpy((char *)buf + first, ch->in.data, n - (size_t)first);
	ch->in.mine += n;
	publish(ch, &ch->in.ctl->taken, ch->in.mine, &ch->in.ctl->writer_asleep);
	return (ssize_t)n;
}

ssize_t ring_channel_send(struct ring_channel *ch, const struct iovec *iov,
    size_t count)
{
	uint64_t space, at, first;
	size_t done = 0, n;

	if (ch->error != 0) {
		errno = ch->error;
		return -1;
	}
	if (!room(ch, &space)) {
		fail(ch);
		return -1;
	}
	for (size_t i = 0; i < count && space > 0; i++) {
		n = iov[i].iov_len < space ? iov[i].iov_len : (size_t)space;
		at = (ch->out.mine + done) & (ch->size - 1);
		first = ch->size - at < n ? ch->size - at : n;
		memcpy(ch->out.data + at, iov[i].iov_base, (size_t)first);
		memcpy(ch->out.data, (const char *)iov[i].iov_base + first,
		    n - (size_t)first);
		done += n;
		space -= n;
	}
	if (done == 0) {
		errno = EAGAIN;
		return -1;
	}
	ch->out.mine += done;
	publish(ch, &ch->out.ctl->put, ch->out.mine, &ch->out.ctl->reader_asleep);
	return (ssize_t)done;
}

bool ring_channel_pending(const struct ring_channel *ch)
{
	uint64_t put;

	if (ch->error != 0)
		return true;
	put = atomic_load_explicit(&ch->in.ctl->put, memory_order_acquire);
	return put != ch->in.mine;
}

/* Whether what events asks for is there; a broken channel counts. */
static bool ready(struct ring_channel *ch, short events)
{
	uint64_t n;

	if (ch->error != 0)
		return true;
	if (events & POLLIN) {
		if (!incoming(ch, &n))
			return true;	/* the read reports it */
		return n > 0;
	}
	if (!room(ch, &n))
		return true;
	return n > 0;
}

static _Atomic uint32_t *flag_of(struct ring_channel *ch, short events)
{
	return (events & POLLIN) ? &ch->in.ctl->reader_asleep :
	    &ch->out.ctl->writer_asleep;
}

static void drain_wakeups(struct ring_channel *ch)
{
	uint64_t count;

	while (read(ch->wake_mine, &count, sizeof count) < 0 &&
	    errno == EINTR)
		;
}

/*
 * What the socket's readiness says: the peer is there (true), or gone
 * (false, ECONNRESET).  *bytes: it sent bytes on the socket, which only a
 * descriptor in flight explains (the reader of the reply takes it).
 */
static bool peer_there(struct ring_channel *ch, short revents, bool *bytes)
{
	char byte;
	ssize_t n;

	*bytes = false;
	if (revents == 0)
		return true;
	/* Gone, even with bytes it sent before it went still unread. */
	if (revents & (POLLHUP | POLLRDHUP | POLLERR)) {
		errno = ECONNRESET;
		return false;
	}
	do
		n = recv(ch->sock, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
	while (n < 0 && errno == EINTR);
	if (n > 0) {
		*bytes = true;
		return true;
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return true;
	errno = ECONNRESET;
	return false;
}

/*
 * How long one poll of a wait lasts before the rings are looked at again:
 * while bytes wait on the socket, the eventfd alone is polled, for a short
 * while; otherwise both, for longer.  The second bound is a safety net, not
 * a timer anyone waits on: one thread of a side may wait for bytes while
 * another waits for room (which the record stream's locking rules out
 * today), and then the one that empties the eventfd may take the other's
 * wakeup; the other looks again within it.
 */
#define SOCKET_BUSY_NS 10000000L
long ring_channel_recheck_ns = 100000000L;

/* The sooner of end (NULL: none) and ns from now; *capped: the latter. */
static struct timespec sooner(const struct timespec *end, long ns,
    bool *capped)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	t.tv_nsec += ns;
	while (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	*capped = end == NULL || t.tv_sec < end->tv_sec ||
	    (t.tv_sec == end->tv_sec && t.tv_nsec < end->tv_nsec);
	return *capped ? t : *end;
}

bool ring_channel_wait(struct ring_channel *ch, short events,
    const struct timespec *end)
{
	_Atomic uint32_t *flag = flag_of(ch, events);
	struct pollfd pfds[2];
	struct timespec until;
	bool socket_busy = false, capped;
	int n;

	assert((events & (POLLIN | POLLOUT)) != 0);
	for (;;) {
		if (ready(ch, events))
			return true;
		atomic_store_explicit(flag, 1, memory_order_seq_cst);
		atomic_thread_fence(memory_order_seq_cst);
		if (ready(ch, events)) {
			atomic_store_explicit(flag, 0, memory_order_relaxed);
			return true;
		}
		pfds[0] = (struct pollfd){ .fd = ch->wake_mine, .events = POLLIN };
		pfds[1] = (struct pollfd){ .fd = ch->sock,
		    .events = POLLIN | POLLRDHUP };
		until = sooner(end, socket_busy ? SOCKET_BUSY_NS : ring_channel_recheck_ns,
		    &capped);
		n = fd_poll_until(pfds, socket_busy ? 1 : 2, &until);
		atomic_store_explicit(flag, 0, memory_order_relaxed);
		if (n < 0 && errno == ETIMEDOUT && capped) {
			socket_busy = false;	/* look at the socket again */
			continue;
		}
		if (n < 0)
			return false;
		if (pfds[0].revents != 0)
			drain_wakeups(ch);
		if (!socket_busy && !peer_there(ch, pfds[1].revents, &socket_busy))
			return false;
	}
}

bool ring_channel_sleep_prepare(struct ring_channel *ch, struct pollfd pfds[2])
{
	atomic_store_explicit(&ch->in.ctl->reader_asleep, 1,
	    memory_order_seq_cst);
	atomic_thread_fence(memory_order_seq_cst);
	if (ring_channel_pending(ch)) {
		atomic_store_explicit(&ch->in.ctl->reader_asleep, 0,
		    memory_order_relaxed);
		return false;
	}
	pfds[0] = (struct pollfd){ .fd = ch->wake_mine, .events = POLLIN };
	pfds[1] = (struct pollfd){ .fd = ch->sock, .events = POLLIN | POLLRDHUP };
	return true;
}

bool ring_channel_sleep_end(struct ring_channel *ch,
    const struct pollfd pfds[2])
{
	bool bytes;

	atomic_store_explicit(&ch->in.ctl->reader_asleep, 0,
	    memory_order_relaxed);
	if (pfds[0].revents != 0)
		drain_wakeups(ch);
	if (!peer_there(ch, pfds[1].revents, &bytes))
		return false;
	if (bytes) {
		errno = EPROTO;
		return false;
	}
	return true;
}
