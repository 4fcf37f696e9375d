/*
 * node_store.c -- the copies the client keeps of what node parameters
 * point to (node_store.h).
 *
 * Kept copies are few and small (a kernel's arguments, a handful of
 * access descriptors, a conditional node's bodies), and asked for
 * rarely, so one list under one lock is plenty.  Each names its node and
 * the chain of graphs and nodes that own it, so a destruction anywhere
 * up the chain finds it: the driver drops a graph's nodes with it, and
 * an embedded graph's with the node it is embedded in.  Identical copies
 * for one node are shared, so a program that asks again and again keeps
 * one.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/stream/node_store.h"

struct kept {
	struct kept *next;
	CUgraphNode node;
	enum node_copy kind;
	size_t owner_count;
	const void *owners[NODE_STORE_OWNERS_MAX];
	size_t size;
	unsigned char bytes[];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct kept *kept_list;

/* The identical copy for node, or NULL; with lock. */
static struct kept *find(CUgraphNode node, enum node_copy kind,
    const void *data, size_t size, size_t skip)
{
	struct kept *k;

	for (k = kept_list; k != NULL; k = k->next)
		if (k->node == node && k->kind == kind && k->size == size &&
		    memcmp(k->bytes + skip, (const unsigned char *)data + skip,
		    size - skip) == 0)
			return k;
	return NULL;
}

void *node_store_shared(CUgraphNode node, enum node_copy kind,
    const void *data, size_t size, size_t skip)
{
	struct kept *k;

	if (skip > size)
		return NULL;
	pthread_mutex_lock(&lock);
	k = find(node, kind, data, size, skip);
	pthread_mutex_unlock(&lock);
	return k != NULL ? k->bytes : NULL;
}

void *node_store_keep(CUgraphNode node, enum node_copy kind,
    const void *const *owners, size_t count, const void *data, size_t size,
    size_t skip)
{
	struct kept *k;

	if (skip > size)
		return NULL;
	if (count > NODE_STORE_OWNERS_MAX)
		count = NODE_STORE_OWNERS_MAX;
	pthread_mutex_lock(&lock);
	if ((k = find(node, kind, data, size, skip)) == NULL &&
	    (k = malloc(sizeof(*k) + size)) != NULL) {
		k->node = node;
		k->kind = kind;
		k->owner_count = count;
		for (size_t i = 0; i < count; i++)
			k->owners[i] = owners[i];
		k->size = size;
		memcpy(k->bytes, data, size);
		k->next = kept_list;
		kept_list = k;
	}
	pthread_mutex_unlock(&lock);
	return k != NULL ? k->bytes : NULL;
}

bool node_store_owners(CUgraphNode node, const void **owners,
    size_t *count)
{
	struct kept *k;

	pthread_mutex_lock(&lock);
	for (k = kept_list; k != NULL && k->node != node; k = k->next)
		;
	if (k != NULL) {
		*count = k->owner_count;
		for (size_t i = 0; i < k->owner_count; i++)
			owners[i] = k->owners[i];
	}
	pthread_mutex_unlock(&lock);
	return k != NULL;
}

/* Frees every copy for which drop says so; with lock. */
static void drop_where(bool (*drop)(const struct kept *, const void *),
    const void *arg)
{
	struct kept **at = &kept_list;

	while (*at != NULL) {
		struct kept *k = *at;

		if (drop(k, arg)) {
			*at = k->next;
			free(k);
		} else {
			at = &k->next;
		}
	}
}

static bool of_or_under(const struct kept *k, const void *gone)
{
	if ((const void *)k->node == gone)
		return true;
	for (size_t i = 0; i < k->owner_count; i++)
		if (k->owners[i] == gone)
			return true;
	return false;
}

static bool query_of(const struct kept *k, const void *node)
{
	return (const void *)k->node == node && k->kind == NODE_COPY_QUERY;
}

void node_store_gone(const void *gone)
{
	if (gone == NULL)
		return;
	pthread_mutex_lock(&lock);
	drop_where(of_or_under, gone);
	pthread_mutex_unlock(&lock);
}

void node_store_params_set(CUgraphNode node)
{
	if (node == NULL)
		return;
	pthread_mutex_lock(&lock);
	drop_where(query_of, node);
	pthread_mutex_unlock(&lock);
}

size_t node_store_count(size_t *bytes)
{
	size_t n = 0, b = 0;

	pthread_mutex_lock(&lock);
	for (const struct kept *k = kept_list; k != NULL; k = k->next) {
		n++;
		b += k->size;
	}
	pthread_mutex_unlock(&lock);
	if (bytes != NULL)
		*bytes = b;
	return n;
}
