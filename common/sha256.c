/*
 * sha256.c -- SHA-256 (FIPS 180-4, section 6.2) and HMAC over it
 * (RFC 2104).  Written for clarity rather than speed: it hashes a few
 * hundred bytes per connection.
 */
#include <string.h>

#include "common/sha256.h"

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t round_constants[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static uint32_t load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void store_be32(uint8_t *p, uint32_t x)
{
	p[0] = (uint8_t)(x >> 24);
	p[1] = (uint8_t)(x >> 16);
	p[2] = (uint8_t)(x >> 8);
	p[3] = (uint8_t)x;
}

/* FIPS 180-4 6.2.2: one 512-bit block into the state. */
static void compress(uint32_t state[8], const uint8_t block[SHA256_BLOCK])
{
	uint32_t w[64], v[8], t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = load_be32(block + 4 * i);
	for (i = 16; i < 64; i++) {
		uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);

		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	memcpy(v, state, sizeof(v));
	/* v[0..7] are a..h of the standard. */
	for (i = 0; i < 64; i++) {
		uint32_t sum1 = rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25);
		uint32_t choose = (v[4] & v[5]) ^ (~v[4] & v[6]);
		uint32_t sum0 = rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22);
		uint32_t majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);

		t1 = v[7] + sum1 + choose + round_constants[i] + w[i];
		t2 = sum0 + majority;
		memmove(v + 1, v, 7 * sizeof(v[0]));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		state[i] += v[i];
}

void sha256_init(struct sha256 *s)
{
	/* FIPS 180-4 5.3.3: fractional parts of the square roots of the
	 * first 8 primes. */
	static const uint32_t initial[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(s->state, initial, sizeof(initial));
	s->length = 0;
	s->used = 0;
}

void sha256_update(struct sha256 *s, const void *data, size_t len)
{
	const uint8_t *p = data;

	s->length += len;
	while (len > 0) {
		size_t take = SHA256_BLOCK - s->used;

		if (take > len)
			take = len;
		memcpy(s->block + s->used, p, take);
		s->used += take;
		p += take;
		len -= take;
		if (s->used == SHA256_BLOCK) {
			compress(s->state, s->block);
			s->used = 0;
		}
	}
}

/* FIPS 180-4 5.1.1: a 1 bit, zeros, and the length in bits, 64-bit big-endian. */
void sha256_final(struct sha256 *s, uint8_t digest[SHA256_DIGEST])
{
	uint64_t bits = s->length * 8;
	uint8_t length_field[8];
	int i;

	s->block[s->used++] = 0x80;
	if (s->used > SHA256_BLOCK - 8) {
		memset(s->block + s->used, 0, SHA256_BLOCK - s->used);
		compress(s->state, s->block);
		s->used = 0;
	}
	memset(s->block + s->used, 0, SHA256_BLOCK - 8 - s->used);
	for (i = 0; i < 8; i++)
		length_field[i] = (uint8_t)(bits >> (56 - 8 * i));
	memcpy(s->block + SHA256_BLOCK - 8, length_field, 8);
	compress(s->state, s->block);
	for (i = 0; i < 8; i++)
		store_be32(digest + 4 * i, s->state[i]);
	explicit_bzero(s, sizeof(*s));
}

void hmac_sha256_init(struct hmac_sha256 *h, const void *key, size_t key_len)
{
	uint8_t block_key[SHA256_BLOCK], inner_pad[SHA256_BLOCK];
	struct sha256 key_hash;
	int i;

	memset(block_key, 0, sizeof(block_key));
	if (key_len > SHA256_BLOCK) {
		sha256_init(&key_hash);
		sha256_update(&key_hash, key, key_len);
		sha256_final(&key_hash, block_key);
	} else if (key_len > 0) {
		memcpy(block_key, key, key_len);
	}
	for (i = 0; i < SHA256_BLOCK; i++) {
		inner_pad[i] = block_key[i] ^ 0x36;
		h->outer_pad[i] = block_key[i] ^ 0x5c;
	}
	sha256_init(&h->inner);
	sha256_update(&h->inner, inner_pad, sizeof(inner_pad));
	explicit_bzero(block_key, sizeof(block_key));
	explicit_bzero(inner_pad, sizeof(inner_pad));
}

void hmac_sha256_update(struct hmac_sha256 *h, const void *data, size_t len)
{
	sha256_update(&h->inner, data, len);
}

void hmac_sha256_final(struct hmac_sha256 *h, uint8_t mac[SHA256_DIGEST])
{
	uint8_t inner_digest[SHA256_DIGEST];
	struct sha256 outer;

	sha256_final(&h->inner, inner_digest);
	sha256_init(&outer);
	sha256_update(&outer, h->outer_pad, sizeof(h->outer_pad));
	sha256_update(&outer, inner_digest, sizeof(inner_digest));
	sha256_final(&outer, mac);
	explicit_bzero(inner_digest, sizeof(inner_digest));
	explicit_bzero(h, sizeof(*h));
}
