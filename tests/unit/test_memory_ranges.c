/*
 * tests/unit/test_memory_ranges.c -- the client's table of address ranges
 * (common/range_table.c), which tells device memory from host memory.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/range_table.h"
#include "unit_check.h"

struct item {
	struct range range;
	int tag;
};

static enum range_insert_result add(struct range_table *t, uint64_t base,
    uint64_t size, int tag, bool replace)
{
	struct item it = { { base, size }, tag };

	return range_table_insert(t, &it, replace, NULL);
}

/* The tag of the item holding addr, or 0. */
static int tag_at(struct range_table *t, uint64_t addr)
{
	struct item it;

	return range_table_find(t, addr, &it) ? it.tag : 0;
}

static void test_lookup(void)
{
	struct range_table t = RANGE_TABLE_INIT(struct item);

	CHECK(tag_at(&t, 100) == 0);
	CHECK(add(&t, 200, 100, 2, false) == RANGE_INSERTED);
	CHECK(add(&t, 100, 10, 1, false) == RANGE_INSERTED);
	CHECK(add(&t, 110, 10, 3, false) == RANGE_INSERTED);	/* touches 1, does not overlap */
	CHECK(range_table_count(&t) == 3);

	CHECK(tag_at(&t, 99) == 0);	/* before the first */
	CHECK(tag_at(&t, 100) == 1);	/* first byte */
	CHECK(tag_at(&t, 105) == 1);	/* interior */
	CHECK(tag_at(&t, 109) == 1);	/* last byte */
	CHECK(tag_at(&t, 110) == 3);	/* first byte of the neighbour */
	CHECK(tag_at(&t, 119) == 3);
	CHECK(tag_at(&t, 120) == 0);	/* one past the end */
	CHECK(tag_at(&t, 150) == 0);	/* in a gap */
	CHECK(tag_at(&t, 200) == 2);
	CHECK(tag_at(&t, 299) == 2);
	CHECK(tag_at(&t, 300) == 0);	/* past the last */
	CHECK(tag_at(&t, UINT64_MAX) == 0);
	CHECK(range_table_find(&t, 150, NULL) == false);
	CHECK(range_table_find(&t, 250, NULL) == true);
	range_table_clear(&t);
	CHECK(range_table_count(&t) == 0 && tag_at(&t, 250) == 0);
}

static void test_overlaps(void)
{
	struct range_table t = RANGE_TABLE_INIT(struct item);
	struct item seen = { { 0, 0 }, 0 };
	struct item it = { { 105, 1 }, 9 };

	add(&t, 100, 10, 1, false);
	add(&t, 200, 100, 2, false);

	CHECK(range_table_insert(&t, &it, false, &seen) == RANGE_OVERLAPS && seen.tag == 1);
	CHECK(add(&t, 90, 11, 9, false) == RANGE_OVERLAPS);	/* reaches 100 */
	CHECK(add(&t, 299, 5, 9, false) == RANGE_OVERLAPS);	/* starts in the last byte */
	CHECK(add(&t, 50, 1000, 9, false) == RANGE_OVERLAPS);	/* covers both */
	CHECK(range_table_count(&t) == 2 && tag_at(&t, 50) == 0);

	CHECK(add(&t, 90, 10, 4, false) == RANGE_INSERTED);	/* ends where 1 starts */
	CHECK(add(&t, 110, 90, 5, false) == RANGE_INSERTED);	/* fills the gap exactly */
	CHECK(range_table_count(&t) == 4);
	CHECK(add(&t, 400, 0, 9, false) == RANGE_EMPTY);

	CHECK(!range_table_find_overlap(&t, 0, 90, NULL));
	CHECK(range_table_find_overlap(&t, 0, 91, &seen) && seen.tag == 4);
	CHECK(range_table_find_overlap(&t, 150, 1, &seen) && seen.tag == 5);
	CHECK(!range_table_find_overlap(&t, 300, UINT64_MAX, NULL));	/* wraps: up to the top */
	CHECK(!range_table_find_overlap(&t, 150, 0, NULL));		/* empty */

	/* Replacing drops everything in the way: stale records of freed memory. */
	CHECK(add(&t, 95, 110, 6, true) == RANGE_INSERTED);
	CHECK(range_table_count(&t) == 1);
	CHECK(tag_at(&t, 90) == 0 && tag_at(&t, 95) == 6 && tag_at(&t, 204) == 6);
	CHECK(tag_at(&t, 205) == 0 && tag_at(&t, 250) == 0);	/* 2 went too */
	CHECK(tag_at(&t, 299) == 0);
	range_table_clear(&t);
}

static void test_remove_and_update(void)
{
	struct range_table t = RANGE_TABLE_INIT(struct item);
	struct item it;

	add(&t, 100, 10, 1, false);
	add(&t, 200, 10, 2, false);
	CHECK(!range_table_remove(&t, 105, NULL));	/* only by the first byte */
	CHECK(range_table_remove(&t, 100, &it) && it.tag == 1);
	CHECK(!range_table_remove(&t, 100, NULL));
	CHECK(tag_at(&t, 105) == 0 && tag_at(&t, 205) == 2);

	it = (struct item){ { 200, 10 }, 7 };
	CHECK(range_table_update(&t, &it) && tag_at(&t, 200) == 7);
	it = (struct item){ { 200, 11 }, 8 };
	CHECK(!range_table_update(&t, &it) && tag_at(&t, 200) == 7);
	it = (struct item){ { 201, 9 }, 8 };
	CHECK(!range_table_update(&t, &it));
	range_table_clear(&t);
}

static void test_extremes(void)
{
	struct range_table t = RANGE_TABLE_INIT(struct item);

	CHECK(add(&t, 0, 10, 1, false) == RANGE_INSERTED);
	CHECK(tag_at(&t, 0) == 1 && tag_at(&t, 9) == 1 && tag_at(&t, 10) == 0);
	/* A size that runs past the top is taken to end there. */
	CHECK(add(&t, UINT64_MAX - 10, 100, 2, false) == RANGE_INSERTED);
	CHECK(tag_at(&t, UINT64_MAX - 10) == 2 && tag_at(&t, UINT64_MAX - 1) == 2);
	CHECK(tag_at(&t, UINT64_MAX - 11) == 0);
	CHECK(add(&t, UINT64_MAX - 5, 1, 3, false) == RANGE_OVERLAPS);
	range_table_clear(&t);
}

static bool tag_is(const void *item, const void *arg)
{
	return ((const struct item *)item)->tag == *(const int *)arg;
}

static void test_many(void)
{
	struct range_table t = RANGE_TABLE_INIT(struct item);
	const int n = 20000;
	int wanted = 12345, missing = -1;
	struct item it;
	int bad = 0;

	/* Out of order: 7919 is prime, so i * 7919 % n visits every slot once. */
	for (int i = 0; i < n; i++) {
		int k = (int)((long)i * 7919 % n);

		bad += add(&t, 1000 + 16 * (uint64_t)k, 8, k + 1, false) != RANGE_INSERTED;
	}
	CHECK(bad == 0 && range_table_count(&t) == (size_t)n);
	for (int k = 0; k < n; k++) {
		uint64_t base = 1000 + 16 * (uint64_t)k;

		bad += tag_at(&t, base) != k + 1 || tag_at(&t, base + 7) != k + 1 ||
		    tag_at(&t, base + 8) != 0 || tag_at(&t, base - 1) != 0;
	}
	CHECK(bad == 0);
	CHECK(range_table_search(&t, tag_is, &wanted, &it) && it.range.base == 1000 + 16 * 12344);
	CHECK(!range_table_search(&t, tag_is, &missing, NULL));
	for (int k = 0; k < n; k += 2)
		bad += !range_table_remove(&t, 1000 + 16 * (uint64_t)k, NULL);
	CHECK(bad == 0 && range_table_count(&t) == (size_t)n / 2);
	for (int k = 0; k < n; k++)
		bad += tag_at(&t, 1000 + 16 * (uint64_t)k + 3) != (k % 2 ? k + 1 : 0);
	CHECK(bad == 0);
	range_table_clear(&t);
}

/* Threads record and forget their own ranges while others look theirs up. */
static struct range_table shared = RANGE_TABLE_INIT(struct item);

static void *churn(void *arg)
{
	int id = (int)(intptr_t)arg;
	uint64_t base = (uint64_t)(id + 1) << 32;
	long bad = 0;

	for (int round = 0; round < 2000; round++) {
		for (int i = 0; i < 16; i++)
			bad += add(&shared, base + 4096 * (uint64_t)i, 4096, id + 1, false) != RANGE_INSERTED;
		for (int i = 0; i < 16; i++)
			bad += tag_at(&shared, base + 4096 * (uint64_t)i + 100) != id + 1;
		for (int i = 0; i < 16; i++)
			bad += !range_table_remove(&shared, base + 4096 * (uint64_t)i, NULL);
	}
	return (void *)(intptr_t)bad;
}

static void test_threads(void)
{
	pthread_t threads[4];
	long bad = 0;

	for (int i = 0; i < 4; i++)
		CHECK(pthread_create(&threads[i], NULL, churn, (void *)(intptr_t)i) == 0);
	for (int i = 0; i < 4; i++) {
		void *result;

		pthread_join(threads[i], &result);
		bad += (long)(intptr_t)result;
	}
	CHECK(bad == 0);
	CHECK(range_table_count(&shared) == 0);
	range_table_clear(&shared);
}

int main(void)
{
	test_lookup();
	test_overlaps();
	test_remove_and_update();
	test_extremes();
	test_many();
	test_threads();
	return unit_report("test_memory_ranges");
}
