/*
 * server/session/ranges.c -- see ranges.h.
 *
 * The ranges are a common/range_table.c table (the client's too), which
 * holds disjoint ranges; a range reached through several owners (a global
 * through its library and its module) is one item listing them all, and
 * goes when the last of them lets it go.  Calls only that table and the
 * log.
 */
#include <stdlib.h>
#include <string.h>

#include "common/range_table.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"

/* One reason the client may touch a range, and what ends it. */
struct range_owner {
	uint64_t owner;
	CUcontext ctx;
	enum range_kind kind;
};

struct owned_range {
	struct range range;		/* first, as the table wants */
	struct range_owner *owners;	/* owner_count of them, malloc'ed */
	size_t owner_count;
};

static struct range_table table = RANGE_TABLE_INIT(struct owned_range);
/* How many (range, owner) records there are: ranges_count. */
static size_t records;

/* The item whose range starts at base, if any. */
static bool find_at(uint64_t base, struct owned_range *out)
{
	return range_table_find(&table, base, out) && out->range.base == base;
}

/* Gives up an item that left the table. */
static void release(struct owned_range *r)
{
	records -= r->owner_count;
	free(r->owners);
	r->owners = NULL;
	r->owner_count = 0;
}

/* Drops the ranges that overlap [base, base + size) without being it. */
static void drop_stale(uint64_t base, uint64_t size)
{
	struct owned_range r;

	while (range_table_find_overlap(&table, base, size, &r) &&
	    (r.range.base != base || r.range.size != size)) {
		log_msg(LOG_DEBUG, "forgot a stale device range at 0x%llx "
		    "(%llu bytes): the driver handed out 0x%llx again",
		    (unsigned long long)r.range.base,
		    (unsigned long long)r.range.size, (unsigned long long)base);
		range_table_remove(&table, r.range.base, NULL);
		release(&r);
	}
}

static struct range_owner *owner_in(const struct owned_range *r,
    enum range_kind kind, uint64_t owner)
{
	for (size_t i = 0; i < r->owner_count; i++)
		if (r->owners[i].kind == kind && r->owners[i].owner == owner)
			return &r->owners[i];
	return NULL;
}

bool ranges_add(uint64_t base, uint64_t size, enum range_kind kind,
    uint64_t owner, CUcontext ctx)
{
	struct range_owner *more, *same;
	struct owned_range r;
	bool listed;

	if (size == 0 || base + size < base)
		return true;
	drop_stale(base, size);
	listed = find_at(base, &r) && r.range.size == size;
	if (!listed)
		r = (struct owned_range){ .range = { base, size } };
	/* The same range for the same owner: a global asked for twice. */
	if (listed && (same = owner_in(&r, kind, owner)) != NULL) {
		same->ctx = ctx;
		return true;
	}
	/* Every owner of a range is bookkeeping in this process: a client
	 * making a million one-byte allocations must meet a limit. */
	if (records >= limits.handles) {
		log_msg(LOG_WARN, "refused a device range: the client holds %zu, "
		    "as many as --max-handles %llu allows", records,
		    (unsigned long long)limits.handles);
		return false;
	}
	more = realloc(r.owners, (r.owner_count + 1) * sizeof(*more));
	if (more == NULL)
		return false;
	more[r.owner_count] = (struct range_owner){ owner, ctx, kind };
	r.owners = more;
	r.owner_count++;
	if (listed)
		(void)range_table_update(&table, &r);
	else if (range_table_insert(&table, &r, false, NULL) != RANGE_INSERTED) {
		free(more);
		return false;
	}
	records++;
	return true;
}

/* Removes owners[i] of r, and r itself once it has none left. */
static void drop_owner(struct owned_range *r, size_t i)
{
	r->owners[i] = r->owners[--r->owner_count];
	records--;
	if (r->owner_count > 0) {
		(void)range_table_update(&table, r);
		return;
	}
	range_table_remove(&table, r->range.base, NULL);
	free(r->owners);
}

void ranges_remove(uint64_t base, enum range_kind kind, uint64_t owner)
{
	struct owned_range r;
	struct range_owner *o;

	if (find_at(base, &r) && (o = owner_in(&r, kind, owner)) != NULL)
		drop_owner(&r, (size_t)(o - r.owners));
}

/* What range_table_filter's keep is told: which owners go. */
struct owners_gone {
	bool (*gone)(const struct range_owner *o, const void *arg);
	const void *arg;
};

/* Drops r's owners that are gone; keeps r while one is left. */
static bool keep_owned(void *item, const void *arg)
{
	const struct owners_gone *how = arg;
	struct owned_range *r = item;
	size_t kept = 0;

	for (size_t i = 0; i < r->owner_count; i++)
		if (!how->gone(&r->owners[i], how->arg))
			r->owners[kept++] = r->owners[i];
	records -= r->owner_count - kept;
	r->owner_count = kept;
	if (kept > 0)
		return true;
	free(r->owners);
	return false;
}

static bool is_owner(const struct range_owner *o, const void *arg)
{
	const struct range_owner *which = arg;

	return o->kind == which->kind && o->owner == which->owner;
}

void ranges_forget_owner(enum range_kind kind, uint64_t owner)
{
	struct range_owner which = { .owner = owner, .kind = kind };
	struct owners_gone how = { is_owner, &which };

	range_table_filter(&table, keep_owned, &how);
}

static bool in_context(const struct range_owner *o, const void *ctx)
{
	return o->ctx == ctx;
}

void ranges_context_gone(CUcontext ctx)
{
	struct owners_gone how = { in_context, ctx };

	range_table_filter(&table, keep_owned, &how);
}

bool ranges_owned(uint64_t addr, uint64_t len)
{
	struct owned_range r;
	uint64_t offset;

	if (len == 0)
		return true;
	if (!range_table_find(&table, addr, &r))
		return false;
	/* Subtractions only: addr + len may wrap, these cannot. */
	offset = addr - r.range.base;
	return len <= r.range.size - offset;
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

bool ranges_span_2d(uint64_t width, uint64_t elem, uint64_t height,
    uint64_t pitch, uint64_t *span)
{
	uint64_t row;

	*span = 0;
	if (width == 0 || height == 0)
		return true;
	return !__builtin_mul_overflow(width, elem, &row) &&
	    !__builtin_mul_overflow(height - 1, pitch, span) &&
	    !__builtin_add_overflow(*span, row, span);
}

size_t ranges_count(void)
{
	return records;
}

static bool keep_none(void *item, const void *unused)
{
	(void)unused;
	release(item);
	return false;
}

void ranges_clear(void)
{
	range_table_filter(&table, keep_none, NULL);
	range_table_clear(&table);
}
