/*
 * server/session/limits.h -- what one client may hold, so that it cannot exhaust
 * the server for the others (oncudad --max-memory, --max-handles,
 * --max-image, --max-upload).
 *
 * The daemon sets the limits from its command line before it forks; each
 * client process then counts its own client against them.  A request that
 * would pass a limit fails with CUDA_ERROR_OUT_OF_MEMORY, what the driver
 * answers when it runs out, and leaves a line at warn in the log; async
 * uploads past --max-upload are the exception: they wait for their stream
 * instead (see svc_copy.c), so a program is never refused for being fast.
 */
#ifndef ONCUDA_SERVER_LIMITS_H
#define ONCUDA_SERVER_LIMITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "server/session/usage.h"

#define LIMIT_NONE UINT64_MAX

struct session_limits {
	uint64_t memory;	/* bytes held: device, pool, VMM, managed and
				 * page-locked memory, the shadows of mapped
				 * and managed memory, module images */
	uint64_t handles;	/* handles held at once (handles.c) */
	uint64_t image;		/* bytes of one staged module image */
	uint64_t upload;	/* bytes of async uploads waiting in streams */
};

/* The limits in force; the defaults until main() changes them. */
extern struct session_limits limits;

/*
 * Reads a byte count such as 4096, 64K, 512M or 2G (powers of 1024), or
 * "none" for no limit.  false when text is not one.
 */
bool limit_parse_bytes(const char *text, uint64_t *bytes);

/*
 * Takes bytes of kind (what usage.h counts it as) from this client's memory
 * budget for what (a short noun for the log, e.g. "device memory").  false,
 * logged, when the client would then hold more than limits.memory; nothing
 * is taken then.
 */
bool memory_take(uint64_t bytes, enum usage_memory kind, const char *what);

/* Gives back bytes of kind taken with memory_take. */
void memory_give(uint64_t bytes, enum usage_memory kind);

/* Bytes this client holds now. */
uint64_t memory_held(void);

#endif
