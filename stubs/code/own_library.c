/*
 * own_library.c -- libraries and kernels usable on every server
 * (own_library.h).
 *
 * The program's handle of an own library or kernel is ROUTE_OWN's tag over
 * a slot of a table: its index in the low 32 bits and, above, the slot's
 * generation, raised each time the slot is emptied, so that a handle kept
 * after cuLibraryUnload is refused even once its slot holds another
 * object.  Lookups take `lock` only briefly, since launches do them.
 *
 * Loads and unloads, slow and rare, take `load_lock` first and keep it
 * across their calls to servers: an object is freed only under it, so a
 * thread loading a library on a server may use its image without `lock`,
 * and two threads never load one library twice on one server.  The order
 * is load_lock, then a connection (call.h), then lock.
 *
 * A child after fork() has sessions of its own, where the parent's
 * servers' handles mean nothing: it keeps the objects, which load again
 * on its servers when it uses them, and forgets their servers' handles.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "gen/glue_client.h"	/* on_server_cuLibraryGetKernel, generated */
#include "stubs/code/code_load.h"
#include "stubs/code/own_library.h"
#include "stubs/mem/managed.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"

struct library {
	void *image;
	size_t size;
	struct load_options options;	/* only what travels */
	struct kernel *kernels;
	uint64_t on[ROUTE_SERVERS_MAX];	/* the server's handle; 0: none yet */
};

struct kernel {
	struct library *library;
	struct kernel *next;	/* in library->kernels */
	uint64_t handle;	/* the program's */
	char *name;
	uint64_t on[ROUTE_SERVERS_MAX];
};

struct slot {
	uint32_t generation;
	uint32_t next_free;	/* while empty: the next empty slot + 1 */
	struct library *library;	/* one of the two, or neither: empty */
	struct kernel *kernel;
};

#define INDEX_BITS 32
#define GENERATION_MASK ((UINT32_C(1) << (ROUTE_TAG_SHIFT - INDEX_BITS)) - 1)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot *slots;
static uint32_t slot_count, slot_room;
static uint32_t first_free;	/* + 1; 0: none */

static pthread_once_t once = PTHREAD_ONCE_INIT;

bool library_is_shared(void)
{
	return rpc_server_count() > 1;
}

static void fork_prepare(void)
{
	pthread_mutex_lock(&load_lock);
	pthread_mutex_lock(&lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&lock);
	pthread_mutex_unlock(&load_lock);
}

static void fork_child(void)
{
	struct kernel *k;

	for (uint32_t i = 0; i < slot_count; i++) {
		if (slots[i].library == NULL)
			continue;
		memset(slots[i].library->on, 0, sizeof(slots[i].library->on));
		for (k = slots[i].library->kernels; k != NULL; k = k->next)
			memset(k->on, 0, sizeof(k->on));
	}
	fork_parent();
}

static void setup(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* Takes an empty slot for library or kernel; 0 when out of memory.  Under lock. */
static uint64_t slot_take(struct library *library, struct kernel *kernel)
{
	struct slot *grown;
	uint32_t i;

	if (first_free != 0) {
		i = first_free - 1;
		first_free = slots[i].next_free;
	} else {
		if (slot_count == slot_room) {
			uint32_t room = slot_room != 0 ? slot_room * 2 : 64;

			if (room < slot_room)
				return 0;
			grown = realloc(slots, room * sizeof(*slots));
			if (grown == NULL)
				return 0;
			slots = grown;
			slot_room = room;
		}
		i = slot_count++;
		slots[i].generation = 1;
	}
	slots[i].library = library;
	slots[i].kernel = kernel;
	return route_tag((uint64_t)slots[i].generation << INDEX_BITS | i,
	    ROUTE_OWN);
}

/* Empties the slot of a handle slot_find gave.  Under lock. */
static void slot_empty(uint64_t handle)
{
	struct slot *s = &slots[(uint32_t)handle];

	s->library = NULL;
	s->kernel = NULL;
	s->generation = (s->generation + 1) & GENERATION_MASK;
	if (s->generation == 0)
		s->generation = 1;
	s->next_free = first_free;
	first_free = (uint32_t)handle + 1;
}

/* The slot of a live handle, or NULL.  Under lock. */
static struct slot *slot_find(const void *handle)
{
	uint64_t value = route_strip(handle);
	uint32_t i = (uint32_t)value;

	if (route_server_of(handle) != ROUTE_OWN || i >= slot_count ||
	    slots[i].generation != (uint32_t)(value >> INDEX_BITS) ||
	    (slots[i].library == NULL && slots[i].kernel == NULL))
		return NULL;
	return &slots[i];
}

static struct library *library_find(const void *handle)
{
	struct slot *s = slot_find(handle);

	return s != NULL ? s->library : NULL;
}

CUresult library_adopt(unsigned server, uint64_t value, const void *image,
    size_t size, const struct load_options *o, CUlibrary *library)
{
	struct library *l = calloc(1, sizeof(*l));
	uint64_t handle = 0;
	struct call k;
	res_none r;

	pthread_once(&once, setup);

	if (l != NULL && (l->image = malloc(size)) != NULL) {
		memcpy(l->image, image, size);
		l->size = size;
		load_options_init(&l->options);
		memcpy(l->options.jit_storage, o->jit_storage,
		    sizeof(o->jit_storage));
		memcpy(l->options.library_storage, o->library_storage,
		    sizeof(o->library_storage));
		l->options.jit.jit_options_len = o->jit.jit_options_len;
		/* The program's list, registered for the program's life. */
		l->options.prelinked = o->prelinked;
		l->options.prelinked_count = o->prelinked_count;
		l->options.library.library_options_len =
		    o->library.library_options_len;
		l->on[server] = value;
		pthread_mutex_lock(&lock);
		handle = slot_take(l, NULL);
		pthread_mutex_unlock(&lock);
	}
	if (handle != 0) {
		*library = (CUlibrary)(uintptr_t)handle;
		return CUDA_SUCCESS;
	}
	if (l != NULL)
		free(l->image);
	free(l);
	if (call_begin_on(&k, server, CALL_REPLY(r)) == CUDA_SUCCESS)
		(void)call_end(&k, cu_library_unload(value, &r, k.c));
	return CUDA_ERROR_OUT_OF_MEMORY;
}

/* Loads l on server unless it is there.  Under load_lock. */
static CUresult reach(struct library *l, unsigned server)
{
	uint64_t value;
	CUresult e;

	if (l->on[server] != 0)
		return CUDA_SUCCESS;
	e = code_load_on(server, CODE_LOAD_LIBRARY, l->image, l->size,
	    &l->options, &value);
	if (e == CUDA_SUCCESS) {
		pthread_mutex_lock(&lock);
		l->on[server] = value;
		pthread_mutex_unlock(&lock);
	}
	return e;
}

/* Finds kernel k on server, its library loaded there.  Under load_lock. */
static CUresult reach_kernel(struct kernel *k, unsigned server)
{
	CUkernel there;
	CUresult e;

	if (k->on[server] != 0)
		return CUDA_SUCCESS;
	if ((e = reach(k->library, server)) != CUDA_SUCCESS)
		return e;
	e = on_server_cuLibraryGetKernel(server, &there,
	    (CUlibrary)(uintptr_t)k->library->on[server], k->name);
	if (e == CUDA_SUCCESS) {
		pthread_mutex_lock(&lock);
		k->on[server] = route_strip(there);
		pthread_mutex_unlock(&lock);
	}
	return e;
}

CUresult library_value(const void *handle, unsigned server, uint64_t *value)
{
	struct library *l = NULL;
	struct kernel *k = NULL;
	struct slot *s;
	CUresult e;

	if (server >= ROUTE_SERVERS_MAX)
		return CUDA_ERROR_INVALID_HANDLE;
	pthread_mutex_lock(&lock);
	if ((s = slot_find(handle)) != NULL) {
		l = s->library;
		k = s->kernel;
		*value = l != NULL ? l->on[server] : k->on[server];
	}
	pthread_mutex_unlock(&lock);
	if (s == NULL)
		return CUDA_ERROR_INVALID_HANDLE;
	if (*value != 0)
		return CUDA_SUCCESS;

	pthread_mutex_lock(&load_lock);
	pthread_mutex_lock(&lock);
	/* It may have been unloaded, and freed, since. */
	if ((s = slot_find(handle)) != NULL) {
		l = s->library;
		k = s->kernel;
	}
	pthread_mutex_unlock(&lock);
	if (s == NULL)
		e = CUDA_ERROR_INVALID_HANDLE;
	else if (l != NULL)
		e = reach(l, server);
	else
		e = reach_kernel(k, server);
	if (e == CUDA_SUCCESS)
		*value = l != NULL ? l->on[server] : k->on[server];
	pthread_mutex_unlock(&load_lock);
	return e;
}

CUresult library_kernel_of(const void *library, const char *name,
    unsigned server, uint64_t there, CUkernel *kernel)
{
	struct library *l;
	struct kernel *k;
	CUresult e = CUDA_SUCCESS;

	pthread_mutex_lock(&lock);
	if ((l = library_find(library)) == NULL) {
		e = CUDA_ERROR_INVALID_HANDLE;
		goto out;
	}
	for (k = l->kernels; k != NULL; k = k->next)
		if (strcmp(k->name, name) == 0)
			break;
	if (k == NULL) {
		if ((k = calloc(1, sizeof(*k))) == NULL ||
		    (k->name = strdup(name)) == NULL ||
		    (k->handle = slot_take(NULL, k)) == 0) {
			if (k != NULL)
				free(k->name);
			free(k);
			e = CUDA_ERROR_OUT_OF_MEMORY;
			goto out;
		}
		k->library = l;
		k->next = l->kernels;
		l->kernels = k;
	}
	if (k->on[server] == 0)
		k->on[server] = there;
	*kernel = (CUkernel)(uintptr_t)k->handle;
out:
	pthread_mutex_unlock(&lock);
	return e;
}

CUresult library_unload(CUlibrary library, bool *found)
{
	struct library *l;
	struct kernel *k, *next;
	CUresult e = CUDA_SUCCESS, e1;
	unsigned server;
	struct call k1;
	res_none r;

	pthread_mutex_lock(&load_lock);
	pthread_mutex_lock(&lock);
	if ((l = library_find(library)) != NULL) {
		slot_empty(route_strip(library));
		for (k = l->kernels; k != NULL; k = k->next)
			slot_empty(route_strip((void *)(uintptr_t)k->handle));
	}
	pthread_mutex_unlock(&lock);
	*found = l != NULL;
	if (l == NULL) {
		pthread_mutex_unlock(&load_lock);
		return CUDA_ERROR_INVALID_HANDLE;
	}
	for (server = 0; server < ROUTE_SERVERS_MAX; server++) {
		if (l->on[server] == 0)
			continue;
		if ((e1 = call_begin_on(&k1, server, CALL_REPLY(r))) ==
		    CUDA_SUCCESS) {
			enum clnt_stat st = cu_library_unload(l->on[server],
			    &r, k1.c);

			if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
				managed_library_unloaded(l->on[server]);
			e1 = call_done(&k1, st, &r.err);
		}
		if (e == CUDA_SUCCESS)
			e = e1;
	}
	for (k = l->kernels; k != NULL; k = next) {
		next = k->next;
		free(k->name);
		free(k);
	}
	free(l->image);
	free(l);
	pthread_mutex_unlock(&load_lock);
	return e;
}

CUresult route_value(const struct route *rt, const void *handle,
    uint64_t *value)
{
	if (route_server_of(handle) == ROUTE_OWN && rpc_server_count() > 1)
		return library_value(handle, (unsigned)rt->server, value);
	*value = route_strip(handle);
	return CUDA_SUCCESS;
}

CUresult library_call_code(struct call *k, const void *code, const void *b,
    enum route_kind b_kind, uint64_t *value, void *reply, size_t size)
{
	struct route rt = ROUTE_INIT;
	CUresult e;

	route_handle(&rt, code, ROUTE_CODE);
	route_handle(&rt, b, b_kind);
	if ((e = route_settle(&rt)) != CUDA_SUCCESS ||
	    (e = route_value(&rt, code, value)) != CUDA_SUCCESS)
		return e;
	return route_call(k, &rt, reply, size);
}
