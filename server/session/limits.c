/*
 * server/session/limits.c -- the limits per client and the memory budget (limits.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "server/session/limits.h"
#include "server/session/log.h"

/*
 * Memory is left to the driver unless the operator says otherwise: the GPU
 * bounds it already, and no one figure suits both a laptop and an H200.
 * The others bound what this server allocates for a client: the handle
 * table, a staged image (cuBLAS's fatbins reach hundreds of MiB) and the
 * copies of async uploads.
 */
struct session_limits limits = {
	.memory = LIMIT_NONE,
	.handles = 262144,
	.image = (uint64_t)1 << 30,
	.upload = (uint64_t)1 << 30,
};

static uint64_t memory_in_use;
static uint64_t held_of[USAGE_OTHER + 1];	/* memory_in_use by kind */

bool limit_parse_bytes(const char *text, uint64_t *bytes)
{
	unsigned long long value;
	unsigned shift = 0;
	char *end;

	if (strcmp(text, "none") == 0) {
		*bytes = LIMIT_NONE;
		return true;
	}
	if (text[0] < '0' || text[0] > '9')
		return false;
	errno = 0;
	value = strtoull(text, &end, 10);
	if (errno != 0)
		return false;
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	case 'T': case 't': shift = 40; end++; break;
	}
	if (*end != '\0' || value > (UINT64_MAX >> shift))
		return false;
	*bytes = (uint64_t)value << shift;
	return true;
}

bool memory_take(uint64_t bytes, enum usage_memory kind, const char *what)
{
	if (bytes > limits.memory || memory_in_use > limits.memory - bytes) {
		log_msg(LOG_WARN, "refused %llu bytes of %s: the client holds "
		    "%llu bytes and --max-memory is %llu",
		    (unsigned long long)bytes, what,
		    (unsigned long long)memory_in_use,
		    (unsigned long long)limits.memory);
		return false;
	}
	memory_in_use += bytes;
	held_of[kind] += bytes;
	usage_memory(kind, held_of[kind]);
	return true;
}

void memory_give(uint64_t bytes, enum usage_memory kind)
{
	memory_in_use = bytes < memory_in_use ? memory_in_use - bytes : 0;
	held_of[kind] = bytes < held_of[kind] ? held_of[kind] - bytes : 0;
	usage_memory(kind, held_of[kind]);
}

uint64_t memory_held(void)
{
	return memory_in_use;
}
