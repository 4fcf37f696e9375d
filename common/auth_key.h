/*
 * auth_key.h -- the secret shared by oncudad (--key-file) and its clients
 * (ONCUDA_KEY_FILE), and the proofs of holding it (idl/cuda.x, the
 * authentication types).  The client library and the server compile the
 * same source, so both compute the proofs alike.
 */
#ifndef ONCUDA_AUTH_KEY_H
#define ONCUDA_AUTH_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AUTH_KEY_MIN 32		/* bytes: 256 bits, as much as HMAC-SHA256 uses */
#define AUTH_KEY_MAX 4096	/* more is surely not a key file */
#define AUTH_NONCE 32
#define AUTH_MAC 32

/* The whole file, byte for byte: a trailing newline is part of the key. */
struct auth_key {
	uint8_t bytes[AUTH_KEY_MAX];
	size_t len;
};

/*
 * Reads the key in path.  Refuses, like sshd with a private key, a file
 * that is not a regular file or that group or others may read or write,
 * and one shorter than AUTH_KEY_MIN or longer than AUTH_KEY_MAX.  false,
 * with in why a sentence that says what is wrong and what to do.
 */
bool auth_key_load(const char *path, struct auth_key *key, char *why,
    size_t why_len);

void auth_key_wipe(struct auth_key *key);

enum auth_side { AUTH_CLIENT, AUTH_SERVER };

/* HMAC-SHA256(key, server_nonce || client_nonce || side's label). */
void auth_proof(const struct auth_key *key, enum auth_side side,
    const uint8_t server_nonce[AUTH_NONCE],
    const uint8_t client_nonce[AUTH_NONCE], uint8_t proof[AUTH_MAC]);

/*
 * The TLS 1.3 external PSK of a key (tls_channel.h): HMAC-SHA256(key,
 * "oncuda 13000 tls psk"), so that the TLS handshake and the proofs above
 * never use the same secret for two things.
 */
void auth_tls_psk(const struct auth_key *key, uint8_t psk[AUTH_MAC]);

/*
 * Whether the len bytes at a and at b are equal, in time that does not
 * depend on where they differ: the one comparison of secrets (proofs, the
 * tokens of the callback and data connections), so that a peer cannot
 * learn a secret byte by byte from how long a refusal takes.
 */
bool auth_secret_equal(const void *a, const void *b, size_t len);

/* Fills buf with len bytes from the kernel's random source; false if it cannot. */
bool auth_random(uint8_t *buf, size_t len);

#endif
