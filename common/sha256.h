/*
 * sha256.h -- SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), for
 * oncudad's key authentication (auth_proof.h).  The client library and
 * the server compile the same source.
 */
#ifndef ONCUDA_SHA256_H
#define ONCUDA_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BLOCK 64
#define SHA256_DIGEST 32

struct sha256 {
	uint32_t state[8];
	uint64_t length;		/* bytes hashed so far */
	uint8_t block[SHA256_BLOCK];	/* bytes not yet processed */
	size_t used;			/* how many of block[] are filled */
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
void sha256_final(struct sha256 *s, uint8_t digest[SHA256_DIGEST]);

/*
 * HMAC-SHA256 with a key of any length (a longer key than a block is
 * hashed first, as RFC 2104 says).  The state keeps the outer key pad
 * until hmac_sha256_final, which wipes it.
 */
struct hmac_sha256 {
	struct sha256 inner;
	uint8_t outer_pad[SHA256_BLOCK];
};

void hmac_sha256_init(struct hmac_sha256 *h, const void *key, size_t key_len);
void hmac_sha256_update(struct hmac_sha256 *h, const void *data, size_t len);
void hmac_sha256_final(struct hmac_sha256 *h, uint8_t mac[SHA256_DIGEST]);

#endif
