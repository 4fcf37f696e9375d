/*
 * Large cuMemcpyDtoHAsync into page-locked memory, as a remote client
 * makes them over TCP with data connections (ONCUDA_STREAMS, 4 unless
 * set): the download is queued whole into the memory's mirror on the
 * server and its bytes come back striped at the next synchronization
 * (idl/cuda.x, CU_MEMCPY_DTOH_MIRROR_WHOLE).  What the program sees must
 * be what the driver gives: the bytes the source held when the download
 * ran, not what a kernel queued after it wrote there; several downloads
 * pending at once, large and small, into overlapping bytes, land in
 * their stream's order; a large download that fails writes nothing;
 * nothing past a download's end is written.  Natively the same checks
 * hold.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

#define MIB ((size_t)1 << 20)
#define BIG_WORDS (16 * MIB)		/* 64 MiB of words */
#define GUARD_WORDS 1024

static int setup(CUfunction *f, CUstream *s, unsigned **host, size_t words)
{
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;

	/* Read when the first large copy binds the data connections. */
	setenv("ONCUDA_STREAMS", "4", 0);
	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(f, m, "fill_u32"));
	TRY(e2e_stream(s));
	CHECK_CU(cuMemAllocHost((void **)host, words * sizeof(unsigned)),
	    CUDA_SUCCESS);
	e2e_defer_host(*host);
	return 0;
}

/* 64 MiB, then a kernel overwriting its source: the first values land. */
static int one_big(CUfunction f, CUstream s, unsigned *host)
{
	CUdeviceptr src;

	TRY(e2e_dalloc(&src, BIG_WORDS * sizeof(unsigned)));
	memset(host, 0xee, (BIG_WORDS + GUARD_WORDS) * sizeof(unsigned));
	TRY(e2e_fill_u32(f, src, 0x1111, BIG_WORDS, s));
	CHECK_CU(cuMemcpyDtoHAsync(host, src, BIG_WORDS * sizeof(unsigned), s),
	    CUDA_SUCCESS);
	TRY(e2e_fill_u32(f, src, 0x2222, BIG_WORDS, s));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, BIG_WORDS, 0x1111, "64 MiB download"));
	TRY(e2e_host_words_are(host, BIG_WORDS, BIG_WORDS + GUARD_WORDS,
	    0xeeeeeeeeu, "past the download's end"));
	/* Again, observed through an event behind it. */
	{
		CUevent ev;

		CHECK_CU(cuEventCreate(&ev, CU_EVENT_DISABLE_TIMING),
		    CUDA_SUCCESS);
		e2e_defer_event(ev);
		CHECK_CU(cuMemcpyDtoHAsync(host, src,
		    BIG_WORDS * sizeof(unsigned), s), CUDA_SUCCESS);
		CHECK_CU(cuEventRecord(ev, s), CUDA_SUCCESS);
		TRY(e2e_fill_u32(f, src, 0x3333, BIG_WORDS, s));
		CHECK_CU(cuEventSynchronize(ev), CUDA_SUCCESS);
		TRY(e2e_host_words_are(host, 0, BIG_WORDS, 0x2222,
		    "after cuEventSynchronize"));
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(e2e_host_words_are(host, 0, BIG_WORDS, 0x2222,
		    "after cuStreamSynchronize"));
	}
	return 0;
}

/*
 * Several large downloads pending at once, each from its own source that a
 * kernel overwrites after it, into separate thirds and then over each
 * other, observed by one cuCtxSynchronize.
 */
static int several_big(CUfunction f, CUstream s, unsigned *host)
{
	size_t third = BIG_WORDS / 3, span = third * sizeof(unsigned);
	CUdeviceptr src[3];

	for (unsigned i = 0; i < 3; i++) {
		TRY(e2e_dalloc(&src[i], span));
		TRY(e2e_fill_u32(f, src[i], 0x100 + i, third, s));
	}
	memset(host, 0, BIG_WORDS * sizeof(unsigned));
	for (unsigned i = 0; i < 3; i++)
		CHECK_CU(cuMemcpyDtoHAsync(host + i * third, src[i], span, s),
		    CUDA_SUCCESS);
	for (unsigned i = 0; i < 3; i++)
		TRY(e2e_fill_u32(f, src[i], 0x200 + i, third, s));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (unsigned i = 0; i < 3; i++)
		TRY(e2e_host_words_are(host, i * third, (i + 1) * third,
		    0x100 + i, "one of three pending"));

	/* All three into the same bytes, in the stream's order: the last
	 * wins, its source overwritten after it. */
	for (unsigned i = 0; i < 3; i++)
		CHECK_CU(cuMemcpyDtoHAsync(host, src[i], span, s),
		    CUDA_SUCCESS);
	TRY(e2e_fill_u32(f, src[2], 0x300, third, s));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, third, 0x202, "three over each other"));
	return 0;
}

/*
 * Small and large pending together over overlapping bytes, in the
 * stream's order: large A over everything, small B inside it, large C
 * over the second half (and B's end), small D after C's end.
 */
static int mixed(CUfunction f, CUstream s, unsigned *host)
{
	size_t big = 6 * MIB, small = 16384, half = big / 2;
	CUdeviceptr a, b, c, d;

	TRY(e2e_dalloc(&a, big * sizeof(unsigned)));
	TRY(e2e_dalloc(&b, small * sizeof(unsigned)));
	TRY(e2e_dalloc(&c, half * sizeof(unsigned)));
	TRY(e2e_dalloc(&d, small * sizeof(unsigned)));
	TRY(e2e_fill_u32(f, a, 0xa, big, s));
	TRY(e2e_fill_u32(f, b, 0xb, small, s));
	TRY(e2e_fill_u32(f, c, 0xc, half, s));
	TRY(e2e_fill_u32(f, d, 0xd, small, s));
	memset(host, 0, (big + small) * sizeof(unsigned));
	CHECK_CU(cuMemcpyDtoHAsync(host, a, big * sizeof(unsigned), s),
	    CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host + half - small / 2, b,
	    small * sizeof(unsigned), s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host + half, c, half * sizeof(unsigned),
	    s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(host + big, d, small * sizeof(unsigned),
	    s), CUDA_SUCCESS);
	TRY(e2e_fill_u32(f, a, 0xa0, big, s));
	TRY(e2e_fill_u32(f, b, 0xb0, small, s));
	TRY(e2e_fill_u32(f, c, 0xc0, half, s));
	TRY(e2e_fill_u32(f, d, 0xd0, small, s));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, half - small / 2, 0xa, "large A"));
	TRY(e2e_host_words_are(host, half - small / 2, half, 0xb, "small B"));
	TRY(e2e_host_words_are(host, half, big, 0xc, "large C over B's end"));
	TRY(e2e_host_words_are(host, big, big + small, 0xd, "small D"));
	return 0;
}

/* A large download whose source is gone fails and writes nothing. */
static int failed_big(CUstream s, unsigned *host)
{
	size_t words = 4 * MIB;
	CUdeviceptr gone;

	CHECK_CU(cuMemAlloc(&gone, words * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(gone), CUDA_SUCCESS);
	memset(host, 0x11, words * sizeof(unsigned));
	CHECK_CU_ASYNC(cuMemcpyDtoHAsync(host, gone, words * sizeof(unsigned),
	    s), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(e2e_host_words_are(host, 0, words, 0x11111111u,
	    "a failed download"));
	return 0;
}

int test_dtoh_striped(void)
{
	unsigned *host;
	CUfunction f;
	CUstream s;

	TRY(setup(&f, &s, &host, BIG_WORDS + GUARD_WORDS));
	TRY(one_big(f, s, host));
	TRY(several_big(f, s, host));
	TRY(mixed(f, s, host));
	TRY(failed_big(s, host));
	return 0;
}
