/*
 * tests/unit/test_env_count.c -- a count from the environment
 * (stubs/link/env_count.c): unset or empty gives the fallback silently, a
 * count in range is taken, and anything else gives the fallback and says
 * so on stderr, naming the variable.
 *
 * During each call stderr is a pipe, read back after it, so that what a
 * person would see is checked too.  Prints each failed check and exits 1 if there
 * was one.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stubs/link/env_count.h"
#include "unit_check.h"

#define NAME "ONCUDA_TEST_COUNT"

static int said_fd, said_into;	/* the pipe env_count's stderr goes to */
static int real_stderr;

/* What env_count said since the last call, "" for nothing. */
static const char *said(void)
{
	static char buf[512];
	ssize_t n = read(said_fd, buf, sizeof buf - 1);

	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* env_count(NAME, min, max, fallback), its stderr into the pipe. */
static unsigned long long count(unsigned long long min,
    unsigned long long max, unsigned long long fallback)
{
	unsigned long long n;

	dup2(said_into, STDERR_FILENO);
	n = env_count(NAME, min, max, fallback);
	dup2(real_stderr, STDERR_FILENO);
	return n;
}

/* env_count(NAME, 1, 16, 8) with NAME set to text (NULL: unset). */
static unsigned long long count_of(const char *text)
{
	if (text == NULL)
		unsetenv(NAME);
	else
		setenv(NAME, text, 1);
	return count(1, 16, 8);
}

static void taken(const char *text, unsigned long long want)
{
	CHECK_EQ(count_of(text), want);
	CHECK(strcmp(said(), "") == 0);
}

static void refused(const char *text)
{
	const char *s;

	CHECK_EQ(count_of(text), 8);
	s = said();
	CHECK(strstr(s, NAME "=\"") != NULL);
	CHECK(strstr(s, "is not a whole number from 1 to 16: using 8") != NULL);
}

int main(void)
{
	int p[2];

	if (pipe(p) != 0 || (real_stderr = dup(STDERR_FILENO)) < 0 ||
	    fcntl(p[0], F_SETFL, O_NONBLOCK) != 0)
		return 2;
	said_fd = p[0];
	said_into = p[1];

	taken(NULL, 8);
	taken("", 8);
	taken("1", 1);
	taken("16", 16);
	taken("08", 8);
	refused("0");
	refused("17");
	refused("-1");
	refused("+4");
	refused(" 4");
	refused("4 ");
	refused("8k");
	refused("0x10");
	refused("18446744073709551616");	/* 2^64: past strtoull */
	refused("99999999999999999999999");

	/* The whole range of a size_t, as ONCUDA_STRIPE_MIN reads it. */
	setenv(NAME, "18446744073709551615", 1);
	CHECK_EQ(count(1, (unsigned long long)-1, 1048576),
	    18446744073709551615ULL);
	CHECK(strcmp(said(), "") == 0);
	return unit_report("test_env_count");
}
