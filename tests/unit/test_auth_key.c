/*
 * test_auth_key -- common/auth_key.c: which key files are refused and why,
 * and that the two sides' proofs differ, depend on every input and are
 * compared right.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/auth_key.h"
#include "unit_check.h"

static char dir[] = "/tmp/test_auth_key.XXXXXX";

/* Writes len bytes of `fill` to dir/name with mode; returns the path. */
static const char *key_file(const char *name, size_t len, int fill, mode_t mode)
{
	static char path[256];
	char bytes[8192];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	memset(bytes, fill, sizeof(bytes));
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0);
	CHECK(write(fd, bytes, len) == (ssize_t)len);
	close(fd);
	CHECK(chmod(path, mode) == 0);
	return path;
}

static void check_refused(const char *path, const char *reason)
{
	struct auth_key key;
	char why[512] = "";

	if (auth_key_load(path, &key, why, sizeof(why))) {
		fprintf(stderr, "%s was accepted as a key\n", path);
		unit_failures++;
	} else if (strstr(why, reason) == NULL) {
		fprintf(stderr, "%s: reason '%s' lacks '%s'\n", path, why, reason);
		unit_failures++;
	}
	CHECK_EQ(key.len, 0);
}

static void test_loading(void)
{
	struct auth_key key;
	char why[512];

	CHECK(auth_key_load(key_file("good", 32, 'k', 0600), &key, why, sizeof(why)));
	CHECK_EQ(key.len, 32);
	CHECK(key.bytes[0] == 'k' && key.bytes[31] == 'k');
	CHECK(auth_key_load(key_file("owner-only", 4096, 'k', 0400), &key, why,
	    sizeof(why)));
	CHECK_EQ(key.len, 4096);
	auth_key_wipe(&key);
	CHECK_EQ(key.len, 0);

	check_refused(key_file("open", 32, 'k', 0644), "permissions 0644");
	check_refused(key_file("group", 32, 'k', 0640), "chmod 600");
	check_refused(key_file("others-write", 32, 'k', 0602), "permissions 0602");
	check_refused(key_file("short", 31, 'k', 0600), "at least 32");
	check_refused(key_file("long", 4097, 'k', 0600), "longer than 4096");
	check_refused(dir, "not a regular file");
	check_refused("/nonexistent/key", "cannot open it");
}

static void test_proofs(void)
{
	struct auth_key key = { .len = 32 }, other = { .len = 32 };
	uint8_t server_nonce[AUTH_NONCE], client_nonce[AUTH_NONCE];
	uint8_t client[AUTH_MAC], server[AUTH_MAC], again[AUTH_MAC];

	memset(key.bytes, 1, 32);
	memset(other.bytes, 1, 32);
	other.bytes[31] = 2;
	CHECK(auth_random(server_nonce, sizeof(server_nonce)));
	CHECK(auth_random(client_nonce, sizeof(client_nonce)));

	auth_proof(&key, AUTH_CLIENT, server_nonce, client_nonce, client);
	auth_proof(&key, AUTH_SERVER, server_nonce, client_nonce, server);
	CHECK(!auth_secret_equal(client, server, AUTH_MAC));
	auth_proof(&key, AUTH_CLIENT, server_nonce, client_nonce, again);
	CHECK(auth_secret_equal(client, again, AUTH_MAC));

	auth_proof(&other, AUTH_CLIENT, server_nonce, client_nonce, again);
	CHECK(!auth_secret_equal(client, again, AUTH_MAC));
	/* Swapping the nonces must not give the same proof. */
	auth_proof(&key, AUTH_CLIENT, client_nonce, server_nonce, again);
	CHECK(!auth_secret_equal(client, again, AUTH_MAC));
	server_nonce[AUTH_NONCE - 1] ^= 1;
	auth_proof(&key, AUTH_CLIENT, server_nonce, client_nonce, again);
	CHECK(!auth_secret_equal(client, again, AUTH_MAC));

	memcpy(again, client, sizeof(again));
	again[AUTH_MAC - 1] ^= 0x80;
	CHECK(!auth_secret_equal(client, again, AUTH_MAC));
	again[AUTH_MAC - 1] ^= 0x80;
	again[0] ^= 1;
	CHECK(!auth_secret_equal(client, again, AUTH_MAC));
}

/* The comparison of other secrets, of any length: the tokens of the
 * callback and data connections. */
static void test_secret_equal(void)
{
	unsigned char a[16], b[16];

	memset(a, 0x11, sizeof a);
	memcpy(b, a, sizeof b);
	CHECK(auth_secret_equal(a, b, sizeof a));
	b[15] ^= 1;
	CHECK(!auth_secret_equal(a, b, sizeof a));
	CHECK(auth_secret_equal(a, b, sizeof a - 1));
	b[15] ^= 1;
	b[0] ^= 0x80;
	CHECK(!auth_secret_equal(a, b, sizeof a));
	CHECK(auth_secret_equal(a, b, 0));
}

static void remove_dir(void)
{
	static const char *const names[] = { "good", "owner-only", "open",
	    "group", "others-write", "short", "long" };
	char path[256];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

int main(void)
{
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_loading();
	test_proofs();
	test_secret_equal();
	remove_dir();
	return unit_report("test_auth_key");
}
