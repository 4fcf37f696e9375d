/*
 * thread_stream.c -- each client thread's per-thread default stream
 * (thread_stream.h).
 *
 * A thread's streams, one per context it named CU_STREAM_PER_THREAD in,
 * hang off a record of the thread, and the records off one list, because
 * a context that goes away takes its streams from every thread's record.
 * One mutex guards the list and the records; a call's connection lock, when
 * held, is always taken before it.  A thread-specific key destroys a
 * thread's streams when it exits.
 */
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen/cuda_names.h"
#include "stubs/route/call.h"
#include "stubs/route/ctxstack.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/tag.h"

struct stream {
	CUcontext ctx;		/* as the program holds it (tagged) */
	CUstream stream;	/* tagged with ctx's server */
	struct stream *next;
};

struct thread_record {
	struct stream *streams;
	struct thread_record *next;
};

static pthread_mutex_t records_lock = PTHREAD_MUTEX_INITIALIZER;
static struct thread_record *all_records;
static _Thread_local struct thread_record *my_record;

static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static bool exit_key_made;

/* The stream of the calling thread in ctx; NULL when it has none. */
static CUstream find(CUcontext ctx)
{
	CUstream found = NULL;
	struct stream *s;

	pthread_mutex_lock(&records_lock);
	if (my_record != NULL)
		for (s = my_record->streams; s != NULL; s = s->next)
			if (s->ctx == ctx) {
				found = s->stream;
				break;
			}
	pthread_mutex_unlock(&records_lock);
	return found;
}

/* Takes record off the list; under records_lock. */
static void unlink_record(struct thread_record *record)
{
	struct thread_record **link;

	for (link = &all_records; *link != NULL; link = &(*link)->next)
		if (*link == record) {
			*link = record->next;
			return;
		}
}

/*
 * The thread's streams are destroyed on their servers, each under its
 * connection lock, where no context can go away meanwhile: a stream still
 * in the record is alive.  Errors are the thread's no more.
 */
static void thread_exits(void *arg)
{
	struct thread_record *record = arg;
	struct stream *s;
	struct call k;
	res_none r;

	for (;;) {
		unsigned server;
		bool held;

		pthread_mutex_lock(&records_lock);
		s = record->streams;
		server = s != NULL ? route_server_of(s->ctx) : 0;
		pthread_mutex_unlock(&records_lock);
		if (s == NULL)
			break;
		/* No connection: the stream went with the session. */
		held = call_begin_on_nosync(&k, server, CALL_REPLY(r)) ==
		    CUDA_SUCCESS;
		pthread_mutex_lock(&records_lock);
		s = record->streams;
		if (s != NULL && route_server_of(s->ctx) == server)
			record->streams = s->next;
		else
			s = NULL;	/* forgotten meanwhile: look again */
		pthread_mutex_unlock(&records_lock);
		if (held)
			(void)call_end(&k, s == NULL ? RPC_SUCCESS :
			    cu_stream_destroy(route_strip(s->stream), &r, k.c));
		free(s);
	}
	pthread_mutex_lock(&records_lock);
	unlink_record(record);
	pthread_mutex_unlock(&records_lock);
	if (my_record == record)
		my_record = NULL;
	free(record);
}

static void make_exit_key(void)
{
	exit_key_made = pthread_key_create(&exit_key, thread_exits) == 0;
}

/* Adds ctx's stream to the calling thread's record; under records_lock. */
static bool add_locked(CUcontext ctx, CUstream stream)
{
	struct stream *s;

	if (my_record == NULL) {
		if ((my_record = calloc(1, sizeof(*my_record))) == NULL)
			return false;
		pthread_once(&exit_key_once, make_exit_key);
		/* Without the key the streams outlive the thread: a leak. */
		if (exit_key_made)
			pthread_setspecific(exit_key, my_record);
		my_record->next = all_records;
		all_records = my_record;
	}
	if ((s = malloc(sizeof(*s))) == NULL)
		return false;
	s->ctx = ctx;
	s->stream = stream;
	s->next = my_record->streams;
	my_record->streams = s;
	return true;
}

/*
 * Makes the thread's stream in ctx.  It is recorded before the connection
 * is let go, so that a context destroyed right after finds it.
 */
static CUresult make(CUcontext ctx, CUstream *made)
{
	res_handle r;
	res_none undo;
	struct call k;
	enum clnt_stat st;
	CUresult e;
	bool kept;

	if ((e = call_begin_in(&k, ctx, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = cu_stream_create(CU_STREAM_DEFAULT, &r, k.c);
	if (st != RPC_SUCCESS || r.err != CUDA_SUCCESS)
		return call_done(&k, st, &r.err);
	*made = (CUstream)(uintptr_t)route_tag(r.res_handle_u.value, k.server);
	pthread_mutex_lock(&records_lock);
	kept = add_locked(ctx, *made);
	pthread_mutex_unlock(&records_lock);
	if (!kept) {
		memset(&undo, 0, sizeof undo);
		st = cu_stream_destroy(r.res_handle_u.value, &undo, k.c);
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	return call_done(&k, st, &r.err);
}

CUresult thread_stream(CUstream *h)
{
	CUcontext ctx;
	CUresult e;

	if (*h != CU_STREAM_PER_THREAD)
		return CUDA_SUCCESS;
	if ((ctx = ctxstack_current()) == NULL)
		return (e = rpc_local_check()) != CUDA_SUCCESS ? e :
		    CUDA_ERROR_INVALID_CONTEXT;
	if ((*h = find(ctx)) != NULL)
		return CUDA_SUCCESS;
	if ((e = make(ctx, h)) != CUDA_SUCCESS)
		*h = CU_STREAM_PER_THREAD;
	return e;
}

void thread_stream_forget(unsigned server, CUcontext ctx)
{
	struct thread_record *record;
	struct stream **link, *s;

	assert(rpc_lock_held());
	pthread_mutex_lock(&records_lock);
	for (record = all_records; record != NULL; record = record->next)
		for (link = &record->streams; (s = *link) != NULL;)
			if (route_server_of(s->ctx) == server &&
			    (ctx == NULL || s->ctx == ctx)) {
				*link = s->next;
				free(s);
			} else {
				link = &s->next;
			}
	pthread_mutex_unlock(&records_lock);
}

/*
 * fork(): the child is a new session (rpc.h), where the parent's streams
 * mean nothing, and has only the forking thread: every record is emptied
 * and those of other threads freed.
 */
static void fork_prepare(void)
{
	pthread_mutex_lock(&records_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&records_lock);
}

static void fork_child(void)
{
	struct thread_record *record, *next;
	struct stream *s;

	for (record = all_records; record != NULL; record = next) {
		next = record->next;
		while ((s = record->streams) != NULL) {
			record->streams = s->next;
			free(s);
		}
		if (record != my_record)
			free(record);
	}
	all_records = my_record;
	if (my_record != NULL)
		my_record->next = NULL;
	pthread_mutex_unlock(&records_lock);
}

__attribute__((constructor)) static void register_fork_handlers(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}
