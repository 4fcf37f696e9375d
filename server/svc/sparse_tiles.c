/*
 * sparse_tiles.c -- see sparse_tiles.h.
 *
 * One entry per mapped tile, in an open-addressing table (linear probing,
 * deletion by shifting the rest of a run back, so there are no
 * tombstones).  A program maps at most as many tiles as its physical
 * memory holds (one per 64 KiB), so the table stays a small fraction of
 * what it describes.  An operation over a region larger than the table
 * (an unmapping of a whole large array) walks the table, not the region.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "server/session/handles.h"
#include "server/svc/sparse_tiles.h"
#include "server/svc/svc_vmm.h"

struct tile {
	cu_handle resource;	/* 0: a free slot */
	cu_handle memory;	/* the allocation it is mapped onto */
	uint64_t x;
	uint32_t level, layer, y, z;
	bool mipmapped;
};

static struct tile *slots;
static size_t capacity;		/* a power of two, or 0 */
static size_t used;

static size_t home(const struct tile *t)
{
	uint64_t k = t->resource;

	k = (k ^ t->x) * UINT64_C(0x9E3779B97F4A7C15);
	k = (k ^ t->level ^ ((uint64_t)t->layer << 32)) *
	    UINT64_C(0xBF58476D1CE4E5B9);
	k = (k ^ t->y ^ ((uint64_t)t->z << 32)) * UINT64_C(0x94D049BB133111EB);
	return (size_t)(k >> 17) & (capacity - 1);
}

static bool same(const struct tile *a, const struct tile *b)
{
	return a->resource == b->resource && a->x == b->x &&
	    a->level == b->level && a->layer == b->layer && a->y == b->y &&
	    a->z == b->z && a->mipmapped == b->mipmapped;
}

/* The slot of key, or the free slot where it would go. */
static struct tile *find(const struct tile *key)
{
	size_t i = home(key);

	while (slots[i].resource != 0 && !same(&slots[i], key))
		i = (i + 1) & (capacity - 1);
	return &slots[i];
}

/* Doubles the table when it is over half full; false: out of memory. */
static bool room(void)
{
	struct tile *old = slots;
	size_t old_capacity = capacity;

	if (capacity != 0 && used + 1 <= capacity / 2)
		return true;
	capacity = capacity == 0 ? 64 : capacity * 2;
	if ((slots = calloc(capacity, sizeof *slots)) == NULL) {
		slots = old;
		capacity = old_capacity;
		return false;
	}
	for (size_t i = 0; i < old_capacity; i++)
		if (old[i].resource != 0)
			*find(&old[i]) = old[i];
	free(old);
	return true;
}

/*
 * Empties slot i, moving back the entries after it in its run that
 * would no longer be found; slot i may hold one of them afterwards.
 */
static void remove_at(size_t i)
{
	size_t j = i;

	vmm_tile_unmapped(slots[i].memory);
	used--;
	for (;;) {
		size_t h;

		slots[i].resource = 0;
		do {
			j = (j + 1) & (capacity - 1);
			if (slots[j].resource == 0)
				return;
			h = home(&slots[j]);
			/* Stays when its home lies cyclically in (i, j]. */
		} while (i <= j ? (i < h && h <= j) : (i < h || h <= j));
		slots[i] = slots[j];
		i = j;
	}
}

static uint64_t region_tiles(const struct tile_region *r)
{
	uint64_t n = r->x1 - r->x0;

	if (n == 0 || r->y1 <= r->y0 || r->z1 <= r->z0)
		return 0;
	if ((uint64_t)(r->y1 - r->y0) > UINT64_MAX / n)
		return UINT64_MAX;
	n *= r->y1 - r->y0;
	if ((uint64_t)(r->z1 - r->z0) > UINT64_MAX / n)
		return UINT64_MAX;
	return n * (r->z1 - r->z0);
}

static bool in_region(const struct tile *t, const struct tile_region *r)
{
	return t->resource == r->resource && t->mipmapped == r->mipmapped &&
	    t->level == r->level && t->layer == r->layer &&
	    t->x >= r->x0 && t->x < r->x1 && t->y >= r->y0 && t->y < r->y1 &&
	    t->z >= r->z0 && t->z < r->z1;
}

bool sparse_tiles_map(const struct tile_region *r, cu_handle memory)
{
	struct tile key;

	assert(r->resource != 0);
	memset(&key, 0, sizeof key);
	key.resource = r->resource;
	key.mipmapped = r->mipmapped;
	key.level = r->level;
	key.layer = r->layer;
	key.memory = memory;
	for (key.z = r->z0; key.z < r->z1; key.z++)
		for (key.y = r->y0; key.y < r->y1; key.y++)
			for (key.x = r->x0; key.x < r->x1; key.x++) {
				struct tile *t;

				if (!room())
					return false;
				t = find(&key);
				if (t->resource != 0)
					vmm_tile_unmapped(t->memory);
				else
					used++;
				*t = key;
				vmm_tile_mapped(memory);
			}
	return true;
}

void sparse_tiles_unmap(const struct tile_region *r)
{
	struct tile key;

	if (used == 0)
		return;
	if (region_tiles(r) > capacity) {
		for (size_t i = 0; i < capacity;)
			if (slots[i].resource != 0 && in_region(&slots[i], r))
				remove_at(i);	/* slot i again: it may be refilled */
			else
				i++;
		return;
	}
	memset(&key, 0, sizeof key);
	key.resource = r->resource;
	key.mipmapped = r->mipmapped;
	key.level = r->level;
	key.layer = r->layer;
	for (key.z = r->z0; key.z < r->z1; key.z++)
		for (key.y = r->y0; key.y < r->y1; key.y++)
			for (key.x = r->x0; key.x < r->x1; key.x++) {
				struct tile *t = find(&key);

				if (t->resource != 0)
					remove_at((size_t)(t - slots));
			}
}

/* Forgets the tiles for which gone(tile) holds. */
static void forget_where(bool (*gone)(const struct tile *, cu_handle),
    cu_handle arg)
{
	for (size_t i = 0; i < capacity;)
		if (slots[i].resource != 0 && gone(&slots[i], arg))
			remove_at(i);
		else
			i++;
}

static bool of_resource(const struct tile *t, cu_handle resource)
{
	return t->resource == resource;
}

static bool unknown(const struct tile *t, cu_handle unused)
{
	(void)unused;
	return handle_check(t->mipmapped ? HANDLE_MIPMAPPED_ARRAY :
	    HANDLE_ARRAY, t->resource, false) != CUDA_SUCCESS;
}

void sparse_tiles_forget(cu_handle resource)
{
	forget_where(of_resource, resource);
}

void sparse_tiles_sweep(void)
{
	forget_where(unknown, 0);
}

void sparse_tiles_release_all(void)
{
	free(slots);
	slots = NULL;
	capacity = used = 0;
}
