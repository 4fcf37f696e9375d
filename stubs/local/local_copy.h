/*
 * local_copy.h -- the same-host copy path (issue 4; README, "Same host").
 *
 * Over a same-host connection (stubs/link/local_connect.h) copies move no
 * bytes through the socket: a copy from or to memory shared with the
 * server (stubs/mem/local_share.h) is one call naming an offset, and
 * pageable memory goes through a shared staging area.
 */
#ifndef ONCUDA_LOCAL_COPY_H
#define ONCUDA_LOCAL_COPY_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/copy/copy_wire.h"
#include "stubs/route/call.h"

/*
 * A copy between device memory dev and host memory host in call k (call.h),
 * on a same-host connection (local_link): one call when host lies in memory
 * shared with that server, else through the connection's staging area.
 * Ends the call (call_end) and returns the copy's result.
 */
CUresult local_copy(struct call *k, bool to_device, CUdeviceptr dev,
    const void *host, size_t count, const struct copy_stream *s);

#endif /* ONCUDA_LOCAL_COPY_H */
