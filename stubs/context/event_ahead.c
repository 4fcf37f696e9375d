/*
 * event_ahead.c -- cuEventCreate from events the server made ahead
 * (event_ahead.h).
 *
 * A training step of PyTorch makes an event and destroys it; each of the
 * two was a round trip, and a round trip waits for everything the program
 * queued before it, so the program stopped twice a step for the server to
 * catch up.  Now the destroy is one-way (idl/cuda.x), and the create takes
 * an event from a stock the server filled: one round trip makes
 * ONCUDA_EVENTS_AHEAD events of the flags asked for, in the calling
 * thread's current context, and the next cuEventCreates with those flags
 * in that context take them.  The driver made each one as its own
 * cuEventCreate would, and nothing has used it, so what the program gets
 * is what the driver would give it then.
 *
 * A stock is kept per (context, flags) and dies before its context can:
 * the calls that may destroy a context (cuCtxDestroy, cuGreenCtxDestroy,
 * the primary context's release and reset) first call
 * event_ahead_release, with the connection held, which queues a one-way
 * destroy of every event kept for that server while the contexts live.
 * The stock is filled with the connection held too, so no release falls
 * between the server making the events and the stock taking them.  Lock
 * order: the connection, then `lock`.  A fork's child, which has its own
 * session, keeps nothing.
 */
#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "stubs/context/event_ahead.h"
#include "gen/cuda_names.h"
#include "gen/glue_client.h"
#include "stubs/link/env_count.h"
#include "stubs/link/say.h"
#include "stubs/route/call.h"
#include "stubs/route/ctxstack.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"
#include "stubs/wire/tag.h"

/* The flags whose events are made ahead: those programs make in loops
 * (default, blocking sync, no timing, or both).  Interprocess events,
 * rare and exported one by one, are not. */
#define KEPT_FLAGS (CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING)

#define AHEAD_DEFAULT 8

/* (context, flags) pairs with a stock at once; a create that finds no
 * room asks for its one event alone. */
#define STOCKS 16

struct stock {
	CUcontext ctx;		/* as the program holds it; NULL: slot free */
	unsigned int flags;
	unsigned int count;
	CUevent events[ONCUDA_EVENTS_AHEAD_MAX];	/* tagged */
};

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static unsigned int ahead = AHEAD_DEFAULT;	/* ONCUDA_EVENTS_AHEAD */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct stock stocks[STOCKS];		/* under lock */

static void fork_prepare(void) { pthread_mutex_lock(&lock); }
static void fork_parent(void) { pthread_mutex_unlock(&lock); }

static void empty_in_child(void)
{
	pthread_mutex_init(&lock, NULL);
	memset(stocks, 0, sizeof(stocks));
}

static void setup(void)
{
	pthread_atfork(fork_prepare, fork_parent, empty_in_child);
	ahead = (unsigned int)env_count("ONCUDA_EVENTS_AHEAD", 0,
	    ONCUDA_EVENTS_AHEAD_MAX, AHEAD_DEFAULT);
}

/* Under lock: the stock of (ctx, flags), or NULL.  A stock in use holds
 * at least one event; a slot whose ctx is NULL is free. */
static struct stock *find(CUcontext ctx, unsigned int flags)
{
	assert(ctx != NULL);
	for (unsigned int i = 0; i < STOCKS; i++) {
		if (stocks[i].ctx == ctx && stocks[i].flags == flags)
			return &stocks[i];
	}
	return NULL;
}

/* Under lock: a free slot, or NULL. */
static struct stock *find_free(void)
{
	for (unsigned int i = 0; i < STOCKS; i++) {
		if (stocks[i].ctx == NULL)
			return &stocks[i];
	}
	return NULL;
}

/* An event of (ctx, flags) from the stock into *ev; false: none kept. */
static bool take(CUcontext ctx, unsigned int flags, CUevent *ev)
{
	struct stock *s;
	bool found = false;

	pthread_mutex_lock(&lock);
	if ((s = find(ctx, flags)) != NULL) {
		assert(s->count > 0);
		*ev = s->events[--s->count];
		if (s->count == 0)
			s->ctx = NULL;
		found = true;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

/* Whether a stock of (ctx, flags) could be started or added to. */
static bool room_for(CUcontext ctx, unsigned int flags)
{
	bool room;

	pthread_mutex_lock(&lock);
	room = find(ctx, flags) != NULL || find_free() != NULL;
	pthread_mutex_unlock(&lock);
	return room;
}

/*
 * With the connection to server held: the n events made (server values)
 * join the stock of (ctx, flags); those that find no room (another thread
 * took the last slot meanwhile) are destroyed, one-way, while their
 * context lives.
 */
static enum clnt_stat keep(CUcontext ctx, unsigned int flags,
    unsigned server, const cu_handle *made, unsigned int n, CLIENT *c)
{
	enum clnt_stat st = RPC_SUCCESS;
	struct stock *s = NULL;
	unsigned int i = 0;

	pthread_mutex_lock(&lock);
	if (n > 0 && (s = find(ctx, flags)) == NULL &&
	    (s = find_free()) != NULL) {
		s->ctx = ctx;
		s->flags = flags;
		s->count = 0;
	}
	for (; s != NULL && i < n && s->count < ONCUDA_EVENTS_AHEAD_MAX; i++)
		s->events[s->count++] =
		    (CUevent)(uintptr_t)route_tag(made[i], server);
	for (; i < n && st == RPC_SUCCESS; i++) {
		cu_handle h = made[i];

		st = batch_send(c, CU_EVENT_DESTROY, (xdrproc_t)xdr_cu_handle,
		    &h);
	}
	pthread_mutex_unlock(&lock);
	return st;
}

/* No event kept: the server makes some, the first for the program. */
static CUresult fill(CUcontext ctx, unsigned int flags, CUevent *out)
{
	unsigned int want = room_for(ctx, flags) ? ahead : 1, n;
	enum clnt_stat st;
	res_handles r;
	cu_handle *made;
	struct call k;
	CUresult e;

	memset(&r, 0, sizeof(r));
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = cu_event_create_ahead(flags, want, &r, k.c);
	n = r.res_handles_u.value.cu_handles_len;
	made = r.res_handles_u.value.cu_handles_val;
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && (n == 0 || n > want))
		r.err = CUDA_ERROR_UNKNOWN;	/* not the reply asked for */
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS) {
		*out = (CUevent)(uintptr_t)route_tag(made[0], k.server);
		st = keep(ctx, flags, k.server, made + 1, n - 1, k.c);
	}
	e = call_end(&k, st);
	if (e == CUDA_SUCCESS)
		e = rpc_server_result(r.err);
	xdr_free((xdrproc_t)xdr_res_handles, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags)
{
	CUcontext ctx;
	CUresult e;

	pthread_once(&setup_once, setup);
	if (ahead == 0 || (Flags & ~(unsigned int)KEPT_FLAGS) != 0 ||
	    (ctx = ctxstack_current()) == NULL)
		return plain_cuEventCreate(phEvent, Flags);
	if (phEvent == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* The stock outlives no session: a lost server answers as it would. */
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (take(ctx, Flags, phEvent))
		return CUDA_SUCCESS;
	return fill(ctx, Flags, phEvent);
}

enum clnt_stat event_ahead_release(unsigned server, CLIENT *c)
{
	enum clnt_stat st = RPC_SUCCESS;

	pthread_mutex_lock(&lock);
	for (unsigned int i = 0; i < STOCKS; i++) {
		struct stock *s = &stocks[i];

		if (s->ctx == NULL || route_server_of(s->ctx) != server)
			continue;
		while (s->count > 0 && st == RPC_SUCCESS) {
			cu_handle h = route_strip(s->events[--s->count]);

			st = batch_send(c, CU_EVENT_DESTROY,
			    (xdrproc_t)xdr_cu_handle, &h);
		}
		s->ctx = NULL;
		s->count = 0;
	}
	pthread_mutex_unlock(&lock);
	return st;
}
