/*
 * range_table.c -- disjoint address ranges in a sorted array (see range_table.h).
 */
#include <stdlib.h>
#include <string.h>

#include "common/range_table.h"

static unsigned char *item_at(const struct range_table *t, size_t i)
{
	return t->items + i * t->item_size;
}

static const struct range *range_at(const struct range_table *t, size_t i)
{
	return (const struct range *)(const void *)item_at(t, i);
}

/* One past the last byte; ranges that would wrap end at the top instead. */
static uint64_t range_end(uint64_t base, uint64_t size)
{
	return base + size < base ? UINT64_MAX : base + size;
}

/* The index of the first item whose base is >= addr (count if none). */
static size_t first_at_or_after(const struct range_table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (range_at(t, mid)->base < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The index of an item overlapping [base, end), or count.  Items are
 * disjoint and sorted, so only the last item starting before `end` can
 * reach into the range: every earlier one ends at or before its start.
 */
static size_t overlapping(const struct range_table *t, uint64_t base, uint64_t end)
{
	size_t i = first_at_or_after(t, end);
	const struct range *r;

	if (i == 0 || base >= end)
		return t->count;
	r = range_at(t, i - 1);
	return range_end(r->base, r->size) > base ? i - 1 : t->count;
}

/* The index of the item containing addr, or count. */
static size_t containing(const struct range_table *t, uint64_t addr)
{
	return addr == UINT64_MAX ? t->count : overlapping(t, addr, addr + 1);
}

static void remove_at(struct range_table *t, size_t i)
{
	memmove(item_at(t, i), item_at(t, i + 1), (t->count - i - 1) * t->item_size);
	t->count--;
}

static bool make_room(struct range_table *t)
{
	size_t capacity;
	unsigned char *items;

	if (t->count < t->capacity)
		return true;
	capacity = t->capacity ? t->capacity * 2 : 64;
	if (capacity > SIZE_MAX / t->item_size)
		return false;
	items = realloc(t->items, capacity * t->item_size);
	if (items == NULL)
		return false;
	t->items = items;
	t->capacity = capacity;
	return true;
}

static void copy_out(const struct range_table *t, size_t i, void *out)
{
	if (out != NULL)
		memcpy(out, item_at(t, i), t->item_size);
}

enum range_insert_result range_table_insert(struct range_table *t,
    const void *item, bool replace, void *overlapped)
{
	const struct range *r = item;
	uint64_t end = range_end(r->base, r->size);
	enum range_insert_result result = RANGE_INSERTED;
	size_t i;

	if (r->size == 0)
		return RANGE_EMPTY;
	pthread_rwlock_wrlock(&t->lock);
	while ((i = overlapping(t, r->base, end)) < t->count) {
		if (!replace) {
			copy_out(t, i, overlapped);
			result = RANGE_OVERLAPS;
			goto out;
		}
		remove_at(t, i);
	}
	if (!make_room(t)) {
		result = RANGE_NO_MEMORY;
		goto out;
	}
	i = first_at_or_after(t, r->base);
	memmove(item_at(t, i + 1), item_at(t, i), (t->count - i) * t->item_size);
	memcpy(item_at(t, i), item, t->item_size);
	t->count++;
out:
	pthread_rwlock_unlock(&t->lock);
	return result;
}

bool range_table_find(struct range_table *t, uint64_t addr, void *out)
{
	size_t i;
	bool found;

	pthread_rwlock_rdlock(&t->lock);
	i = containing(t, addr);
	found = i < t->count;
	if (found)
		copy_out(t, i, out);
	pthread_rwlock_unlock(&t->lock);
	return found;
}

bool range_table_find_overlap(struct range_table *t, uint64_t base,
    uint64_t size, void *out)
{
	size_t i;
	bool found;

	pthread_rwlock_rdlock(&t->lock);
	i = overlapping(t, base, range_end(base, size));
	found = i < t->count;
	if (found)
		copy_out(t, i, out);
	pthread_rwlock_unlock(&t->lock);
	return found;
}

bool range_table_search(struct range_table *t,
    bool (*match)(const void *item, const void *arg), const void *arg,
    void *out)
{
	bool found = false;

	pthread_rwlock_rdlock(&t->lock);
	for (size_t i = 0; i < t->count && !found; i++) {
		if (match(item_at(t, i), arg)) {
			copy_out(t, i, out);
			found = true;
		}
	}
	pthread_rwlock_unlock(&t->lock);
	return found;
}

/* The index of the item starting exactly at base, or count. */
static size_t starting_at(const struct range_table *t, uint64_t base)
{
	size_t i = first_at_or_after(t, base);

	return i < t->count && range_at(t, i)->base == base ? i : t->count;
}

bool range_table_update(struct range_table *t, const void *item)
{
	const struct range *r = item;
	size_t i;
	bool found;

	pthread_rwlock_wrlock(&t->lock);
	i = starting_at(t, r->base);
	/* The range itself must stay the same, or the order could break. */
	found = i < t->count && range_at(t, i)->size == r->size;
	if (found)
		memcpy(item_at(t, i), item, t->item_size);
	pthread_rwlock_unlock(&t->lock);
	return found;
}

bool range_table_remove(struct range_table *t, uint64_t base, void *out)
{
	size_t i;
	bool found;

	pthread_rwlock_wrlock(&t->lock);
	i = starting_at(t, base);
	found = i < t->count;
	if (found) {
		copy_out(t, i, out);
		remove_at(t, i);
	}
	pthread_rwlock_unlock(&t->lock);
	return found;
}

void range_table_filter(struct range_table *t,
    bool (*keep)(void *item, const void *arg), const void *arg)
{
	size_t kept = 0;

	pthread_rwlock_wrlock(&t->lock);
	for (size_t i = 0; i < t->count; i++) {
		if (!keep(item_at(t, i), arg))
			continue;
		if (kept != i)
			memcpy(item_at(t, kept), item_at(t, i), t->item_size);
		kept++;
	}
	t->count = kept;
	pthread_rwlock_unlock(&t->lock);
}

size_t range_table_count(struct range_table *t)
{
	size_t count;

	pthread_rwlock_rdlock(&t->lock);
	count = t->count;
	pthread_rwlock_unlock(&t->lock);
	return count;
}

void range_table_clear(struct range_table *t)
{
	pthread_rwlock_wrlock(&t->lock);
	free(t->items);
	t->items = NULL;
	t->count = 0;
	t->capacity = 0;
	pthread_rwlock_unlock(&t->lock);
}
