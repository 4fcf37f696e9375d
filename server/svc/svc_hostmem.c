/*
 * svc_hostmem.c -- the server's side of page-locked host memory.
 *
 * The program's page-locked memory is client memory; the server holds a
 * mirror of the same size and flags, so that the driver judges the request
 * and answers device-pointer and attribute queries about it.  A pointer
 * from the client is only ever passed to the driver when it lies in a
 * mirror this client owns: the driver would otherwise be asked about
 * arbitrary addresses of this process.
 *
 * A device address the driver gives for a mirror (its alias under mapped
 * memory) becomes one of the client's device ranges (ranges.h), covering
 * the whole mirror, for as long as the mirror lives.
 *
 * A mirror of cuMemHostAlloc may also lie at the client's own address
 * (CU_MEM_HOST_ALLOC_AT): then it is memory we map and register, at an
 * address the client chose but can never make us map over our own.
 *
 * Calls down only: the session's ranges, limits and log, and
 * mapped_shadow.c (a freed mirror's shadow goes with it).  svc_mapped.c,
 * svc_local.c, svc_pointer.c and svc_context.c call it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "server/session/downloads.h"
#include "server/svc/svc_hostmem.h"
#include "server/svc/mapped_shadow.h"

struct mirror {
	void *base;
	size_t size;
	bool registered;	/* cuMemHostRegister'ed mmap, else cuMemHostAlloc */
	bool placed;		/* cuMemHostAlloc's, but our registered mmap at the
				 * client's address (CU_MEM_HOST_ALLOC_AT) */
	CUcontext ctx;		/* the context it was made in */
	uint64_t node_id;	/* CU_HOST_MIRROR_ALLOC's number for it, else 0 */
	struct mirror *next;
};

static struct mirror *mirrors;

/* The mirror holding ptr, or NULL. */
static struct mirror *mirror_holding(cu_hostptr ptr)
{
	struct mirror *m;

	for (m = mirrors; m != NULL; m = m->next) {
		uintptr_t base = (uintptr_t)m->base;

		if (ptr >= base && ptr - base < m->size)
			return m;
	}
	return NULL;
}

/* The mirror starting exactly at ptr and of the given kind, or NULL. */
static struct mirror *mirror_at(cu_hostptr ptr, bool registered)
{
	struct mirror *m = mirror_holding(ptr);

	if (m == NULL || (uintptr_t)m->base != ptr ||
	    m->registered != registered)
		return NULL;
	return m;
}

static bool mirror_add(void *base, size_t size, bool registered, bool placed)
{
	struct mirror *m = malloc(sizeof(*m));

	if (m == NULL)
		return false;
	m->base = base;
	m->size = size;
	m->registered = registered;
	m->placed = placed;
	m->node_id = 0;
	if (cuCtxGetCurrent(&m->ctx) != CUDA_SUCCESS)
		m->ctx = NULL;
	m->next = mirrors;
	mirrors = m;
	return true;
}

static void mirror_unlink(struct mirror *gone)
{
	struct mirror **at;

	downloads_mirror_gone(gone->base, gone->size);
	mapped_shadow_mirror_gone(gone->base);
	ranges_forget_owner(RANGE_HOST_ALIAS, (uintptr_t)gone->base);
	memory_give(gone->size, USAGE_PAGE_LOCKED);
	for (at = &mirrors; *at != NULL; at = &(*at)->next) {
		if (*at == gone) {
			*at = gone->next;
			free(gone);
			return;
		}
	}
}

/* Releases m through the driver; the record stays for the caller. */
static CUresult mirror_release(struct mirror *m)
{
	CUresult err;

	downloads_mirror_gone(m->base, m->size);
	if (!m->registered && !m->placed)
		return cuMemFreeHost(m->base);
	err = cuMemHostUnregister(m->base);
	if (err == CUDA_SUCCESS)
		munmap(m->base, m->size);
	return err;
}

/* Frees (or unregisters) the mirror of that kind starting at ptr. */
static CUresult mirror_remove(cu_hostptr ptr, bool registered)
{
	struct mirror *m;
	CUresult err;

	if ((m = mirror_at(ptr, registered)) == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((err = mirror_release(m)) == CUDA_SUCCESS)
		mirror_unlink(m);
	return err;
}

bool hostmem_adopt_registered(void *base, size_t size)
{
	return mirror_add(base, size, true, false);
}

bool hostmem_mirror_holds(cu_hostptr ptr, cu_size size)
{
	struct mirror *m = mirror_holding(ptr);

	return m != NULL && size <= m->size - (ptr - (uintptr_t)m->base);
}

bool hostmem_mirror_size(cu_hostptr ptr, size_t *size)
{
	struct mirror *m = mirror_holding(ptr);

	if (m == NULL || (uintptr_t)m->base != ptr)
		return false;
	*size = m->size;
	return true;
}

bool hostmem_alias_given(cu_hostptr ptr, CUdeviceptr alias)
{
	struct mirror *m = mirror_holding(ptr);
	uint64_t offset;

	if (m == NULL)
		return true;
	/* The driver maps a mirror whole and in one piece: the alias of its
	 * start lies as far below alias as ptr lies past the start. */
	offset = ptr - (uintptr_t)m->base;
	if (alias < offset)
		return true;
	return ranges_add(alias - offset, m->size, RANGE_HOST_ALIAS,
	    (uintptr_t)m->base, m->ctx);
}

bool_t cu_mem_host_alloc_svc(cu_size size, u_int flags, res_handle *r,
    struct svc_req *rq)
{
	void *p;

	(void)rq;
	if (!memory_take(size, USAGE_PAGE_LOCKED,
	    "page-locked host memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->err = cuMemHostAlloc(&p, (size_t)size, flags);
	if (r->err != CUDA_SUCCESS) {
		memory_give(size, USAGE_PAGE_LOCKED);
		return TRUE;
	}
	if (!mirror_add(p, (size_t)size, false, false)) {
		memory_give(size, USAGE_PAGE_LOCKED);
		cuMemFreeHost(p);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_handle_u.value = (cu_handle)(uintptr_t)p;
	return TRUE;
}

/* The last number CU_HOST_MIRROR_ALLOC gave a mirror. */
static uint64_t node_ids;

/*
 * A mirror for pageable memory a graph node names (idl/cuda.x,
 * CU_HOST_MIRROR_ALLOC): page-locked memory as cuMemHostAlloc makes it,
 * allocated in the relaxed capture mode, and its device alias.
 */
bool_t cu_host_mirror_alloc_svc(cu_size size, res_host_mirror *r,
    struct svc_req *rq)
{
	CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
	res_handle made;
	CUdeviceptr alias = 0;
	bool relaxed;

	memset(r, 0, sizeof(*r));
	memset(&made, 0, sizeof(made));
	relaxed = cuThreadExchangeStreamCaptureMode(&mode) == CUDA_SUCCESS;
	(void)cu_mem_host_alloc_svc(size, CU_MEMHOSTALLOC_PORTABLE |
	    CU_MEMHOSTALLOC_DEVICEMAP, &made, rq);
	if (relaxed)
		(void)cuThreadExchangeStreamCaptureMode(&mode);
	if ((r->err = made.err) != CUDA_SUCCESS)
		return TRUE;
	r->err = cuMemHostGetDevicePointer(&alias,
	    (void *)(uintptr_t)made.res_handle_u.value, 0);
	if (r->err == CUDA_SUCCESS &&
	    !hostmem_alias_given(made.res_handle_u.value, alias))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	if (r->err != CUDA_SUCCESS) {
		(void)mirror_remove(made.res_handle_u.value, false);
		return TRUE;
	}
	mirror_at(made.res_handle_u.value, false)->node_id = ++node_ids;
	r->res_host_mirror_u.value.host = made.res_handle_u.value;
	r->res_host_mirror_u.value.device = alias;
	r->res_host_mirror_u.value.id = node_ids;
	return TRUE;
}

bool_t cu_host_mirrors_alive_svc(host_mirror_refs refs, res_alive *r,
    struct svc_req *rq)
{
	u_int n = refs.host_mirror_refs_len;

	(void)rq;
	memset(r, 0, sizeof(*r));
	if (n > ONCUDA_HOST_MIRRORS_MAX ||
	    (r->res_alive_u.alive.alive_val = calloc(n + 1, 1)) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_alive_u.alive.alive_len = n;
	for (u_int i = 0; i < n; i++) {
		const host_mirror_ref *ref = &refs.host_mirror_refs_val[i];
		struct mirror *m = mirror_at(ref->host, false);
		unsigned int flags;

		if (m == NULL || ref->id == 0 || m->node_id != ref->id)
			continue;
		/* A driver may free a context's memory at a death we did not
		 * see (a primary context its reset left unretained): then the
		 * record goes too, and its shadow, which a push would write. */
		if (cuMemHostGetFlags(&flags, m->base) == CUDA_ERROR_INVALID_VALUE) {
			log_msg(LOG_INFO, "the mirror of pageable memory at %p "
			    "went with its context unseen", m->base);
			mirror_unlink(m);
			continue;
		}
		r->res_alive_u.alive.alive_val[i] = 1;
	}
	return TRUE;
}

/*
 * Maps size bytes at exactly at, never over anything this process has
 * mapped there (MAP_FIXED_NOREPLACE): the client chooses the address, so
 * it must not be able to replace the server's own memory.  NULL when the
 * address is taken or the kernel would put the memory elsewhere.
 */
static void *map_at(cu_hostptr at, cu_size size)
{
	void *p;

	p = mmap((void *)(uintptr_t)at, (size_t)size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	/* Kernels before 4.17 take the flag as a hint only. */
	if ((uintptr_t)p != at) {
		munmap(p, (size_t)size);
		return NULL;
	}
	return p;
}

/*
 * size bytes of zeroed memory wherever this process has room, counted as
 * page-locked memory against the session's limit; NULL with r->err set
 * when the limit or the kernel refuses.
 */
static void *counted_anywhere(cu_size size, res_handle *r)
{
	void *p;

	if (!memory_take(size, USAGE_PAGE_LOCKED, "page-locked host memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return NULL;
	}
	p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		memory_give(size, USAGE_PAGE_LOCKED);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return NULL;
	}
	return p;
}

/* An address the client may ask for: page-aligned, in the user half. */
static bool placeable(cu_hostptr at, cu_size size)
{
	const uint64_t user_top = (uint64_t)1 << 47;

	return at != 0 && at % (uint64_t)sysconf(_SC_PAGESIZE) == 0 &&
	    size != 0 && size <= user_top && at <= user_top - size;
}

/*
 * Completes CU_MEM_HOST_ALLOC_AT for the mirror now at at: its device
 * alias must be at itself (what the driver gives under unified addressing
 * when CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM holds), else a kernel could
 * not take the program's pointer and the placement has no point: the
 * mirror goes and the client is told the address is unusable.
 */
static bool_t place_alias(cu_hostptr at, res_handle *r)
{
	CUdeviceptr alias = 0;

	r->err = cuMemHostGetDevicePointer(&alias, (void *)(uintptr_t)at, 0);
	if (r->err == CUDA_SUCCESS && alias != (CUdeviceptr)at)
		r->err = CUDA_ERROR_ALREADY_MAPPED;
	if (r->err == CUDA_SUCCESS && !hostmem_alias_given(at, alias))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	if (r->err != CUDA_SUCCESS) {
		mirror_remove(at, false);
		return TRUE;
	}
	r->res_handle_u.value = (cu_handle)at;
	return TRUE;
}

bool_t cu_mem_host_alloc_at_svc(cu_hostptr at, cu_size size, u_int flags,
    res_handle *r, struct svc_req *rq)
{
	const unsigned int known = CU_MEMHOSTALLOC_PORTABLE |
	    CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_WRITECOMBINED;
	void *p;

	(void)rq;
	/* at 0: wherever this process has room, for a client that will move
	 * the program's memory to that address (stubs/mem/hostmem.c). */
	if ((flags & ~known) != 0 || !placeable(at != 0 ? at :
	    (cu_hostptr)sysconf(_SC_PAGESIZE), size)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if (at == 0) {
		if ((p = counted_anywhere(size, r)) == NULL)
			return TRUE;
		at = (cu_hostptr)(uintptr_t)p;
	} else if (!memory_take(size, USAGE_PAGE_LOCKED,
	    "page-locked host memory")) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	} else if ((p = map_at(at, size)) == NULL) {
		memory_give(size, USAGE_PAGE_LOCKED);
		r->err = CUDA_ERROR_ALREADY_MAPPED;
		return TRUE;
	}
	/* Every context reaches it, as cuMemHostAlloc's memory under unified
	 * addressing; write-combining has no registration flag. */
	r->err = cuMemHostRegister(p, (size_t)size,
	    CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP);
	if (r->err == CUDA_SUCCESS && !mirror_add(p, (size_t)size, false, true)) {
		cuMemHostUnregister(p);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	}
	if (r->err == CUDA_SUCCESS)
		return place_alias(at, r);
	memory_give(size, USAGE_PAGE_LOCKED);
	munmap(p, (size_t)size);
	return TRUE;
}

bool_t cu_mem_free_host_svc(cu_hostptr ptr, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = mirror_remove(ptr, false);
	return TRUE;
}

bool_t cu_mem_host_register_svc(cu_size size, u_int flags,
    res_handle *r, struct svc_req *rq)
{
	void *p;

	(void)rq;
	/* mmap gives page-aligned, zeroed memory of any size; 0 it refuses,
	 * and so does the driver. */
	if (size == 0) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	if ((p = counted_anywhere(size, r)) == NULL)
		return TRUE;
	r->err = cuMemHostRegister(p, (size_t)size, flags);
	if (r->err != CUDA_SUCCESS) {
		memory_give(size, USAGE_PAGE_LOCKED);
		munmap(p, (size_t)size);
		return TRUE;
	}
	if (!mirror_add(p, (size_t)size, true, false)) {
		memory_give(size, USAGE_PAGE_LOCKED);
		cuMemHostUnregister(p);
		munmap(p, (size_t)size);
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	r->res_handle_u.value = (cu_handle)(uintptr_t)p;
	return TRUE;
}

bool_t cu_mem_host_unregister_svc(cu_hostptr ptr, res_none *r,
    struct svc_req *rq)
{
	(void)rq;
	r->err = mirror_remove(ptr, true);
	return TRUE;
}

bool_t cu_mem_host_get_device_pointer_svc(cu_hostptr ptr, u_int flags,
    res_dptr *r, struct svc_req *rq)
{
	CUdeviceptr dptr;

	(void)rq;
	if (mirror_holding(ptr) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemHostGetDevicePointer(&dptr, (void *)(uintptr_t)ptr,
	    flags);
	if (r->err == CUDA_SUCCESS && !hostmem_alias_given(ptr, dptr))
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
	if (r->err == CUDA_SUCCESS)
		r->res_dptr_u.value = dptr;
	return TRUE;
}

bool_t cu_mem_host_get_flags_svc(cu_hostptr ptr, res_uint *r,
    struct svc_req *rq)
{
	unsigned int flags;

	(void)rq;
	if (mirror_holding(ptr) == NULL) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	r->err = cuMemHostGetFlags(&flags, (void *)(uintptr_t)ptr);
	if (r->err == CUDA_SUCCESS)
		r->res_uint_u.value = flags;
	return TRUE;
}

void hostmem_context_gone(CUcontext ctx)
{
	struct mirror *m, *next;

	/*
	 * The driver released the memory made in ctx with it.  What it
	 * allocated is gone; what we mapped and it registered is still ours
	 * to unmap.
	 */
	for (m = mirrors; m != NULL; m = next) {
		next = m->next;
		if (m->ctx != ctx)
			continue;
		if (m->registered)
			munmap(m->base, m->size);
		mirror_unlink(m);
	}
}

void hostmem_release_all(void)
{
	unsigned int released = 0;
	size_t bytes = 0;

	while (mirrors != NULL) {
		struct mirror *m = mirrors;
		CUresult err;

		/* The driver frees page-locked memory in its own context. */
		if (m->ctx != NULL)
			cuCtxSetCurrent(m->ctx);
		err = mirror_release(m);
		if (err != CUDA_SUCCESS) {
			log_msg(LOG_WARN, "releasing %zu bytes of page-locked "
			    "host memory at %p failed with error %d", m->size,
			    m->base, err);
			if (m->registered)
				munmap(m->base, m->size);
		} else {
			released++;
			bytes += m->size;
		}
		mirror_unlink(m);
	}
	log_msg(LOG_DEBUG, "released %u page-locked host buffers (%zu bytes)",
	    released, bytes);
}
