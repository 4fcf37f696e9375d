/*
 * copy_engine_double.c - the copy engine's driver calls played by the CPU
 * (copy_engine_double.h).  Copies run at once; streams and events are
 * tokens.  Each test window has one entry: a unit test uses few.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "copy_engine_double.h"
#include "server/session/handles.h"
#include "unit_check.h"

#define WINDOWS 8

struct engine_double engine;
static struct window windows[WINDOWS];	/* device NULL: free */

static CUcontext const the_context = (CUcontext)(uintptr_t)0x1000;
static CUcontext stack[4];

void engine_reset(void)
{
	memset(&engine, 0, sizeof(engine));
	engine.current = the_context;
	engine.mode = CU_STREAM_CAPTURE_MODE_GLOBAL;
}

struct window window_make(size_t size)
{
	struct window w = { NULL, NULL, size };
	int fd = memfd_create("device", 0);
	void *a = MAP_FAILED, *b = MAP_FAILED;

	if (fd >= 0 && ftruncate(fd, (off_t)size) == 0) {
		a = mmap(NULL, size, PROT_NONE, MAP_SHARED, fd, 0);
		b = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	}
	if (fd >= 0)
		close(fd);
	CHECK(a != MAP_FAILED && b != MAP_FAILED);
	if (a == MAP_FAILED || b == MAP_FAILED)
		return w;
	w.device = a;
	w.alias = b;
	for (int i = 0; i < WINDOWS; i++)
		if (windows[i].device == NULL) {
			windows[i] = w;
			return w;
		}
	assert(!"too many windows");
	return w;
}

void window_cpu(struct window *w, bool allowed)
{
	CHECK(mprotect(w->device, w->size,
	    allowed ? PROT_READ | PROT_WRITE : PROT_NONE) == 0);
}

void window_drop(struct window *w)
{
	for (int i = 0; i < WINDOWS; i++)
		if (windows[i].device == w->device)
			windows[i].device = NULL;
	munmap(w->device, w->size);
	munmap(w->alias, w->size);
}

/*
 * The server's own device memory (cuMemAlloc: the hashes' buffer), plain
 * heap memory here; copies to and from it are not the copies a test
 * counts.
 */
#define ALLOCATIONS 4
static struct { unsigned char *p; size_t size; } allocations[ALLOCATIONS];

static unsigned char *allocated(CUdeviceptr at, size_t len)
{
	for (int i = 0; i < ALLOCATIONS; i++) {
		uintptr_t base = (uintptr_t)allocations[i].p;

		if (base != 0 && at >= base && at - base <= allocations[i].size &&
		    len <= allocations[i].size - (at - base))
			return allocations[i].p + (at - base);
	}
	return NULL;
}

/* The alias of [at, at + len) in a window the test made; NULL if none. */
static unsigned char *alias(CUdeviceptr at, size_t len)
{
	for (int i = 0; i < WINDOWS; i++) {
		struct window *w = &windows[i];
		uintptr_t base;

		if (w->device == NULL)
			continue;
		base = (uintptr_t)w->device;
		if (at >= base && at - base <= w->size &&
		    len <= w->size - (at - base))
			return w->alias + (at - base);
	}
	return NULL;
}

CUresult cuCtxGetCurrent(CUcontext *ctx)
{
	*ctx = engine.current;
	return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext ctx)
{
	if (ctx == NULL || engine.pushes == 4)
		return CUDA_ERROR_INVALID_CONTEXT;
	stack[engine.pushes++] = engine.current;
	engine.current = ctx;
	return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent(CUcontext *ctx)
{
	if (engine.pushes == 0)
		return CUDA_ERROR_INVALID_CONTEXT;
	*ctx = engine.current;
	engine.current = stack[--engine.pushes];
	return CUDA_SUCCESS;
}

CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode)
{
	CUstreamCaptureMode was = engine.mode;

	engine.mode = *mode;
	*mode = was;
	return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *stream, unsigned int flags)
{
	if (engine.current == NULL)
		return CUDA_ERROR_INVALID_CONTEXT;
	if (engine.no_stream)
		return CUDA_ERROR_OUT_OF_MEMORY;
	/* A stream of the legacy stream's kind would wait for the client's. */
	CHECK(flags == CU_STREAM_NON_BLOCKING);
	*stream = (CUstream)(uintptr_t)0x2000;
	engine.streams_alive++;
	return CUDA_SUCCESS;
}

CUresult cuStreamDestroy(CUstream stream)
{
	(void)stream;
	engine.streams_alive--;
	return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(CUstream stream)
{
	(void)stream;
	return CUDA_SUCCESS;
}

/* The client's streams (managed_hash.c asks them before it hashes): the
 * legacy and per-thread streams here, no others (handle_each below). */
CUresult cuStreamQuery(CUstream stream)
{
	(void)stream;
	return engine.client_busy ? CUDA_ERROR_NOT_READY : CUDA_SUCCESS;
}

CUresult cuStreamIsCapturing(CUstream stream, CUstreamCaptureStatus *status)
{
	(void)stream;
	*status = CU_STREAM_CAPTURE_STATUS_NONE;
	return CUDA_SUCCESS;
}

/* The session's handles: the client made no stream of its own. */
bool handle_each(enum handle_kind kind, bool (*each)(cu_handle, void *),
    void *arg)
{
	(void)kind;
	(void)each;
	(void)arg;
	return true;
}

/*
 * The alias of [at, at + len) for a copy queued on stream, which must be
 * the series' own, in a context; NULL: not memory of a window.
 */
static unsigned char *reach(CUdeviceptr at, size_t len, CUstream stream)
{
	CHECK(stream == (CUstream)(uintptr_t)0x2000);
	CHECK(engine.current != NULL);
	return alias(at, len);
}

CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t len,
    CUstream stream)
{
	unsigned char *from = allocated(src, len);

	if (from != NULL) {
		memcpy(dst, from, len);
		return CUDA_SUCCESS;
	}
	from = reach(src, len, stream);

	if (from == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	engine.reads++;
	if (engine.fail_read != 0 && engine.reads == engine.fail_read)
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	engine.read_bytes += len;
	if (len > engine.biggest_read)
		engine.biggest_read = len;
	memcpy(dst, from, len);
	return CUDA_SUCCESS;
}

/* A write of the series: src's bytes, or value's when src is NULL. */
static CUresult store(CUdeviceptr dst, const void *src, unsigned char value,
    size_t len, CUstream stream, unsigned int *count)
{
	unsigned char *to = reach(dst, len, stream);

	if (to == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	(*count)++;
	if (src != NULL)
		memcpy(to, src, len);
	else
		memset(to, value, len);
	return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t len,
    CUstream stream)
{
	unsigned char *to = allocated(dst, len);

	if (to != NULL) {
		memcpy(to, src, len);
		return CUDA_SUCCESS;
	}
	return store(dst, src, 0, len, stream, &engine.writes);
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t len,
    CUstream stream)
{
	return store(dst, NULL, value, len, stream, &engine.zeros);
}

CUresult cuMemHostRegister(void *p, size_t len, unsigned int flags)
{
	(void)p;
	(void)len;
	(void)flags;
	return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned int flags)
{
	(void)flags;
	*event = (CUevent)(uintptr_t)0x3000;
	return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent event, CUstream stream)
{
	(void)event;
	(void)stream;
	return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent event)
{
	(void)event;
	return CUDA_SUCCESS;
}

CUresult cuEventQuery(CUevent event)
{
	(void)event;
	return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent event)
{
	(void)event;
	return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr *dptr, size_t len)
{
	for (int i = 0; i < ALLOCATIONS; i++)
		if (allocations[i].p == NULL) {
			if ((allocations[i].p = malloc(len)) == NULL)
				return CUDA_ERROR_OUT_OF_MEMORY;
			allocations[i].size = len;
			*dptr = (CUdeviceptr)(uintptr_t)allocations[i].p;
			return CUDA_SUCCESS;
		}
	return CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemFree(CUdeviceptr dptr)
{
	for (int i = 0; i < ALLOCATIONS; i++)
		if ((uintptr_t)allocations[i].p == dptr) {
			free(allocations[i].p);
			allocations[i].p = NULL;
			return CUDA_SUCCESS;
		}
	return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image)
{
	if (engine.no_kernel)
		return CUDA_ERROR_NO_BINARY_FOR_GPU;
	CHECK(strncmp(image, ".version", 8) == 0);
	engine.loads++;
	*module = (CUmodule)(uintptr_t)0x4000;
	return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *f, CUmodule module, const char *name)
{
	CHECK(module == (CUmodule)(uintptr_t)0x4000);
	if (strcmp(name, "oncuda_block_hash") != 0)
		return CUDA_ERROR_NOT_FOUND;
	*f = (CUfunction)(uintptr_t)0x5000;
	return CUDA_SUCCESS;
}

/* The kernel, with block_hash: memory of a window or of the server's. */
CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy,
    unsigned int gz, unsigned int bx, unsigned int by, unsigned int bz,
    unsigned int shared, CUstream stream, void **params, void **extra)
{
	uint64_t base, size, out;
	const unsigned char *from;
	struct block_hash *to;

	CHECK(f == (CUfunction)(uintptr_t)0x5000 && gy == 1 && gz == 1 &&
	    bx == 256 && by == 1 && bz == 1 && shared == 0 && extra == NULL);
	memcpy(&base, params[0], sizeof(base));
	memcpy(&size, params[1], sizeof(size));
	memcpy(&out, params[2], sizeof(out));
	CHECK(gx == block_hash_count(size));
	to = (struct block_hash *)(void *)allocated(out, gx * sizeof(*to));
	if ((from = allocated(base, size)) == NULL) {
		from = reach(base, size, stream);
		engine.hashed_bytes += size;
	}
	if (from == NULL || to == NULL)
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	engine.launches++;
	for (size_t b = 0; b < gx; b++) {
		size_t at = b * BLOCK_HASH_BYTES;

		to[b] = block_hash(from + at, size - at < BLOCK_HASH_BYTES ?
		    size - at : BLOCK_HASH_BYTES);
		if (engine.wrong_hashes)
			to[b].lane[1] ^= 1;
	}
	return CUDA_SUCCESS;
}
