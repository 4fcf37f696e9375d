/*
 * mapped_diff.h -- where two copies of a buffer differ, for mapped host
 * memory (stubs/mem/mapped.c, server/svc/svc_mapped.c; both link mapped_diff.c).
 *
 * A run starts at a byte that differs and ends before MAPPED_RUN_GAP equal
 * bytes in a row, so a run may hold some equal bytes.  That is harmless by
 * the rule both sides follow when they apply a run: a byte that equals the
 * receiver's shadow of it is no change and is not applied (see mapped.c).
 * Merging across short gaps keeps runs, and their 16 bytes of framing on
 * the wire, few when a program rewrites an array of numbers whose bytes
 * partly stay the same.
 */
#ifndef ONCUDA_MAPPED_DIFF_H
#define ONCUDA_MAPPED_DIFF_H

#include <stddef.h>

#define MAPPED_RUN_GAP 32

/*
 * The first run at or after offset `from` where now and shadow (size bytes
 * each) differ: returns its offset and sets *len, or returns size when they
 * are equal from `from` on.  The run ends after `most` bytes (> 0) at the
 * latest: a caller that can send only so many would otherwise have the
 * rest of a long run compared now and again at its next call, which over a
 * buffer rewritten whole makes the work quadratic.
 */
size_t mapped_next_run(const unsigned char *now, const unsigned char *shadow,
    size_t size, size_t from, size_t most, size_t *len);

#endif
