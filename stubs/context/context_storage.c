/*
 * context_storage.c -- CONTEXT_LOCAL_STORAGE: a value per (context, key)
 * with a destructor, which the CUDA runtime keeps its per-context state in.
 *
 * Slots, with no size header and a NULL after them (dark-api.md section
 * 3): [0] put(ctx, key, value, dtor), [1] delete(ctx, key), [2] get(&value,
 * ctx, key); the argument orders are ZLUDA's (dark_api/src/lib.rs,
 * CONTEXT_LOCAL_STORAGE_INTERFACE_V0301).  A NULL context means the
 * calling thread's current one, and get of a key never put answers
 * CUDA_ERROR_INVALID_HANDLE (ZLUDA, zluda/src/impl/driver.rs).  PyTorch
 * calls get 147 times in a short run: a short list searched in order is
 * enough.  The destructor runs, with (ctx, key, value), when the context
 * is destroyed (context_storage_forget).
 */
#include <pthread.h>
#include <stdlib.h>

#include "stubs/context/context_storage.h"
#include "stubs/answers/export_table_slots.h"
#include "stubs/route/call.h"
#include "stubs/route/ctxstack.h"
#include "stubs/wire/rpc.h"

typedef void (*context_storage_dtor)(CUcontext ctx, void *key, void *value);

struct stored {
	struct stored *next;
	CUcontext ctx;
	void *key;
	void *value;
	context_storage_dtor dtor;
};

static pthread_mutex_t storage_lock = PTHREAD_MUTEX_INITIALIZER;
static struct stored *storage;

static CUresult resolve(CUcontext *ctx)
{
	CUresult e;

	if (*ctx != NULL)
		return CUDA_SUCCESS;
	/* cuCtxGetCurrent, without a call up to context.c. */
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	*ctx = ctxstack_current();
	return *ctx != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

/* The link that points at (ctx, key)'s entry, or at the list's end. */
static struct stored **find(CUcontext ctx, void *key)
{
	struct stored **p;

	for (p = &storage; *p != NULL; p = &(*p)->next)
		if ((*p)->ctx == ctx && (*p)->key == key)
			break;
	return p;
}

static CUresult context_storage_put(CUcontext ctx, void *key, void *value,
    context_storage_dtor dtor)
{
	struct stored **p, *s;
	CUresult e;

	if ((e = resolve(&ctx)) != CUDA_SUCCESS)
		return e;
	pthread_mutex_lock(&storage_lock);
	p = find(ctx, key);
	if ((s = *p) == NULL && (s = calloc(1, sizeof(*s))) != NULL) {
		s->ctx = ctx;
		s->key = key;
		*p = s;
	}
	if (s != NULL) {
		s->value = value;
		s->dtor = dtor;
	}
	pthread_mutex_unlock(&storage_lock);
	return s != NULL ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult context_storage_delete(CUcontext ctx, void *key)
{
	struct stored **p, *s;
	CUresult e;

	if ((e = resolve(&ctx)) != CUDA_SUCCESS)
		return e;
	pthread_mutex_lock(&storage_lock);
	p = find(ctx, key);
	if ((s = *p) != NULL)
		*p = s->next;
	pthread_mutex_unlock(&storage_lock);
	free(s);
	return CUDA_SUCCESS;
}

static CUresult context_storage_get(void **value, CUcontext ctx, void *key)
{
	struct stored *s;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = resolve(&ctx)) != CUDA_SUCCESS)
		return e;
	pthread_mutex_lock(&storage_lock);
	if ((s = *find(ctx, key)) != NULL)
		*value = s->value;
	pthread_mutex_unlock(&storage_lock);
	return s != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

/*
 * The destructors run without the lock held: they are the runtime's code
 * and may well call back into the library (delete, or driver calls).
 */
void context_storage_forget(CUcontext ctx)
{
	struct stored **p, *s, *gone = NULL;

	pthread_mutex_lock(&storage_lock);
	for (p = &storage; (s = *p) != NULL;) {
		if (s->ctx == ctx) {
			*p = s->next;
			s->next = gone;
			gone = s;
		} else {
			p = &s->next;
		}
	}
	pthread_mutex_unlock(&storage_lock);
	while ((s = gone) != NULL) {
		gone = s->next;
		if (s->dtor != NULL)
			s->dtor(s->ctx, s->key, s->value);
		free(s);
	}
}

/* put, delete, get and a NULL end, with no size header (dark-api.md). */
const void *const context_storage_table[] = {
	SLOT(context_storage_put), SLOT(context_storage_delete),
	SLOT(context_storage_get), NULL,
};
