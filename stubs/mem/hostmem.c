/*
 * hostmem.c -- page-locked host memory (see hostmem.h): cuMemAllocHost,
 * cuMemHostAlloc, cuMemFreeHost, cuMemHostRegister, cuMemHostUnregister,
 * cuMemHostGetDevicePointer, cuMemHostGetFlags.
 *
 * The client's side needs no page locking: it only ever takes part in
 * ordinary copies into and out of RPC messages.  The mirrors table changes
 * only while the connection lock is held, and each change is looked up and
 * made within one such section, so two threads freeing, registering or
 * unregistering at once see the server's order.
 *
 * Errors follow the driver (CUDA 13, as observed): freeing or unregistering
 * anything but the start of the right kind of memory is
 * CUDA_ERROR_INVALID_VALUE; unregistering memory that is not page-locked at
 * all is CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED; registering memory that
 * overlaps registered memory is CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
 * and memory from cuMemHostAlloc CUDA_ERROR_INVALID_VALUE.
 */
#include <assert.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/mem/downloads.h"
#include "stubs/mem/hostmem.h"
#include "stubs/link/local_connect.h"
#include "stubs/mem/local_share.h"
#include "stubs/mem/mapped.h"
#include "stubs/mem/pending_downloads.h"
#include "stubs/mem/device_ranges.h"
#include "common/range_table.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

struct mirror {
	struct range range;	/* the program's memory */
	uint64_t server;	/* the server's memory standing for it */
	uint64_t device;	/* device address of the server side once asked; 0 before */
	bool registered;	/* the program's own memory, not ours */
	unsigned link;		/* the server that holds the mirror (rpc.h) */
	bool shared;		/* mapped by the server too (local_share.h): no mirror to sync */
	unsigned int flags;	/* of cuMemHostAlloc, for shared and placed memory */
	bool placed;		/* the server's side is at the program's address */
	bool tracked;		/* kept coherent as mapped memory (mapped.h) */
};

static struct range_table mirrors = RANGE_TABLE_INIT(struct mirror);

/* Mirrors at the program's address not yet tracked: while there are none,
 * a launch looks at no argument (hostmem_track_reachable). */
static atomic_uint placed_untracked;

static uint64_t address_of(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

static bool find_mirror(const void *p, struct mirror *m)
{
	return range_table_find(&mirrors, address_of(p), m);
}

/* Begins call k on the server that holds p's mirror, else the current one. */
static CUresult call_for_mirror(struct call *k, const void *p)
{
	struct mirror m;

	if (find_mirror(p, &m))
		return call_begin_on(k, m.link, CALL_NO_REPLY);
	return call_begin(k, CALL_NO_REPLY);
}

bool hostmem_contains(const void *p)
{
	return find_mirror(p, NULL);
}

bool hostmem_shared_range(const void *p, size_t len, uint64_t *base,
    uint64_t *offset)
{
	struct mirror m;

	/* Shared with the server of the held connection, not another one. */
	if (!find_mirror(p, &m) || !m.shared || m.link != rpc_held_server() ||
	    len > m.range.size - (address_of(p) - m.range.base))
		return false;
	*base = m.server;
	*offset = address_of(p) - m.range.base;
	return true;
}

bool hostmem_download_mirror(const void *p, size_t len, uint64_t *server)
{
	struct mirror m;

	if (!find_mirror(p, &m) || m.registered || m.shared ||
	    m.link != rpc_held_server() ||
	    len > m.range.size - (address_of(p) - m.range.base))
		return false;
	*server = m.server + (address_of(p) - m.range.base);
	return true;
}

bool hostmem_to_server(const void *p, uint64_t *server)
{
	struct mirror m;

	/* Another server's mirror means nothing to the current one. */
	if (!find_mirror(p, &m) || m.link != route_current_server())
		return false;
	*server = m.server + (address_of(p) - m.range.base);
	return true;
}

static bool mirror_holds_server(const void *item, const void *arg)
{
	const struct mirror *m = item;
	uint64_t server = *(const uint64_t *)arg;

	return server >= m->server && server - m->server < m->range.size;
}

/* A linear search: answers about server addresses are rare (pointer attributes). */
bool hostmem_to_client(uint64_t server, void **client)
{
	struct mirror m;

	if (!range_table_search(&mirrors, mirror_holds_server, &server, &m))
		return false;
	*client = (void *)(uintptr_t)(m.range.base + (server - m.server));
	return true;
}

static void forget_device_side(const struct mirror *m)
{
	if (m->device != 0)
		devmem_forget(m->device);
}

/*
 * The GPU may reach m from now on: a mirror that is not the program's own
 * pages (shared) is kept coherent as mapped memory (mapped.h).  m is
 * changed here and recorded by the caller.  false: no memory for its
 * shadow.
 */
static bool start_tracking(struct mirror *m)
{
	if (m->tracked)
		return true;
	if (!m->shared && !mapped_track((void *)(uintptr_t)m->range.base,
	    m->server, m->range.size))
		return false;
	if (m->placed && !m->shared)
		atomic_fetch_sub(&placed_untracked, 1);
	m->tracked = true;
	return true;
}

bool hostmem_track_reachable(const void *args, size_t len)
{
	const unsigned char *bytes = args;
	struct mirror m;
	uint64_t word;
	size_t at;

	if (atomic_load(&placed_untracked) == 0)
		return true;
	/* Pointers lie at 8-byte offsets of the argument buffer. */
	for (at = 0; at + sizeof word <= len; at += sizeof word) {
		memcpy(&word, bytes + at, sizeof word);
		if (word == 0 || !find_mirror((const void *)(uintptr_t)word, &m) ||
		    !m.placed || m.shared || m.tracked)
			continue;
		if (!start_tracking(&m) || !range_table_update(&mirrors, &m))
			return false;
	}
	return true;
}

bool hostmem_placed_for_gpu(const void *p, size_t len)
{
	struct mirror m;

	if (!find_mirror(p, &m) || !m.placed ||
	    len > m.range.size - (address_of(p) - m.range.base))
		return false;
	if (m.shared || m.tracked)
		return true;
	return start_tracking(&m) && range_table_update(&mirrors, &m);
}

bool hostmem_note_device_pointer(const void *p, uint64_t dptr)
{
	struct mirror m;
	uint64_t device;

	if (!find_mirror(p, &m))
		return true;
	/* The program can now reach the mirror from the GPU. */
	if (!start_tracking(&m))
		return false;
	device = dptr - (address_of(p) - m.range.base);
	if (device == m.device)
		return range_table_update(&mirrors, &m);
	forget_device_side(&m);
	m.device = device;
	return devmem_note_allocation(device, m.range.size) && range_table_update(&mirrors, &m);
}

enum clnt_stat hostmem_gpu_address(CLIENT *c, const void *p, size_t len,
    bool *ours, uint64_t *device, int *err)
{
	uint64_t offset;
	enum clnt_stat st = RPC_SUCCESS;
	struct mirror m;
	res_dptr r;

	assert(rpc_lock_held());
	*ours = find_mirror(p, &m) && m.link == rpc_held_server() &&
	    len <= m.range.size - (address_of(p) - m.range.base);
	if (!*ours)
		return RPC_SUCCESS;
	offset = address_of(p) - m.range.base;
	if (m.placed) {
		/* The GPU reaches the mirror by the program's own address. */
		*device = address_of(p);
		if (!m.shared && !m.tracked && (!start_tracking(&m) ||
		    !range_table_update(&mirrors, &m)))
			*err = CUDA_ERROR_OUT_OF_MEMORY;
		return RPC_SUCCESS;
	}
	if (m.device == 0) {
		memset(&r, 0, sizeof(r));
		st = cu_mem_host_get_device_pointer(m.server, 0, &r, c);
		if (st != RPC_SUCCESS)
			return st;
		if (r.err != CUDA_SUCCESS) {
			*err = r.err;
			return RPC_SUCCESS;
		}
		if (!hostmem_note_device_pointer(
		    (const void *)(uintptr_t)m.range.base, r.res_dptr_u.value)) {
			*err = CUDA_ERROR_OUT_OF_MEMORY;
			return RPC_SUCCESS;
		}
		*device = r.res_dptr_u.value + offset;
		return RPC_SUCCESS;
	}
	if (!start_tracking(&m) || !range_table_update(&mirrors, &m))
		*err = CUDA_ERROR_OUT_OF_MEMORY;
	*device = m.device + offset;
	return st;
}

static bool mirror_holds_device(const void *item, const void *arg)
{
	const struct mirror *m = item;
	const uint64_t *key = arg;	/* { link, device } */

	if (m->link != key[0])
		return false;
	if (m->placed && key[1] >= m->range.base &&
	    key[1] - m->range.base < m->range.size)
		return true;
	return m->device != 0 && key[1] >= m->device &&
	    key[1] - m->device < m->range.size;
}

bool hostmem_device_to_client(unsigned link, uint64_t device, void **client)
{
	uint64_t key[2] = { link, device };
	struct mirror m;

	if (!range_table_search(&mirrors, mirror_holds_device, key, &m))
		return false;
	*client = (void *)(uintptr_t)(m.range.base + (device -
	    (m.placed ? m.range.base : m.device)));
	return true;
}

/* Ends a section that made no call: nothing can have failed. */
static CUresult end_without_call(struct call *k, CUresult result)
{
	(void)call_end(k, RPC_SUCCESS);
	return result;
}

/* Has the server free (or unregister, for registered memory) its mirror. */
static enum clnt_stat server_release(CLIENT *c, uint64_t server,
    bool registered, res_none *r)
{
	if (registered)
		return cu_mem_host_unregister(server, r, c);
	return cu_mem_free_host(server, r, c);
}

/*
 * Records the mirror the server just made for size bytes at p.  When the
 * table cannot take it, the server's side is given back and *err becomes
 * CUDA_ERROR_OUT_OF_MEMORY; the status is that of the call giving it back.
 */
static enum clnt_stat record_or_give_back(CLIENT *c, void *p, size_t size,
    uint64_t server, bool registered, bool shared, unsigned int flags,
    int *err)
{
	struct mirror m = { { address_of(p), size }, server, 0, registered,
	    rpc_held_server(), shared, flags, server == address_of(p), false };
	res_none undo;

	if (range_table_insert(&mirrors, &m, false, NULL) == RANGE_INSERTED) {
		if (m.placed && !m.shared)
			atomic_fetch_add(&placed_untracked, 1);
		return RPC_SUCCESS;
	}
	memset(&undo, 0, sizeof undo);
	*err = CUDA_ERROR_OUT_OF_MEMORY;
	/* The server registered shared memory: it gives it back by unregistering. */
	return server_release(c, server, registered || shared, &undo);
}

/*
 * Releases m on the server and, once it is gone there, forgets it here.
 * The driver's cuMemFreeHost and cuMemHostUnregister wait for the work
 * queued before them, so the downloads into m still pending here land
 * first (downloads.h): registered memory, which stays the program's, gets
 * its bytes, and nothing is left to land in memory that is gone.  An
 * error one of them met is *err, the release going ahead regardless.
 */
static enum clnt_stat release(CLIENT *c, const struct mirror *m, res_none *r,
    int *err)
{
	enum clnt_stat st;
	bool landed;

	*err = CUDA_SUCCESS;
	st = downloads_settle(c, (const void *)(uintptr_t)m->range.base,
	    m->range.size, &landed, err);
	if (st != RPC_SUCCESS)
		return st;
	st = server_release(c, m->server, m->registered || m->shared, r);

	if (st == RPC_SUCCESS && r->err == CUDA_SUCCESS) {
		range_table_remove(&mirrors, m->range.base, NULL);
		if (m->placed && !m->shared && !m->tracked)
			atomic_fetch_sub(&placed_untracked, 1);
		forget_device_side(m);
		mapped_forget((const void *)(uintptr_t)m->range.base);
		pending_forget_range((const void *)(uintptr_t)m->range.base,
		    m->range.size);
	}
	return st;
}

/*
 * The server had the program's address *p in use.  It is asked for a
 * mirror wherever its process has room, mapped the same way (at 0): each
 * kernel picks addresses for its own process, and the server's driver
 * reserves large ranges there, so an address free in the server's process
 * is seldom in use here.  The program's memory then moves to that address
 * (it is new, nothing is in it).  When the address is in use here, that
 * mirror is freed and one is made wherever the server's driver puts it,
 * which only cuMemHostGetDevicePointer's address reaches.  A server from
 * before the move refuses at 0 as a misplaced address.  One round trip
 * more than a placement that succeeds at once, three at most.  *p is the
 * program's memory in every case.
 */
static enum clnt_stat follow_server(CLIENT *c, void **p, size_t size,
    unsigned int flags, res_handle *r)
{
	void *q, *at;
	res_none freed;
	enum clnt_stat st;

	memset(r, 0, sizeof *r);
	st = cu_mem_host_alloc_at(0, size, flags, r, c);
	if (st != RPC_SUCCESS || r->err != CUDA_SUCCESS) {
		if (st != RPC_SUCCESS)
			return st;
		memset(r, 0, sizeof *r);
		return cu_mem_host_alloc(size, flags, r, c);
	}
	at = (void *)(uintptr_t)r->res_handle_u.value;
	q = mmap(at, size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (q == at) {
		munmap(*p, size);
		*p = q;
		return RPC_SUCCESS;
	}
	if (q != MAP_FAILED)	/* kernels before 4.17 took the flag as a hint */
		munmap(q, size);
	memset(&freed, 0, sizeof freed);
	st = cu_mem_free_host(r->res_handle_u.value, &freed, c);
	if (st != RPC_SUCCESS)
		return st;
	memset(r, 0, sizeof *r);
	if (freed.err != CUDA_SUCCESS) {
		r->err = freed.err;
		return RPC_SUCCESS;
	}
	return cu_mem_host_alloc(size, flags, r, c);
}

/*
 * Has the server make the mirror of *p: at *p itself when it can (so a
 * kernel may take the program's pointer, idl/cuda.x "One address on both
 * sides"), else at an address both sides have free (follow_server), else
 * wherever its driver puts it.  Flags the driver is to judge go the last
 * way only, and so does memory of no size.
 */
static enum clnt_stat mirror_alloc(CLIENT *c, void **p, size_t size,
    unsigned int flags, res_handle *r)
{
	const unsigned int known = CU_MEMHOSTALLOC_PORTABLE |
	    CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_WRITECOMBINED;
	enum clnt_stat st;

	if (*p == NULL || (flags & ~known) != 0)
		return cu_mem_host_alloc(size, flags, r, c);
	st = cu_mem_host_alloc_at(address_of(*p), size, flags, r, c);
	if (st != RPC_SUCCESS || r->err != CUDA_ERROR_ALREADY_MAPPED)
		return st;
	return follow_server(c, p, size, flags, r);
}

/*
 * cuMemAllocHost and cuMemHostAlloc.  Like the driver, 0 bytes succeed with
 * a NULL pointer (after the server's driver has had its say).
 */
static CUresult host_alloc(void **pp, size_t bytesize, unsigned int flags)
{
	res_handle r;
	void *p = NULL;
	bool shared = false;
	struct call k;
	enum clnt_stat st = RPC_SUCCESS;
	CUresult e;

	if (pp == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof r);
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	/* Same host: memory both processes map (local_share.h); mirrored memory
	 * otherwise, when the server cannot take a share, and for flags the
	 * driver is to refuse. */
	if (bytesize != 0 && local_link(k.c) && (flags &
	    ~(unsigned int)(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP |
	    CU_MEMHOSTALLOC_WRITECOMBINED)) == 0) {
		st = local_share(k.c, bytesize, flags, &p,
		    &r.res_handle_u.value,
		    &r.err);
		shared = st == RPC_SUCCESS && r.err == CUDA_SUCCESS;
	}
	if (st == RPC_SUCCESS && !shared) {
		r.err = CUDA_SUCCESS;
		if (bytesize != 0 && (p = mmap(NULL, bytesize, PROT_READ |
		    PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED) {
			p = NULL;
			r.err = CUDA_ERROR_OUT_OF_MEMORY;
		}
		if (r.err == CUDA_SUCCESS)
			st = mirror_alloc(k.c, &p, bytesize, flags, &r);
	}
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && p != NULL)
		st = record_or_give_back(k.c, p, bytesize, r.res_handle_u.value,
		    false, shared, flags, &r.err);
	if ((e = call_end(&k, st)) == CUDA_SUCCESS)
		e = (CUresult)r.err;
	if (e != CUDA_SUCCESS)
		goto fail;
	*pp = p;
	return CUDA_SUCCESS;
fail:
	if (p != NULL)
		munmap(p, bytesize);
	return e;
}

ONCUDA_API CUresult cuMemAllocHost(void **pp, size_t bytesize)
{
	return host_alloc(pp, bytesize, 0);
}

ONCUDA_API CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags)
{
	return host_alloc(pp, bytesize, Flags);
}

ONCUDA_API CUresult cuMemFreeHost(void *p)
{
	struct mirror m;
	res_none r;
	struct call k;
	CUresult e;
	int err;

	if (p == NULL)
		return CUDA_SUCCESS;
	memset(&r, 0, sizeof r);
	if ((e = call_for_mirror(&k, p)) != CUDA_SUCCESS)
		return e;
	if (!find_mirror(p, &m) || m.range.base != address_of(p) || m.registered)
		return end_without_call(&k, CUDA_ERROR_INVALID_VALUE);
	if ((e = call_end(&k, release(k.c, &m, &r, &err))) != CUDA_SUCCESS)
		return e;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	munmap(p, m.range.size);
	return (CUresult)err;
}

ONCUDA_API CUresult cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags)
{
	struct mirror m;
	res_handle r;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if (p == NULL || bytesize == 0)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof r);
	if ((e = call_begin(&k, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	if (range_table_find_overlap(&mirrors, address_of(p), bytesize, &m))
		return end_without_call(&k, m.registered ?
		    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED : CUDA_ERROR_INVALID_VALUE);
	st = cu_mem_host_register(bytesize, Flags, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = record_or_give_back(k.c, p, bytesize, r.res_handle_u.value,
		    true, false, 0, &r.err);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemHostUnregister(void *p)
{
	struct mirror m;
	res_none r;
	struct call k;
	CUresult e;
	int err;

	memset(&r, 0, sizeof r);
	if ((e = call_for_mirror(&k, p)) != CUDA_SUCCESS)
		return e;
	if (!find_mirror(p, &m))
		return end_without_call(&k,
		    CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	if (!m.registered || m.range.base != address_of(p))
		return end_without_call(&k, CUDA_ERROR_INVALID_VALUE);
	if ((e = call_end(&k, release(k.c, &m, &r, &err))) != CUDA_SUCCESS)
		return e;
	return r.err != CUDA_SUCCESS ? (CUresult)r.err : (CUresult)err;
}

ONCUDA_API CUresult cuMemHostGetDevicePointer(CUdeviceptr *pdptr, void *p,
    unsigned int Flags)
{
	res_dptr r;
	uint64_t server;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if (pdptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof r);
	if ((e = call_for_mirror(&k, p)) != CUDA_SUCCESS)
		return e;
	if (!hostmem_to_server(p, &server))
		return end_without_call(&k, CUDA_ERROR_INVALID_VALUE);
	st = cu_mem_host_get_device_pointer(server, Flags, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS &&
	    !hostmem_note_device_pointer(p, r.res_dptr_u.value))
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*pdptr = (CUdeviceptr)r.res_dptr_u.value;
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuMemHostGetFlags(unsigned int *pFlags, void *p)
{
	struct mirror m;
	res_uint r;
	uint64_t server;
	struct call k;
	CUresult e;

	if (pFlags == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	memset(&r, 0, sizeof r);
	if ((e = call_for_mirror(&k, p)) != CUDA_SUCCESS)
		return e;
	if (!find_mirror(p, &m))
		return end_without_call(&k, CUDA_ERROR_INVALID_VALUE);
	/* The server registered shared and placed memory, and the driver
	 * keeps no allocation flags for registered memory: the flags asked
	 * for are the answer. */
	if (m.shared || m.placed) {
		*pFlags = m.flags;
		return end_without_call(&k, CUDA_SUCCESS);
	}
	server = m.server + (address_of(p) - m.range.base);
	if ((e = call_end(&k, cu_mem_host_get_flags(server, &r, k.c))) !=
	    CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		*pFlags = r.res_uint_u.value;
	return (CUresult)r.err;
}
