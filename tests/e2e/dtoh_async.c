/*
 * cuMemcpyDtoHAsync into page-locked memory: the call returns without
 * waiting, and the bytes are there once the program has synchronized, in
 * whichever way it may observe them: a stream, event or context
 * synchronize, a query that answers CUDA_SUCCESS, a stream that waited for
 * an event behind the copy, a host function behind it.  A download that
 * fails writes nothing.  Work queued after
 * the copy (a kernel overwriting the source) does not change what it
 * brought; several downloads into overlapping bytes land in their order;
 * a synchronous copy after them wins; what the program writes afterwards
 * is what a later copy reading the memory through its device address
 * sees.  Into pageable memory the copy is synchronous, as the driver's is.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

#define WORDS ((5u << 20) / 2)		/* 10 MiB of words: several messages */
#define BYTES (WORDS * sizeof(unsigned))

static int setup(CUfunction *fill)
{
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(fill, m, "fill_u32"));
	return 0;
}

static void *pinned(size_t bytes, unsigned flags)
{
	void *p = NULL;

	if (cuMemHostAlloc(&p, bytes, flags) != CUDA_SUCCESS)
		return NULL;
	e2e_defer_host(p);
	return p;
}

/* The kernel, a stream, the source and a page-locked host buffer of byte. */
static int begin(CUfunction *f, CUstream *s, CUdeviceptr *src,
    unsigned **host, unsigned flags, int byte)
{
	TRY(setup(f));
	TRY(e2e_stream(s));
	TRY(e2e_dalloc(src, BYTES));
	CHECK((*host = pinned(BYTES, flags)) != NULL);
	memset(*host, byte, BYTES);
	return 0;
}

int test_dtoh_async_pinned(void)
{
	unsigned *host, *pageable = e2e_malloc(BYTES);
	CUdeviceptr src;
	CUfunction f;
	CUstream s;

	TRY(begin(&f, &s, &src, &host, 0, 0xee));

	/* The download, then a kernel that overwrites its source. */
	TRY(e2e_fill_u32(f, src, 1, WORDS, s));
	CHECK_CU(cuMemcpyDtoHAsync(host, src, BYTES, s), CUDA_SUCCESS);
	TRY(e2e_fill_u32(f, src, 2, WORDS, s));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, WORDS, 1, "after cuStreamSynchronize"));

	/* Again, from cuMemAllocHost memory and the legacy stream. */
	{
		unsigned *other = NULL;

		CHECK_CU(cuMemAllocHost((void **)&other, BYTES), CUDA_SUCCESS);
		e2e_defer_host(other);
		TRY(e2e_fill_u32(f, src, 3, WORDS, NULL));
		CHECK_CU(cuMemcpyDtoHAsync(other, src, BYTES, NULL),
		    CUDA_SUCCESS);
		TRY(e2e_fill_u32(f, src, 4, WORDS, NULL));
		CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
		TRY(e2e_host_words_are(other, 0, WORDS, 3,
		    "the legacy stream"));
		TRY(e2e_host_words_are(host, 0, WORDS, 1, "the other buffer"));
	}

	/* A download that fails (its source freed) fails at the call or at
	 * the next synchronization, and writes nothing. */
	{
		CUdeviceptr gone;

		CHECK_CU(cuMemAlloc(&gone, 4096), CUDA_SUCCESS);
		CHECK_CU(cuMemFree(gone), CUDA_SUCCESS);
		memset(host, 0x11, 4096);
		CHECK_CU_ASYNC(cuMemcpyDtoHAsync(host, gone, 4096, s),
		    CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_host_words_are(host, 0, 1024, 0x11111111u,
		    "a failed download"));
		TRY(e2e_host_words_are(host, 1024, WORDS, 1, "beyond it"));
	}

	/* Into pageable memory the driver returns once the copy is done. */
	TRY(e2e_fill_u32(f, src, 5, WORDS, s));
	CHECK_CU(cuMemcpyDtoHAsync(pageable, src, BYTES, s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(pageable, 0, WORDS, 5, "pageable, at once"));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	return 0;
}

/* The ways a program may learn that the download is done. */
enum observe { EVENT_SYNC, EVENT_QUERY, STREAM_QUERY, CTX_SYNC, CROSS_STREAM,
	OBSERVE_WAYS };

static const char *const observe_name[OBSERVE_WAYS] = {
	"cuEventSynchronize", "cuEventQuery", "cuStreamQuery",
	"cuCtxSynchronize", "cuStreamWaitEvent then cuStreamSynchronize",
};

static int observe(enum observe how, CUstream s, CUstream t, CUevent ev)
{
	CUresult r;

	switch (how) {
	case EVENT_SYNC:
		CHECK_CU(cuEventSynchronize(ev), CUDA_SUCCESS);
		break;
	case EVENT_QUERY:
		while ((r = cuEventQuery(ev)) == CUDA_ERROR_NOT_READY)
			;
		CHECK_CU(r, CUDA_SUCCESS);
		break;
	case STREAM_QUERY:
		while ((r = cuStreamQuery(s)) == CUDA_ERROR_NOT_READY)
			;
		CHECK_CU(r, CUDA_SUCCESS);
		break;
	case CTX_SYNC:
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		break;
	case CROSS_STREAM:
		CHECK_CU(cuStreamWaitEvent(t, ev, 0), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(t), CUDA_SUCCESS);
		break;
	default:
		return e2e_fail(__FILE__, __LINE__, "no way %d", (int)how);
	}
	return 0;
}

int test_dtoh_async_observed(void)
{
	CUdeviceptr src;
	unsigned *host;
	CUfunction f;
	CUstream s, t;
	CUevent ev;

	TRY(begin(&f, &s, &src, &host, CU_MEMHOSTALLOC_PORTABLE, 0));
	TRY(e2e_stream(&t));
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	e2e_defer_event(ev);
	for (unsigned how = 0; how < OBSERVE_WAYS; how++) {
		unsigned v = 0x100 + how;

		memset(host, 0, BYTES);
		TRY(e2e_fill_u32(f, src, v, WORDS, s));
		CHECK_CU(cuMemcpyDtoHAsync(host, src, BYTES, s),
		    CUDA_SUCCESS);
		CHECK_CU(cuEventRecord(ev, s), CUDA_SUCCESS);
		/* Queued behind the event: whether it ran or not, the
		 * download brought the earlier bytes. */
		TRY(e2e_fill_u32(f, src, v + 0x1000, WORDS, s));
		TRY(observe((enum observe)how, s, t, ev));
		TRY(e2e_host_words_are(host, 0, WORDS, v, observe_name[how]));
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_host_words_are(host, 0, WORDS, v, observe_name[how]));
	}
	return 0;
}

/* What a host function queued behind the download saw. */
struct seen {
	unsigned *host;
	unsigned want;
	atomic_int ok;
};

/* Looks at the download, then stores into the first word. */
static void CUDA_CB look(void *p)
{
	struct seen *seen = p;
	int ok = 1;

	for (size_t i = 0; i < WORDS; i++)
		ok &= seen->host[i] == seen->want;
	seen->host[0] = 0xabc;
	atomic_store(&seen->ok, ok);
}

int test_dtoh_async_host_func(void)
{
	struct seen seen;
	CUdeviceptr src;
	unsigned *host;
	CUfunction f;
	CUstream s;

	TRY(begin(&f, &s, &src, &host, 0, 0));
	seen.host = host;
	seen.want = 0x77;
	atomic_store(&seen.ok, -1);
	TRY(e2e_fill_u32(f, src, seen.want, WORDS, s));
	CHECK_CU(cuMemcpyDtoHAsync(host, src, BYTES, s), CUDA_SUCCESS);
	TRY(e2e_fill_u32(f, src, 0x78, WORDS, s));
	CHECK_CU(cuLaunchHostFunc(s, look, &seen), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_EQ(atomic_load(&seen.ok), 1);
	TRY(e2e_host_words_are(host, 0, 1, 0xabc, "the host function's store"));
	TRY(e2e_host_words_are(host, 1, WORDS, seen.want,
	    "after the host function"));
	return 0;
}

/*
 * Past what one host call carries (ONCUDA_CHUNK_MAX, 16 MiB): a download
 * of 21 MiB and a bit, whose last piece is short, and a small one after
 * it, on one stream; the host function that looks at them runs on another
 * stream that waited for an event behind them, as JAX learns that a
 * device array has reached page-locked memory.  Before the large ones went
 * in pieces, the function saw the memory as it was before both copies.
 */
#define LARGE_WORDS ((21u << 20) / 4 + 1000)
#define SMALL_WORDS (1u << 18)

struct seen_two {
	const unsigned *large, *small;
	atomic_int ok;
};

static void CUDA_CB look_at_two(void *p)
{
	struct seen_two *seen = p;
	int ok = 1;

	for (size_t i = 0; i < LARGE_WORDS; i++)
		ok &= seen->large[i] == 0x51;
	for (size_t i = 0; i < SMALL_WORDS; i++)
		ok &= seen->small[i] == 0x52;
	atomic_store(&seen->ok, ok);
}

int test_dtoh_async_host_func_large(void)
{
	CUdeviceptr large_src, small_src;
	unsigned *large, *small;
	struct seen_two seen;
	CUfunction f;
	CUstream a, b;
	CUevent ev;

	TRY(setup(&f));
	TRY(e2e_stream(&a));
	TRY(e2e_stream(&b));
	TRY(e2e_dalloc(&large_src, LARGE_WORDS * sizeof(unsigned)));
	TRY(e2e_dalloc(&small_src, SMALL_WORDS * sizeof(unsigned)));
	CHECK((large = pinned(LARGE_WORDS * sizeof(unsigned), 0)) != NULL);
	CHECK((small = pinned(SMALL_WORDS * sizeof(unsigned), 0)) != NULL);
	memset(large, 0, LARGE_WORDS * sizeof(unsigned));
	memset(small, 0, SMALL_WORDS * sizeof(unsigned));
	seen.large = large;
	seen.small = small;
	atomic_store(&seen.ok, -1);

	TRY(e2e_fill_u32(f, large_src, 0x51, LARGE_WORDS, a));
	TRY(e2e_fill_u32(f, small_src, 0x52, SMALL_WORDS, a));
	CHECK_CU(cuMemcpyDtoHAsync(large, large_src,
	    LARGE_WORDS * sizeof(unsigned), a), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(small, small_src,
	    SMALL_WORDS * sizeof(unsigned), a), CUDA_SUCCESS);
	/* After the copies: what they brought must not change. */
	TRY(e2e_fill_u32(f, large_src, 0x53, LARGE_WORDS, a));
	CHECK_CU(cuEventCreate(&ev, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
	e2e_defer_event(ev);
	CHECK_CU(cuEventRecord(ev, a), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(b, ev, 0), CUDA_SUCCESS);
	CHECK_CU(cuLaunchHostFunc(b, look_at_two, &seen), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(b), CUDA_SUCCESS);
	CHECK_EQ(atomic_load(&seen.ok), 1);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(e2e_host_words_are(large, 0, LARGE_WORDS, 0x51, "the large one"));
	TRY(e2e_host_words_are(small, 0, SMALL_WORDS, 0x52, "the small one"));
	return 0;
}

int test_dtoh_async_ordered(void)
{
	CUdeviceptr d[3];
	unsigned *host;
	CUfunction f;
	CUstream s;
	unsigned q = WORDS / 4;

	TRY(setup(&f));
	/* Blocking: the legacy stream's synchronous copy waits for it. */
	CHECK_CU(cuStreamCreate(&s, 0), CUDA_SUCCESS);
	e2e_defer_stream(s);
	for (unsigned i = 0; i < 3; i++) {
		TRY(e2e_dalloc(&d[i], BYTES));
		TRY(e2e_fill_u32(f, d[i], 1 + i, WORDS, s));
	}
	CHECK((host = pinned(BYTES, 0)) != NULL);
	memset(host, 0, BYTES);

	/* Three downloads into overlapping words, in the stream's order. */
	CHECK_CU(cuMemcpyDtoHAsync(host, d[0], BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host + q, d[1], 2 * q * sizeof(unsigned),
	    s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host + 2 * q, d[2], q * sizeof(unsigned),
	    s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, q, 1, "first quarter"));
	TRY(e2e_host_words_are(host, q, 2 * q, 2, "second quarter"));
	TRY(e2e_host_words_are(host, 2 * q, 3 * q, 3, "third quarter"));
	TRY(e2e_host_words_are(host, 3 * q, WORDS, 1, "last quarter"));

	/* A download, then a synchronous copy into the same words: the
	 * legacy stream waits for the blocking stream, so the second wins. */
	CHECK_CU(cuMemcpyDtoHAsync(host, d[2], BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(host + q, d[1], q * sizeof(unsigned)),
	    CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, q, 2 * q, 2, "the synchronous copy"));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, q, 3, "after both"));
	TRY(e2e_host_words_are(host, q, 2 * q, 2, "after both"));
	TRY(e2e_host_words_are(host, 2 * q, WORDS, 3, "after both"));
	return 0;
}

int test_dtoh_async_then_write(void)
{
	unsigned *host, *back = e2e_malloc(BYTES);
	CUdeviceptr src, mapped, check;
	unsigned h = WORDS / 2, t = 3 * WORDS / 4;
	CUfunction f;
	CUstream s;

	TRY(begin(&f, &s, &src, &host, CU_MEMHOSTALLOC_DEVICEMAP, 0));
	TRY(e2e_dalloc(&check, BYTES));
	CHECK_CU(cuMemHostGetDevicePointer(&mapped, host, 0), CUDA_SUCCESS);

	/* The program's bytes, the download over them. */
	for (unsigned i = 0; i < WORDS; i++)
		host[i] = 5;
	TRY(e2e_fill_u32(f, src, 1, WORDS, s));
	CHECK_CU(cuMemcpyDtoHAsync(host, src, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, WORDS, 1, "the download"));

	/* Having looked, the program writes: the old value into the first
	 * half, a new one into the third quarter.  A copy reading the memory
	 * through its device address sees them, and the download elsewhere. */
	for (unsigned i = 0; i < h; i++)
		host[i] = 5;
	for (unsigned i = h; i < t; i++)
		host[i] = 7;
	CHECK_CU(cuMemcpyDtoDAsync(check, mapped, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(back, check, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(back, 0, h, 5, "the program's old value"));
	TRY(e2e_host_words_are(back, h, t, 7, "the program's new value"));
	TRY(e2e_host_words_are(back, t, WORDS, 1, "the download"));
	TRY(e2e_host_words_are(host, 0, h, 5, "the program's memory"));
	TRY(e2e_host_words_are(host, t, WORDS, 1, "the program's memory"));
	return 0;
}

/*
 * JAX's transfers: a small download into a page-locked staging buffer, a
 * host function behind it that reads it; the program, having seen it,
 * reuses the buffer (the next upload's bytes), and before any
 * synchronizing call a host function of another stream runs.  Nothing may
 * write the buffer again: through oncuda every host function carries the
 * bytes of each download the server still holds, and once wrote them
 * over the program's, so that JAX uploaded a stale scalar.
 */
struct reuse {
	unsigned *host;
	unsigned got, after;
	atomic_int step;
};

static void CUDA_CB look_then_reuse(void *p)
{
	struct reuse *r = p;

	r->got = r->host[0];
	r->host[0] = 0x5eed;
	atomic_store(&r->step, 1);
}

static void CUDA_CB look_later(void *p)
{
	struct reuse *r = p;

	r->after = r->host[0];
	atomic_store(&r->step, 2);
}

/* Waits, making no CUDA call, for r->step to reach step (10 s at most). */
static int wait_step(struct reuse *r, int step)
{
	for (int i = 0; i < 10000 && atomic_load(&r->step) < step; i++) {
		struct timespec ms = { 0, 1000000 };

		nanosleep(&ms, NULL);
	}
	CHECK(atomic_load(&r->step) >= step);
	return 0;
}

int test_dtoh_async_reused(void)
{
	struct reuse r = { .got = 0, .after = 0 };
	CUdeviceptr src;
	CUstream s, t;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_stream(&t));
	TRY(e2e_dalloc(&src, 4096));
	CHECK((r.host = pinned(4096, 0)) != NULL);
	memset(r.host, 0, 4096);
	atomic_store(&r.step, 0);
	CHECK_CU(cuMemsetD32Async(src, 0x77, 4, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(r.host, src, 16, s), CUDA_SUCCESS);
	CHECK_CU(cuLaunchHostFunc(s, look_then_reuse, &r), CUDA_SUCCESS);
	TRY(wait_step(&r, 1));
	CHECK_CU(cuLaunchHostFunc(t, look_later, &r), CUDA_SUCCESS);
	TRY(wait_step(&r, 2));
	CHECK_EQ(r.got, 0x77);
	CHECK_EQ(r.after, 0x5eed);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(t), CUDA_SUCCESS);
	TRY(e2e_host_words_are(r.host, 0, 1, 0x5eed, "the program's store"));
	TRY(e2e_host_words_are(r.host, 1, 4, 0x77, "the download"));
	return 0;
}
