/*
 * host_mirror.c -- the GPU's way to a host buffer that a graph's memcpy
 * node or a captured copy names (host_mirror.h; idl/cuda.x, memcpy_node).
 *
 * Natively such a node reads or writes the program's memory at each
 * replay.  The server's GPU cannot reach the program's memory, so the
 * node names a page-locked mirror on the server instead, kept coherent as
 * mapped memory is (mapped.h): page-locked memory of the program's has
 * its mirror already (hostmem.h); for pageable memory the server is asked
 * for one here, of the node's bytes (CU_HOST_MIRROR_ALLOC), and its
 * device alias is what the node names.
 *
 * Such a mirror outlives the node: the driver copies a node's parameters
 * into clones and executable graphs, whose end the client does not see.
 * It lives as long as its context, which frees it on the server; after a
 * context death the client asks which mirrors are gone (mapped.c) and
 * forgets those, so a later node makes a new one.  A node whose bytes lie
 * inside a mirror made before uses that mirror; one reaching past it gets
 * one of its own, which may overlap the first (each is kept coherent on
 * its own, mapped.c "Pageable memory").
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/mem/host_mirror.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/mapped.h"
#include "stubs/mem/memory.h"
#include "stubs/route/call.h"
#include "stubs/wire/rpc.h"

struct pageable {
	unsigned link;		/* the server holding the mirror (rpc.h) */
	const unsigned char *client;
	size_t size;
	uint64_t server;	/* the mirror */
	uint64_t device;	/* its device alias */
	struct pageable *next;
};

/* Calls on two servers' connections may run at once. */
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pageable *list;
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void forget_all(void)
{
	while (list != NULL) {
		struct pageable *m = list;

		list = m->next;
		free(m);
	}
}

/* A child after fork() has a session of its own, without these mirrors. */
static void register_fork_handler(void)
{
	pthread_atfork(NULL, NULL, forget_all);
}

/* Forgets the mirrors mapped.c no longer tracks: gone with their context. */
static void forget_untracked(void)
{
	struct pageable **at = &list, *m;

	while ((m = *at) != NULL) {
		if (mapped_tracks(m->link, m->server)) {
			at = &m->next;
			continue;
		}
		*at = m->next;
		free(m);
	}
}

static struct pageable *find_holding(unsigned link, const void *p,
    size_t len)
{
	const unsigned char *at = p;

	for (struct pageable *m = list; m != NULL; m = m->next)
		if (m->link == link && at >= m->client &&
		    (size_t)(at - m->client) <= m->size &&
		    len <= m->size - (size_t)(at - m->client))
			return m;
	return NULL;
}

/* Gives the server's mirror back after a later step failed. */
static enum clnt_stat give_back(CLIENT *c, uint64_t server)
{
	res_none r;

	memset(&r, 0, sizeof(r));
	return cu_mem_free_host(server, &r, c);
}

/* Has the server make a mirror of the len bytes at p, and records it. */
static enum clnt_stat make_mirror(CLIENT *c, const void *p, size_t len,
    struct pageable **out, int *err)
{
	const host_mirror_made *made;
	struct pageable *m;
	enum clnt_stat st;
	res_host_mirror r;

	memset(&r, 0, sizeof(r));
	st = cu_host_mirror_alloc(len, &r, c);
	if (st != RPC_SUCCESS || (*err = r.err) != CUDA_SUCCESS)
		return st;
	made = &r.res_host_mirror_u.value;
	if ((m = malloc(sizeof(*m))) == NULL ||
	    !mapped_track_pageable((void *)(uintptr_t)p, made->host, len,
	    made->id)) {
		free(m);
		*err = CUDA_ERROR_OUT_OF_MEMORY;
		return give_back(c, made->host);
	}
	m->link = rpc_held_server();
	m->client = p;
	m->size = len;
	m->server = made->host;
	m->device = made->device;
	m->next = list;
	list = m;
	*out = m;
	return st;
}

enum clnt_stat host_mirror_for_gpu(CLIENT *c, const void *p, size_t len,
    uint64_t *device, int *err)
{
	unsigned link = rpc_held_server();
	struct pageable *m;
	enum clnt_stat st;
	bool ours;

	if (p == NULL || len == 0) {
		*err = CUDA_ERROR_INVALID_VALUE;
		return RPC_SUCCESS;
	}
	st = hostmem_gpu_address(c, p, len, &ours, device, err);
	if (ours || st != RPC_SUCCESS || *err != CUDA_SUCCESS)
		return st;
	if ((st = mapped_check_pageable(c, err)) != RPC_SUCCESS ||
	    *err != CUDA_SUCCESS)
		return st;
	pthread_once(&fork_once, register_fork_handler);
	pthread_mutex_lock(&list_lock);
	forget_untracked();
	if ((m = find_holding(link, p, len)) == NULL)
		st = make_mirror(c, p, len, &m, err);
	if (st == RPC_SUCCESS && *err == CUDA_SUCCESS)
		*device = m->device + (uint64_t)((const unsigned char *)p -
		    m->client);
	pthread_mutex_unlock(&list_lock);
	return st;
}

bool host_mirror_to_client(unsigned link, uint64_t device, void **client)
{
	bool found = false;

	if (hostmem_device_to_client(link, device, client))
		return true;
	pthread_mutex_lock(&list_lock);
	forget_untracked();
	for (struct pageable *m = list; m != NULL && !found; m = m->next) {
		if (m->link == link && device >= m->device &&
		    device - m->device < m->size) {
			*client = (void *)(m->client + (device - m->device));
			found = true;
		}
	}
	pthread_mutex_unlock(&list_lock);
	return found;
}

bool host_mirror_is_host(const void *p, size_t len)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)p & ~(page - 1);

	if (hostmem_contains(p))
		return true;
	if (p == NULL || memory_is_device((uint64_t)(uintptr_t)p))
		return false;
	/* Device memory the client has no record of (a module's global)
	 * is not mapped in this process: msync answers ENOMEM. */
	return msync((void *)start, (uintptr_t)p + len - start, MS_ASYNC) == 0;
}
