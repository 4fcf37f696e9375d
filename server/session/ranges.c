/*
 * server/session/ranges.c -- see ranges.h.
 *
 * The array is sorted by base, and recorded ranges never overlap unless
 * they are the very same range (ranges_add drops the others), so the range
 * that could hold an address is the last one starting at or below it.
 */
#include <stdlib.h>
#include <string.h>

#include "server/session/log.h"
#include "server/session/ranges.h"

struct owned_range {
	uint64_t base;
	uint64_t size;
	uint64_t owner;
	CUcontext ctx;
	enum range_kind kind;
};

static struct owned_range *table;
static size_t count;
static size_t capacity;

/* Index of the first range whose base is above addr. */
static size_t upper_bound(uint64_t addr)
{
	size_t lo = 0, hi = count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (table[mid].base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool overlaps(const struct owned_range *r, uint64_t base,
    uint64_t size)
{
	return r->base < base + size && base < r->base + r->size;
}

static void remove_at(size_t i)
{
	memmove(&table[i], &table[i + 1], (count - i - 1) * sizeof(*table));
	count--;
}

/* Removes every range for which drop(range, a, b) holds, keeping order. */
static void remove_if(bool (*drop)(const struct owned_range *, uint64_t,
    uint64_t), uint64_t a, uint64_t b)
{
	size_t kept = 0;

	for (size_t i = 0; i < count; i++)
		if (!drop(&table[i], a, b))
			table[kept++] = table[i];
	count = kept;
}

static bool grow(void)
{
	size_t want = capacity == 0 ? 64 : capacity * 2;
	struct owned_range *bigger;

	if (want > SIZE_MAX / sizeof(*table))
		return false;
	if ((bigger = realloc(table, want * sizeof(*table))) == NULL)
		return false;
	table = bigger;
	capacity = want;
	return true;
}

/*
 * Drops the ranges that overlap [base, base + size) without being it.
 * Ranges start in order and do not overlap, so those that overlap the new
 * one are the run that ends with the last one starting below its end.
 */
static void drop_stale(uint64_t base, uint64_t size)
{
	size_t end = upper_bound(base + size - 1), first = end;

	while (first > 0 && overlaps(&table[first - 1], base, size))
		first--;
	for (size_t i = end; i > first; i--) {
		const struct owned_range *r = &table[i - 1];

		if (r->base != base || r->size != size) {
			log_msg(LOG_DEBUG, "forgot a stale device range at "
			    "0x%llx (%llu bytes): the driver handed out "
			    "0x%llx again", (unsigned long long)r->base,
			    (unsigned long long)r->size,
			    (unsigned long long)base);
			remove_at(i - 1);
		}
	}
}

bool ranges_add(uint64_t base, uint64_t size, enum range_kind kind,
    uint64_t owner, CUcontext ctx)
{
	size_t at;

	if (size == 0 || base + size < base)
		return true;
	drop_stale(base, size);
	/* The same range for the same owner: a global asked for twice. */
	for (at = upper_bound(base); at > 0 && table[at - 1].base == base;
	    at--) {
		struct owned_range *r = &table[at - 1];

		if (r->kind == kind && r->owner == owner) {
			r->ctx = ctx;
			return true;
		}
	}
	if (count == capacity && !grow())
		return false;
	at = upper_bound(base);
	memmove(&table[at + 1], &table[at], (count - at) * sizeof(*table));
	table[at] = (struct owned_range){
		.base = base, .size = size, .owner = owner, .ctx = ctx,
		.kind = kind,
	};
	count++;
	return true;
}

void ranges_remove(uint64_t base, enum range_kind kind, uint64_t owner)
{
	for (size_t at = upper_bound(base); at > 0 &&
	    table[at - 1].base == base; at--) {
		if (table[at - 1].kind == kind && table[at - 1].owner == owner) {
			remove_at(at - 1);
			return;
		}
	}
}

static bool has_owner(const struct owned_range *r, uint64_t kind,
    uint64_t owner)
{
	return r->kind == (enum range_kind)kind && r->owner == owner;
}

void ranges_forget_owner(enum range_kind kind, uint64_t owner)
{
	remove_if(has_owner, (uint64_t)kind, owner);
}

static bool in_context(const struct owned_range *r, uint64_t ctx,
    uint64_t unused)
{
	(void)unused;
	return (uint64_t)(uintptr_t)r->ctx == ctx;
}

void ranges_context_gone(CUcontext ctx)
{
	remove_if(in_context, (uint64_t)(uintptr_t)ctx, 0);
}

bool ranges_owned(uint64_t addr, uint64_t len)
{
	size_t i;
	uint64_t offset;

	if (len == 0)
		return true;
	if ((i = upper_bound(addr)) == 0)
		return false;
	/* Subtractions only: addr + len may wrap, these cannot. */
	offset = addr - table[i - 1].base;
	return offset < table[i - 1].size && len <= table[i - 1].size - offset;
}

CUresult range_check(uint64_t addr, uint64_t n, uint64_t elem_size,
    const char *call)
{
	uint64_t len;

	if (__builtin_mul_overflow(n, elem_size, &len)) {
		log_msg(LOG_INFO, "refused %s of %llu elements of %llu bytes at "
		    "0x%llx: the length does not fit in 64 bits", call,
		    (unsigned long long)n, (unsigned long long)elem_size,
		    (unsigned long long)addr);
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (ranges_owned(addr, len))
		return CUDA_SUCCESS;
	log_msg(LOG_INFO, "refused %s of %llu bytes at 0x%llx: not inside "
	    "device memory this client owns", call, (unsigned long long)len,
	    (unsigned long long)addr);
	return CUDA_ERROR_INVALID_VALUE;
}

size_t ranges_count(void)
{
	return count;
}

void ranges_clear(void)
{
	free(table);
	table = NULL;
	count = 0;
	capacity = 0;
}
