/*
 * server/session/ranges.h -- the device memory this client owns.
 *
 * The driver checks a copy's addresses against every allocation of the
 * process, and with unified addressing and HMM it may accept host addresses
 * too: this very process's heap, where other clients' keys and buffers are
 * not, but the server's own state is.  So every device range a client names
 * in a copy or a memset must lie inside one range recorded here, which holds
 * only what the driver handed to this client: allocations, module and
 * library globals, and the device aliases of its page-locked host memory.
 * See the conventions at the top of idl/cuda.x.
 *
 * Ranges are kept in an array sorted by base: a lookup, made for every copy
 * chunk, is a binary search; adding or removing one moves the tail of the
 * array, which is cheap for the few thousand ranges a program holds.
 *
 * One table per process, that is per client, used only by the thread that
 * serves RPC requests and not locked.
 */
#ifndef ONCUDA_SERVER_RANGES_H
#define ONCUDA_SERVER_RANGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

/* What a range came from, which says what ends it. */
enum range_kind {
	RANGE_ALLOCATION,	/* cuMemAlloc(Pitch); owner: its base */
	RANGE_GLOBAL,		/* a global; owner: its module or library */
	RANGE_HOST_ALIAS,	/* mapped host memory; owner: the mirror */
	RANGE_MAPPING,		/* mapped virtual memory; owner: its reservation */
	RANGE_IPC,		/* an opened IPC handle; owner: its base */
	RANGE_GRAPH_MEM,	/* a graph allocation; owner: its address */
};

/*
 * Records [base, base + size) as this client's, made in ctx.  The driver
 * just handed the range out, so it is live: recorded ranges that overlap it
 * without being the very same range are stale (their memory went away
 * unseen) and are dropped.  The same range may be recorded for several
 * owners (a global reached through a library and through its module) and
 * then lives until the last of them lets it go.  A range of 0 bytes, or
 * one that wraps past 2^64, records nothing.  false: out of memory.
 */
bool ranges_add(uint64_t base, uint64_t size, enum range_kind kind,
    uint64_t owner, CUcontext ctx);

/* Forgets the range starting at base recorded for (kind, owner). */
void ranges_remove(uint64_t base, enum range_kind kind, uint64_t owner);

/* Forgets every range recorded for (kind, owner): an unload, a free. */
void ranges_forget_owner(enum range_kind kind, uint64_t owner);

/* Forgets every range made in ctx: the driver destroyed it. */
void ranges_context_gone(CUcontext ctx);

/*
 * Whether [addr, addr + len) lies inside one recorded range.  An empty
 * range reaches no memory and is always owned.
 */
bool ranges_owned(uint64_t addr, uint64_t len);

/*
 * CUDA_SUCCESS when count elements of elem_size bytes from addr lie inside
 * one recorded range; otherwise CUDA_ERROR_INVALID_VALUE, what the driver
 * answers for memory that is not allocated, and a line at info in the log
 * naming call (the entry point), the address and the length.
 */
CUresult range_check(uint64_t addr, uint64_t count, uint64_t elem_size,
    const char *call);

/*
 * The bytes height rows of width elements of elem bytes, pitch bytes
 * apart, reach from their start: (height - 1) * pitch + width * elem, 0
 * when there is no element.  false when that does not fit in 64 bits.
 */
bool ranges_span_2d(uint64_t width, uint64_t elem, uint64_t height,
    uint64_t pitch, uint64_t *span);

/* How many ranges are recorded. */
size_t ranges_count(void);

/* Forgets every range and frees the table (end of the session). */
void ranges_clear(void);

#endif
