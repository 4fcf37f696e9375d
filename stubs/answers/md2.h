/*
 * md2.h -- MD2 (RFC 1319) and HMAC-MD2 (RFC 2104 over MD2), for the
 * integrity check of the CUDA runtime's export tables (integrity.c).
 *
 * MD2 is long broken as a cryptographic hash; it is here only because the
 * check the CUDA runtime verifies is computed with it.
 */
#ifndef ONCUDA_MD2_H
#define ONCUDA_MD2_H

#include <stddef.h>
#include <stdint.h>

#define MD2_BLOCK 16
#define MD2_DIGEST 16

struct md2 {
	uint8_t state[48];		/* X: the digest is its first 16 bytes */
	uint8_t checksum[MD2_BLOCK];
	uint8_t block[MD2_BLOCK];	/* bytes not yet processed */
	size_t used;			/* how many of block[] are filled */
	uint8_t last;			/* L: the checksum's running byte */
};

void md2_init(struct md2 *m);
void md2_update(struct md2 *m, const void *data, size_t len);
void md2_final(struct md2 *m, uint8_t digest[MD2_DIGEST]);

/*
 * HMAC-MD2 in two halves, so that a message can be fed in pieces: the
 * inner hash is keyed by hmac_md2_init, fed with md2_update, and closed by
 * hmac_md2_final.  The key is exactly one block (16 bytes), which is all
 * the integrity check needs.
 */
void hmac_md2_init(struct md2 *inner, const uint8_t key[MD2_BLOCK]);
void hmac_md2_final(struct md2 *inner, const uint8_t key[MD2_BLOCK],
    uint8_t mac[MD2_DIGEST]);

#endif
