/*
 * auth_key.c -- reading the shared key and proving that one holds it
 * (auth_key.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/auth_key.h"
#include "common/sha256.h"
#include "gen/cuda_names.h"

_Static_assert(AUTH_MAC == SHA256_DIGEST, "a proof is one HMAC-SHA256");

/*
 * The labels tell the two proofs of one session apart, so that neither
 * side's proof can be reflected back as the other's; the version ties them
 * to this protocol.
 */
#define LABEL_NUMBER_(n) #n
#define LABEL_NUMBER(n) LABEL_NUMBER_(n)
static const char client_label[] =
    "oncuda " LABEL_NUMBER(ONCUDA_VERSION) " client";
static const char server_label[] =
    "oncuda " LABEL_NUMBER(ONCUDA_VERSION) " server";
_Static_assert(sizeof(client_label) == sizeof("oncuda 13000 client") ||
	       ONCUDA_VERSION != 13000, "the labels idl/cuda.x gives");

/* Reads at most AUTH_KEY_MAX + 1 bytes, to tell a too long file. */
static ssize_t read_all(int fd, uint8_t *buf, size_t size)
{
	size_t got = 0;
	ssize_t n;

	while (got < size) {
		n = read(fd, buf + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

bool auth_key_load(const char *path, struct auth_key *key, char *why,
    size_t why_len)
{
	uint8_t buf[AUTH_KEY_MAX + 1];
	struct stat st;
	ssize_t n;
	int fd;

	memset(key, 0, sizeof(*key));
	/* Checked on the open file, so that it cannot be swapped in between. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0) {
		snprintf(why, why_len, "cannot open it: %s", strerror(errno));
		return false;
	}
	if (fstat(fd, &st) < 0) {
		snprintf(why, why_len, "cannot stat it: %s", strerror(errno));
		close(fd);
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, why_len, "it is not a regular file");
		close(fd);
		return false;
	}
	if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
		snprintf(why, why_len, "its permissions %04o let users other than "
		    "its owner read or change it, so it is no secret: chmod 600 %s",
		    (unsigned)(st.st_mode & 07777), path);
		close(fd);
		return false;
	}
	n = read_all(fd, buf, sizeof(buf));
	close(fd);
	if (n < 0) {
		snprintf(why, why_len, "cannot read it: %s", strerror(errno));
	} else if ((size_t)n < AUTH_KEY_MIN) {
		snprintf(why, why_len, "it holds %zd bytes, and a key needs at "
		    "least %d random ones: make one with 'head -c 32 "
		    "/dev/urandom > FILE'", n, AUTH_KEY_MIN);
	} else if ((size_t)n > AUTH_KEY_MAX) {
		snprintf(why, why_len, "it is longer than %d bytes: is it a key "
		    "file?", AUTH_KEY_MAX);
	} else {
		memcpy(key->bytes, buf, (size_t)n);
		key->len = (size_t)n;
	}
	explicit_bzero(buf, sizeof(buf));
	return key->len != 0;
}

void auth_key_wipe(struct auth_key *key)
{
	explicit_bzero(key, sizeof(*key));
}

void auth_proof(const struct auth_key *key, enum auth_side side,
    const uint8_t server_nonce[AUTH_NONCE],
    const uint8_t client_nonce[AUTH_NONCE], uint8_t proof[AUTH_MAC])
{
	const char *label = side == AUTH_CLIENT ? client_label : server_label;
	struct hmac_sha256 h;

	hmac_sha256_init(&h, key->bytes, key->len);
	hmac_sha256_update(&h, server_nonce, AUTH_NONCE);
	hmac_sha256_update(&h, client_nonce, AUTH_NONCE);
	hmac_sha256_update(&h, label, strlen(label));
	hmac_sha256_final(&h, proof);
}

void auth_tls_psk(const struct auth_key *key, uint8_t psk[AUTH_MAC])
{
	static const char label[] = "oncuda 13000 tls psk";
	struct hmac_sha256 h;

	hmac_sha256_init(&h, key->bytes, key->len);
	hmac_sha256_update(&h, label, sizeof label - 1);
	hmac_sha256_final(&h, psk);
}

bool auth_secret_equal(const void *a, const void *b, size_t len)
{
	const uint8_t *x = a, *y = b;
	/* volatile: the compiler must not stop at the first difference. */
	volatile uint8_t diff = 0;

	for (size_t i = 0; i < len; i++)
		diff |= x[i] ^ y[i];
	return diff == 0;
}

bool auth_random(uint8_t *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	while (got < len) {
		n = getrandom(buf + got, len - got, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		got += (size_t)n;
	}
	return true;
}
