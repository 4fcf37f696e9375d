/*
 * The cleanup list: what a test allocated, released after it returns.
 *
 * Releasing in the runner rather than in each test keeps the tests short
 * and means a test that fails halfway leaks nothing, which matters because
 * the suite also runs under valgrind and ASan.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum defer_kind {
	DEFER_MEM, DEFER_HOST, DEFER_UNREG, DEFER_FREE, DEFER_MODULE,
	DEFER_LIBRARY, DEFER_STREAM, DEFER_EVENT, DEFER_CTX, DEFER_PRIMARY
};

struct deferred {
	enum defer_kind kind;
	uint64_t handle;	/* pointer, CUdeviceptr or ordinal */
	CUcontext ctx;		/* current when registered */
};

/* Generous: the busiest test registers about a hundred things. */
#define DEFER_MAX 512

/* Worker threads of a test register things too. */
static pthread_mutex_t defer_lock = PTHREAD_MUTEX_INITIALIZER;
static struct deferred list[DEFER_MAX];
static int count;

static void push(enum defer_kind kind, uint64_t handle)
{
	struct deferred d = { .kind = kind, .handle = handle };

	if (cuCtxGetCurrent(&d.ctx) != CUDA_SUCCESS)
		d.ctx = NULL;
	pthread_mutex_lock(&defer_lock);
	if (count == DEFER_MAX) {
		/* A bug in the suite, not in what it tests. */
		fprintf(stderr, "e2e: more than %d resources in one test; "
			"raise DEFER_MAX in %s\n", DEFER_MAX, __FILE__);
		abort();
	}
	list[count++] = d;
	pthread_mutex_unlock(&defer_lock);
}

void e2e_defer_mem(CUdeviceptr p)	{ push(DEFER_MEM, p); }
void e2e_defer_host(void *p)		{ push(DEFER_HOST, (uintptr_t)p); }
void e2e_defer_unregister(void *p)	{ push(DEFER_UNREG, (uintptr_t)p); }
void e2e_defer_free(void *p)		{ push(DEFER_FREE, (uintptr_t)p); }
void e2e_defer_module(CUmodule m)	{ push(DEFER_MODULE, (uintptr_t)m); }
void e2e_defer_library(CUlibrary l)	{ push(DEFER_LIBRARY, (uintptr_t)l); }
void e2e_defer_stream(CUstream s)	{ push(DEFER_STREAM, (uintptr_t)s); }
void e2e_defer_event(CUevent e)		{ push(DEFER_EVENT, (uintptr_t)e); }
void e2e_defer_ctx(CUcontext c)		{ push(DEFER_CTX, (uintptr_t)c); }
void e2e_defer_primary(CUdevice d)	{ push(DEFER_PRIMARY, (uint64_t)d); }

void e2e_forget(uint64_t handle)
{
	int i;

	pthread_mutex_lock(&defer_lock);
	for (i = count - 1; i >= 0; i--) {
		if (list[i].handle == handle) {
			memmove(&list[i], &list[i + 1],
				(size_t)(count - i - 1) * sizeof(list[0]));
			count--;
			break;
		}
	}
	pthread_mutex_unlock(&defer_lock);
}

#define AS(type, d) ((type)(uintptr_t)(d)->handle)

/* Errors are ignored: after a failed test (a sticky fault, say) some of
 * these calls are expected to fail, and there is nothing left to check. */
static void release(const struct deferred *d)
{
	if (d->kind != DEFER_FREE && d->kind != DEFER_CTX &&
	    d->kind != DEFER_PRIMARY)
		(void)cuCtxSetCurrent(d->ctx);
	switch (d->kind) {
	case DEFER_MEM:		(void)cuMemFree(d->handle); break;
	case DEFER_HOST:	(void)cuMemFreeHost(AS(void *, d)); break;
	case DEFER_UNREG:	(void)cuMemHostUnregister(AS(void *, d)); break;
	case DEFER_FREE:	free(AS(void *, d)); break;
	case DEFER_MODULE:	(void)cuModuleUnload(AS(CUmodule, d)); break;
	case DEFER_LIBRARY:	(void)cuLibraryUnload(AS(CUlibrary, d)); break;
	case DEFER_STREAM:	(void)cuStreamDestroy(AS(CUstream, d)); break;
	case DEFER_EVENT:	(void)cuEventDestroy(AS(CUevent, d)); break;
	case DEFER_CTX:		(void)cuCtxDestroy(AS(CUcontext, d)); break;
	case DEFER_PRIMARY:
		(void)cuCtxSetCurrent(NULL);
		(void)cuDevicePrimaryCtxRelease((CUdevice)d->handle);
		break;
	}
}

void e2e_cleanup(void)
{
	CUcontext c = NULL;
	int i;

	pthread_mutex_lock(&defer_lock);
	while (count > 0)
		release(&list[--count]);
	pthread_mutex_unlock(&defer_lock);

	/* Leave the next test an empty context stack, as a fresh thread has.
	 * The bound only guards against a driver that never says empty. */
	for (i = 0; i < 64; i++) {
		if (cuCtxGetCurrent(&c) != CUDA_SUCCESS || c == NULL)
			break;
		if (cuCtxPopCurrent(&c) != CUDA_SUCCESS)
			break;
	}
}
