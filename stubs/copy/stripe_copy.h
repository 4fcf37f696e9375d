/*
 * stubs/copy/stripe_copy.h -- a large linear copy whose bytes travel on
 * the data connections (idl/cuda.x, "Striped bulk data"; stripes.h).
 */
#ifndef ONCUDA_STRIPE_COPY_H
#define ONCUDA_STRIPE_COPY_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "stubs/copy/copy_wire.h"

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

#endif
