/*
 * stubs/link/env_count.c -- a count from the environment (env_count.h).
 */
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "stubs/link/env_count.h"
#include "stubs/link/say.h"

unsigned long long env_count(const char *name, unsigned long long min,
    unsigned long long max, unsigned long long fallback)
{
	const char *text = getenv(name);
	unsigned long long n = 0;
	bool taken = false;
	char *end;

	assert(min <= fallback && fallback <= max);
	if (text == NULL || *text == '\0')
		return fallback;
	/* A digit first: strtoull alone would take leading space and a sign,
	 * and wrap "-1" round to the largest count. */
	if (*text >= '0' && *text <= '9') {
		errno = 0;
		n = strtoull(text, &end, 10);
		taken = *end == '\0' && errno == 0 && n >= min && n <= max;
	}
	if (!taken) {
		oncuda_say("%s=\"%s\" is not a whole number from %llu to %llu: "
		    "using %llu", name, text, min, max, fallback);
		return fallback;
	}
	return n;
}
