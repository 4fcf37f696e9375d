/*
 * ctx_attach.c -- the context usage count (ctx_attach.h).
 *
 * Only counts above 1 are kept, per context, in one list under one lock:
 * a context without an entry has the count its creation gave it.
 */
#include <pthread.h>
#include <stdlib.h>

#include "stubs/context/ctx_attach.h"

struct attached {
	CUcontext ctx;
	unsigned count;		/* above 1 */
	struct attached *next;
};

static pthread_mutex_t counts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct attached *counts;

/* The link to ctx's entry, or NULL; under counts_lock. */
static struct attached **find(CUcontext ctx)
{
	struct attached **link;

	for (link = &counts; *link != NULL; link = &(*link)->next)
		if ((*link)->ctx == ctx)
			return link;
	return NULL;
}

bool ctx_attach_add(CUcontext ctx)
{
	struct attached **link, *a;
	bool ok = true;

	pthread_mutex_lock(&counts_lock);
	if ((link = find(ctx)) != NULL) {
		(*link)->count++;
	} else if ((a = malloc(sizeof(*a))) != NULL) {
		a->ctx = ctx;
		a->count = 2;
		a->next = counts;
		counts = a;
	} else {
		ok = false;
	}
	pthread_mutex_unlock(&counts_lock);
	return ok;
}

bool ctx_attach_drop(CUcontext ctx)
{
	struct attached **link, *a;
	bool last = true;

	pthread_mutex_lock(&counts_lock);
	if ((link = find(ctx)) != NULL) {
		a = *link;
		last = false;
		if (--a->count == 1) {
			*link = a->next;
			free(a);
		}
	}
	pthread_mutex_unlock(&counts_lock);
	return last;
}

void ctx_attach_forget(CUcontext ctx)
{
	struct attached **link, *a;

	pthread_mutex_lock(&counts_lock);
	if ((link = find(ctx)) != NULL) {
		a = *link;
		*link = a->next;
		free(a);
	}
	pthread_mutex_unlock(&counts_lock);
}
