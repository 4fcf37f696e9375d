/*
 * test_sha256 -- common/sha256.c against the published test vectors:
 * SHA-256 from FIPS 180-4's examples (NIST's "abc", the two-block and the
 * 896-bit messages, a million 'a'), HMAC-SHA256 from RFC 4231 (test cases
 * 1 to 7), each also fed in uneven pieces, so that every way of crossing a
 * block boundary is taken.
 */
#include <stdio.h>
#include <string.h>

#include "common/sha256.h"
#include "unit_check.h"

static void hex(const uint8_t *bytes, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++)
		sprintf(out + 2 * i, "%02x", bytes[i]);
}

/* The digest of data fed in pieces of `piece` bytes (0: at once). */
static void digest_of(const void *data, size_t len, size_t piece, char out[65])
{
	uint8_t digest[SHA256_DIGEST];
	const uint8_t *p = data;
	struct sha256 s;

	sha256_init(&s);
	if (piece == 0)
		piece = len;
	for (size_t at = 0; at < len; at += piece)
		sha256_update(&s, p + at, len - at < piece ? len - at : piece);
	sha256_final(&s, digest);
	hex(digest, sizeof(digest), out);
}

static void check_sha256(const char *what, const void *data, size_t len,
    const char *expected)
{
	static const size_t pieces[] = { 0, 1, 3, 55, 56, 63, 64, 65 };
	char got[65];

	for (size_t i = 0; i < sizeof(pieces) / sizeof(pieces[0]); i++) {
		digest_of(data, len, pieces[i], got);
		if (strcmp(got, expected) != 0) {
			fprintf(stderr, "SHA-256 of %s in pieces of %zu: got %s, "
			    "expected %s\n", what, pieces[i], got, expected);
			unit_failures++;
		}
	}
}

static void check_hmac(const char *what, const void *key, size_t key_len,
    const void *data, size_t len, const char *expected)
{
	uint8_t mac[SHA256_DIGEST];
	struct hmac_sha256 h;
	const uint8_t *p = data;
	char got[65];

	for (size_t piece = 1; piece <= len; piece = piece * 2 + 1) {
		hmac_sha256_init(&h, key, key_len);
		for (size_t at = 0; at < len; at += piece)
			hmac_sha256_update(&h, p + at, len - at < piece ? len - at : piece);
		hmac_sha256_final(&h, mac);
		hex(mac, sizeof(mac), got);
		/* Test case 5 publishes only the first 128 bits. */
		if (strncmp(got, expected, strlen(expected)) != 0) {
			fprintf(stderr, "HMAC-SHA256 %s in pieces of %zu: got %s, "
			    "expected %s\n", what, piece, got, expected);
			unit_failures++;
		}
	}
}

static void test_sha256(void)
{
	static char million[1000000];
	const char *two_blocks =
	    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	const char *bits896 =
	    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
	    "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

	check_sha256("\"\"", "", 0,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check_sha256("\"abc\"", "abc", 3,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	check_sha256("the 448-bit message", two_blocks, strlen(two_blocks),
	    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	check_sha256("the 896-bit message", bits896, strlen(bits896),
	    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
	memset(million, 'a', sizeof(million));
	check_sha256("a million 'a'", million, sizeof(million),
	    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_hmac(void)
{
	uint8_t key[131], data[50];

	memset(key, 0x0b, 20);
	check_hmac("RFC 4231 case 1", key, 20, "Hi There", 8,
	    "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
	check_hmac("RFC 4231 case 2", "Jefe", 4,
	    "what do ya want for nothing?", 28,
	    "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
	memset(key, 0xaa, 20);
	memset(data, 0xdd, 50);
	check_hmac("RFC 4231 case 3", key, 20, data, 50,
	    "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
	for (int i = 0; i < 25; i++)
		key[i] = (uint8_t)(i + 1);
	memset(data, 0xcd, 50);
	check_hmac("RFC 4231 case 4", key, 25, data, 50,
	    "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
	memset(key, 0x0c, 20);
	check_hmac("RFC 4231 case 5", key, 20, "Test With Truncation", 20,
	    "a3b6167473100ee06e0c796c2955552b");
	memset(key, 0xaa, 131);
	check_hmac("RFC 4231 case 6", key, 131,
	    "Test Using Larger Than Block-Size Key - Hash Key First", 54,
	    "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
	check_hmac("RFC 4231 case 7", key, 131,
	    "This is a test using a larger than block-size key and a larger "
	    "than block-size data. The key needs to be hashed before being "
	    "used by the HMAC algorithm.", 152,
	    "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

int main(void)
{
	test_sha256();
	test_hmac();
	return unit_report("test_sha256");
}
