/*
 * test_client_rpcaddr.c - unit test of common/rpcaddr.c: how ONCUDA_SERVER
 * and ONCUDA_TIMEOUT are read.  Exits 0 when every check passed.
 */
#include <string.h>

#include "common/rpcaddr.h"
#include "unit_check.h"

/* spec parses to host and port. */
static void accepts(const char *spec, const char *host, unsigned port)
{
	struct server_address a;
	const char *why = server_address_parse(spec, &a);

	if (why != NULL) {
		fprintf(stderr, "ONCUDA_SERVER=\"%s\": refused (%s)\n",
			spec ? spec : "(unset)", why);
		unit_failures++;
		return;
	}
	if (strcmp(a.host, host) != 0 || a.port != port) {
		fprintf(stderr, "ONCUDA_SERVER=\"%s\": got %s port %u, "
			"expected %s port %u\n", spec ? spec : "(unset)",
			a.host, a.port, host, port);
		unit_failures++;
	}
}

static void refuses(const char *spec)
{
	struct server_address a;

	if (server_address_parse(spec, &a) == NULL) {
		fprintf(stderr, "ONCUDA_SERVER=\"%s\": accepted as %s port %u\n",
			spec, a.host, a.port);
		unit_failures++;
	}
}

static void test_server(void)
{
	char long_host[300];

	/* Port 0 means: ask rpcbind on the host. */
	accepts(NULL, "localhost", 0);
	accepts("", "localhost", 0);
	accepts("gpubox", "gpubox", 0);
	accepts("gpubox.example.org", "gpubox.example.org", 0);
	accepts("10.1.2.3", "10.1.2.3", 0);
	accepts("gpubox:7000", "gpubox", 7000);
	accepts("10.1.2.3:1", "10.1.2.3", 1);
	accepts("gpubox:65535", "gpubox", 65535);
	accepts(":7000", "localhost", 7000);
	/* IPv6: bare (several colons, no port) or in brackets. */
	accepts("::1", "::1", 0);
	accepts("fe80::1:2", "fe80::1:2", 0);
	accepts("[::1]", "::1", 0);
	accepts("[::1]:7000", "::1", 7000);

	refuses("gpubox:");
	refuses("gpubox:0");
	refuses("gpubox:65536");
	refuses("gpubox:70x");
	refuses("gpubox:-1");
	refuses("gpubox: 7000");
	refuses("gpu box");
	refuses("gpubox/7000");
	refuses("[::1");
	refuses("[::1]7000");
	refuses("[::1]:");
	memset(long_host, 'h', sizeof(long_host) - 1);
	long_host[sizeof(long_host) - 1] = '\0';
	refuses(long_host);
}

static void test_timeout(void)
{
	unsigned s = 0;

	CHECK(timeout_parse(NULL, &s) == NULL);
	CHECK_EQ(s, TIMEOUT_DEFAULT_SECONDS);
	CHECK(timeout_parse("", &s) == NULL);
	CHECK_EQ(s, 60);
	CHECK(timeout_parse("5", &s) == NULL);
	CHECK_EQ(s, 5);
	CHECK(timeout_parse("86400", &s) == NULL);
	CHECK_EQ(s, 86400);
	/* A refused value leaves the default in force. */
	CHECK(timeout_parse("0", &s) != NULL);
	CHECK_EQ(s, 60);
	CHECK(timeout_parse("86401", &s) != NULL);
	CHECK(timeout_parse("1.5", &s) != NULL);
	CHECK(timeout_parse("-3", &s) != NULL);
	CHECK(timeout_parse("ten", &s) != NULL);
	CHECK(timeout_parse("99999999999999999999", &s) != NULL);
	CHECK_EQ(s, 60);
}

static void test_poll(void)
{
	unsigned us = 7;

	CHECK(poll_parse(NULL, &us) == NULL);
	CHECK_EQ(us, POLL_DEFAULT_MICROS);
	CHECK(poll_parse("", &us) == NULL);
	CHECK_EQ(us, 50);
	CHECK(poll_parse("0", &us) == NULL);	/* sleep at once */
	CHECK_EQ(us, 0);
	CHECK(poll_parse("1000", &us) == NULL);
	CHECK_EQ(us, 1000);
	/* A refused value leaves the default in force. */
	CHECK(poll_parse("1001", &us) != NULL);
	CHECK_EQ(us, 50);
	CHECK(poll_parse("00", &us) != NULL);
	CHECK(poll_parse("-1", &us) != NULL);
	CHECK(poll_parse("20us", &us) != NULL);
	CHECK_EQ(us, 50);
}

int main(void)
{
	test_server();
	test_timeout();
	test_poll();
	return unit_report("test_client_rpcaddr");
}
