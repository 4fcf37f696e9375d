/*
 * test_allow -- server/daemon/allow.c: parsing oncudad --allow NET[,NET...] and
 * matching client addresses against it.
 */
#include <arpa/inet.h>
#include <string.h>

#include "server/daemon/allow.h"
#include "unit_check.h"

static struct in_addr ip(const char *text)
{
	struct in_addr in;

	if (inet_pton(AF_INET, text, &in) != 1)
		memset(&in, 0xff, sizeof(in));
	return in;
}

/* text parses, and formats back as `formatted`. */
static void check_parses(const char *text, const char *formatted)
{
	struct allow_list list = { .count = 0 };
	char why[256] = "", back[256];

	if (!allow_list_add(&list, text, why, sizeof(why))) {
		fprintf(stderr, "--allow %s refused: %s\n", text, why);
		unit_failures++;
		return;
	}
	allow_list_format(&list, back, sizeof(back));
	if (strcmp(back, formatted) != 0) {
		fprintf(stderr, "--allow %s read as '%s', expected '%s'\n", text,
		    back, formatted);
		unit_failures++;
	}
}

/* text is refused with a reason containing `reason`, and list unchanged. */
static void check_refused(const char *text, const char *reason)
{
	struct allow_list list = { .count = 0 };
	char why[256] = "";

	CHECK(allow_list_add(&list, "127.0.0.0/8", why, sizeof(why)));
	if (allow_list_add(&list, text, why, sizeof(why))) {
		fprintf(stderr, "--allow '%s' was accepted\n", text);
		unit_failures++;
		return;
	}
	if (strstr(why, reason) == NULL) {
		fprintf(stderr, "--allow '%s': reason '%s' lacks '%s'\n", text, why,
		    reason);
		unit_failures++;
	}
	CHECK_EQ(list.count, 1);
}

static void test_parsing(void)
{
	check_parses("10.0.0.0/8", "10.0.0.0/8");
	check_parses("192.168.1.7", "192.168.1.7/32");
	check_parses("0.0.0.0/0", "0.0.0.0/0");
	check_parses("10.0.0.0/8,192.168.1.0/24,172.16.0.0/12",
	    "10.0.0.0/8, 192.168.1.0/24, 172.16.0.0/12");
	check_parses("255.255.255.255/32", "255.255.255.255/32");

	check_refused("10.1.0.0/8", "did you mean 10.0.0.0/8?");
	check_refused("192.168.1.1/24", "did you mean 192.168.1.0/24?");
	check_refused("10.0.0.0/33", "prefix length from 0 to 32");
	check_refused("10.0.0.0/", "prefix length");
	check_refused("10.0.0.0/+8", "prefix length");
	check_refused("10.0.0.0/ 8", "prefix length");
	check_refused("10.0.0.0/008", "prefix length");
	check_refused("10.0.0/8", "not an IPv4 network");
	check_refused("10.0.0.256/32", "not an IPv4 network");
	check_refused("example.com", "not an IPv4 network");
	check_refused("::1/128", "not an IPv4 network");
	check_refused("10.0.0.0/8,", "empty network");
	check_refused(",10.0.0.0/8", "empty network");
	check_refused("10.0.0.0/8,,11.0.0.0/8", "empty network");
	check_refused("", "empty network");
	check_refused("1234567890123456789012345/8", "not an IPv4 network");
	/* The list keeps the good ones of an earlier --allow only. */
	check_refused("10.0.0.0/8,bad", "'bad'");
}

static void test_repeated_and_full(void)
{
	struct allow_list list = { .count = 0 };
	char why[256], net[32];
	int i;

	CHECK(allow_list_add(&list, "10.0.0.0/8", why, sizeof(why)));
	CHECK(allow_list_add(&list, "192.168.0.0/16", why, sizeof(why)));
	CHECK_EQ(list.count, 2);
	for (i = 2; i < ALLOW_NETS_MAX; i++) {
		snprintf(net, sizeof(net), "172.16.%d.0/24", i);
		CHECK(allow_list_add(&list, net, why, sizeof(why)));
	}
	CHECK_EQ(list.count, ALLOW_NETS_MAX);
	CHECK(!allow_list_add(&list, "172.17.0.0/16", why, sizeof(why)));
	CHECK(strstr(why, "more than") != NULL);
	CHECK_EQ(list.count, ALLOW_NETS_MAX);
}

static void test_matching(void)
{
	struct allow_list list = { .count = 0 };
	char why[256];

	/* No --allow: everyone. */
	CHECK(allow_list_admits(&list, ip("203.0.113.9")));

	CHECK(allow_list_add(&list, "10.0.0.0/8,192.168.1.0/24,198.51.100.7",
	    why, sizeof(why)));
	CHECK(allow_list_admits(&list, ip("10.0.0.0")));
	CHECK(allow_list_admits(&list, ip("10.255.255.255")));
	CHECK(!allow_list_admits(&list, ip("11.0.0.0")));
	CHECK(!allow_list_admits(&list, ip("9.255.255.255")));
	CHECK(allow_list_admits(&list, ip("192.168.1.200")));
	CHECK(!allow_list_admits(&list, ip("192.168.2.1")));
	CHECK(allow_list_admits(&list, ip("198.51.100.7")));
	CHECK(!allow_list_admits(&list, ip("198.51.100.8")));
	CHECK(!allow_list_admits(&list, ip("127.0.0.1")));

	list.count = 0;
	CHECK(allow_list_add(&list, "0.0.0.0/0", why, sizeof(why)));
	CHECK(allow_list_admits(&list, ip("127.0.0.1")));
	CHECK(allow_list_admits(&list, ip("255.255.255.255")));

	list.count = 0;
	CHECK(allow_list_add(&list, "127.0.0.0/8", why, sizeof(why)));
	CHECK(allow_list_admits(&list, ip("127.0.0.1")));
	CHECK(allow_list_admits(&list, ip("127.1.2.3")));
	CHECK(!allow_list_admits(&list, ip("128.0.0.1")));
}

int main(void)
{
	test_parsing();
	test_repeated_and_full();
	test_matching();
	return unit_report("test_allow");
}
