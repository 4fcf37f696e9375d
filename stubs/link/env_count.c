/*
 * stubs/link/env_count.c -- a count from the environment (env_count.h).
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

#include "stubs/link/env_count.h"
#include "stubs/link/say.h"

unsigned long long env_count(const char *name, unsigned long long min,
    unsigned long long max, unsigned long long fallback)
{
	const char *text = getenv(name);
	unsigned long long n;
	char *end;

	assert(min <= fallback && fallback <= max);
	if (text == NULL || *text == '\0')
		return fallback;
	/* strtoull alone would take leading space, a sign, and wrap "-1". */
	errno = 0;
	n = *text >= '0' && *text <= '9' ? strtoull(text, &end, 10) : 0;
	if (*text < '0' || *text > '9' || *end != '\0' || errno != 0 ||
	    n < min || n > max) {
		oncuda_say("%s=\"%s\" is not a whole number from %llu to %llu: "
		    "using %llu", name, text, min, max, fallback);
		return fallback;
	}
	return n;
}
