/*
 * params.c - the parameter-layout cache, packing of kernel arguments, and
 * cuFuncGetParamInfo / cuKernelGetParamInfo answered from the cache.
 *
 * Layouts are immutable once built and reference-counted under cache_lock,
 * so a thread may pack arguments with one while another thread empties the
 * cache.  The question to the server is asked without cache_lock held.  A
 * generation count, raised by every emptying, tells whether an unload
 * happened while the question was out: then the answer may describe a dead
 * function whose handle the server has since reused, and it serves only the
 * call that asked for it and is not cached.  A context's death empties the
 * cache too, found at the next lookup from the count of deaths the context
 * layer keeps (context.h), since that layer is below this one and does not
 * call it.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/code/declared.h"
#include "stubs/code/params.h"
#include "stubs/context/context.h"
#include "stubs/link/say.h"
#include "stubs/code/own_library.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"

struct layout {
	struct layout *next;	/* in its hash bucket */
	uint64_t handle;
	unsigned int refs;	/* the cache's and users'; under cache_lock */
	unsigned int count;
	size_t bytes;		/* the furthest end of a parameter */
	struct {
		uint32_t offset;
		uint32_t size;
	} param[];
};

#define CACHE_BITS 10
#define CACHE_BUCKETS (1u << CACHE_BITS)

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct layout *cache[CACHE_BUCKETS];
static uint64_t cache_generation;
static uint64_t deaths_seen;	/* context_deaths() when last looked at */

/* Handles are addresses, alike in their low bits: Fibonacci hashing. */
static unsigned int bucket_of(uint64_t handle)
{
	return (unsigned int)((handle * 0x9e3779b97f4a7c15ull) >>
			      (64 - CACHE_BITS));
}

static struct layout *cache_find(uint64_t handle)
{
	struct layout *l;

	for (l = cache[bucket_of(handle)]; l != NULL; l = l->next)
		if (l->handle == handle)
			return l;
	return NULL;
}

/* Drops one reference to l; the caller holds cache_lock. */
static void layout_unref_locked(struct layout *l)
{
	if (--l->refs == 0)
		free(l);
}

static void layout_put(struct layout *l)
{
	pthread_mutex_lock(&cache_lock);
	layout_unref_locked(l);
	pthread_mutex_unlock(&cache_lock);
}

/*
 * The most bytes of parameters a kernel takes (CUDA C Programming Guide,
 * "Function Parameters": 32764 bytes on compute capability 7.0 and later;
 * 4 KiB before).  No layout of a real kernel goes past it.
 */
#define KERNEL_PARAM_BYTES_MAX 32764u

/*
 * Whether a layout from the server can be what the driver says of a real
 * kernel: parameters in order, each at least one byte, none overlapping the
 * one before, all within the kernel parameter space.  Packing copies each
 * parameter's size from the program's kernelParams[i], so a layout that
 * were larger than the kernel's would copy the program's memory past its
 * arguments into the launch (and a tampered one, far enough to fault):
 * anything else is refused as a damaged reply.
 */
static bool layout_plausible(const param_slot *slot, unsigned int count)
{
	uint64_t end = 0;

	if (count > KERNEL_PARAM_BYTES_MAX)
		return false;
	for (unsigned int i = 0; i < count; i++) {
		if (slot[i].size == 0 || slot[i].offset < end ||
		    slot[i].size > KERNEL_PARAM_BYTES_MAX ||
		    slot[i].offset > KERNEL_PARAM_BYTES_MAX - slot[i].size)
			return false;
		end = (uint64_t)slot[i].offset + slot[i].size;
	}
	return true;
}

/* Builds a layout (one reference, the caller's) from the server's answer. */
static CUresult layout_build(uint64_t handle, const res_param_layout *r,
			     struct layout **out)
{
	const param_slot *slot = r->res_param_layout_u.params.params_val;
	unsigned int i, count = r->res_param_layout_u.params.params_len;
	struct layout *l;
	CUresult e;

	if (!layout_plausible(slot, count)) {
		oncuda_say("the server described a kernel's parameters in a way "
		    "no kernel can have (%u parameters, overlapping, empty or "
		    "past %u bytes): the launch is refused with "
		    "CUDA_ERROR_INVALID_VALUE (a damaged reply, or a server "
		    "that is not oncudad?)", count, KERNEL_PARAM_BYTES_MAX);
		return CUDA_ERROR_INVALID_VALUE;
	}
	/* Once per function, as its layout arrives: never per launch. */
	if ((e = declared_check(handle, slot, count)) != CUDA_SUCCESS)
		return e;
	l = malloc(sizeof(*l) + (size_t)count * sizeof(l->param[0]));
	if (l == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	l->next = NULL;
	l->handle = handle;
	l->refs = 1;
	l->count = count;
	l->bytes = 0;
	for (i = 0; i < count; i++) {
		l->param[i].offset = (uint32_t)slot[i].offset;
		l->param[i].size = (uint32_t)slot[i].size;
		l->bytes = slot[i].offset + slot[i].size;
	}
	*out = l;
	return CUDA_SUCCESS;
}

static CUresult layout_fetch(uint64_t handle, struct layout **out)
{
	res_param_layout r;
	uint64_t value;
	struct call k;
	CUresult e;

	if ((e = library_call_code(&k, (const void *)(uintptr_t)handle, NULL,
				   ROUTE_HANDLE, &value, CALL_REPLY(r))) !=
	    CUDA_SUCCESS)
		return e;
	e = call_done(&k, cu_param_layout(value, &r, k.c), &r.err);
	if (e == CUDA_SUCCESS)
		e = layout_build(handle, &r, out);
	xdr_free((xdrproc_t)xdr_res_param_layout, (char *)&r);
	return e;
}

/* Empties the cache, raising its generation; the caller holds cache_lock. */
static void cache_empty_locked(void)
{
	struct layout *l, *next;
	unsigned int b;

	for (b = 0; b < CACHE_BUCKETS; b++) {
		for (l = cache[b]; l != NULL; l = next) {
			next = l->next;
			layout_unref_locked(l);
		}
		cache[b] = NULL;
	}
	cache_generation++;
}

/*
 * Empties the cache if a context died since it was last looked at: its
 * functions' handles may name others now.  The caller holds cache_lock.
 */
static void cache_check_deaths_locked(void)
{
	uint64_t deaths = context_deaths();

	if (deaths != deaths_seen) {
		cache_empty_locked();
		deaths_seen = deaths;
	}
}

/* The layout of handle, cached or asked for; give it back with layout_put(). */
static CUresult layout_get(uint64_t handle, struct layout **out)
{
	struct layout *l;
	uint64_t generation;
	CUresult e;

	pthread_mutex_lock(&cache_lock);
	cache_check_deaths_locked();
	l = cache_find(handle);
	if (l != NULL)
		l->refs++;
	generation = cache_generation;
	pthread_mutex_unlock(&cache_lock);
	if (l != NULL) {
		*out = l;
		return CUDA_SUCCESS;
	}

	if ((e = layout_fetch(handle, &l)) != CUDA_SUCCESS)
		return e;
	pthread_mutex_lock(&cache_lock);
	/* A context may have died meanwhile (that raises the generation);
	 * another thread may have cached the same answer: keep one. */
	cache_check_deaths_locked();
	if (generation == cache_generation && cache_find(handle) == NULL) {
		l->next = cache[bucket_of(handle)];
		cache[bucket_of(handle)] = l;
		l->refs++;
	}
	pthread_mutex_unlock(&cache_lock);
	*out = l;
	return CUDA_SUCCESS;
}

void params_forget_all(void)
{
	pthread_mutex_lock(&cache_lock);
	cache_empty_locked();
	pthread_mutex_unlock(&cache_lock);
}

/*
 * Where a launch's arguments are packed when they fit, so that a launch
 * allocates nothing: 4 KiB was the whole parameter space before Volta, and
 * most kernels still take far less.  One per thread, since packing is done
 * and undone within one launch (params_pack to params_release), without
 * the launch calling back into the program.
 */
#define INLINE_BYTES 4096
#define INLINE_PARAMS 256

static _Thread_local struct {
	char bytes[INLINE_BYTES];
	u_int offsets[INLINE_PARAMS];
} inline_space;

/* Copies each argument to its place in a zeroed buffer: padding stays 0. */
static CUresult pack_by_layout(const struct layout *l, void **kernelParams,
			       kernel_args *args)
{
	unsigned int i;

	if (l->count == 0)
		return CUDA_SUCCESS;
	if (kernelParams == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (l->bytes <= INLINE_BYTES && l->count <= INLINE_PARAMS) {
		args->bytes.bytes_val = inline_space.bytes;
		args->offsets.offsets_val = inline_space.offsets;
		memset(inline_space.bytes, 0, l->bytes);
	} else {
		args->bytes.bytes_val = calloc(1, l->bytes != 0 ? l->bytes : 1);
		args->offsets.offsets_val = calloc(l->count, sizeof(u_int));
	}
	if (args->bytes.bytes_val == NULL || args->offsets.offsets_val == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	args->bytes.bytes_len = (u_int)l->bytes;
	args->offsets.offsets_len = l->count;
	for (i = 0; i < l->count; i++) {
		if (kernelParams[i] == NULL && l->param[i].size != 0)
			return CUDA_ERROR_INVALID_VALUE;
		if (l->param[i].size != 0)
			memcpy(args->bytes.bytes_val + l->param[i].offset,
			       kernelParams[i], l->param[i].size);
		args->offsets.offsets_val[i] = l->param[i].offset;
	}
	return CUDA_SUCCESS;
}

/*
 * Takes the buffer that extra names.  As the driver documents, a buffer
 * without a size has no effect, and a size other than 0 needs a buffer.
 */
static CUresult pack_extra(void **extra, kernel_args *args)
{
	void *buffer = NULL;
	const size_t *size_ptr = NULL;
	bool has_size = false;
	size_t i, size = 0;

	for (i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
		if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) {
			buffer = extra[i + 1];
		} else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
			size_ptr = extra[i + 1];
			has_size = true;
		} else {
			return CUDA_ERROR_INVALID_VALUE;
		}
	}
	if (has_size) {
		if (size_ptr == NULL)
			return CUDA_ERROR_INVALID_VALUE;
		size = *size_ptr;
	}
	if ((size != 0 && buffer == NULL) || size > ONCUDA_PARAM_BYTES_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	/* The program's buffer travels as it is; params_release() keeps it. */
	args->by_extra = TRUE;
	args->bytes.bytes_val = size != 0 ? buffer : NULL;
	args->bytes.bytes_len = (u_int)size;
	return CUDA_SUCCESS;
}

CUresult params_pack(CUfunction func, void **kernelParams, void **extra,
		     kernel_args *args)
{
	struct layout *l;
	CUresult e;

	memset(args, 0, sizeof(*args));
	if (kernelParams != NULL && extra != NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (extra != NULL)
		return pack_extra(extra, args);
	if ((e = layout_get((uint64_t)(uintptr_t)func, &l)) != CUDA_SUCCESS)
		return e;
	e = pack_by_layout(l, kernelParams, args);
	layout_put(l);
	if (e != CUDA_SUCCESS)
		params_release(args);
	return e;
}

void params_release(kernel_args *args)
{
	if (!args->by_extra && args->bytes.bytes_val != inline_space.bytes)
		free(args->bytes.bytes_val);
	if (args->offsets.offsets_val != inline_space.offsets)
		free(args->offsets.offsets_val);
	memset(args, 0, sizeof(*args));
}

static CUresult param_info(uint64_t handle, size_t index, size_t *offset,
			   size_t *size)
{
	struct layout *l;
	CUresult e;

	if (handle == 0 || offset == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = layout_get(handle, &l)) != CUDA_SUCCESS)
		return e;
	if (index < l->count) {
		*offset = l->param[index].offset;
		if (size != NULL)
			*size = l->param[index].size;
	} else {
		e = CUDA_ERROR_INVALID_VALUE;
	}
	layout_put(l);
	return e;
}

ONCUDA_API CUresult cuFuncGetParamInfo(CUfunction func, size_t paramIndex,
				       size_t *paramOffset, size_t *paramSize)
{
	return param_info((uint64_t)(uintptr_t)func, paramIndex, paramOffset,
			  paramSize);
}

ONCUDA_API CUresult cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex,
					 size_t *paramOffset, size_t *paramSize)
{
	return param_info((uint64_t)(uintptr_t)kernel, paramIndex,
			  paramOffset, paramSize);
}
