/*
 * managed.c -- managed memory (idl/cuda.x, "managed (unified) memory"):
 * cuMemAllocManaged, cuMemPrefetchAsync (all forms), cuMemAdvise (both),
 * cuMemRangeGetAttribute(s); and the release
 * of the program's side at cuMemFree (managed.h).
 *
 * The program's side of an allocation is anonymous memory mapped at the
 * server's address, the pages its bytes touch (shared with a neighbour
 * where the driver packed two allocations into one page: own_pages),
 * write-protected so that its written pages are known (dirty_pages.h), and tracked by mapped.c, which pushes
 * and pulls it with mapped host memory.  It is also recorded as device
 * memory (device_ranges.h), so that copies treat the address as the
 * device memory it is, and so that the pointer attributes are asked of
 * the server, whose driver knows it as managed.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cuda.h>

#include "common/host_memory.h"
#include "common/huge_pages.h"
#include "common/mem_props.h"
#include "common/range_table.h"
#include "gen/cuda_names.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/dirty_pages.h"
#include "stubs/mem/managed.h"
#include "stubs/route/thread_stream.h"
#include "stubs/mem/mapped.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/* The ABIs before CUDA 13, which cuda.h 13 maps to the _v2 names. */
#undef cuMemPrefetchAsync
#undef cuMemAdvise
ONCUDA_API CUresult cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
    CUdevice dstDevice, CUstream hStream);
ONCUDA_API CUresult cuMemPrefetchAsync_ptsz(CUdeviceptr devPtr, size_t count,
    CUdevice dstDevice, CUstream hStream);
ONCUDA_API CUresult cuMemPrefetchAsync_v2_ptsz(CUdeviceptr devPtr,
    size_t count, CUmemLocation location, unsigned int flags,
    CUstream hStream);
ONCUDA_API CUresult cuMemAdvise(CUdeviceptr devPtr, size_t count,
    CUmem_advise advice, CUdevice device);

/* The program's side of one managed allocation, and whose it is. */
struct side {
	struct range range;
	unsigned server;	/* index of rpc.h's list */
};

/* The program's sides of managed allocations; changed under the connection lock. */
static struct range_table sides = RANGE_TABLE_INIT(struct side);

static void forget_var_side(unsigned server, uint64_t base);

/*
 * The pages of [at, at + size) that no other side touches, [*lo, *hi):
 * the driver packs small managed allocations several to a page (512-byte
 * steps within a 2 MiB block, on driver 580), so the page at either end may
 * already be mapped, holding a neighbour.  Such a page is mapped while any
 * side touches it.  Empty when *lo >= *hi.
 */
static void own_pages(uint64_t at, uint64_t size, uint64_t *lo, uint64_t *hi)
{
	uint64_t page = dirty_pages_page_size();

	*lo = at / page * page;
	*hi = (at + size + page - 1) / page * page;
	if (range_table_find_overlap(&sides, *lo, page, NULL))
		*lo += page;
	if (*hi > *lo && range_table_find_overlap(&sides, *hi - page, page, NULL))
		*hi -= page;
}

bool managed_contains(const void *p, size_t len)
{
	return range_table_find_overlap(&sides, (uint64_t)(uintptr_t)p,
	    len == 0 ? 1 : len, NULL);
}

void managed_host_write(void *p, size_t len)
{
	if (managed_contains(p, len))
		dirty_pages_mark(p, len);
}

void managed_freed(uint64_t dptr)
{
	struct side v;
	uint64_t lo, hi;

	if (!range_table_remove(&sides, dptr, &v))
		return;
	mapped_forget((const void *)(uintptr_t)v.range.base);
	dirty_pages_remove((void *)(uintptr_t)v.range.base);
	own_pages(v.range.base, v.range.size, &lo, &hi);
	if (lo < hi)
		munmap((void *)(uintptr_t)lo, hi - lo);
}

/*
 * The held server placed new managed memory over sides of its own: those
 * are of allocations that died without a free this process saw (with
 * their context: cuCtxDestroy, cuDevicePrimaryCtxReset, cudaDeviceReset),
 * since a driver hands out only free addresses; forgotten, as
 * device_ranges.c forgets stale ranges.  False when a side of another
 * server is in the way: two servers' memory cannot share one address
 * here.
 */
static bool forget_stale_sides(uint64_t at, size_t size)
{
	unsigned server = rpc_held_server();
	struct side v;

	assert(rpc_lock_held());
	while (range_table_find_overlap(&sides, at, size, &v)) {
		if (v.server != server)
			return false;
		forget_var_side(server, v.range.base);
		managed_freed(v.range.base);
		devmem_forget(v.range.base);
	}
	return true;
}

/* Said once: an allocation failed because its address is taken here. */
static void say_taken(const char *call, uint64_t at, size_t size)
{
	static bool said;

	if (!said)
		oncuda_say("%s: the server's address %#llx (%zu bytes) is "
		    "already in use in this process, where the program's side "
		    "must be mapped: failing with CUDA_ERROR_OUT_OF_MEMORY",
		    call, (unsigned long long)at, size);
	said = true;
}

/* Under ONCUDA_DEBUG, once: how the program's stores are learnt of. */
static void say_tracking(void)
{
	const char *debug = getenv("ONCUDA_DEBUG");
	static bool said;

	if (said || debug == NULL || *debug == '\0' || strcmp(debug, "0") == 0)
		return;
	said = true;
	oncuda_say("managed memory: the program's stores are learnt of by %s%s",
	    dirty_pages_method(),
	    strcmp(dirty_pages_method(), "userfaultfd") == 0 ? "" :
	    " (a system call storing into managed memory fails with EFAULT; "
	    "userfaultfd was refused or not asked for: it needs Linux 6.4, "
	    "vm.unprivileged_userfaultfd=1 or CAP_SYS_PTRACE, and is unknown "
	    "to valgrind)");
}

/*
 * The lowest address the program's side may have: Linux's default
 * vm.mmap_min_addr.  A process that may map lower (root may) must still
 * never be made to map its first pages, where a null pointer points: no
 * driver places memory there, so such an answer is a damaged reply or a
 * hostile server.
 */
#define LOWEST_SIDE 65536u

/*
 * Maps and tracks the program's side of the managed memory the server just
 * gave out at at, for call (the entry point, for messages).  false: it
 * cannot be (the call then fails, the memory given back).
 */
static bool map_side(const char *call, uint64_t at, size_t size)
{
	struct side v = { { at, size }, rpc_held_server() };
	uint64_t lo, hi;
	void *p = (void *)(uintptr_t)at;

	if (size == 0 || at < LOWEST_SIDE ||
	    at > UINTPTR_MAX - size - dirty_pages_page_size()) {
		static bool said;

		if (!said)
			oncuda_say("%s: the server placed the memory at "
			    "%#llx, where no program's memory can be: failing "
			    "with CUDA_ERROR_OUT_OF_MEMORY (a damaged reply, or "
			    "a server that is not oncudad?)", call,
			    (unsigned long long)at);
		said = true;
		return false;
	}
	if (!forget_stale_sides(at, size)) {
		say_taken(call, at, size);
		return false;
	}
	own_pages(at, size, &lo, &hi);
	if (lo < hi) {
		void *m = mmap((void *)(uintptr_t)lo, hi - lo,
		    PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

		if (m == MAP_FAILED || m != (void *)(uintptr_t)lo) {
			if (m != MAP_FAILED)	/* no NOREPLACE: a hint */
				munmap(m, hi - lo);
			say_taken(call, lo, hi - lo);
			return false;
		}
		/*
		 * Allocated now, in huge pages where the kernel has them: the
		 * program's first stores would otherwise take a fault a 4 KiB
		 * page (huge_pages.h), and its side is held in full anyway
		 * from the first push, whose shadow covers it all.
		 */
		(void)huge_pages_advise(m, hi - lo, true);
	}
	/*
	 * Its bytes on a neighbour's page may hold what an allocation freed
	 * there left; the server's start from zeros.  A store into that
	 * page, protected, faults into dirty_pages.c like the program's.
	 */
	if (lo >= hi) {
		memset(p, 0, size);
	} else {
		if (at < lo)
			memset(p, 0, (size_t)(lo - at));
		if (at + size > hi)
			memset((void *)(uintptr_t)hi, 0, (size_t)(at + size - hi));
	}
	say_tracking();
	if (!dirty_pages_add(p, size))
		goto unmap;
	if (!mapped_track_paged(p, size))
		goto unwatch;
	if (range_table_insert(&sides, &v, false, NULL) != RANGE_INSERTED)
		goto untrack;
	if (devmem_note(at, size))
		return true;
	range_table_remove(&sides, at, NULL);
untrack:
	mapped_forget(p);
unwatch:
	dirty_pages_remove(p);
unmap:
	if (lo < hi)
		munmap((void *)(uintptr_t)lo, hi - lo);
	return false;
}

/*
 * The sides of libraries' managed variables (managed_var_side), by library,
 * unmapped when it is unloaded; under the connection lock.
 */
struct var_side {
	unsigned server;	/* whose library it is */
	uint64_t library;	/* the server's handle */
	uint64_t base;
	struct var_side *next;
};
static struct var_side *var_sides;

bool managed_var_side(uint64_t library, uint64_t at, size_t size)
{
	struct var_side *v;
	struct side known;

	assert(rpc_lock_held());
	/* The same variable asked for again (a side of a dead library, or
	 * one in the way, map_side sorts out). */
	if (range_table_find(&sides, at, &known) &&
	    known.server == rpc_held_server() && known.range.base == at &&
	    known.range.size == size)
		return true;
	if ((v = malloc(sizeof(*v))) == NULL)
		return false;
	if (!map_side("cuLibraryGetManaged", at, size)) {
		free(v);
		return false;
	}
	v->server = rpc_held_server();
	v->library = library;
	v->base = at;
	v->next = var_sides;
	var_sides = v;
	return true;
}

/* Drops the record of server's variable at base, if one is kept. */
static void forget_var_side(unsigned server, uint64_t base)
{
	struct var_side **at = &var_sides, *v;

	while ((v = *at) != NULL) {
		if (v->server == server && v->base == base) {
			*at = v->next;
			free(v);
			return;
		}
		at = &v->next;
	}
}

void managed_library_unloaded(uint64_t library)
{
	struct var_side **at = &var_sides, *v;

	assert(rpc_lock_held());
	while ((v = *at) != NULL) {
		if (v->library != library || v->server != rpc_held_server()) {
			at = &v->next;
			continue;
		}
		*at = v->next;
		managed_freed(v->base);
		devmem_forget(v->base);
		free(v);
	}
}

ONCUDA_API CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
    unsigned int flags)
{
	res_dptr r;
	res_none undo;
	struct call k;
	enum clnt_stat st;
	CUresult e;
	uint64_t available = 0;

	if (dptr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	/* The program's side and its shadow, both here (host_memory.h). */
	if (!host_memory_fits(bytesize, 2, &available)) {
		oncuda_say("cuMemAllocManaged of %zu bytes: managed memory "
		    "through oncuda is kept in this host's memory twice, and "
		    "%llu bytes are available: failing with "
		    "CUDA_ERROR_OUT_OF_MEMORY", bytesize,
		    (unsigned long long)available);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	if ((e = call_begin(&k, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	st = cu_mem_alloc_managed(bytesize, flags, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS &&
	    !map_side("cuMemAllocManaged", r.res_dptr_u.value, bytesize)) {
		memset(&undo, 0, sizeof(undo));
		st = cu_mem_free(r.res_dptr_u.value, &undo, k.c);
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if ((e = call_done(&k, st, &r.err)) == CUDA_SUCCESS)
		*dptr = (CUdeviceptr)r.res_dptr_u.value;
	return e;
}

static bool to_host(const CUmemLocation *l)
{
	return l->type == CU_MEM_LOCATION_TYPE_HOST ||
	    l->type == CU_MEM_LOCATION_TYPE_HOST_NUMA ||
	    l->type == CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT;
}

/* Routes a call that names stream s (may be NULL) and location l. */
static CUresult begin_located(struct call *k, CUstream s,
    const CUmemLocation *l, mem_location *wire, void *reply, size_t size)
{
	struct route rt = ROUTE_INIT;
	CUdevice local;
	CUresult e;

	/* CU_STREAM_PER_THREAD is the thread's own stream (thread_stream.h). */
	if ((e = thread_stream(&s)) != CUDA_SUCCESS)
		return e;
	*wire = mem_location_pack(l);
	route_handle(&rt, s, ROUTE_STREAM);
	if (l->type == CU_MEM_LOCATION_TYPE_DEVICE) {
		route_device(&rt, l->id, &local);
		wire->id = local;
	}
	return route_call(k, &rt, reply, size);
}

ONCUDA_API CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
    CUmemLocation location, unsigned int flags, CUstream hStream)
{
	mem_location wire;
	res_none r, w;
	struct call k;
	enum clnt_stat st;
	CUresult e;

	if ((e = begin_located(&k, hStream, &location, &wire,
	    CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	/* Queued work: what the program wrote goes first. */
	st = mapped_push(k.c, &r.err);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		st = cu_mem_prefetch_async(devPtr, count, wire, flags,
		    route_strip(hStream), &r, k.c);
	/* To the host, which is here: wait for the stream, then fetch. */
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS && to_host(&location)) {
		memset(&w, 0, sizeof(w));
		st = cu_stream_synchronize(route_strip(hStream), &w, k.c);
		r.err = w.err;
		if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
			st = mapped_pull(k.c, &r.err);
	}
	return call_done(&k, st, &r.err);
}

ONCUDA_API CUresult cuMemPrefetchAsync_v2_ptsz(CUdeviceptr devPtr,
    size_t count, CUmemLocation location, unsigned int flags,
    CUstream hStream)
{
	return cuMemPrefetchAsync_v2(devPtr, count, location, flags,
	    hStream == NULL ? CU_STREAM_PER_THREAD : hStream);
}

/* The old ABIs' CUdevice, CU_DEVICE_CPU for the host, as a location. */
static CUmemLocation location_of(CUdevice dev)
{
	CUmemLocation l;

	memset(&l, 0, sizeof(l));
	l.type = dev == CU_DEVICE_CPU ? CU_MEM_LOCATION_TYPE_HOST :
	    CU_MEM_LOCATION_TYPE_DEVICE;
	l.id = dev == CU_DEVICE_CPU ? 0 : dev;
	return l;
}

ONCUDA_API CUresult cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
    CUdevice dstDevice, CUstream hStream)
{
	return cuMemPrefetchAsync_v2(devPtr, count, location_of(dstDevice), 0,
	    hStream);
}

ONCUDA_API CUresult cuMemPrefetchAsync_ptsz(CUdeviceptr devPtr, size_t count,
    CUdevice dstDevice, CUstream hStream)
{
	return cuMemPrefetchAsync_v2_ptsz(devPtr, count,
	    location_of(dstDevice), 0, hStream);
}

ONCUDA_API CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count,
    CUmem_advise advice, CUmemLocation location)
{
	mem_location wire;
	res_none r;
	struct call k;
	CUresult e;

	if ((e = begin_located(&k, NULL, &location, &wire, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_mem_advise(devPtr, count, (int)advice, wire,
	    &r, k.c), &r.err);
}

ONCUDA_API CUresult cuMemAdvise(CUdeviceptr devPtr, size_t count,
    CUmem_advise advice, CUdevice device)
{
	return cuMemAdvise_v2(devPtr, count, advice, location_of(device));
}

ONCUDA_API CUresult cuMemRangeGetAttribute(void *data, size_t dataSize,
    CUmem_range_attribute attribute, CUdeviceptr devPtr, size_t count)
{
	res_data r;
	struct call k;
	CUresult e;

	if (data == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = devmem_call(&k, devPtr, CALL_REPLY(r))) != CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_mem_range_get_attribute(dataSize, (int)attribute,
	    devPtr, count, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS) {
		if (r.res_data_u.data.data_len == dataSize)
			memcpy(data, r.res_data_u.data.data_val, dataSize);
		else
			e = CUDA_ERROR_UNKNOWN;	/* not what was asked */
	}
	xdr_free((xdrproc_t)xdr_res_data, (char *)&r);
	return e;
}

ONCUDA_API CUresult cuMemRangeGetAttributes(void **data, size_t *dataSizes,
    CUmem_range_attribute *attributes, size_t numAttributes,
    CUdeviceptr devPtr, size_t count)
{
	CUresult e = CUDA_SUCCESS;

	if (data == NULL || dataSizes == NULL || attributes == NULL ||
	    numAttributes == 0)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < numAttributes && e == CUDA_SUCCESS; i++)
		e = cuMemRangeGetAttribute(data[i], dataSizes[i], attributes[i],
		    devPtr, count);
	return e;
}

/* cuStreamAttachMemAsync and its _ptsz form are plain (gen/glue_client.c). */
