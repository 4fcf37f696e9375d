/*
 * server/copy/stripe_send.h -- host bytes sent as the frames of a striped
 * download (stripe_send.c; idl/cuda.x, ONCUDA_MIRROR_DTOH).
 */
#ifndef ONCUDA_SERVER_COPY_STRIPE_SEND_H
#define ONCUDA_SERVER_COPY_STRIPE_SEND_H

#include <cuda.h>

#include "gen/cuda_names.h"

/*
 * Sends a->size bytes of host memory at bytes, as they are while they
 * go, on the session's data connections with a->serial; refused (not
 * CUDA_SUCCESS): each connection gets its error frame instead.
 * timeout_seconds bounds each frame (0: none).  Sets r as
 * stripe_copy_run does; r->lost when a data connection failed, after
 * which the session has none (stripes_lost).
 */
void stripe_send_host(const stripe_copy *a, const unsigned char *bytes,
    CUresult refused, unsigned timeout_seconds, res_stripe *r);

#endif
