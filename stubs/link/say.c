/*
 * say.c -- one-line messages on stderr, and "not supported" once per name.
 *
 * Both are called from any thread, also from a child process that forked
 * while another thread was inside the library, so neither takes a lock:
 * messages go out in a single write(2) and the set of names already
 * reported is a lock-free hash table.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "stubs/link/say.h"

/* Far more than the driver's ~700 entry points; when full, names repeat. */
#define REPORTED_SLOTS 2048

static _Atomic(const char *) reported[REPORTED_SLOTS];

/* oncuda_quiet: this thread's lines are dropped. */
static _Thread_local bool quiet;

void oncuda_quiet(bool on)
{
	quiet = on;
}

void oncuda_say(const char *fmt, ...)
{
	char line[1024];
	size_t len;
	va_list ap;
	int n;

	if (quiet)
		return;

	memcpy(line, "oncuda: ", 8);
	va_start(ap, fmt);
	n = vsnprintf(line + 8, sizeof(line) - 9, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	len = 8 + ((size_t)n < sizeof(line) - 9 ? (size_t)n : sizeof(line) - 10);
	line[len++] = '\n';
	/* Nothing sensible is left to do when stderr itself fails. */
	if (write(STDERR_FILENO, line, len) < 0)
		return;
}

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* True the first time NAME is seen (by any thread). */
static int first_time(const char *name)
{
	uint32_t start = hash_name(name) % REPORTED_SLOTS;

	for (uint32_t i = 0; i < REPORTED_SLOTS; i++) {
		_Atomic(const char *) *slot = &reported[(start + i) % REPORTED_SLOTS];
		const char *seen = NULL;

		if (atomic_compare_exchange_strong(slot, &seen, name))
			return 1;
		/* The exchange failed and left the slot's name in `seen`. */
		if (strcmp(seen, name) == 0)
			return 0;
	}
	return 1;
}

void oncuda_unsupported(const char *name)
{
	if (first_time(name))
		oncuda_say("%s is not supported by oncuda (returns "
		    "CUDA_ERROR_NOT_SUPPORTED)", name);
}
