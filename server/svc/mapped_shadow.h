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

/* The mirror at mirror is going away: its shadow, if any, goes too. */
void mapped_shadow_mirror_gone(const void *mirror);

#endif
