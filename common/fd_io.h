/*
 * fd_io.h -- whole reads and writes on a stream socket, never blocking in
 * the system call, each bounded by an end time: what the data
 * connections' sealed frames (frame_seal.c) and the client's detached
 * sends (xprt_record.c) share.  A peer that takes or sends bytes slowly,
 * a few at a time, cannot hold the caller past the end.
 */
#ifndef ONCUDA_FD_IO_H
#define ONCUDA_FD_IO_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/*
 * poll(2) on count descriptors until one is ready (returns how many), or
 * end (CLOCK_MONOTONIC; NULL: none) passes; EINTR is waited through.
 * -1: errno says why, ETIMEDOUT at the end.
 */
int fd_poll_until(struct pollfd *pfds, nfds_t count,
    const struct timespec *end);

/*
 * Waits until fd is ready for events (poll's), or end (CLOCK_MONOTONIC;
 * NULL: none) passes.  false: errno says why, ETIMEDOUT at the end.
 */
bool fd_wait_ready(int fd, short events, const struct timespec *end);

/* Reads exactly len bytes into p by end.  false: errno says why, 0 when
 * the peer closed the connection first. */
bool fd_read_all(int fd, void *p, size_t len, const struct timespec *end);

/* Writes all len bytes of p by end (MSG_NOSIGNAL).  false: errno. */
bool fd_write_all(int fd, const void *p, size_t len,
    const struct timespec *end);

#endif /* ONCUDA_FD_IO_H */
