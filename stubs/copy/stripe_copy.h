/*
 * stubs/copy/stripe_copy.h -- a large linear copy whose bytes travel on
 * the data connections (idl/cuda.x, "Striped bulk data"; stripes.h).
 */
#ifndef ONCUDA_STRIPE_COPY_H
#define ONCUDA_STRIPE_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/copy/copy_wire.h"

/*
 * The default of ONCUDA_STRIPE_MIN: copies smaller than this stay on the
 * control connection, where one round trip carries them whole.  From
 * this size on the chunks (common/stripe_plan.h) spread a copy over the
 * connections: on the H200 machine, one TCP stream moved 1 MiB copies at
 * 4.2 GB/s and 4 MiB ones at 4.7, against 39 and 50 GB/s natively
 * (bench/h200/results.md).
 */
#define STRIPE_MIN_DEFAULT ((size_t)1 << 20)

/* ONCUDA_STRIPE_MIN (bytes, at least 1), or STRIPE_MIN_DEFAULT; read
 * once.  Copies of fewer bytes are never striped. */
size_t stripe_min_bytes(void);

/*
 * Copies count bytes between device memory at dev and host memory at
 * host (to the device when to_device) on the data connections of the
 * server whose control connection c the caller holds, s being the
 * server's stream.  *done false: nothing was striped, or the data
 * connections failed; the caller makes the copy on c as it would without
 * them.  Otherwise *err is the server driver's outcome.  Returns the RPC
 * status of the control call.
 */
enum clnt_stat copy_striped(CLIENT *c, bool to_device, CUdeviceptr dev,
    void *host, size_t count, const struct copy_stream *s, int *err,
    bool *done);

/*
 * Fetches count bytes of the server's page-locked mirror at mirror into
 * host on the data connections (ONCUDA_MIRROR_DTOH: the bytes of a large
 * download that landed there); *done and *err as for copy_striped, the
 * caller reading the bytes on c when *done is false.
 */
enum clnt_stat copy_striped_mirror(CLIENT *c, uint64_t mirror, void *host,
    size_t count, int *err, bool *done);

/*
 * *bound: whether the server whose control connection c the caller holds
 * has data connections (bound on first use, as for copy_striped).
 * Returns the RPC status of a binding call on c that failed.
 */
enum clnt_stat copy_stripes_bound(CLIENT *c, bool *bound);

#endif
