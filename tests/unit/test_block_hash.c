/*
 * tests/unit/test_block_hash.c -- the hash of managed memory's blocks
 * (common/block_hash.c), which the server's CPU, the GPU's kernel and the
 * stand-in must compute alike:
 *
 * - known values: lane 0 of n zero words is the sum of the first n
 *   outputs of SplitMix64 seeded with 0, which are published (Vigna's
 *   reference splitmix64.c: 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, ...);
 * - both lanes equal a reference written another way (byte by byte,
 *   each word's terms from the definition in block_hash.h), on random
 *   bytes of every length up to a block, the partial last word too;
 * - a one-bit change in any word, the partial last one too, changes both
 *   lanes; so do two words swapped;
 * - block_hash_count counts the last partial block.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/block_hash.h"
#include "unit_check.h"

static uint64_t splitmix_final(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static uint64_t fmix64(uint64_t z)
{
	z ^= z >> 33;
	z *= 0xff51afd7ed558ccdu;
	z ^= z >> 33;
	z *= 0xc4ceb9fe1a85ec53u;
	return z ^ (z >> 33);
}

/* The definition, a byte at a time. */
static struct block_hash reference(const unsigned char *p, size_t len)
{
	struct block_hash h = { { 0, 0 } };

	for (size_t i = 0; 8 * i < len; i++) {
		uint64_t w = 0;

		for (size_t k = 0; k < 8 && 8 * i + k < len; k++)
			w += (uint64_t)p[8 * i + k] << (8 * k);
		h.lane[0] += splitmix_final(w + (i + 1) * 0x9e3779b97f4a7c15u);
		h.lane[1] ^= fmix64(w ^ (i + 1) * 0xc2b2ae3d27d4eb4fu);
	}
	return h;
}

static bool same(struct block_hash a, struct block_hash b)
{
	return a.lane[0] == b.lane[0] && a.lane[1] == b.lane[1];
}

static bool both_differ(struct block_hash a, struct block_hash b)
{
	return a.lane[0] != b.lane[0] && a.lane[1] != b.lane[1];
}

static void known_values(void)
{
	/* SplitMix64 from seed 0, its first five outputs (published). */
	static const uint64_t splitmix[] = {
		0xe220a8397b1dcdafu, 0x6e789e6aa1b965f4u, 0x06c45d188009454fu,
		0xf88bb8a8724c81ecu, 0x1b39896a51a8749bu,
	};
	static const unsigned char zeros[40];
	uint64_t sum = 0;

	for (size_t n = 1; n <= 5; n++) {
		sum += splitmix[n - 1];
		CHECK_EQ(block_hash(zeros, 8 * n).lane[0], sum);
	}
	/* A partial word is padded with zeros: as a whole word of them. */
	CHECK(same(block_hash(zeros, 3), block_hash(zeros, 8)));
	CHECK_EQ(block_hash(zeros, 0).lane[0], 0);
	CHECK_EQ(block_hash(zeros, 0).lane[1], 0);
}

static void matches_reference(unsigned char *block)
{
	static const size_t lengths[] = {
		1, 7, 8, 9, 15, 16, 17, 4096, 65535, 65529, BLOCK_HASH_BYTES,
	};
	int mismatches = 0;

	for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++)
		if (!same(block_hash(block, lengths[i]),
		    reference(block, lengths[i])))
			mismatches++;
	/* At every alignment of the source, which the CPU may be given. */
	for (size_t off = 1; off < 8; off++)
		if (!same(block_hash(block + off, 1000 + off),
		    reference(block + off, 1000 + off)))
			mismatches++;
	CHECK_EQ(mismatches, 0);
}

/* Flips bit b of byte at of block and checks both lanes change. */
static int flip_seen(unsigned char *block, size_t len, size_t at, int b,
    struct block_hash before)
{
	struct block_hash after;

	block[at] ^= (unsigned char)(1u << b);
	after = block_hash(block, len);
	block[at] ^= (unsigned char)(1u << b);
	return both_differ(before, after) ? 0 : 1;
}

static void one_bit_changes(unsigned char *block)
{
	size_t small = 2048 + 5;	/* 256 words and a partial one */
	struct block_hash before = block_hash(block, small);
	int unseen = 0;

	/* Every bit of every word of a small block. */
	for (size_t at = 0; at < small; at++)
		for (int b = 0; b < 8; b++)
			unseen += flip_seen(block, small, at, b, before);
	/* A bit of every 61st word of a whole block, and of its last. */
	before = block_hash(block, BLOCK_HASH_BYTES);
	for (size_t w = 0; w < BLOCK_HASH_BYTES / 8; w += 61)
		unseen += flip_seen(block, BLOCK_HASH_BYTES, 8 * w + w % 8,
		    (int)(w % 7), before);
	unseen += flip_seen(block, BLOCK_HASH_BYTES, BLOCK_HASH_BYTES - 1, 7,
	    before);
	CHECK_EQ(unseen, 0);
}

static void swaps_change(unsigned char *block)
{
	struct block_hash before = block_hash(block, BLOCK_HASH_BYTES);
	unsigned char word[8];

	/* Two different words swapped. */
	CHECK(memcmp(block + 80, block + 8000, 8) != 0);
	memcpy(word, block + 80, 8);
	memcpy(block + 80, block + 8000, 8);
	memcpy(block + 8000, word, 8);
	CHECK(both_differ(before, block_hash(block, BLOCK_HASH_BYTES)));
}

static void counts(void)
{
	CHECK_EQ(block_hash_count(0), 0);
	CHECK_EQ(block_hash_count(1), 1);
	CHECK_EQ(block_hash_count(BLOCK_HASH_BYTES), 1);
	CHECK_EQ(block_hash_count(BLOCK_HASH_BYTES + 1), 2);
	CHECK_EQ(block_hash_count(16 * BLOCK_HASH_BYTES), 16);
}

int main(void)
{
	unsigned char *block = malloc(BLOCK_HASH_BYTES + 8);
	uint64_t x = 88172645463325252u;

	CHECK(block != NULL);
	if (block == NULL)
		return unit_report("test_block_hash");
	for (size_t i = 0; i < BLOCK_HASH_BYTES + 8; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		block[i] = (unsigned char)x;
	}
	known_values();
	matches_reference(block);
	one_bit_changes(block);
	swaps_change(block);
	counts();
	free(block);
	return unit_report("test_block_hash");
}
