/*
 * server/svc/mapped_shadow.c -- the shadows of mirrors kept coherent
 * (mapped_shadow.h).  A shadow is as large as its mirror and is memory
 * the client makes this server hold, so it counts against --max-memory
 * like the mirror itself (limits.h): without it, mapped or managed memory
 * would hold twice what the budget says.
 *
 * A managed shadow of two blocks (block_hash.h) or more, whose mirror
 * starts on a word (the GPU's kernel reads words: managed allocations
 * do; a library's variables may not), keeps its blocks' hashes for the
 * pulls' filter (svc_mapped.c): 33 bytes a block of 64 KiB, not counted.
 * A smaller one is read whole by each pull, which costs no more than the
 * hashes' launch and copy would.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

static void drop_hashes(struct mapped_shadow *t)
{
	free(t->agreed);
	free(t->known);
	free(t->now);
	t->agreed = t->now = NULL;
	t->known = NULL;
}

/*
 * The hashes of t's shadow, all zeros: known.  false: out of memory (t
 * then has none, which costs time only).
 */
static bool keep_hashes(struct mapped_shadow *t)
{
	size_t count = block_hash_count(t->size), last;
	struct block_hash zeros;
	unsigned char *none;

	t->agreed = calloc(count, sizeof(*t->agreed));
	t->now = calloc(count, sizeof(*t->now));
	t->known = malloc(count);
	none = calloc(1, BLOCK_HASH_BYTES);
	if (t->agreed == NULL || t->now == NULL || t->known == NULL ||
	    none == NULL) {
		free(none);
		drop_hashes(t);
		return false;
	}
	zeros = block_hash(none, BLOCK_HASH_BYTES);
	for (size_t i = 0; i < count; i++)
		t->agreed[i] = zeros;
	last = t->size - (count - 1) * BLOCK_HASH_BYTES;
	t->agreed[count - 1] = block_hash(none, last);
	memset(t->known, 1, count);
	free(none);
	return true;
}

static bool filters(const void *mirror, size_t size, bool managed)
{
	return managed && (uintptr_t)mirror % 8 == 0 &&
	    size >= 2 * BLOCK_HASH_BYTES;
}

static bool add(void *mirror, size_t size, bool managed, CUcontext ctx)
{
	struct mapped_shadow *t;

	if (!memory_take(size, USAGE_OTHER, "mapped-memory shadows"))
		return false;
	t = calloc(1, sizeof(*t));
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
	if (filters(mirror, size, managed))
		(void)keep_hashes(t);
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
			drop_hashes(t);
			free(t->shadow);
			free(t);
			return;
		}
	}
}

void mapped_shadow_changed(struct mapped_shadow *t, size_t at, size_t len)
{
	assert(at <= t->size && len <= t->size - at);
	if (t->agreed == NULL || len == 0)
		return;
	for (size_t i = at / BLOCK_HASH_BYTES;
	    i <= (at + len - 1) / BLOCK_HASH_BYTES; i++)
		if (t->known[i]) {
			t->known[i] = 0;
			t->unknown++;
		}
}

void mapped_shadow_agree(struct mapped_shadow *t)
{
	size_t count;

	if (t->agreed == NULL || t->unknown == 0)
		return;
	count = block_hash_count(t->size);
	for (size_t i = 0; i < count && t->unknown > 0; i++) {
		size_t at = i * BLOCK_HASH_BYTES;
		size_t len = t->size - at < BLOCK_HASH_BYTES ? t->size - at :
		    BLOCK_HASH_BYTES;

		if (t->known[i])
			continue;
		t->agreed[i] = block_hash(t->shadow + at, len);
		t->known[i] = 1;
		t->unknown--;
	}
}

bool mapped_shadow_block_agrees(const struct mapped_shadow *t, size_t i)
{
	assert(t->agreed != NULL && i < block_hash_count(t->size));
	return t->known[i] &&
	    memcmp(&t->now[i], &t->agreed[i], sizeof(t->now[i])) == 0;
}
