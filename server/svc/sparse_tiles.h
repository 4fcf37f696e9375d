/*
 * server/svc/sparse_tiles.h -- which tiles of the client's sparse arrays
 * are mapped onto which of its physical allocations (sparse_tiles.c).
 *
 * The driver keeps an allocation's memory while a tile of a sparse array
 * is mapped onto it, even after its last release, and drops that mapping
 * when the tile is unmapped or mapped again, or when the array is
 * destroyed.  The server must follow, to count the memory against
 * --max-memory exactly as long (svc_vmm.h, vmm_tile_mapped), so it
 * records every mapped tile here.
 */
#ifndef ONCUDA_SERVER_SVC_SPARSE_TILES_H
#define ONCUDA_SERVER_SVC_SPARSE_TILES_H

#include <stdbool.h>
#include <stdint.h>

#include "gen/cuda_names.h"

/* Levels that are not mipmap levels, in struct tile_region's level. */
#define SPARSE_TILES_MIPTAIL UINT32_MAX		/* x counts 64 KiB units */
#define SPARSE_TILES_WHOLE (UINT32_MAX - 1)	/* deferred mapping */

/* The bytes of a mip tail unit: a tile of every format (64 KiB). */
#define SPARSE_TILES_UNIT 65536u

/*
 * The tiles one operation names: of resource (an array, or a mipmapped
 * array when mipmapped), at level and layer, tiles [x0, x1) x [y0, y1) x
 * [z0, z1) in tiles (for the mip tail, units of SPARSE_TILES_UNIT bytes in
 * x; for SPARSE_TILES_WHOLE, the one tile (0, 0, 0)).
 */
struct tile_region {
	cu_handle resource;
	bool mipmapped;
	uint32_t level, layer;
	uint64_t x0, x1;
	uint32_t y0, y1, z0, z1;
};

/*
 * The driver mapped region onto allocation memory: each tile is recorded
 * as mapped there, a tile mapped before as mapped elsewhere no longer.
 * false: out of memory, with some tiles unrecorded; the caller unmaps the
 * region again and calls sparse_tiles_unmap.
 */
bool sparse_tiles_map(const struct tile_region *region, cu_handle memory);

/* The driver unmapped region: its tiles are mapped nowhere now. */
void sparse_tiles_unmap(const struct tile_region *region);

/* The array or mipmapped array resource was destroyed, with its tiles. */
void sparse_tiles_forget(cu_handle resource);

/*
 * Forgets the tiles of arrays the client no longer holds: a context went,
 * and the arrays made in it with it (svc_context.c, context_gone).
 */
void sparse_tiles_sweep(void);

/* The session is over: forgets every tile. */
void sparse_tiles_release_all(void);

#endif
