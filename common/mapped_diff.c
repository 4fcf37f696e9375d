/*
 * mapped_diff.c -- runs of changed bytes (mapped_diff.h).
 *
 * Equal stretches are skipped a block at a time with memcmp, which the C
 * library vectorises: a 1 MiB buffer nobody touched costs a few tens of
 * microseconds.  Pages are skipped first, then blocks.
 */
#include <assert.h>
#include <stdint.h>
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

/*
 * Whether none of the 8 bytes at a equals the byte beside it at b: the
 * usual case inside a run (a kernel or memset rewrote the buffer), which
 * then advances a word at a time instead of a byte.
 */
static int all_differ(const unsigned char *a, const unsigned char *b)
{
	const uint64_t low = 0x0101010101010101u, high = 0x8080808080808080u;
	uint64_t x, y;

	memcpy(&x, a, sizeof(x));
	memcpy(&y, b, sizeof(y));
	x ^= y;
	/* Nonzero exactly when some byte of x is zero, i.e. equal. */
	return ((x - low) & ~x & high) == 0;
}

size_t mapped_next_run(const unsigned char *now, const unsigned char *shadow,
    size_t size, size_t from, size_t most, size_t *len)
{
	size_t start, end, equal, limit;

	assert(most > 0);
	if (from >= size)
		return size;
	start = first_difference(now, shadow, size, from);
	if (start == size)
		return size;
	limit = size - start > most ? start + most : size;
	end = start + 1;
	equal = 0;
	while (end < limit && equal < MAPPED_RUN_GAP) {
		if (equal == 0 && limit - end >= 8 &&
		    all_differ(now + end, shadow + end)) {
			end += 8;
			continue;
		}
		equal = now[end] == shadow[end] ? equal + 1 : 0;
		end++;
	}
	*len = end - start - equal;
	return start;
}
