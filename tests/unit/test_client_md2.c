/*
 * test_client_md2.c - unit test of stubs/answers/md2.c: MD2 against the test
 * suite of RFC 1319 (section A.5), and the first step of the keyed hash
 * of the integrity check (integrity.c) against the state that vosen/ZLUDA
 * recorded from NVIDIA's driver (dark_api/src/lib.rs, test "pass2").
 * Exits 0 when every check passed.
 */
#include <stdio.h>
#include <string.h>

#include "stubs/answers/md2.h"
#include "unit_check.h"

static void hex(const uint8_t *p, size_t n, char *out)
{
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", p[i]);
}

static void digest_of(const char *message, const char *expected)
{
	uint8_t digest[MD2_DIGEST];
	char got[2 * MD2_DIGEST + 1];
	struct md2 m;
	size_t i;

	md2_init(&m);
	md2_update(&m, message, strlen(message));
	md2_final(&m, digest);
	hex(digest, sizeof(digest), got);
	if (strcmp(got, expected) != 0) {
		fprintf(stderr, "MD2(\"%s\") = %s, expected %s\n", message,
		    got, expected);
		unit_failures++;
	}
	/* The same fed a byte at a time. */
	md2_init(&m);
	for (i = 0; message[i] != '\0'; i++)
		md2_update(&m, message + i, 1);
	md2_final(&m, digest);
	hex(digest, sizeof(digest), got);
	CHECK(strcmp(got, expected) == 0);
}

static void test_rfc1319(void)
{
	digest_of("", "8350e5a3e24c153df2275c9f80692773");
	digest_of("a", "32ec01ec4a6dac72c0ab96fb34c0b5d1");
	digest_of("abc", "da853b0d3f88d99b30283a69e6ded6bb");
	digest_of("message digest", "ab4f496bfb2a530b219ff33031fe06b0");
	digest_of("abcdefghijklmnopqrstuvwxyz",
	    "4e8ddff3650292ab5a4108c3aa47940b");
	digest_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789", "da33def2a42df13975352846c30338cd");
	digest_of("1234567890123456789012345678901234567890"
	    "1234567890123456789012345678901234567890",
	    "d5976f79d83d3a0dc9806c3c66f3efd8");
}

/* After the inner pad of the check's key, the state and checksum are what
 * the published trace of the driver's computation shows. */
static void test_keyed_start(void)
{
	static const uint8_t key[MD2_BLOCK] = {
		0x14, 0x6a, 0xdd, 0xae, 0x53, 0xa9, 0xa7, 0x52,
		0xaa, 0x08, 0x41, 0x36, 0x0b, 0xf5, 0x5a, 0x9f,
	};
	static const uint8_t state[16] = {
		0x8b, 0x21, 0x9a, 0x49, 0xe8, 0x6d, 0x1a, 0xee,
		0xf2, 0x37, 0xf9, 0xb5, 0x4a, 0x8c, 0x3c, 0x75,
	};
	static const uint8_t checksum[16] = {
		0x57, 0xa1, 0x10, 0x86, 0x0e, 0x60, 0x44, 0x1e,
		0x70, 0x5f, 0x67, 0xd1, 0xeb, 0x67, 0xa1, 0x3d,
	};
	struct md2 m;

	hmac_md2_init(&m, key);
	CHECK(memcmp(m.state, state, sizeof(state)) == 0);
	CHECK(memcmp(m.checksum, checksum, sizeof(checksum)) == 0);
	CHECK_EQ(m.used, 0);
}

int main(void)
{
	test_rfc1319();
	test_keyed_start();
	return unit_report("test_client_md2");
}
