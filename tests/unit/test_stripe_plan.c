/*
 * tests/unit/test_stripe_plan.c -- the plan of a striped copy
 * (common/stripe_plan.c): the chunk chosen for a copy's size and its
 * connections, every byte of a copy lies in exactly one chunk of exactly
 * one connection, the chunks of a connection come in the order of their
 * offsets, and a receiver accepts only the frame due.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/stripe_plan.h"
#include "unit_check.h"

#define MIB ((uint64_t)1 << 20)

/*
 * Reassembles a copy of size bytes as a receiver does, connection after
 * connection in any order: each chunk marks its bytes; true when every
 * byte is marked once, and each connection's chunks rise.
 */
static bool covers(uint64_t size, uint64_t chunk, unsigned count)
{
	unsigned char *seen = calloc((size_t)size, 1);
	uint64_t frames = 0;
	bool ok = seen != NULL;

	for (unsigned conn = count; ok && conn-- > 0;) {
		uint64_t n = stripe_chunks_on(size, chunk, count, conn), last = 0;

		frames += n;
		for (uint64_t k = 0; ok && k < n; k++) {
			struct stripe_chunk c = stripe_chunk_at(size, chunk,
			    count, conn, k);

			ok = c.length > 0 && c.length <= chunk &&
			    c.offset + c.length <= size &&
			    (k == 0 || c.offset > last) &&
			    (c.offset / chunk) % count == conn;
			last = c.offset;
			for (uint64_t i = 0; ok && i < c.length; i++)
				ok = seen[c.offset + i]++ == 0;
		}
	}
	for (uint64_t i = 0; ok && i < size; i++)
		ok = seen[i] == 1;
	free(seen);
	return ok && frames == stripe_chunk_total(size, chunk);
}

static void test_plan(void)
{
	CHECK_EQ(stripe_chunk_total(1, 4 * MIB), 1);
	CHECK_EQ(stripe_chunk_total(4 * MIB, 4 * MIB), 1);
	CHECK_EQ(stripe_chunk_total(4 * MIB + 1, 4 * MIB), 2);
	CHECK_EQ(stripe_chunk_total(256 * MIB, 4 * MIB), 64);

	/* 3 chunks over 4 connections: the last carries none. */
	CHECK_EQ(stripe_chunks_on(8 * MIB + 1, 4 * MIB, 4, 0), 1);
	CHECK_EQ(stripe_chunks_on(8 * MIB + 1, 4 * MIB, 4, 2), 1);
	CHECK_EQ(stripe_chunks_on(8 * MIB + 1, 4 * MIB, 4, 3), 0);
	/* 10 chunks over 4: 3, 3, 2, 2. */
	CHECK_EQ(stripe_chunks_on(40 * MIB, 4 * MIB, 4, 0), 3);
	CHECK_EQ(stripe_chunks_on(40 * MIB, 4 * MIB, 4, 1), 3);
	CHECK_EQ(stripe_chunks_on(40 * MIB, 4 * MIB, 4, 2), 2);
	CHECK_EQ(stripe_chunks_on(40 * MIB, 4 * MIB, 4, 3), 2);

	/* The short last chunk, on its connection. */
	{
		struct stripe_chunk c = stripe_chunk_at(24 * MIB + 12345,
		    4 * MIB, 4, 2, 1);

		CHECK_EQ(c.offset, 24 * MIB);
		CHECK_EQ(c.length, 12345);
	}

	/* Small chunks keep it quick; the arithmetic does not care. */
	CHECK(covers(1, 16, 1));
	CHECK(covers(1, 16, 16));
	CHECK(covers(160, 16, 4));
	CHECK(covers(161, 16, 4));
	CHECK(covers(1000, 16, 3));
	CHECK(covers(12345, 100, 16));
	CHECK(covers(12345, 100, 7));
	CHECK(covers(99, 100, 2));
}

#define KIB ((uint64_t)1 << 10)

/* Whether chunk is what stripe_chunk_for owes a copy of size bytes over
 * count connections: aligned, within the bounds, and either a bound or
 * the smallest aligned chunk that leaves no connection more than one. */
static bool chunk_fits(uint64_t size, unsigned count, uint64_t chunk)
{
	uint64_t total = stripe_chunk_total(size, chunk);

	if (chunk % ONCUDA_STRIPE_CHUNK_ALIGN != 0 ||
	    chunk < ONCUDA_STRIPE_CHUNK_MIN || chunk > ONCUDA_STRIPE_CHUNK_MAX)
		return false;
	if (chunk == ONCUDA_STRIPE_CHUNK_MAX)
		return total >= count || size <= chunk * count;
	if (total > count)
		return false;
	return chunk == ONCUDA_STRIPE_CHUNK_MIN ||
	    (chunk - ONCUDA_STRIPE_CHUNK_ALIGN) * count < size;
}

static void test_chunk_for(void)
{
	static const uint64_t sizes[] = { 1, 2, 64 * KIB - 1, 128 * KIB,
	    128 * KIB + 1, 1 * MIB - 1, 1 * MIB, 1 * MIB + 1, 3 * MIB / 2,
	    3 * MIB / 2 + 7, 4 * MIB, 8 * MIB - 1, 8 * MIB, 8 * MIB + 1,
	    16 * MIB, 32 * MIB + 12345, 256 * MIB, 1ull << 40 };
	static const unsigned counts[] = { 1, 2, 3, 4, 7, 8, 16 };

	/* The figures the protocol's text promises. */
	CHECK_EQ(ONCUDA_STRIPE_CHUNK_MIN, 128 * KIB);
	CHECK_EQ(ONCUDA_STRIPE_CHUNK_MAX, 4 * MIB);
	CHECK_EQ(stripe_chunk_for(1, 8), 128 * KIB);
	CHECK_EQ(stripe_chunk_for(1 * MIB, 8), 128 * KIB);
	CHECK_EQ(stripe_chunk_for(1 * MIB + 1, 8), 192 * KIB);
	CHECK_EQ(stripe_chunk_for(3 * MIB / 2, 8), 192 * KIB);
	CHECK_EQ(stripe_chunk_for(4 * MIB, 8), 512 * KIB);
	CHECK_EQ(stripe_chunk_for(4 * MIB, 3), 1408 * KIB);
	CHECK_EQ(stripe_chunk_for(16 * MIB, 8), 2 * MIB);
	CHECK_EQ(stripe_chunk_for(32 * MIB, 8), 4 * MIB);
	CHECK_EQ(stripe_chunk_for(256 * MIB, 8), 4 * MIB);
	CHECK_EQ(stripe_chunk_for(256 * MIB, 1), 4 * MIB);
	CHECK_EQ(stripe_chunk_for(1 * MIB, 1), 1 * MIB);
	/* A size from the network that rounding would overflow. */
	CHECK_EQ(stripe_chunk_for(UINT64_MAX, 1), 4 * MIB);
	CHECK_EQ(stripe_chunk_for(UINT64_MAX - 5, 3), 4 * MIB);
	/* 1.5 MiB over 8: every connection carries one chunk. */
	CHECK_EQ(stripe_chunk_total(3 * MIB / 2, stripe_chunk_for(3 * MIB / 2,
	    8)), 8);
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
		for (size_t j = 0; j < sizeof counts / sizeof counts[0]; j++) {
			uint64_t chunk = stripe_chunk_for(sizes[i], counts[j]);

			if (!chunk_fits(sizes[i], counts[j], chunk)) {
				CHECK(false);
				fprintf(stderr, "  size %llu over %u: chunk %llu\n",
				    (unsigned long long)sizes[i], counts[j],
				    (unsigned long long)chunk);
			}
		}
	/* Chunks of the size chosen still cover a copy, odd sizes too. */
	CHECK(covers(1 * MIB + 1, stripe_chunk_for(1 * MIB + 1, 8), 8));
	CHECK(covers(3 * MIB / 2 + 7, stripe_chunk_for(3 * MIB / 2 + 7, 8), 8));
	CHECK(covers(4 * MIB - 1, stripe_chunk_for(4 * MIB - 1, 3), 3));
}

static void test_frames(void)
{
	struct stripe_frame f = { 0xdeadbeef, -3, 0x0123456789abcdefull,
	    0xfedcba9876543210ull }, g;
	struct stripe_chunk c = { 8 * MIB, 4 * MIB };
	unsigned char wire[STRIPE_FRAME_BYTES];

	stripe_frame_encode(&f, wire);
	/* XDR's order: big-endian, field by field. */
	CHECK(wire[0] == 0xde && wire[3] == 0xef);
	CHECK(wire[4] == 0xff && wire[7] == 0xfd);
	CHECK(wire[8] == 0x01 && wire[15] == 0xef);
	CHECK(wire[16] == 0xfe && wire[23] == 0x10);
	stripe_frame_decode(wire, &g);
	CHECK(memcmp(&f, &g, sizeof f) == 0);

	/* Only the frame due is accepted. */
	f = (struct stripe_frame){ 7, 0, 8 * MIB, 4 * MIB };
	CHECK(stripe_frame_expected(&f, 7, &c, false));
	CHECK(!stripe_frame_expected(&f, 8, &c, false));
	f.offset = 4 * MIB;
	CHECK(!stripe_frame_expected(&f, 7, &c, false));
	f.offset = 8 * MIB;
	f.length = 4 * MIB + 1;
	CHECK(!stripe_frame_expected(&f, 7, &c, false));
	f.length = 4 * MIB - 1;
	CHECK(!stripe_frame_expected(&f, 7, &c, false));
	/* An error frame: only where errors may come, and with no bytes. */
	f = (struct stripe_frame){ 7, 1, 8 * MIB, 0 };
	CHECK(!stripe_frame_expected(&f, 7, &c, false));
	CHECK(stripe_frame_expected(&f, 7, &c, true));
	f.length = 1;
	CHECK(!stripe_frame_expected(&f, 7, &c, true));
}

int main(void)
{
	test_plan();
	test_chunk_for();
	test_frames();
	return unit_report("test_stripe_plan");
}
