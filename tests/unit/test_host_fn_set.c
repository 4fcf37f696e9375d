/*
 * test_host_fn_set.c - stubs/stream/host_fn_set.c: a server may run only
 * the pairs the program handed over, a one-shot pair as often as it was
 * queued, a lasting one any number of times; a known function on an
 * argument of the server's choosing is refused; used-up pairs leave the
 * set, so a million fresh arguments do not fill it; deletion keeps every
 * other pair findable.
 */
#include <stdint.h>

#include "stubs/stream/host_fn_set.h"
#include "unit_check.h"

#define FN 0x401000u
#define OTHER_FN 0x402000u

int main(void)
{
	uint64_t i;

	/* Nothing handed over: nothing runs. */
	CHECK(!host_fn_take(FN, 0x1000));
	CHECK(!host_fn_take(0, 0));

	/* Queued twice, runs twice, then no more. */
	CHECK(host_fn_allow(FN, 0x1000, false));
	CHECK(host_fn_allow(FN, 0x1000, false));
	CHECK(host_fn_take(FN, 0x1000));
	CHECK(host_fn_take(FN, 0x1000));
	CHECK(!host_fn_take(FN, 0x1000));
	CHECK_EQ(host_fn_count(), 0);

	/* A known function on a forged argument is refused. */
	CHECK(host_fn_allow(FN, 0x2000, false));
	CHECK(!host_fn_take(FN, 0x2008));
	CHECK(!host_fn_take(OTHER_FN, 0x2000));
	CHECK(host_fn_take(FN, 0x2000));

	/* A lasting pair (a host node) runs at every launch. */
	CHECK(host_fn_allow(OTHER_FN, 0x3000, true));
	for (i = 0; i < 5; i++)
		CHECK(host_fn_take(OTHER_FN, 0x3000));
	/* Queued once more as a one-shot, it stays lasting. */
	CHECK(host_fn_allow(OTHER_FN, 0x3000, false));
	CHECK(host_fn_take(OTHER_FN, 0x3000));
	CHECK(host_fn_take(OTHER_FN, 0x3000));
	CHECK_EQ(host_fn_count(), 1);

	/* A function queued on a fresh argument at every step, each run
	 * before the next is queued: the set does not grow. */
	for (i = 0; i < 1000000; i++) {
		host_fn_allow(FN, 0x10000 + 16 * i, false);
		host_fn_take(FN, 0x10000 + 16 * i);
	}
	CHECK_EQ(host_fn_count(), 1);

	/* Many outstanding at once, taken in another order: every one is
	 * found after the deletions before it (the table grows and shifts). */
	for (i = 0; i < 50000; i++)
		CHECK(host_fn_allow(FN + (i % 7) * 16, i * 64, false));
	CHECK_EQ(host_fn_count(), 50001);
	for (i = 0; i < 50000; i += 2)
		CHECK(host_fn_take(FN + (i % 7) * 16, i * 64));
	for (i = 1; i < 50000; i += 2)
		CHECK(host_fn_take(FN + (i % 7) * 16, i * 64));
	for (i = 0; i < 50000; i += 997)
		CHECK(!host_fn_take(FN + (i % 7) * 16, i * 64));
	CHECK_EQ(host_fn_count(), 1);
	CHECK(host_fn_take(OTHER_FN, 0x3000));
	return unit_report("test_host_fn_set");
}
