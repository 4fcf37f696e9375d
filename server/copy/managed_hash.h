/*
 * server/copy/managed_hash.h -- the hashes of managed memory's blocks
 * (common/block_hash.h), computed by the GPU where the memory is
 * (managed_hash.c), so that a pull reads and compares only the blocks
 * whose hash differs from that of the server's shadow
 * (server/svc/svc_mapped.c).
 *
 * Inside a series of the copy engine's (managed_copy.h): the kernel runs
 * on the series' stream, which orders it as the copies are ordered, and
 * its hashes come to this host by one copy on that stream.  The kernel
 * is loaded once per context, at its first use there, and checked on a
 * buffer of known bytes against the CPU's function; it dies with its
 * context (managed_hash_context_gone).  Where it cannot be loaded, fails
 * the check or fails to run, the caller reads the whole memory as before;
 * the reason is logged once.
 *
 * The kernel runs when a multiprocessor is free, so a kernel of the
 * program's that holds all of them while the program waits for another
 * stream would hold the pull too; a series begins only while no stream of
 * the client's has work left (managed_copy.h, "Busy"), which spares the
 * hashes that wait as well.
 */
#ifndef ONCUDA_SERVER_COPY_MANAGED_HASH_H
#define ONCUDA_SERVER_COPY_MANAGED_HASH_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "common/block_hash.h"

/*
 * The hashes of the block_hash_count(size) blocks of the managed memory
 * at mirror (8-byte aligned), into out, with a series of the copy engine
 * begun; false: none (the caller compares every block).
 */
bool managed_hash(CUdeviceptr mirror, size_t size, struct block_hash *out);

/* The driver destroyed ctx: the kernel and buffer kept for it went too. */
void managed_hash_context_gone(CUcontext ctx);

#endif
