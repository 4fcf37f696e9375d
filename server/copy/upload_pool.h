/*
 * upload_pool.h -- page-locked buffers for asynchronous uploads over the
 * network.
 *
 * Without them a cuMemcpyHtoDAsync chunk decodes into a malloc'ed
 * argument, is copied again into a buffer that outlives the call, and the
 * driver, given pageable memory, stages it and waits for the stream's
 * earlier work before the call returns.  With them the chunk decodes
 * straight into a page-locked buffer, the driver queues a true DMA from it
 * and the server goes on to the next request while the stream runs; the
 * buffer is taken again once the stream has passed the copy.
 *
 * The synchronous copies (staging.h) and the same-host path
 * (local_staged.h) have buffers of their own, each a pinned buffer set
 * (pinned_set.h) as these are.
 */
#ifndef ONCUDA_UPLOAD_POOL_H
#define ONCUDA_UPLOAD_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "gen/cuda_names.h"

/*
 * Four buffers of the client's chunk size: the client cuts every upload
 * into chunks of ONCUDA_CHUNK_DEFAULT bytes, so each chunk of a large
 * upload fits one, and four let one chunk be decoded while three others
 * (a training step's inputs on a few streams) wait for their streams,
 * for 16 MiB of page-locked memory per client.
 */
#define UPLOAD_POOL_BUFFERS 4
#define UPLOAD_POOL_BUFFER_BYTES ((size_t)ONCUDA_CHUNK_DEFAULT)

/*
 * Smaller uploads go the plain way, as small synchronous ones do
 * (STAGING_MIN_BYTES): the driver's own staging of a few pages is cheap.
 */
#define UPLOAD_POOL_MIN_BYTES (64u << 10)

/*
 * Makes later CU_MEMCPY_HTOD_ASYNC arguments of a fitting size decode into
 * the pool (the buffers themselves are allocated on the first such one).
 * Called by the procedure, so the first upload of a session goes the plain
 * way; a no-op for the rest of the session.
 */
void upload_pool_start(SVCXPRT *xprt);

/* Whether the upload's bytes were decoded into a pool buffer. */
bool upload_pool_holds(const char *bytes);

/*
 * Queues the copy of len bytes from the pool buffer at bytes to dst on
 * stream; returns what the driver said (the queueing, or the wait that
 * replaces the mark of its end when no event can be made).  The buffer is
 * reused only once the stream is past the copy; when queueing fails, once
 * the arguments are freed.
 */
CUresult upload_pool_upload(CUdeviceptr dst, const char *bytes, size_t len,
    CUstream stream);

/*
 * The session is over (its contexts destroyed): forgets the transport and
 * every copy.  The buffers stay for a next session in this process (the
 * fuzz target's) and are freed at exit.
 */
void upload_pool_session_end(void);

#endif /* ONCUDA_UPLOAD_POOL_H */
