/*
 * stubs/copy/stripes.h -- the data connections of each server's session,
 * over which large copies travel striped (idl/cuda.x, "Striped bulk
 * data"; stripe_copy.h moves the bytes).
 *
 * ONCUDA_STREAMS is how many connections carry a large copy's bytes: 1
 * keeps every byte on the control connection, as before striping; more
 * binds that many data connections (at most ONCUDA_STRIPE_MAX) at the
 * first large copy to that server over TCP, inside TLS when the control
 * connection is (each in a TLS session of its own).  A server that
 * refuses them (it cannot, or predates them inside TLS) or connections
 * that cannot be made leave the control connection alone, for good, with
 * a line under ONCUDA_DEBUG.
 *
 * Only between a call's begin and end (the control connection held).
 */
#ifndef ONCUDA_STRIPES_H
#define ONCUDA_STRIPES_H

#include <stdint.h>

#include <rpc/rpc.h>

/*
 * The default of ONCUDA_STREAMS, by measurement: 256 MiB copies over TCP
 * on the H200 machine (bench/h200/after-striping-2026-12-02.md) moved
 * 9.3-12.0 GB/s striped over 4 connections and 15.2-18.3 GB/s over 8,
 * against 3.1 GB/s for one TCP stream.
 */
#define STRIPES_DEFAULT 8

/*
 * The data connections of server, whose control connection c the caller
 * holds, bound on first use: their count (0: none, copies use c alone),
 * sockets in fds, the seals of their frames in seals (each NULL outside
 * TLS: common/frame_seal.h) and their
 * threads in crew (stripe_crew.h: count of them, started at the bind and
 * ended when the connections close).
 * RPC_SUCCESS, or the status of a call on c that failed (the control
 * connection is then in doubt).
 */
struct frame_seal;
struct stripe_crew;
enum clnt_stat stripes_ready(CLIENT *c, unsigned server, unsigned *count,
    const int **fds, struct frame_seal *const **seals,
    struct stripe_crew **crew);

/* The serial of server's next striped copy. */
uint32_t stripes_serial(unsigned server);

/* The data connections of server failed: closed, and not made again;
 * copies use the control connection from now on. */
void stripes_drop(unsigned server, const char *why);

#endif
