/*
 * server/copy/pinned_set.c -- page-locked buffers with a DMA mark each,
 * forgotten when their context dies (pinned_set.h).
 *
 * Calls down only: dma_mark.c, the driver and libtirpc's XDR.  The sets a context's death
 * concerns are those that have allocated, registered or marked, listed as
 * they first do; one thread serves the session, so the list is not locked.
 */
#include <assert.h>
#include <stdlib.h>

#include "server/copy/dma_mark.h"
#include "server/copy/pinned_set.h"

#define PAGE_BYTES 4096

static struct pinned_set *sets;

static void enlist(struct pinned_set *set)
{
	if (set->listed)
		return;
	set->listed = true;
	set->next = sets;
	sets = set;
}

static bool owns(const struct pinned_set *set, const struct pinned_buffer *b)
{
	return b >= set->buffers && b < set->buffers + set->count;
}

static void free_buffers(struct pinned_set *set)
{
	for (unsigned int i = 0; i < set->count; i++) {
		free(set->buffers[i].bytes);
		set->buffers[i].bytes = NULL;
	}
}

/* At exit the session is over: only the memory is left to free. */
static void free_all(void)
{
	for (struct pinned_set *set = sets; set != NULL; set = set->next)
		if (set->allocated)
			free_buffers(set);
}

bool pinned_set_allocate(struct pinned_set *set)
{
	static bool free_at_exit;

	if (set->allocated || set->allocation_failed)
		return set->allocated;
	enlist(set);
	for (unsigned int i = 0; i < set->count; i++) {
		set->buffers[i].bytes = aligned_alloc(PAGE_BYTES,
		    set->buffer_bytes);
		if (set->buffers[i].bytes == NULL) {
			free_buffers(set);
			set->allocation_failed = true;
			return false;
		}
	}
	if (!free_at_exit)
		free_at_exit = atexit(free_all) == 0;
	set->allocated = true;
	return true;
}

void pinned_set_register(struct pinned_set *set)
{
	CUcontext current = NULL;

	assert(set->allocated);
	enlist(set);
	if (cuCtxGetCurrent(&current) != CUDA_SUCCESS || current == NULL ||
	    current == set->tried_in)
		return;
	set->tried_in = current;
	for (unsigned int i = 0; i < set->count; i++)
		if (cuMemHostRegister(set->buffers[i].bytes, set->buffer_bytes,
		    CU_MEMHOSTREGISTER_PORTABLE) == CUDA_SUCCESS)
			set->registered_in = current;
}

struct pinned_buffer *pinned_set_find(struct pinned_set *set,
    const void *bytes)
{
	if (bytes == NULL)
		return NULL;
	for (unsigned int i = 0; i < set->count; i++)
		if (set->buffers[i].bytes == bytes)
			return &set->buffers[i];
	return NULL;
}

CUresult pinned_set_mark(struct pinned_set *set, struct pinned_buffer *b,
    CUstream stream)
{
	CUresult current;

	assert(owns(set, b));
	/* Its last mark was waited for before the buffer was used again. */
	assert(b->dma_done == NULL);
	enlist(set);
	/* A DMA was just queued, so a context is current: the mark's. */
	current = cuCtxGetCurrent(&b->ctx);
	assert(current == CUDA_SUCCESS && b->ctx != NULL);
	(void)current;
	return dma_mark(&b->dma_done, stream);
}

CUresult pinned_buffer_wait(struct pinned_buffer *b)
{
	b->ctx = NULL;
	return dma_wait(&b->dma_done);
}

bool pinned_buffer_done(struct pinned_buffer *b)
{
	if (b->dma_done != NULL &&
	    cuEventQuery(b->dma_done) == CUDA_ERROR_NOT_READY)
		return false;
	if (b->dma_done != NULL)
		(void)cuEventDestroy(b->dma_done);
	b->dma_done = NULL;
	b->ctx = NULL;
	return true;
}

void pinned_set_drain(struct pinned_set *set)
{
	for (unsigned int i = 0; i < set->count; i++)
		(void)pinned_buffer_wait(&set->buffers[i]);
}

void pinned_set_forget(struct pinned_set *set)
{
	for (unsigned int i = 0; i < set->count; i++) {
		set->buffers[i].dma_done = NULL;
		set->buffers[i].ctx = NULL;
	}
	set->registered_in = NULL;
	set->tried_in = NULL;
}

bool_t pinned_decode_bytes(XDR *xdrs, cu_bytes *field,
    char *(*pick)(u_int len))
{
	u_int len = 0;

	if (!xdr_u_int(xdrs, &len) || len > ONCUDA_CHUNK_MAX)
		return FALSE;
	field->cu_bytes_len = len;
	if ((field->cu_bytes_val = pick(len)) == NULL && len > 0 &&
	    (field->cu_bytes_val = malloc(len)) == NULL)
		return FALSE;
	return xdr_opaque(xdrs, field->cu_bytes_val, len);
}

void pinned_sets_context_gone(CUcontext ctx)
{
	for (struct pinned_set *set = sets; set != NULL; set = set->next) {
		for (unsigned int i = 0; i < set->count; i++) {
			struct pinned_buffer *b = &set->buffers[i];

			if (b->dma_done != NULL && b->ctx == ctx) {
				b->dma_done = NULL;	/* destroyed with ctx */
				b->ctx = NULL;
			}
		}
		if (set->registered_in == ctx) {
			set->registered_in = NULL;
			set->tried_in = NULL;	/* register again in the current one */
		}
		if (set->tried_in == ctx)
			set->tried_in = NULL;
	}
}
