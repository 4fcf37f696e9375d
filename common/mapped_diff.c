/*
 * mapped_diff.c -- runs of changed bytes (mapped_diff.h).
 *
 * Equal stretches are skipped a block at a time with memcmp, which the C
 * library vectorises: a 1 MiB buffer nobody touched costs a few tens of
 * microseconds.  Pages are skipped first, then blocks.
 */
#include <string.h>

#include "common/mapped_diff.h"

#define BLOCK 64
#define STRIDE 4096	/* skipped first: managed buffers are large and mostly equal */

/* The first offset at or after from where the two differ, or size. */
static size_t first_difference(const unsigned char *a, const unsigned char *b,
    size_t size, size_t from)
{
	size_t end;

	while (size - from >= STRIDE && memcmp(a + from, b + from, STRIDE) == 0)
		from += STRIDE;
	while (size - from >= BLOCK && memcmp(a + from, b + from, BLOCK) == 0)
		from += BLOCK;
	/* Now the block at from differs, or fewer than BLOCK bytes remain. */
	end = size - from < BLOCK ? size : from + BLOCK;
	while (from < end && a[from] == b[from])
		from++;
	return from;
}

size_t mapped_next_run(const unsigned char *now, const unsigned char *shadow,
    size_t size, size_t from, size_t *len)
{
	size_t start, end, equal;

	if (from >= size)
		return size;
	start = first_difference(now, shadow, size, from);
	if (start == size)
		return size;
	end = start + 1;
	for (equal = 0; end < size && equal < MAPPED_RUN_GAP; end++)
		equal = now[end] == shadow[end] ? equal + 1 : 0;
	*len = end - start - equal;
	return start;
}
