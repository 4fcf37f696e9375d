/*
 * range_table.h -- a set of disjoint address ranges, kept sorted, with a
 * payload per range: which memory of the program is device memory, which
 * host memory is mirrored on the server.
 *
 * Lookups are a binary search; an insert or a removal moves the tail of an
 * array.  Programs hold thousands of allocations at most, and a copy looks a
 * pointer up far more often than a program allocates, so an ordered array
 * beats a tree here on both speed and size.
 *
 * Every function takes the table's lock, and results are copied out, so a
 * table may be used from any thread.  An item is a struct whose FIRST member
 * is a struct range; the table is told the item's size once.
 */
#ifndef ONCUDA_RANGE_TABLE_H
#define ONCUDA_RANGE_TABLE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* [base, base + size); size is never 0 in a table. */
struct range {
	uint64_t base;
	uint64_t size;
};

struct range_table {
	pthread_rwlock_t lock;
	unsigned char *items;	/* count items of item_size bytes, by base */
	size_t count;
	size_t capacity;
	size_t item_size;
};

#define RANGE_TABLE_INIT(item_type) \
	{ PTHREAD_RWLOCK_INITIALIZER, NULL, 0, 0, sizeof(item_type) }

enum range_insert_result {
	RANGE_INSERTED,
	RANGE_OVERLAPS,		/* an item overlaps and replacing was not asked for */
	RANGE_EMPTY,		/* size 0: nothing to record */
	RANGE_NO_MEMORY
};

/*
 * Adds a copy of item.  With replace, items that overlap it are dropped
 * first: the caller knows the new range is live, so they are stale (memory
 * freed behind the client's back, e.g. by destroying its context).  Without
 * replace, an overlap leaves the table as it was, and an overlapping item
 * is copied to overlapped when that is not NULL.
 */
enum range_insert_result range_table_insert(struct range_table *t,
    const void *item, bool replace, void *overlapped);

/* Copies the item whose range contains addr to out (when not NULL). */
bool range_table_find(struct range_table *t, uint64_t addr, void *out);

/* Copies the item that overlaps [base, base + size), if any, to out. */
bool range_table_find_overlap(struct range_table *t, uint64_t base,
    uint64_t size, void *out);

/* Copies the first item for which match(item, arg) is true to out. */
bool range_table_search(struct range_table *t,
    bool (*match)(const void *item, const void *arg), const void *arg,
    void *out);

/* Replaces the item whose range starts at the new item's base. */
bool range_table_update(struct range_table *t, const void *item);

/* Removes the item whose range starts exactly at base; a copy goes to out. */
bool range_table_remove(struct range_table *t, uint64_t base, void *out);

/*
 * Calls keep(item, arg) on every item in order of base; keep may change the
 * item's payload but not its range.  The items for which it returns false
 * are removed.  For dropping all that belong to one owner, or to something
 * that went away, in one pass.
 */
void range_table_filter(struct range_table *t,
    bool (*keep)(void *item, const void *arg), const void *arg);

size_t range_table_count(struct range_table *t);

/* Removes every item and frees the array. */
void range_table_clear(struct range_table *t);

#endif /* ONCUDA_RANGE_TABLE_H */
