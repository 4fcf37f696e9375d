/*
 * server/copy/stripe_copy.h -- the server's side of a striped copy: its
 * bytes as frames on the session's data connections (idl/cuda.x, "Striped
 * bulk data"; server/session/stripes.h holds the connections).
 *
 * One thread per data connection moves frames between its socket and
 * page-locked buffers, two per connection; the session's thread alone
 * calls the driver, queueing each chunk's DMA on the copy's stream in the
 * copy's order, so the copy is ordered with the session's other calls as
 * one on the control connection is.
 */
#ifndef ONCUDA_SERVER_COPY_STRIPE_COPY_H
#define ONCUDA_SERVER_COPY_STRIPE_COPY_H

#include <stdbool.h>
#include <stdint.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/*
 * The copy a describes, between a.dev and the frames (upload: from them).
 * refused: what the checks before the driver found (CUDA_SUCCESS: none);
 * a refused upload still reads its frames, a refused download sends each
 * connection its error frame, so the connections stay at a frame's start.
 * timeout_seconds bounds each frame on a data connection, which must
 * come or go whole within it, as a request must (0: none).  Sets r; r->lost when a data connection failed, after which the
 * session has none (stripes_lost).
 */
void stripe_copy_run(bool upload, const stripe_copy *a, CUresult refused,
    unsigned timeout_seconds, res_stripe *r);

/* The session is over (its contexts destroyed): the buffers' marks and
 * registrations are forgotten, as staging_session_end does. */
void stripe_copy_session_end(void);

#endif
