/*
 * staging.h -- page-locked buffers through which large linear copies pass.
 *
 * Without them an upload decodes into a malloc'ed argument and
 * cuMemcpyHtoD copies it again into the driver's own staging before its
 * DMA, the client waiting all the while; a download lands in a malloc'ed
 * buffer the same way.  With them an upload chunk is decoded straight into
 * a page-locked slot, its DMA is queued and the reply goes back at once, so
 * the next chunk crosses the network while the DMA runs; a download's DMA
 * writes into a slot that the reply is encoded from, and the next chunk of
 * a long download is read into the other slot meanwhile.
 *
 * Ordering, as CUDA defines cuMemcpyHtoD: the DMA is queued on the legacy
 * NULL stream of the current context, so it comes after the work queued
 * before it on blocking streams, as the driver's own copy would.  Every
 * request other than the next upload or download waits for the queued
 * DMAs first, so nothing the client does afterwards, on any stream or none,
 * can see the copy unfinished.
 */
#ifndef ONCUDA_STAGING_H
#define ONCUDA_STAGING_H

#include <stdbool.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "gen/cuda_names.h"

/*
 * Copies smaller than this go the plain way: their DMA is short, and the
 * driver handles them well without the bookkeeping.
 */
#define STAGING_MIN_BYTES (64u << 10)

/*
 * Starts staging on the client's transport: later uploads decode into the
 * slots.  Called by the copy procedures (the first copy goes the plain way);
 * a no-op after the first call, and when the slots cannot be allocated.
 */
void staging_start(SVCXPRT *xprt);

/*
 * At the end of a session, once its contexts are gone (and with them the
 * slots' events and registrations): the next session, if the process
 * serves one (the fuzz target does), starts afresh.
 */
void staging_session_end(void);

/* Whether the upload's bytes sit in a slot (decoded there by staging). */
bool staging_holds(const char *bytes);

/*
 * Queues the DMA of len bytes from the slot at bytes to dst on the NULL
 * stream; returns what cuMemcpyHtoDAsync returned.  The slot is reused only
 * once this DMA is done.
 */
CUresult staging_upload(CUdeviceptr dst, const char *bytes, size_t len);

/*
 * Copies len bytes of device memory at src into a slot on stream (NULL: the
 * legacy stream), waits for them and sets r: on success its bytes are the
 * slot's, lent to the reply until it has been sent.  False when no slot
 * fits (or staging has not started): the caller copies the plain way.
 */
bool staging_download(CUdeviceptr src, size_t len, CUstream stream,
    res_data *r);

#endif /* ONCUDA_STAGING_H */
