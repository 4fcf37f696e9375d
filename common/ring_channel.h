/*
 * ring_channel.h -- a byte stream through memory that two processes of
 * one host share: the same-host path's requests and replies.
 *
 * Why: over the unix-domain socket every synchronous call pays for the
 * socket's system calls at both ends, a send and a receive each way (the
 * polling ping-pong of bench/transport alone took 4.18 us on the H200
 * machine, where the driver answers cuCtxSynchronize in 0.29 us).
 * Through rings in shared memory a call and its reply are a copy in and a
 * copy out, and a side that waits polls the other's index in memory
 * before it sleeps, as record_poll polls the socket.
 *
 * The region (a memfd the client makes and passes, ONCUDA_LOCAL_RING)
 * holds two rings of ring_bytes each, client to server and server to
 * client.  Each ring has a producer index (bytes ever put) and a consumer
 * index (bytes ever taken), each written by one side only, and two flags
 * a side raises before it sleeps: the reader's (waiting for bytes) and
 * the writer's (waiting for room).  A side that moves an index and finds
 * the other's flag raised lowers it and writes to the other's eventfd,
 * which the sleeper polls together with the connection's socket (whose
 * end is the peer's end).  Raise then look again on one side, move then
 * look at the flag on the other, each with a full fence between: either
 * the sleeper sees the bytes or the mover sees the flag.
 *
 * Neither side trusts the memory the other can write: each keeps its own
 * index privately and only publishes it, checks the other's against the
 * ring's size at every use (nonsense there fails the channel, EPROTO),
 * and copies bytes out before anything looks at them.
 *
 * One reader and one writer at a time on each side (the record stream's
 * owner, and whoever holds its wire).
 */
#ifndef ONCUDA_RING_CHANNEL_H
#define ONCUDA_RING_CHANNEL_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <time.h>

/* Each ring's size: a power of two within these bounds. */
#define RING_CHANNEL_BYTES_MIN (64u << 10)
#define RING_CHANNEL_BYTES_MAX (64u << 20)
#define RING_CHANNEL_BYTES_DEFAULT (1u << 20)

enum ring_side { RING_SIDE_CLIENT = 0, RING_SIDE_SERVER = 1 };

/*
 * A wait looks at the rings again after this long asleep even when no
 * wakeup came (100 ms): a safety net (ring_channel.c says against what).
 * The unit test sets it past its deadlines, so that a wakeup that was not
 * sent fails it.
 */
extern long ring_channel_recheck_ns;

/* The region's size for rings of ring_bytes each; 0 when ring_bytes is
 * not a power of two within the bounds. */
size_t ring_channel_region_bytes(uint32_t ring_bytes);

struct ring_channel;

/*
 * A channel over region (mapped shared, region_bytes long, zero-filled by
 * its maker and not yet used) for this process's side.  wake_mine is the
 * eventfd this side sleeps on, wake_peer the other side's (both
 * non-blocking); sock is the connection, polled for its end and never
 * read.  On success the channel owns the mapping and both eventfds, not
 * sock.  NULL: the sizes do not match (EINVAL) or no memory (ENOMEM).
 */
struct ring_channel *ring_channel_open(void *region, size_t region_bytes,
    uint32_t ring_bytes, enum ring_side side, int wake_mine, int wake_peer,
    int sock);

/* Unmaps and closes what the channel owns, saying nothing to the peer (a
 * forked child lets go of its parent's channel this way too). */
void ring_channel_close(struct ring_channel *ch);

/* Takes up to len bytes, never waiting.  -1 with errno EAGAIN when none
 * are there, EPROTO when the peer's index is nonsense. */
ssize_t ring_channel_recv(struct ring_channel *ch, void *buf, size_t len);

/* Puts as much of the count pieces as there is room for, never waiting;
 * returns how many bytes.  -1 with errno EAGAIN when there is no room,
 * EPROTO as ring_channel_recv. */
ssize_t ring_channel_send(struct ring_channel *ch, const struct iovec *iov,
    size_t count);

/* Whether bytes are there to take (a broken channel says true, so that
 * the next read reports it). */
bool ring_channel_pending(const struct ring_channel *ch);

/*
 * Waits until bytes are there (POLLIN) or room is (POLLOUT), or end
 * (CLOCK_MONOTONIC; NULL: none) passes.  false: errno ETIMEDOUT, or
 * ECONNRESET when the peer has closed the connection, or EPROTO.
 */
bool ring_channel_wait(struct ring_channel *ch, short events,
    const struct timespec *end);

/*
 * For a reader that sleeps in a poll of its own (the server's, which
 * waits for signals too): raises the reader's flag and fills pfds with
 * the two descriptors to poll for POLLIN.  false: bytes came meanwhile,
 * the flag is down again and there is nothing to sleep for.
 */
bool ring_channel_sleep_prepare(struct ring_channel *ch, struct pollfd pfds[2]);

/*
 * After that poll (pfds as it left them): lowers the flag and empties the
 * eventfd.  false: the connection has ended (errno ECONNRESET) or the
 * peer wrote on the socket, which it must not do while the rings carry
 * the records (EPROTO).
 */
bool ring_channel_sleep_end(struct ring_channel *ch,
    const struct pollfd pfds[2]);

#endif /* ONCUDA_RING_CHANNEL_H */
