/*
 * tests/unit/test_server_ranges.c -- the server's table of the device
 * ranges a client owns (server/session/ranges.c).
 *
 * Links ranges.c with its range table (common/range_table.c) and the log
 * alone: the table makes no driver call.
 * Prints each failed check and exits 1 if there was one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"

static int failures;

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		failures++; \
	} \
} while (0)

#define CTX(n) ((CUcontext)(uintptr_t)(n))
#define OWNED(addr, len) ranges_owned((addr), (len))

static void test_empty(void)
{
	CHECK(!OWNED(0x1000, 1));
	CHECK(!OWNED(0, 1));
	CHECK(OWNED(0x1000, 0));	/* reaches nothing */
	CHECK(ranges_count() == 0);
}

static void test_boundaries(void)
{
	CHECK(ranges_add(0x10000, 0x1000, RANGE_ALLOCATION, 0x10000, CTX(1)));
	CHECK(OWNED(0x10000, 0x1000));
	CHECK(OWNED(0x10000, 1));
	CHECK(OWNED(0x10fff, 1));
	CHECK(OWNED(0x10800, 0x800));
	CHECK(!OWNED(0x10800, 0x801));		/* one byte past the end */
	CHECK(!OWNED(0x10000, 0x1001));
	CHECK(!OWNED(0xffff, 1));		/* one byte before */
	CHECK(!OWNED(0xffff, 2));		/* straddles the start */
	CHECK(!OWNED(0x11000, 1));		/* the first byte after */
	ranges_remove(0x10000, RANGE_ALLOCATION, 0x10000);
	CHECK(!OWNED(0x10000, 1));
	CHECK(ranges_count() == 0);
}

static void test_overflow(void)
{
	/* addr + len wraps past 2^64: must not look like a short range. */
	CHECK(ranges_add(0x20000, 0x1000, RANGE_ALLOCATION, 0x20000, CTX(1)));
	CHECK(!OWNED(0x20010, UINT64_MAX));
	CHECK(!OWNED(0x20010, UINT64_MAX - 0x20010 + 2));
	CHECK(!OWNED(UINT64_MAX, 2));
	CHECK(range_check(0x20000, UINT64_MAX / 2 + 1, 2, "test") ==
	    CUDA_ERROR_INVALID_VALUE);	/* count * size wraps to 0 */
	CHECK(range_check(0x20000, 0x400, 4, "test") == CUDA_SUCCESS);
	CHECK(range_check(0x20000, 0x401, 4, "test") == CUDA_ERROR_INVALID_VALUE);
	CHECK(range_check(0x20ffe, 1, 2, "test") == CUDA_SUCCESS);
	CHECK(range_check(0x20fff, 1, 2, "test") == CUDA_ERROR_INVALID_VALUE);
	/* A range that would wrap, or is empty, is not recorded. */
	CHECK(ranges_add(UINT64_MAX - 0xff, 0x200, RANGE_ALLOCATION, 1, CTX(1)));
	CHECK(ranges_add(0x30000, 0, RANGE_ALLOCATION, 0x30000, CTX(1)));
	CHECK(ranges_count() == 1);
	CHECK(!OWNED(UINT64_MAX - 0xff, 1));
	/* Near the top of the address space; its end is still 64 bits. */
	CHECK(ranges_add(UINT64_MAX - 0x1ff, 0x100, RANGE_ALLOCATION, 2, CTX(1)));
	CHECK(OWNED(UINT64_MAX - 0x1ff, 0x100));
	CHECK(OWNED(UINT64_MAX - 0x100, 1));
	CHECK(!OWNED(UINT64_MAX - 0x100, 2));
	CHECK(!OWNED(UINT64_MAX - 0x1ff, UINT64_MAX));
	CHECK(!OWNED(UINT64_MAX - 0xff, 1));
	ranges_clear();
}

/* The span of a 2D shape: rows of elements, pitch apart. */
static void test_span_2d(void)
{
	uint64_t span;

	CHECK(ranges_span_2d(0, 4, 10, 64, &span) && span == 0);
	CHECK(ranges_span_2d(16, 4, 0, 64, &span) && span == 0);
	CHECK(ranges_span_2d(16, 4, 1, 0, &span) && span == 64);
	CHECK(ranges_span_2d(16, 4, 3, 100, &span) && span == 264);
	CHECK(!ranges_span_2d(UINT64_MAX / 2 + 1, 2, 1, 0, &span));
	CHECK(!ranges_span_2d(1, 1, UINT64_MAX, 2, &span));
	CHECK(!ranges_span_2d(2, 1, 2, UINT64_MAX - 1, &span));
}

static void test_adjacent(void)
{
	/* Two ranges that touch are still two: no copy may span both. */
	CHECK(ranges_add(0x40000, 0x100, RANGE_ALLOCATION, 0x40000, CTX(1)));
	CHECK(ranges_add(0x40100, 0x100, RANGE_ALLOCATION, 0x40100, CTX(1)));
	CHECK(ranges_add(0x3ff00, 0x100, RANGE_ALLOCATION, 0x3ff00, CTX(1)));
	CHECK(ranges_count() == 3);
	CHECK(OWNED(0x40000, 0x100));
	CHECK(OWNED(0x40100, 0x100));
	CHECK(OWNED(0x3ff00, 0x100));
	CHECK(!OWNED(0x400f0, 0x20));
	CHECK(!OWNED(0x3fff0, 0x20));
	CHECK(!OWNED(0x40000, 0x200));
	ranges_remove(0x40100, RANGE_ALLOCATION, 0x40100);
	CHECK(OWNED(0x40000, 0x100));
	CHECK(!OWNED(0x40100, 1));
	CHECK(OWNED(0x3ff00, 0x100));
	ranges_clear();
}

static void test_stale_and_shared(void)
{
	/* The driver hands out memory overlapping a recorded range: the old
	 * one died unseen and goes. */
	CHECK(ranges_add(0x50000, 0x1000, RANGE_ALLOCATION, 0x50000, CTX(1)));
	CHECK(ranges_add(0x51000, 0x1000, RANGE_ALLOCATION, 0x51000, CTX(1)));
	CHECK(ranges_add(0x50800, 0x1000, RANGE_ALLOCATION, 0x50800, CTX(2)));
	CHECK(ranges_count() == 1);
	CHECK(!OWNED(0x50000, 1));
	CHECK(OWNED(0x50800, 0x1000));
	CHECK(!OWNED(0x51800, 1));
	ranges_clear();

	/* One global, reached through two owners: lives until both let go;
	 * asked for again by the same owner, it is recorded once. */
	CHECK(ranges_add(0x60000, 64, RANGE_GLOBAL, 0xaaa, CTX(1)));
	CHECK(ranges_add(0x60000, 64, RANGE_GLOBAL, 0xbbb, CTX(1)));
	CHECK(ranges_add(0x60000, 64, RANGE_GLOBAL, 0xaaa, CTX(1)));
	CHECK(ranges_add(0x60040, 64, RANGE_GLOBAL, 0xaaa, CTX(1)));
	CHECK(ranges_count() == 3);
	ranges_forget_owner(RANGE_GLOBAL, 0xaaa);
	CHECK(OWNED(0x60000, 64));
	CHECK(!OWNED(0x60040, 1));
	ranges_forget_owner(RANGE_GLOBAL, 0xbbb);
	CHECK(!OWNED(0x60000, 1));
	CHECK(ranges_count() == 0);
}

static void test_owners_and_contexts(void)
{
	CHECK(ranges_add(0x70000, 0x100, RANGE_ALLOCATION, 0x70000, CTX(1)));
	CHECK(ranges_add(0x80000, 0x100, RANGE_ALLOCATION, 0x80000, CTX(2)));
	CHECK(ranges_add(0x90000, 0x100, RANGE_GLOBAL, 0x555, CTX(2)));
	CHECK(ranges_add(0xa0000, 0x1000, RANGE_HOST_ALIAS, 0x7f0000, CTX(1)));
	/* Removing by the wrong kind or owner does nothing. */
	ranges_remove(0x70000, RANGE_GLOBAL, 0x70000);
	ranges_remove(0x70000, RANGE_ALLOCATION, 0x1);
	ranges_forget_owner(RANGE_ALLOCATION, 0x7f0000);
	CHECK(ranges_count() == 4);
	ranges_forget_owner(RANGE_HOST_ALIAS, 0x7f0000);
	CHECK(!OWNED(0xa0000, 1));
	ranges_context_gone(CTX(2));
	CHECK(!OWNED(0x80000, 1));
	CHECK(!OWNED(0x90000, 1));
	CHECK(OWNED(0x70000, 0x100));
	CHECK(ranges_count() == 1);
	ranges_clear();
}

static void test_many(void)
{
	enum { N = 20000 };
	uint64_t stride = 0x300, size = 0x200;

	/* Added in a scrambled order (7919 is prime to N). */
	for (uint64_t i = 0; i < N; i++) {
		uint64_t k = (i * 7919) % N, base = 0x100000 + k * stride;

		if (!ranges_add(base, size, RANGE_ALLOCATION, base, CTX(1)))
			CHECK(!"out of memory");
	}
	CHECK(ranges_count() == N);
	for (uint64_t k = 0; k < N; k++) {
		uint64_t base = 0x100000 + k * stride;

		if (!OWNED(base, size) || !OWNED(base + size - 1, 1) ||
		    OWNED(base + size, 1) || OWNED(base - 1, 1) ||
		    OWNED(base + 1, size))
			CHECK(!"a range of many is wrong");
	}
	/* Remove every other one. */
	for (uint64_t k = 0; k < N; k += 2) {
		uint64_t base = 0x100000 + k * stride;

		ranges_remove(base, RANGE_ALLOCATION, base);
	}
	CHECK(ranges_count() == N / 2);
	for (uint64_t k = 0; k < N; k++) {
		uint64_t base = 0x100000 + k * stride;

		if (OWNED(base, 1) != (k % 2 == 1))
			CHECK(!"removing every other range went wrong");
	}
	ranges_clear();
	CHECK(ranges_count() == 0);
}

/* --max-handles bounds how many ranges one client may hold. */
static void test_cap(void)
{
	uint64_t saved = limits.handles;

	limits.handles = 3;
	CHECK(ranges_add(0x10000, 16, RANGE_ALLOCATION, 0x10000, CTX(1)));
	CHECK(ranges_add(0x20000, 16, RANGE_ALLOCATION, 0x20000, CTX(1)));
	CHECK(ranges_add(0x30000, 16, RANGE_ALLOCATION, 0x30000, CTX(1)));
	CHECK(!ranges_add(0x40000, 16, RANGE_ALLOCATION, 0x40000, CTX(1)));
	CHECK(!OWNED(0x40000, 1));
	/* The same owner again takes nothing more; another owner does. */
	CHECK(ranges_add(0x30000, 16, RANGE_ALLOCATION, 0x30000, CTX(2)));
	CHECK(!ranges_add(0x30000, 16, RANGE_ALLOCATION, 0x31111, CTX(1)));
	ranges_remove(0x10000, RANGE_ALLOCATION, 0x10000);
	CHECK(ranges_add(0x40000, 16, RANGE_ALLOCATION, 0x40000, CTX(1)));
	ranges_clear();
	limits.handles = saved;
}

int main(void)
{
	log_set_level(LOG_ERROR);	/* refusals are expected here */
	test_empty();
	test_boundaries();
	test_overflow();
	test_span_2d();
	test_adjacent();
	test_stale_and_shared();
	test_owners_and_contexts();
	test_many();
	test_cap();
	ranges_clear();
	if (failures != 0) {
		fprintf(stderr, "test_server_ranges: %d check(s) failed\n",
		    failures);
		return 1;
	}
	printf("test_server_ranges: PASS\n");
	return 0;
}
