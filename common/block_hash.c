/*
 * block_hash.c -- the 128-bit hash of a block (block_hash.h).
 */
#include <assert.h>
#include <string.h>

#include "common/block_hash.h"

uint64_t block_hash_term0(uint64_t word, uint64_t i)
{
	uint64_t z = word + (i + 1) * 0x9e3779b97f4a7c15u;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

uint64_t block_hash_term1(uint64_t word, uint64_t i)
{
	uint64_t z = word ^ (i + 1) * 0xc2b2ae3d27d4eb4fu;

	z = (z ^ (z >> 33)) * 0xff51afd7ed558ccdu;
	z = (z ^ (z >> 33)) * 0xc4ceb9fe1a85ec53u;
	return z ^ (z >> 33);
}

/* The word at p, little-endian whatever the host's order. */
static uint64_t word_at(const unsigned char *p, size_t len)
{
	uint64_t w = 0;

	for (size_t k = 0; k < len && k < 8; k++)
		w |= (uint64_t)p[k] << (8 * k);
	return w;
}

struct block_hash block_hash(const unsigned char *p, size_t len)
{
	struct block_hash h = { { 0, 0 } };
	size_t words = len / 8, i;

	assert(len <= BLOCK_HASH_BYTES);
	for (i = 0; i < words; i++) {
		uint64_t w;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		memcpy(&w, p + 8 * i, sizeof(w));
#else
		w = word_at(p + 8 * i, 8);
#endif
		h.lane[0] += block_hash_term0(w, i);
		h.lane[1] ^= block_hash_term1(w, i);
	}
	if (len % 8 != 0) {
		uint64_t w = word_at(p + 8 * i, len % 8);

		h.lane[0] += block_hash_term0(w, i);
		h.lane[1] ^= block_hash_term1(w, i);
	}
	return h;
}

size_t block_hash_count(size_t size)
{
	return size / BLOCK_HASH_BYTES + (size % BLOCK_HASH_BYTES != 0);
}
