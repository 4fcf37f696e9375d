/*
 * server/session/handles.c -- see handles.h.
 *
 * A chained hash table keyed by (kind, value).  Each entry also links to its
 * owner and lists what it owns, so forgetting an entry walks only its own
 * subtree.  Owners are always of a higher rank than what they own (context or
 * library > module or kernel > function), so the tree is at most three deep
 * and forgetting recurses that far at most.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/usage.h"

struct handle {
	struct handle *next_in_bucket;
	struct handle *owner;
	struct handle *first_owned;
	struct handle *next_sibling;    /* in owner->first_owned */
	struct handle *prev_sibling;
	cu_handle value;
	enum handle_kind kind;
};

#define NO_KIND (-1)

/*
 * Which kinds may own a handle of each kind, tried in this order when an
 * owner is named by value only.  A handle whose kinds include HANDLE_CONTEXT
 * belongs, when no owner is named, to the context current at its creation.
 */
static const int owner_kinds[][4] = {
	/* A green context's CUcontext ends with it. */
	[HANDLE_CONTEXT] = { HANDLE_GREEN_CTX, NO_KIND },
	[HANDLE_MODULE] = { HANDLE_LIBRARY, HANDLE_CONTEXT, NO_KIND },
	[HANDLE_FUNCTION] = { HANDLE_MODULE, HANDLE_KERNEL, NO_KIND },
	[HANDLE_LIBRARY] = { NO_KIND },
	[HANDLE_KERNEL] = { HANDLE_LIBRARY, NO_KIND },
	[HANDLE_STREAM] = { HANDLE_CONTEXT, NO_KIND },
	[HANDLE_EVENT] = { HANDLE_CONTEXT, NO_KIND },
	/* A graph outlives the context it was made in, as in the driver;
	 * a child graph or a conditional body belongs to its node. */
	[HANDLE_GRAPH] = { HANDLE_GRAPH_NODE, NO_KIND },
	[HANDLE_GRAPH_NODE] = { HANDLE_GRAPH, NO_KIND },
	[HANDLE_GRAPH_EXEC] = { NO_KIND },
	/* Pools and physical allocations belong to a device, not a context. */
	[HANDLE_MEM_POOL] = { NO_KIND },
	[HANDLE_MEM_ALLOCATION] = { NO_KIND },
	/* Graphs may hold references past any context. */
	[HANDLE_USER_OBJECT] = { NO_KIND },
	/* A mipmap level or a plane dies with its array. */
	[HANDLE_ARRAY] = { HANDLE_MIPMAPPED_ARRAY, HANDLE_ARRAY, HANDLE_CONTEXT,
	    NO_KIND },
	[HANDLE_MIPMAPPED_ARRAY] = { HANDLE_CONTEXT, NO_KIND },
	[HANDLE_TEX_OBJECT] = { HANDLE_CONTEXT, NO_KIND },
	[HANDLE_SURF_OBJECT] = { HANDLE_CONTEXT, NO_KIND },
	/* The driver ties a link state to no context. */
	[HANDLE_LINK_STATE] = { NO_KIND },
	/* Green contexts and descriptors belong to a device. */
	[HANDLE_GREEN_CTX] = { NO_KIND },
	[HANDLE_DEV_RESOURCE_DESC] = { NO_KIND },
	/* cuTexRefCreate's reference is its context's. */
	[HANDLE_TEXREF] = { HANDLE_MODULE, HANDLE_CONTEXT, NO_KIND },
	[HANDLE_SURFREF] = { HANDLE_MODULE, NO_KIND },
};

static struct handle **buckets;
static unsigned bucket_bits;            /* 2^bucket_bits buckets, 0: no table yet */
static size_t recorded;

static size_t bucket_of(enum handle_kind kind, cu_handle value)
{
	/* Fibonacci hashing: the multiply spreads the few bits in which
	 * pointers differ over the top bits, which pick the bucket. */
	uint64_t key = (uint64_t)value ^ ((uint64_t)kind << 59);

	return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bucket_bits));
}

static struct handle *lookup(enum handle_kind kind, cu_handle value)
{
	struct handle *h;

	if (bucket_bits == 0)
		return NULL;
	for (h = buckets[bucket_of(kind, value)]; h != NULL; h = h->next_in_bucket)
		if (h->value == value && h->kind == kind)
			return h;
	return NULL;
}

/* Doubles the table (or makes the first one); false when out of memory. */
static bool grow(void)
{
	unsigned new_bits = bucket_bits == 0 ? 6 : bucket_bits + 1;
	size_t old_count = bucket_bits == 0 ? 0 : (size_t)1 << bucket_bits;
	struct handle **old = buckets;
	struct handle **fresh = calloc((size_t)1 << new_bits, sizeof *fresh);

	if (fresh == NULL)
		return false;
	buckets = fresh;
	bucket_bits = new_bits;
	for (size_t i = 0; i < old_count; i++) {
		struct handle *h = old[i], *next;

		for (; h != NULL; h = next) {
			size_t b = bucket_of(h->kind, h->value);

			next = h->next_in_bucket;
			h->next_in_bucket = buckets[b];
			buckets[b] = h;
		}
	}
	free(old);
	return true;
}

static struct handle *current_context(void)
{
	CUcontext ctx = NULL;

	if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || ctx == NULL)
		return NULL;
	return lookup(HANDLE_CONTEXT, (cu_handle)(uintptr_t)ctx);
}

/*
 * The entry that will own a new handle of this kind: the named owner if it is
 * known as a kind that may own it, else the current context where contexts
 * may own it, else none.
 */
static struct handle *resolve_owner(enum handle_kind kind, cu_handle owner)
{
	const int *kinds = owner_kinds[kind];
	bool in_context = false;
	struct handle *found;

	for (int i = 0; kinds[i] != NO_KIND; i++) {
		if (kinds[i] == HANDLE_CONTEXT)
			in_context = true;
		if (owner != 0 && (found = lookup(kinds[i], owner)) != NULL)
			return found;
	}
	return in_context ? current_context() : NULL;
}

/* Takes h out of its owner's list; h then belongs to nothing. */
static void unlink_from_owner(struct handle *h)
{
	if (h->prev_sibling != NULL)
		h->prev_sibling->next_sibling = h->next_sibling;
	else if (h->owner != NULL)
		h->owner->first_owned = h->next_sibling;
	if (h->next_sibling != NULL)
		h->next_sibling->prev_sibling = h->prev_sibling;
	h->owner = NULL;
	h->prev_sibling = NULL;
	h->next_sibling = NULL;
}

/* Puts h, which belongs to nothing, at the head of owner's list. */
static void link_to_owner(struct handle *h, struct handle *owner)
{
	assert(h->owner == NULL && h->prev_sibling == NULL &&
	    h->next_sibling == NULL);
	h->owner = owner;
	if (owner == NULL)
		return;
	h->next_sibling = owner->first_owned;
	if (h->next_sibling != NULL)
		h->next_sibling->prev_sibling = h;
	owner->first_owned = h;
}

static void forget_entry(struct handle *h)
{
	struct handle **link;

	while (h->first_owned != NULL)
		forget_entry(h->first_owned);

	unlink_from_owner(h);

	link = &buckets[bucket_of(h->kind, h->value)];
	while (*link != h)
		link = &(*link)->next_in_bucket;
	*link = h->next_in_bucket;

	if (h->kind == HANDLE_CONTEXT)
		usage_contexts(-1);
	free(h);
	recorded--;
}

CUresult handle_check(enum handle_kind kind, cu_handle h, bool null_ok)
{
	if (h == 0 && null_ok)
		return CUDA_SUCCESS;
	if (kind == HANDLE_STREAM && (h == 0 ||
	    h == (cu_handle)(uintptr_t)CU_STREAM_LEGACY ||
	    h == (cu_handle)(uintptr_t)CU_STREAM_PER_THREAD))
		return CUDA_SUCCESS;
	if (lookup(kind, h) != NULL)
		return CUDA_SUCCESS;
	if (kind == HANDLE_FUNCTION && lookup(HANDLE_KERNEL, h) != NULL)
		return CUDA_SUCCESS;
	/* The driver's own answers for a bad handle of each kind. */
	if (kind == HANDLE_CONTEXT)
		return CUDA_ERROR_INVALID_CONTEXT;
	if (kind == HANDLE_GRAPH || kind == HANDLE_GRAPH_NODE ||
	    kind == HANDLE_GRAPH_EXEC || kind == HANDLE_MEM_POOL ||
	    kind == HANDLE_MEM_ALLOCATION || kind == HANDLE_DEV_RESOURCE_DESC)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_ERROR_INVALID_HANDLE;
}

bool handle_add(enum handle_kind kind, cu_handle value, cu_handle owner)
{
	struct handle *owner_entry = resolve_owner(kind, owner);
	struct handle *h = lookup(kind, value);
	size_t b;

	if (h != NULL) {
		if (h->owner == owner_entry)
			return true;
		/* Cannot free owner_entry: owners rank above what they own. */
		forget_entry(h);
	}
	if (recorded >= limits.handles) {
		log_msg(LOG_WARN, "refused a new handle: the client holds %zu "
		    "and --max-handles is %llu", recorded,
		    (unsigned long long)limits.handles);
		return false;
	}
	if (bucket_bits == 0 || recorded >= ((size_t)1 << bucket_bits)) {
		if (!grow())
			return false;
	}
	if ((h = calloc(1, sizeof *h)) == NULL)
		return false;
	h->kind = kind;
	h->value = value;
	link_to_owner(h, owner_entry);
	b = bucket_of(kind, value);
	h->next_in_bucket = buckets[b];
	buckets[b] = h;
	recorded++;
	if (kind == HANDLE_CONTEXT)
		usage_contexts(+1);
	return true;
}

bool handle_within(enum handle_kind kind, cu_handle value,
    enum handle_kind above_kind, cu_handle above)
{
	const struct handle *h = lookup(kind, value);
	const struct handle *top = lookup(above_kind, above);

	for (; h != NULL && top != NULL; h = h->owner)
		if (h == top)
			return true;
	return false;
}

bool handle_adopt(enum handle_kind kind, cu_handle value, cu_handle owner)
{
	struct handle *h = lookup(kind, value);
	struct handle *owner_entry = resolve_owner(kind, owner);

	if (h == NULL || owner_entry == NULL ||
	    handle_within(owner_entry->kind, owner_entry->value, kind, value))
		return false;
	unlink_from_owner(h);
	link_to_owner(h, owner_entry);
	return true;
}

cu_handle handle_owner(enum handle_kind kind, cu_handle value,
    enum handle_kind owner_kind)
{
	struct handle *h = lookup(kind, value);

	if (h == NULL || h->owner == NULL || h->owner->kind != owner_kind)
		return 0;
	return h->owner->value;
}

void handle_forget(enum handle_kind kind, cu_handle value)
{
	struct handle *h = lookup(kind, value);

	if (h != NULL)
		forget_entry(h);
}

bool handle_each(enum handle_kind kind, bool (*each)(cu_handle, void *),
    void *arg)
{
	size_t count = bucket_bits == 0 ? 0 : (size_t)1 << bucket_bits;

	for (size_t i = 0; i < count; i++)
		for (struct handle *h = buckets[i]; h != NULL;
		    h = h->next_in_bucket)
			if (h->kind == kind && !each(h->value, arg))
				return false;
	return true;
}

size_t handle_count(void)
{
	return recorded;
}

void handle_clear(void)
{
	size_t count = bucket_bits == 0 ? 0 : (size_t)1 << bucket_bits;

	for (size_t i = 0; i < count; i++) {
		struct handle *h = buckets[i], *next;

		for (; h != NULL; h = next) {
			next = h->next_in_bucket;
			free(h);
		}
	}
	free(buckets);
	buckets = NULL;
	bucket_bits = 0;
	recorded = 0;
}
