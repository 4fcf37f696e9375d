/*
 * alloc_table.c - every range of "device" memory the stand-in knows about.
 *
 * Device memory is anonymous mmap()ed host memory: pages are only touched
 * when used, so a 1 GiB allocation costs nothing until written.  The table
 * is kept sorted by base address so that any address can be mapped to its
 * allocation with a binary search; copies, memsets and kernels use that to
 * refuse ranges outside live allocations instead of crashing, as the
 * driver refuses them.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fakecuda.h"

static struct fc_alloc **table;
static size_t table_count;
static size_t table_capacity;
static unsigned long long next_buffer_id = 1;

/* Index of the first allocation whose base is above addr. */
static size_t
upper_bound(uintptr_t addr)
{
	size_t lo = 0, hi = table_count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (table[mid]->base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct fc_alloc *
fc_alloc_find(uintptr_t addr)
{
	size_t i = upper_bound(addr);
	struct fc_alloc *a;

	if (i == 0)
		return NULL;
	a = table[i - 1];
	return addr - a->base < a->size ? a : NULL;
}

/*
 * Contiguous virtual memory mappings (vmm.c) are one range, as on a GPU:
 * a kernel or copy may cross the seam between two.
 */
bool
fc_alloc_covers(uintptr_t addr, size_t bytes)
{
	struct fc_alloc *a = fc_alloc_find(addr);

	while (a != NULL && bytes > a->size - (addr - a->base)) {
		struct fc_alloc *next;

		if (a->kind != FC_MEM_VMM_MAPPING)
			return false;
		next = fc_alloc_find(a->base + a->size);
		if (next == NULL || next->base != a->base + a->size ||
		    next->kind != FC_MEM_VMM_MAPPING)
			return false;
		bytes -= a->size - (addr - a->base);
		addr = next->base;
		a = next;
	}
	return a != NULL;
}

static bool
overlaps_any(uintptr_t base, size_t size)
{
	size_t i = upper_bound(base);

	if (i > 0 && base - table[i - 1]->base < table[i - 1]->size)
		return true;
	return i < table_count && table[i]->base - base < size;
}

static CUresult
insert(struct fc_alloc *a)
{
	size_t i;

	if (table_count == table_capacity) {
		size_t capacity = table_capacity ? table_capacity * 2 : 64;
		struct fc_alloc **grown;

		grown = realloc(table, capacity * sizeof(*grown));
		if (grown == NULL)
			return CUDA_ERROR_OUT_OF_MEMORY;
		table = grown;
		table_capacity = capacity;
	}
	i = upper_bound(a->base);
	memmove(&table[i + 1], &table[i], (table_count - i) * sizeof(*table));
	table[i] = a;
	table_count++;
	return CUDA_SUCCESS;
}

static void
remove_entry(struct fc_alloc *a)
{
	size_t i = upper_bound(a->base) - 1;

	memmove(&table[i], &table[i + 1],
	    (table_count - i - 1) * sizeof(*table));
	table_count--;
	if (table_count == 0) {
		free(table);
		table = NULL;
		table_capacity = 0;
	}
}

/* Device and pinned host memory come out of the GPU's memory. */
/*
 * Where to ask mmap() to put the next allocation.  A real GPU's addresses
 * come from a window the driver reserves, far from the heap; handing out
 * heap-like addresses instead would let them equal ordinary host pointers in
 * the client (another process), which no real device does.  So allocations
 * go into a window of their own, asked for as a hint: the kernel moves the
 * mapping elsewhere if the window is taken, which is still correct.
 */
#define DEVICE_WINDOW_BASE 0x500000000000ULL
#define DEVICE_WINDOW_SIZE 0x100000000000ULL

/*
 * Ranges a dead context's allocations held: the driver hands such
 * addresses out again (on the H200, a context's managed memory came back
 * at the same address after cuCtxDestroy), and a client must not keep
 * anything of theirs in the way.  The next allocation of the same size
 * takes one.
 */
#define REUSABLE_MAX 64
static struct { uintptr_t base; size_t bytes; } reusable[REUSABLE_MAX];
static size_t reusable_count;

static void
note_reusable(uintptr_t base, size_t bytes)
{
	if (reusable_count < REUSABLE_MAX) {
		reusable[reusable_count].base = base;
		reusable[reusable_count].bytes = bytes;
		reusable_count++;
	}
}

static void *
next_device_address(size_t bytes)
{
	static uintptr_t next = DEVICE_WINDOW_BASE;
	uintptr_t here = next;

	for (size_t i = 0; i < reusable_count; i++)
		if (reusable[i].bytes == bytes) {
			here = reusable[i].base;
			reusable[i] = reusable[--reusable_count];
			return (void *)here;
		}

	if (bytes > DEVICE_WINDOW_SIZE ||
	    here + bytes > DEVICE_WINDOW_BASE + DEVICE_WINDOW_SIZE)
		here = next = DEVICE_WINDOW_BASE;
	next = here + bytes;
	return (void *)here;
}

static bool
is_charged(enum fc_mem_kind kind)
{
	return kind == FC_MEM_DEVICE || kind == FC_MEM_HOST_PINNED ||
	    kind == FC_MEM_MANAGED;
}

CUresult
fc_alloc_create(struct fc_context *ctx, enum fc_mem_kind kind, size_t size,
    unsigned int flags, struct fc_alloc **out)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	struct fc_alloc *a;
	void *p;
	CUresult rc;

	if (size == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (size > SIZE_MAX - page)
		return CUDA_ERROR_OUT_OF_MEMORY;
	if (is_charged(kind)) {
		rc = fc_accounting_charge(ctx->device, size);
		if (rc != CUDA_SUCCESS)
			return rc;
	}
	a = calloc(1, sizeof(*a));
	p = MAP_FAILED;
	if (a != NULL) {
		a->mapped = (size + page - 1) / page * page;
		p = mmap(next_device_address(a->mapped), a->mapped,
		    PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	}
	/*
	 * Managed memory in huge pages where the kernel has them: oncudad
	 * sets a fresh allocation to zeros, and 1 GiB of 4 KiB pages took
	 * seconds of page faults in a virtual machine (bench/managed_phases'
	 * alloc) where the driver's memset on a GPU takes a millisecond.
	 */
	if (p != MAP_FAILED && kind == FC_MEM_MANAGED)
		(void)madvise(p, a->mapped, MADV_HUGEPAGE);
	if (p != MAP_FAILED) {
		a->base = (uintptr_t)p;
		a->size = size;
		a->kind = kind;
		a->ctx = ctx;
		a->flags = flags;
		a->buffer_id = next_buffer_id++;
		if (insert(a) == CUDA_SUCCESS) {
			*out = a;
			if (kind == FC_MEM_DEVICE)
				fc_device_budget_note(ctx->device,
				    (long long)size);
			return CUDA_SUCCESS;
		}
		munmap(p, a->mapped);
	}
	free(a);
	if (is_charged(kind))
		fc_accounting_release(ctx->device, size);
	return CUDA_ERROR_OUT_OF_MEMORY;
}

void *
fc_alloc_window(size_t bytes)
{
	void *p = mmap(next_device_address(bytes), bytes,
	    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
	    -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

CUresult
fc_alloc_place(struct fc_context *ctx, enum fc_mem_kind kind, uintptr_t at,
    size_t size, unsigned int flags, struct fc_alloc **out)
{
	struct fc_alloc *a;
	CUresult rc;

	if (overlaps_any(at, size))
		return CUDA_ERROR_INVALID_VALUE;
	if (is_charged(kind) &&
	    (rc = fc_accounting_charge(ctx->device, size)) != CUDA_SUCCESS)
		return rc;
	if ((a = calloc(1, sizeof(*a))) != NULL) {
		a->base = at;
		a->size = size;
		a->kind = kind;
		a->ctx = ctx;
		a->flags = flags;
		a->buffer_id = next_buffer_id++;
		if (insert(a) == CUDA_SUCCESS) {
			*out = a;
			if (kind == FC_MEM_DEVICE)
				fc_device_budget_note(ctx->device,
				    (long long)size);
			return CUDA_SUCCESS;
		}
		free(a);
	}
	if (is_charged(kind))
		fc_accounting_release(ctx->device, size);
	return CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult
fc_alloc_register(struct fc_context *ctx, void *p, size_t size,
    unsigned int flags)
{
	struct fc_alloc *a;

	if (p == NULL || size == 0 || size > UINTPTR_MAX - (uintptr_t)p)
		return CUDA_ERROR_INVALID_VALUE;
	if (overlaps_any((uintptr_t)p, size))
		return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
	a = calloc(1, sizeof(*a));
	if (a == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	a->base = (uintptr_t)p;
	a->size = size;
	a->kind = FC_MEM_HOST_REGISTERED;
	a->ctx = ctx;
	a->flags = flags;
	a->buffer_id = next_buffer_id++;
	if (insert(a) != CUDA_SUCCESS) {
		free(a);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	return CUDA_SUCCESS;
}

void
fc_alloc_destroy(struct fc_alloc *a)
{
	remove_entry(a);
	if (a->mapped != 0)
		munmap((void *)a->base, a->mapped);
	if (is_charged(a->kind))
		fc_accounting_release(a->ctx->device, a->size);
	if (a->kind == FC_MEM_DEVICE)
		fc_device_budget_note(a->ctx->device, -(long long)a->size);
	free(a);
}

void
fc_alloc_release_context(struct fc_context *ctx)
{
	size_t i = table_count;

	while (i-- > 0) {
		if (table[i]->ctx != ctx)
			continue;
		if (table[i]->mapped != 0)
			note_reusable(table[i]->base, table[i]->mapped);
		fc_alloc_destroy(table[i]);
	}
}
