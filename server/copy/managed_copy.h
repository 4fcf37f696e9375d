/*
 * server/copy/managed_copy.h -- managed memory read and written by the
 * GPU's copy engine rather than the server's CPU (managed_copy.c), for the
 * pushes and pulls that keep it coherent with the client
 * (server/svc/svc_mapped.c) and the zeros a fresh allocation starts from.
 *
 * Why.  On a discrete GPU a managed page lives where it was last touched.
 * The server's CPU comparing managed memory with its shadow, to find what
 * kernels wrote, migrated every page to this host's memory, and the next
 * kernel faulted each one back (on an H200: 1.4 GB rewritten by a kernel
 * and read by the program took 3.7 s through oncuda, 0.4 s natively); a
 * push stored into the pages with the CPU and moved them likewise.  A DMA
 * reads and writes the pages where they are, and moves none.
 *
 * Ordering.  The copies go on a stream of this file's own, made with
 * CU_STREAM_NON_BLOCKING at a context's first managed_copy_begin and kept
 * for the context's later ones; all of a series' copies are done at
 * managed_copy_end, before the procedure answers.  That
 * orders them against nothing of the client's, exactly as the CPU's loads
 * and stores were: a pull comes after a synchronizing call, whose work is
 * complete, and a push before the work the client is about to queue, so
 * neither need wait for anything.  The legacy stream (cuMemcpyDtoH) would
 * be wrong: it waits for all the work queued on the context's blocking
 * streams, which a stream or event wait leaves running, and a kernel of
 * another stream that spins until the program writes a flag would never
 * end.  Work of other streams may run beside the copies, as it ran beside
 * the CPU: the server offers managed memory only where the device has
 * concurrent managed access (svc_managed.c).
 *
 * Context.  The copies are made in the current context, which the client
 * set for the call that pushes or pulls; managed memory is reachable from
 * every context of a device with concurrent managed access.  Where none
 * is current (a stream waited for by a thread that made no context
 * current here), in the context the caller names, pushed for the time.
 *
 * Capture.  The copies are made in the relaxed capture mode: a push comes
 * before every launch, also one being captured, and in the global mode a
 * call the driver deems unsafe during a capture (making a stream may be
 * one) fails and invalidates the capture.  A stream of their own is never
 * captured, so nothing of theirs joins the graph.
 *
 * Busy.  A series begins only while no stream of the client's has work
 * left; otherwise the caller uses its CPU for that push or pull.  On the
 * H200 a copy of managed memory made while a kernel of the program's held
 * every multiprocessor waited for that kernel, though it was on a stream
 * of its own (tests/e2e/managed_busy.c, managed_busy_full: a pull took
 * 2.05 s, the spinning kernel's time); the CPU does not wait, and the
 * driver lets it reach managed memory beside running kernels
 * (concurrent managed access, svc_managed.c).  Its cost is the one above,
 * paid only while a kernel runs that the program did not wait for.  The
 * hashing kernel (managed_hash.h) runs only inside a series, so it never
 * waits either.
 *
 * Where a copy cannot be made (no context, no stream, an error), the
 * caller falls back to its CPU; the reason is logged once.
 */
#ifndef ONCUDA_SERVER_COPY_MANAGED_COPY_H
#define ONCUDA_SERVER_COPY_MANAGED_COPY_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "gen/cuda_names.h"

/* The most one read holds: what a pull's reply carries at most. */
#define MANAGED_COPY_PIECE ((size_t)ONCUDA_CHUNK_DEFAULT)

/*
 * Begins a series of copies in the current context, or in ctx when none
 * is current (NULL: no other).  false: no copy can be made and none is
 * begun; the caller uses its CPU.  A true begin is closed by
 * managed_copy_end before the procedure answers.
 */
bool managed_copy_begin(CUcontext ctx);

/*
 * Queues the copy of len bytes (0 < len <= MANAGED_COPY_PIECE) of managed
 * memory at src into the next of two page-locked slots and returns the
 * slot, for managed_copy_wait; -1 when it cannot be queued (or an earlier
 * copy of the series failed).  The read after next reuses the slot: its
 * bytes are to be used before then.
 */
int managed_copy_read(CUdeviceptr src, size_t len);

/* Waits for slot's read: its bytes, or NULL when the copy failed. */
const unsigned char *managed_copy_wait(int slot);

/*
 * Queues the copy of len bytes of host memory at src, left unchanged until
 * managed_copy_end, to managed memory at dst.  false: not queued.
 */
bool managed_copy_write(CUdeviceptr dst, const void *src, size_t len);

/*
 * The series' stream, for other work ordered with its copies (the hashes
 * of managed_hash.h); begun series only.
 */
CUstream managed_copy_stream(void);

/* Queues setting len bytes at dst to zero.  false: not queued. */
bool managed_copy_zero(CUdeviceptr dst, size_t len);

/*
 * Waits for every copy of the series and ends it: false when one of them
 * failed (what it should have written may not all be there).
 */
bool managed_copy_end(void);

/* The driver destroyed ctx: the stream kept for it went with it. */
void managed_copy_context_gone(CUcontext ctx);

#endif
