/*
 * server/svc/mapped_shadow.c -- the shadows of mirrors kept coherent
 * (mapped_shadow.h).  A shadow is as large as its mirror and is memory
 * the client makes this server hold, so it counts against --max-memory
 * like the mirror itself (limits.h): without it, mapped or managed memory
 * would hold twice what the budget says.
 */
#include <stdint.h>
#include <stdlib.h>

#include "common/huge_pages.h"
#include "server/session/limits.h"
#include "server/svc/mapped_shadow.h"

static struct mapped_shadow *tracked;

struct mapped_shadow *mapped_shadows(void)
{
	return tracked;
}

struct mapped_shadow *mapped_shadow_of(const void *mirror)
{
	struct mapped_shadow *t;

	for (t = tracked; t != NULL; t = t->next)
		if (t->mirror == mirror)
			return t;
	return NULL;
}

struct mapped_shadow *mapped_shadow_holding(cu_hostptr at, size_t len)
{
	struct mapped_shadow *t;

	for (t = tracked; t != NULL; t = t->next) {
		uintptr_t base = (uintptr_t)t->mirror;

		if (at >= base && at - base <= t->size &&
		    len <= t->size - (at - base))
			return t;
	}
	return NULL;
}

static bool add(void *mirror, size_t size, bool managed, CUcontext ctx)
{
	struct mapped_shadow *t;

	if (!memory_take(size, USAGE_OTHER, "mapped-memory shadows"))
		return false;
	t = malloc(sizeof(*t));
	if (t == NULL || (t->shadow = calloc(1, size)) == NULL) {
		free(t);
		memory_give(size, USAGE_OTHER);
		return false;
	}
	/* A managed buffer's shadow may take its bytes whole at a push or
	 * a pull: in huge pages, a fault each 2 MiB (huge_pages.h). */
	if (managed)
		(void)huge_pages_advise(t->shadow, size, false);
	t->mirror = mirror;
	t->size = size;
	t->managed = managed;
	t->ctx = ctx;
	t->next = tracked;
	tracked = t;
	return true;
}

bool mapped_shadow_add(void *mirror, size_t size)
{
	return add(mirror, size, false, NULL);
}

bool mapped_shadow_add_managed(void *mirror, size_t size, CUcontext ctx)
{
	return add(mirror, size, true, ctx);
}

void mapped_shadow_mirror_gone(const void *mirror)
{
	struct mapped_shadow **at;

	for (at = &tracked; *at != NULL; at = &(*at)->next) {
		struct mapped_shadow *t = *at;

		if (t->mirror == mirror) {
			*at = t->next;
			memory_give(t->size, USAGE_OTHER);
			free(t->shadow);
			free(t);
			return;
		}
	}
}
