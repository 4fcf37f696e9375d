/*
 * node_store.c -- the copies the client keeps of what node parameters
 * point to (node_store.h).
 *
 * Kept copies are few and small (a kernel's arguments, a handful of
 * access descriptors, a conditional node's bodies), and asked for
 * rarely, so one list under one lock is plenty.  They are never freed:
 * the client does not learn when the driver drops a node (a graph's
 * destruction drops all of its nodes at once), and a copy freed early
 * would leave the program a dangling pointer where the driver's would
 * still be good.  Identical copies for one node are shared, so the
 * memory kept grows only with distinct parameters the program asks for.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/stream/node_store.h"

struct kept {
	struct kept *next;
	CUgraphNode node;
	size_t size;
	unsigned char bytes[];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct kept *kept_list;

void *node_store_keep(CUgraphNode node, const void *data, size_t size,
    size_t skip)
{
	struct kept *k;

	if (skip > size)
		return NULL;
	pthread_mutex_lock(&lock);
	for (k = kept_list; k != NULL; k = k->next)
		if (k->node == node && k->size == size &&
		    memcmp(k->bytes + skip, (const unsigned char *)data + skip,
		    size - skip) == 0)
			break;
	if (k == NULL && (k = malloc(sizeof(*k) + size)) != NULL) {
		k->node = node;
		k->size = size;
		memcpy(k->bytes, data, size);
		k->next = kept_list;
		kept_list = k;
	}
	pthread_mutex_unlock(&lock);
	return k != NULL ? k->bytes : NULL;
}
