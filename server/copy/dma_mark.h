/*
 * server/copy/dma_mark.h -- knowing when a queued DMA is over.
 *
 * The staging buffers of copies (pinned_set.h: staging.c and upload_pool.c
 * over TCP, local_staged.c on the same host) are reused while the GPU may
 * still be reading or writing them: each keeps the mark of the DMA it last
 * queued and waits for it before the buffer is touched again.  A mark is an event recorded
 * behind the DMA, made per DMA in the current context and destroyed once
 * waited for, so that no event outlives the context it belongs to.
 */
#ifndef ONCUDA_SERVER_DMA_MARK_H
#define ONCUDA_SERVER_DMA_MARK_H

#include <cuda.h>

/*
 * Marks the end of the DMA just queued on stream: *mark is then the event
 * to wait for.  When no event can be made or recorded, waits for the
 * stream instead and leaves *mark NULL (nothing to wait for later).
 */
CUresult dma_mark(CUevent *mark, CUstream stream);

/*
 * Waits for the DMA *mark stands for, if any, and forgets the mark.  An
 * error is the context's (sticky) or the event's own: the request that
 * follows meets it from the driver itself, as a program meets an
 * asynchronous error at its next call.
 */
CUresult dma_wait(CUevent *mark);

#endif
