/*
 * cuMemBatchDecompressAsync: a batch of two decompressions of the same
 * 1000 bytes, on a stream and on the thread's default stream, checked
 * byte for byte where the device has the decompression engine; batches
 * the driver must refuse whether it has one or not (a NULL array, flags,
 * an address no allocation holds), none of which may write anything.
 *
 * A device without the engine (an H200: CU_DEVICE_ATTRIBUTE_MEM_
 * DECOMPRESS_ALGORITHM_MASK is 0, as on the stand-in) refuses the good
 * batch too, with an error the test takes from the driver; a bad batch
 * there must get either that same refusal or one naming its bad
 * operation.  Through oncuda the answers are the server's driver's, so
 * they must be the same as natively.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* The _ptsz form, which cuda.h declares only for a per-thread program. */
CUresult CUDAAPI cuMemBatchDecompressAsync_ptsz(
    CUmemDecompressParams *paramsArray, size_t count, unsigned int flags,
    size_t *errorIndex, CUstream stream);

#define PLAIN_BYTES	1000
#define HALF		2048		/* the second operation's offset */
#define SENTINEL	0xa5a5a5a5u
#define ACT_WORDS	64

/* The plain text: this, over and over, to PLAIN_BYTES. */
static const char unit[] = "oncuda decompress test ";

/* It compressed in the three formats (raw blocks, no framing). */
static const unsigned char deflate_block[] = {
	0xcb, 0xcf, 0x4b, 0x2e, 0x4d, 0x49, 0x54, 0x48, 0x49, 0x4d, 0xce, 0xcf,
	0x2d, 0x28, 0x4a, 0x2d, 0x2e, 0x56, 0x28, 0x49, 0x2d, 0x2e, 0x51, 0xc8,
	0x1f, 0x15, 0x1e, 0x15, 0x1e, 0x15, 0x1e, 0x3e, 0xc2, 0x00,
};
static const unsigned char snappy_block[] = {
	0xe8, 0x07, 0x58, 0x6f, 0x6e, 0x63, 0x75, 0x64, 0x61, 0x20, 0x64, 0x65,
	0x63, 0x6f, 0x6d, 0x70, 0x72, 0x65, 0x73, 0x73, 0x20, 0x74, 0x65, 0x73,
	0x74, 0x20, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe,
	0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe,
	0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe,
	0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0xfe, 0x17, 0x00, 0x42,
	0x17, 0x00,
};
static const unsigned char lz4_block[] = {
	0xff, 0x08, 0x6f, 0x6e, 0x63, 0x75, 0x64, 0x61, 0x20, 0x64, 0x65, 0x63,
	0x6f, 0x6d, 0x70, 0x72, 0x65, 0x73, 0x73, 0x20, 0x74, 0x65, 0x73, 0x74,
	0x20, 0x17, 0x00, 0xff, 0xff, 0xff, 0xbc, 0x50, 0x20, 0x64, 0x65, 0x63,
	0x6f,
};

struct block {
	CUmemDecompressAlgorithm algo;
	const unsigned char *bytes;
	size_t size;
};

static const struct block blocks[] = {
	{ CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE, deflate_block,
	  sizeof(deflate_block) },
	{ CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY, snappy_block,
	  sizeof(snappy_block) },
	{ CU_MEM_DECOMPRESS_ALGORITHM_LZ4, lz4_block, sizeof(lz4_block) },
};

/* The device's first algorithm, or Snappy where it has none. */
static const struct block *block_for(int mask)
{
	for (size_t i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++)
		if (mask & (int)blocks[i].algo)
			return &blocks[i];
	return &blocks[1];
}

/* Operation i (0 or 1) of the good batch. */
static void good_op(CUmemDecompressParams *p, const struct block *b,
    CUdeviceptr src, CUdeviceptr dst, CUdeviceptr act, int i)
{
	memset(p, 0, sizeof(*p));
	p->srcNumBytes = b->size;
	p->dstNumBytes = PLAIN_BYTES;
	p->dstActBytes = (cuuint32_t *)(uintptr_t)(act + 4 * (CUdeviceptr)i);
	p->src = (const void *)(uintptr_t)src;
	p->dst = (void *)(uintptr_t)(dst + HALF * (CUdeviceptr)i);
	p->algo = b->algo;
}

/* Clears dst and fills the act words with SENTINEL. */
static int reset(CUdeviceptr dst, CUdeviceptr act)
{
	CHECK_CU(cuMemsetD8(dst, 0, 2 * HALF), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(act, SENTINEL, ACT_WORDS), CUDA_SUCCESS);
	return 0;
}

/* Both operations' output and counts as a finished batch leaves them. */
static int check_done(CUdeviceptr dst, CUdeviceptr act)
{
	static unsigned char got[2 * HALF], plain[PLAIN_BYTES];
	unsigned int counts[2];

	for (size_t i = 0; i < PLAIN_BYTES; i++)
		plain[i] = (unsigned char)unit[i % (sizeof(unit) - 1)];
	CHECK_CU(cuMemcpyDtoH(got, dst, sizeof(got)), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(counts, act, sizeof(counts)), CUDA_SUCCESS);
	CHECK_MEM(got, plain, PLAIN_BYTES);
	CHECK_MEM(got + HALF, plain, PLAIN_BYTES);
	CHECK_EQ(counts[0], PLAIN_BYTES);
	CHECK_EQ(counts[1], PLAIN_BYTES);
	return 0;
}

/* Nothing written: dst still clear, every act word still SENTINEL. */
static int check_untouched(CUdeviceptr dst, CUdeviceptr act)
{
	static unsigned char got[2 * HALF], zero[2 * HALF];

	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(got, dst, sizeof(got)), CUDA_SUCCESS);
	CHECK_MEM(got, zero, sizeof(got));
	TRY(e2e_words_are(act, ACT_WORDS, SENTINEL, "dstActBytes"));
	return 0;
}

int test_decompress(void)
{
	CUmemDecompressParams good[2], bad[2];
	CUdeviceptr src, dst, act, gone;
	const struct block *b;
	CUresult none, e;
	size_t none_index, index;
	int mask, max_length;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;
	char note[160];

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	CHECK_CU(cuDeviceGetAttribute(&mask,
	    CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK, dev),
	    CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&max_length,
	    CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH, dev),
	    CUDA_SUCCESS);
	CHECK((mask & ~7) == 0);
	CHECK(mask == 0 || max_length >= PLAIN_BYTES);
	b = block_for(mask);

	TRY(e2e_dalloc(&src, 4096));
	TRY(e2e_dalloc(&dst, 2 * HALF));
	TRY(e2e_dalloc(&act, 4 * ACT_WORDS));
	/* An address that was memory and is no longer anyone's. */
	CHECK_CU(cuMemAlloc(&gone, 4096), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(gone), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoD(src, b->bytes, b->size), CUDA_SUCCESS);
	good_op(&good[0], b, src, dst, act, 0);
	good_op(&good[1], b, src, dst, act, 1);

	/* The good batch: done where the device has the algorithm. */
	TRY(reset(dst, act));
	none_index = 12345;
	none = cuMemBatchDecompressAsync(good, 2, 0, &none_index, s);
	if (mask & (int)b->algo) {
		CHECK_EQ(none, CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		TRY(check_done(dst, act));
		/* On the thread's default stream, which the NULL stream of
		 * the _ptsz form names. */
		TRY(reset(dst, act));
		CHECK_CU(cuMemBatchDecompressAsync_ptsz(good, 2, 0, NULL, NULL),
		    CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(CU_STREAM_PER_THREAD),
		    CUDA_SUCCESS);
		TRY(check_done(dst, act));
	} else {
		snprintf(note, sizeof(note), "no decompression engine for "
		    "algorithm %d (mask %d): a batch gets %s, errorIndex %zu",
		    (int)b->algo, mask, e2e_cu_name(none),
		    none_index);
		e2e_skip_note(note);
		CHECK(none != CUDA_SUCCESS);
		/* errorIndex is what the driver left: driver 580 on an H200
		 * (no engine) leaves it as it was; the _ptsz form must agree. */
		index = 12345;
		CHECK_EQ(cuMemBatchDecompressAsync_ptsz(good, 2, 0, &index,
		    NULL), none);
		CHECK_EQ(index, none_index);
		TRY(check_untouched(dst, act));
	}

	/* Batches refused whatever the device: nothing runs. */
	TRY(reset(dst, act));
	/* errorIndex: driver 580 on an H200 leaves it as it was for each
	 * of these (a device with the engine may say SIZE_MAX). */
	index = 7;
	CHECK(cuMemBatchDecompressAsync(NULL, 1, 0, &index, s) !=
	    CUDA_SUCCESS);
	CHECK(index == 7 || index == SIZE_MAX);
	index = 7;
	CHECK(cuMemBatchDecompressAsync(good, 2, 1, &index, s) !=
	    CUDA_SUCCESS);
	CHECK(index == 7 || index == SIZE_MAX);
	index = 7;
	e = cuMemBatchDecompressAsync(good, 0, 0, &index, s);
	CHECK(e == CUDA_SUCCESS || index == 7 || index == SIZE_MAX);

	/* The second operation reads from, writes to or counts into freed
	 * memory: refused, naming it, unless the whole batch is refused as
	 * the good one was. */
	for (int field = 0; field < 3; field++) {
		memcpy(bad, good, sizeof(bad));
		if (field == 0)
			bad[1].src = (const void *)(uintptr_t)gone;
		else if (field == 1)
			bad[1].dst = (void *)(uintptr_t)gone;
		else
			bad[1].dstActBytes = (cuuint32_t *)(uintptr_t)gone;
		index = 7;
		e = cuMemBatchDecompressAsync(bad, 2, 0, &index, s);
		CHECK(e != CUDA_SUCCESS);
		/* Named, unless refused whole like the good batch (the
		 * index then left as it was, or as the good batch's). */
		if (!(e == none && (index == 7 || index == none_index)))
			CHECK_EQ(index, 1);
		CHECK_EQ(cuMemBatchDecompressAsync(bad, 2, 0, NULL, s), e);
	}
	TRY(check_untouched(dst, act));
	return 0;
}
