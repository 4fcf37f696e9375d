/*
 * server/svc/mapped_shadow.h -- the shadows of the mirrors whose mapped
 * memory is kept coherent (mapped_shadow.c): for each, the bytes both sides
 * last agreed on.
 *
 * A list of its own, below both of its users: svc_mapped.c (the procedures
 * that track, push and pull) and svc_hostmem.c (which says when a mirror
 * goes away), so that neither calls the other back.
 */
#ifndef ONCUDA_SERVER_SVC_MAPPED_SHADOW_H
#define ONCUDA_SERVER_SVC_MAPPED_SHADOW_H

#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "common/block_hash.h"
#include "gen/cuda_names.h"

struct mapped_shadow {
	unsigned char *mirror;
	size_t size;
	unsigned char *shadow;		/* size bytes */
	/*
	 * Managed memory, which the copy engine reads and writes
	 * (server/copy/managed_copy.h), where page-locked host memory is
	 * the CPU's.
	 */
	bool managed;
	CUcontext ctx;			/* managed: the context it goes with, or NULL */
	/*
	 * Managed memory large enough to filter (mapped_shadow_filters):
	 * block i of the shadow (block_hash.h) hashes to agreed[i] whenever
	 * known[i]; a change to the shadow's bytes clears known for their
	 * blocks (mapped_shadow_changed) until mapped_shadow_agree hashes
	 * them again.  now: the GPU's hashes of the mirror, for the pulls
	 * of the sequence numbered now_sequence (svc_mapped.c).  NULL: no
	 * filter, every pull compares all of it.
	 */
	struct block_hash *agreed;
	unsigned char *known;
	size_t unknown;			/* blocks whose known is clear */
	struct block_hash *now;
	uint64_t now_sequence;		/* 0: none taken */
	struct mapped_shadow *next;
};

/* The first of the shadows, most recently made first; NULL when none. */
struct mapped_shadow *mapped_shadows(void);

/* The shadow of the mirror starting at mirror, or NULL. */
struct mapped_shadow *mapped_shadow_of(const void *mirror);

/* The shadow whose mirror holds all of [at, at + len), or NULL. */
struct mapped_shadow *mapped_shadow_holding(cu_hostptr at, size_t len);

/*
 * A shadow of zeros for the size bytes at mirror, taken from the client's
 * memory budget; false: out of memory, or past --max-memory (logged).
 */
bool mapped_shadow_add(void *mirror, size_t size);

/*
 * As mapped_shadow_add, for managed memory: ctx is the context the memory
 * is freed with (its shadow then goes too), in which the copy engine may
 * reach it when no context is current; NULL where there is none (a
 * library's managed variables belong to no context).
 */
bool mapped_shadow_add_managed(void *mirror, size_t size, CUcontext ctx);

/*
 * Marks the blocks holding [at, at + len) of t's shadow as changed: their
 * hashes unknown until mapped_shadow_agree.  Nothing without a filter.
 */
void mapped_shadow_changed(struct mapped_shadow *t, size_t at, size_t len);

/* Hashes again the blocks of t's shadow marked changed. */
void mapped_shadow_agree(struct mapped_shadow *t);

/*
 * Whether block i of t's mirror, as the GPU hashed it (now), is known to
 * hash as its shadow does: the one the pull need not read.
 */
bool mapped_shadow_block_agrees(const struct mapped_shadow *t, size_t i);

/* The mirror at mirror is going away: its shadow, if any, goes too. */
void mapped_shadow_mirror_gone(const void *mirror);

#endif
