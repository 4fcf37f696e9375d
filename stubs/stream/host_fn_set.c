/*
 * host_fn_set.c -- the functions of the program's, each with its argument,
 * that a server may ask the client to run (host_fn_set.h).
 *
 * A server's call back names a function and its argument as pointers of
 * the client's (idl/cuda.x, host_fn).  Knowing only the functions would
 * let a server run a program's function on an argument of its choosing (a
 * pointer it made up), so the client knows pairs.  A host function queued
 * on a stream, or a stream callback, runs once: its pair allows as many
 * runs as were queued, and is forgotten when they are used up, so that a
 * program queueing a function on a fresh argument at every step does not
 * fill the set.  A host node runs at every launch of its graph and a user
 * object's destructor when the last reference goes, whenever that is: such
 * a pair lasts for the rest of the process.
 *
 * An open-addressing hash table (linear probing, deletion by shifting the
 * cluster back), grown to keep it at most half full.
 */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

#include "stubs/stream/host_fn_set.h"

struct pair {
	uint64_t fn;		/* 0: a free slot (no function is NULL) */
	uint64_t data;
	uint64_t runs;		/* runs still allowed, when not lasting */
	bool lasting;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct pair *slots;
static size_t room;		/* a power of two, or 0 */
static size_t used;

/* A 64-bit mix of the two pointers (splitmix64's finaliser). */
static size_t slot_of(uint64_t fn, uint64_t data)
{
	uint64_t h = fn * 0x9e3779b97f4a7c15ull ^ data;

	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebull;
	h ^= h >> 31;
	return (size_t)h & (room - 1);
}

/* The slot holding (fn, data), or the free slot where it would go. */
static struct pair *find(uint64_t fn, uint64_t data)
{
	size_t i = slot_of(fn, data);

	while (slots[i].fn != 0 &&
	    (slots[i].fn != fn || slots[i].data != data))
		i = (i + 1) & (room - 1);
	return &slots[i];
}

static bool grow(void)
{
	struct pair *old = slots;
	size_t old_room = room, bigger = room == 0 ? 64 : 2 * room;

	if (bigger < room || (slots = calloc(bigger, sizeof(*slots))) == NULL) {
		slots = old;
		return false;
	}
	room = bigger;
	for (size_t i = 0; i < old_room; i++)
		if (old[i].fn != 0)
			*find(old[i].fn, old[i].data) = old[i];
	free(old);
	return true;
}

/* Empties slot i, moving back the entries after it that probed past it. */
static void remove_at(size_t i)
{
	size_t j = i;

	slots[i].fn = 0;
	for (;;) {
		j = (j + 1) & (room - 1);
		if (slots[j].fn == 0)
			return;
		size_t home = slot_of(slots[j].fn, slots[j].data);

		/* j may move to i when its home is not inside (i, j]. */
		if ((j > i && (home <= i || home > j)) ||
		    (j < i && home <= i && home > j)) {
			slots[i] = slots[j];
			slots[j].fn = 0;
			i = j;
		}
	}
}

/* A forked child keeps the pairs (its functions are the parent's) and must
 * not inherit the lock held by a thread it does not have. */
static void fork_child(void)
{
	pthread_mutex_init(&lock, NULL);
}

static void setup(void)
{
	pthread_atfork(NULL, NULL, fork_child);
}

bool host_fn_allow(uint64_t fn, uint64_t data, bool lasting)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	struct pair *p;
	bool ok = true;

	assert(fn != 0);
	pthread_once(&once, setup);
	pthread_mutex_lock(&lock);
	if (2 * (used + 1) > room && !grow()) {
		ok = false;
		goto out;
	}
	p = find(fn, data);
	if (p->fn == 0) {
		p->fn = fn;
		p->data = data;
		p->runs = 0;
		p->lasting = false;
		used++;
	}
	if (lasting)
		p->lasting = true;
	else if (p->runs < UINT64_MAX)
		p->runs++;
out:
	pthread_mutex_unlock(&lock);
	return ok;
}

bool host_fn_take(uint64_t fn, uint64_t data)
{
	struct pair *p;
	bool ok = false;

	pthread_mutex_lock(&lock);
	if (room == 0 || fn == 0)
		goto out;
	p = find(fn, data);
	if (p->fn == 0)
		goto out;
	ok = true;
	if (p->lasting)
		goto out;
	assert(p->runs > 0);
	if (--p->runs == 0) {
		remove_at((size_t)(p - slots));
		used--;
	}
out:
	pthread_mutex_unlock(&lock);
	return ok;
}

size_t host_fn_count(void)
{
	size_t n;

	pthread_mutex_lock(&lock);
	n = used;
	pthread_mutex_unlock(&lock);
	return n;
}

