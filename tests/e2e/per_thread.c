/*
 * The per-thread default stream, as a program built with nvcc
 * --default-stream per-thread uses it: this file is compiled with
 * CUDA_API_PER_THREAD_DEFAULT_STREAM, so cuda.h turns its calls into the
 * _ptds and _ptsz entry points (cuMemcpyHtoD is cuMemcpyHtoD_v2_ptds,
 * cuLaunchKernel cuLaunchKernel_ptsz, ...), and the NULL stream is the
 * calling thread's own default stream.
 *
 * Four threads each copy, launch and copy back on their default stream at
 * once and check what came back; their streams are four streams, none of
 * them the legacy one.  The per-thread stream still orders with the legacy
 * stream both ways, as a blocking stream does.  cuGetProcAddress with
 * CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM hands out the same forms.
 */
#define CUDA_API_PER_THREAD_DEFAULT_STREAM 1

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

#define THREADS	4
#define ROUNDS	20
#define WORDS	(64 * 1024)

/* The GPU's clock ticks a spin kernel waits: some 50 ms on an H200. */
#define SPIN_CYCLES 100000000ull

struct worker {
	unsigned id;
	CUcontext ctx;
	CUfunction fill;
	CUdeviceptr p;
	unsigned long long stream_id;
	int rc;
};

/* Copy, launch and copy back on this thread's stream, ROUNDS times. */
static int work(struct worker *w)
{
	unsigned *pattern = e2e_malloc(WORDS * sizeof(unsigned));
	unsigned *back = e2e_malloc(WORDS * sizeof(unsigned));
	unsigned long long half = WORDS / 2;
	unsigned round, v, i;
	void *params[] = { &w->p, &v, &half };

	CHECK_CU(cuCtxSetCurrent(w->ctx), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetId(NULL, &w->stream_id), CUDA_SUCCESS);
	for (round = 0; round < ROUNDS; round++) {
		e2e_fill_random(pattern, WORDS * sizeof(unsigned),
				w->id * 1000 + round + 1);
		/* Synchronous, ordered in the thread's stream (_ptds). */
		CHECK_CU(cuMemcpyHtoD(w->p, pattern, WORDS * sizeof(unsigned)),
			 CUDA_SUCCESS);
		v = w->id << 24 | round;
		CHECK_CU(cuLaunchKernel(w->fill, 64, 1, 1, 256, 1, 1, 0, NULL,
					params, NULL), CUDA_SUCCESS);
		/* The last word, by a memset queued behind the kernel. */
		CHECK_CU(cuMemsetD32Async(w->p + (WORDS - 1) * sizeof(unsigned),
					  ~v, 1, NULL), CUDA_SUCCESS);
		memset(back, 0, WORDS * sizeof(unsigned));
		if (round % 2 == 0) {
			CHECK_CU(cuMemcpyDtoHAsync(back, w->p,
						   WORDS * sizeof(unsigned),
						   NULL), CUDA_SUCCESS);
			CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
		} else {
			CHECK_CU(cuMemcpyDtoH(back, w->p,
					      WORDS * sizeof(unsigned)),
				 CUDA_SUCCESS);
		}
		for (i = 0; i < half; i++)
			if (back[i] != v)
				return e2e_fail(__FILE__, __LINE__, "thread "
						"%u round %u: word %u is 0x%x, "
						"expected 0x%x", w->id, round,
						i, back[i], v);
		CHECK_MEM(back + half, pattern + half,
			  (WORDS - half - 1) * sizeof(unsigned));
		CHECK_EQ(back[WORDS - 1], ~v);
		CHECK_CU(cuStreamQuery(NULL), CUDA_SUCCESS);
	}
	CHECK_CU(cuCtxSetCurrent(NULL), CUDA_SUCCESS);
	return 0;
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;

	w->rc = work(w);
	return NULL;
}

int test_per_thread_streams(void)
{
	struct worker w[THREADS];
	unsigned long long legacy_id;
	pthread_t t[THREADS];
	CUfunction fill;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	int i, j, started = 0;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	for (i = 0; i < THREADS; i++) {
		w[i] = (struct worker){ .id = (unsigned)i + 1, .ctx = ctx,
					.fill = fill };
		TRY(e2e_dalloc(&w[i].p, WORDS * sizeof(unsigned)));
	}
	for (i = 0; i < THREADS; i++) {
		if (pthread_create(&t[i], NULL, worker_main, &w[i]) != 0)
			break;
		started++;
	}
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	CHECK(started == THREADS);
	for (i = 0; i < THREADS; i++)
		if (w[i].rc != 0)
			return -1;	/* the worker recorded why */
	/* Each thread's default stream is its own, and not the legacy one. */
	CHECK_CU(cuStreamGetId(CU_STREAM_LEGACY, &legacy_id), CUDA_SUCCESS);
	for (i = 0; i < THREADS; i++) {
		CHECK(w[i].stream_id != legacy_id);
		for (j = 0; j < i; j++)
			CHECK(w[i].stream_id != w[j].stream_id);
	}
	return 0;
}

/* Fills words of p with v on stream s, behind a spin kernel there. */
static int late_fill(CUfunction spin, CUdeviceptr p, unsigned v, size_t words,
		     CUstream s)
{
	unsigned long long cycles = SPIN_CYCLES;
	void *params[] = { &cycles };

	CHECK_CU(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, s, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32Async(p, v, words, s), CUDA_SUCCESS);
	return 0;
}

int test_per_thread_legacy_order(void)
{
	const size_t words = 1024;
	unsigned *back = e2e_malloc(words * sizeof(unsigned));
	unsigned long long own_id, named_id, legacy_id;
	CUfunction spin;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUdeviceptr p;
	unsigned flags = 99;
	size_t i;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&spin, m, "spin"));
	TRY(e2e_dalloc(&p, words * sizeof(unsigned)));

	/* NULL here and CU_STREAM_PER_THREAD anywhere name one stream. */
	CHECK_CU(cuStreamGetId(NULL, &own_id), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetId(CU_STREAM_PER_THREAD, &named_id), CUDA_SUCCESS);
	CHECK_CU(cuStreamGetId(CU_STREAM_LEGACY, &legacy_id), CUDA_SUCCESS);
	CHECK_EQ(own_id, named_id);
	CHECK(own_id != legacy_id);
	/* A blocking stream: no CU_STREAM_NON_BLOCKING. */
	CHECK_CU(cuStreamGetFlags(NULL, &flags), CUDA_SUCCESS);
	CHECK_EQ(flags & CU_STREAM_NON_BLOCKING, 0);

	/* Legacy work first: the per-thread stream's memset waits for it. */
	TRY(late_fill(spin, p, 1, words, CU_STREAM_LEGACY));
	CHECK_CU(cuMemsetD32Async(p, 2, words, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, p, words * sizeof(unsigned)),
		 CUDA_SUCCESS);
	for (i = 0; i < words; i++)
		CHECK_EQ(back[i], 2);

	/* Per-thread work first: the legacy stream's memset waits for it. */
	TRY(late_fill(spin, p, 3, words, NULL));
	CHECK_CU(cuMemsetD32Async(p, 4, words, CU_STREAM_LEGACY),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(CU_STREAM_LEGACY), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, p, words * sizeof(unsigned)),
		 CUDA_SUCCESS);
	for (i = 0; i < words; i++)
		CHECK_EQ(back[i], 4);

	/* An event recorded on the thread's stream completes behind it. */
	{
		CUevent ev;

		CHECK_CU(cuEventCreate(&ev, CU_EVENT_DEFAULT), CUDA_SUCCESS);
		e2e_defer_event(ev);
		TRY(late_fill(spin, p, 5, words, NULL));
		CHECK_CU(cuEventRecord(ev, NULL), CUDA_SUCCESS);
		CHECK_CU(cuEventSynchronize(ev), CUDA_SUCCESS);
		CHECK_CU(cuStreamQuery(NULL), CUDA_SUCCESS);
		CHECK_CU(cuMemcpyDtoH(back, p, words * sizeof(unsigned)),
			 CUDA_SUCCESS);
		for (i = 0; i < words; i++)
			CHECK_EQ(back[i], 5);
	}
	return 0;
}

typedef CUresult (*htod_fn)(CUdeviceptr, const void *, size_t);
typedef CUresult (*memset_async_fn)(CUdeviceptr, unsigned int, size_t,
				    CUstream);
typedef CUresult (*sync_fn)(CUstream);

int test_per_thread_proc_address(void)
{
	const size_t words = 4096;
	unsigned *pattern = e2e_malloc(words * sizeof(unsigned));
	unsigned *back = e2e_malloc(words * sizeof(unsigned));
	CUdriverProcAddressQueryResult status;
	void *htod = NULL, *set = NULL, *sync = NULL;
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr p;
	size_t i;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&p, words * sizeof(unsigned)));
	CHECK_CU(cuGetProcAddress("cuMemcpyHtoD", &htod, 12000,
				  CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
				  &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SUCCESS);
	CHECK_CU(cuGetProcAddress("cuMemsetD32Async", &set, 12000,
				  CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
				  &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SUCCESS);
	CHECK_CU(cuGetProcAddress("cuStreamSynchronize", &sync, 12000,
				  CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
				  &status), CUDA_SUCCESS);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SUCCESS);
	CHECK(htod != NULL && set != NULL && sync != NULL);

	e2e_fill_random(pattern, words * sizeof(unsigned), 77);
	CHECK_CU(((htod_fn)htod)(p, pattern, words * sizeof(unsigned)),
		 CUDA_SUCCESS);
	CHECK_CU(((memset_async_fn)set)(p, 0xabcdef01u, words / 2, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(((sync_fn)sync)(NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, p, words * sizeof(unsigned)),
		 CUDA_SUCCESS);
	for (i = 0; i < words / 2; i++)
		CHECK_EQ(back[i], 0xabcdef01u);
	CHECK_MEM(back + words / 2, pattern + words / 2,
		  words / 2 * sizeof(unsigned));
	return 0;
}

/*
 * The array copies, 3D copies and 2D memsets in their per-thread forms
 * (this file's calls are the _ptds and _ptsz entry points): a 1D array
 * filled from the host, copied to device memory, to a second array, to a
 * third, and back; then 2D memsets, synchronous and on the NULL stream,
 * and a 3D copy back.
 */
int test_per_thread_arrays(void)
{
	const size_t n = 1024, bytes = n * sizeof(float);
	const size_t width = 64, height = 8, pitch = 256;
	float *host = e2e_malloc(bytes), *back = e2e_malloc(bytes);
	unsigned *rows = e2e_malloc(pitch * height);
	CUDA_ARRAY_DESCRIPTOR desc = { .Width = n, .Height = 0,
	    .Format = CU_AD_FORMAT_FLOAT, .NumChannels = 1 };
	CUDA_MEMCPY3D c3;
	CUarray a1, a2, a3;
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d, d2;
	size_t i, x, y;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d, bytes));
	TRY(e2e_dalloc(&d2, pitch * height));
	CHECK_CU(cuArrayCreate(&a1, &desc), CUDA_SUCCESS);
	CHECK_CU(cuArrayCreate(&a2, &desc), CUDA_SUCCESS);
	CHECK_CU(cuArrayCreate(&a3, &desc), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		host[i] = (float)i * 0.25f;

	CHECK_CU(cuMemcpyHtoA(a1, 0, host, bytes), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAtoD(d, a1, 0, bytes), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoA(a2, 0, d, bytes), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAtoA(a3, 0, a2, 0, bytes), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAtoH(back, a3, 0, bytes), CUDA_SUCCESS);
	CHECK_MEM(back, host, bytes);
	memset(back, 0, bytes);
	CHECK_CU(cuMemcpyHtoAAsync(a1, 4 * sizeof(float), host,
	    8 * sizeof(float), NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyAtoHAsync(back, a1, 0, 12 * sizeof(float), NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	CHECK_MEM(back, host, 4 * sizeof(float));
	CHECK_MEM(back + 4, host, 8 * sizeof(float));

	/* Rows 0-3 by the synchronous form, rows 4-7 queued on NULL. */
	CHECK_CU(cuMemsetD2D32(d2, pitch, 0x11223344u, width, 4),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemsetD2D8Async(d2 + 4 * pitch, pitch, 0x5a,
	    width * sizeof(unsigned), 4, NULL), CUDA_SUCCESS);
	memset(&c3, 0, sizeof c3);
	c3.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c3.srcDevice = d2;
	c3.srcPitch = pitch;
	c3.srcHeight = height;
	c3.dstMemoryType = CU_MEMORYTYPE_HOST;
	c3.dstHost = rows;
	c3.dstPitch = pitch;
	c3.dstHeight = height;
	c3.WidthInBytes = width * sizeof(unsigned);
	c3.Height = height;
	c3.Depth = 1;
	CHECK_CU(cuMemcpy3D(&c3), CUDA_SUCCESS);
	for (y = 0; y < height; y++)
		for (x = 0; x < width; x++)
			CHECK_EQ(rows[y * (pitch / sizeof(unsigned)) + x],
			    y < 4 ? 0x11223344u : 0x5a5a5a5au);
	CHECK_CU(cuArrayDestroy(a1), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(a2), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(a3), CUDA_SUCCESS);
	return 0;
}

/* A 3D peer copy of rows rows of width bytes, pitch apart, in its
 * per-thread form (this file's cuMemcpy3DPeer is cuMemcpy3DPeer_ptds, its
 * cuMemcpy3DPeerAsync cuMemcpy3DPeerAsync_ptsz). */
static CUDA_MEMCPY3D_PEER peer_rows(CUcontext dst_ctx, CUcontext src_ctx,
				    size_t width, size_t rows, size_t pitch)
{
	CUDA_MEMCPY3D_PEER c;

	memset(&c, 0, sizeof c);
	c.srcContext = src_ctx;
	c.srcPitch = pitch;
	c.srcHeight = rows;
	c.dstContext = dst_ctx;
	c.dstPitch = pitch;
	c.dstHeight = rows;
	c.WidthInBytes = width;
	c.Height = rows;
	c.Depth = 1;
	return c;
}

/*
 * cuMemcpy3DPeer_ptds and cuMemcpy3DPeerAsync_ptsz: host rows into the
 * primary context's memory (synchronous: there when it returns), from
 * there into a second context's memory; then, queued on the thread's
 * stream behind a spin kernel and a memset of the first rows, the same
 * two copies and one back to the host, which sees the memset: the copies
 * are behind it on the same stream.
 */
int test_per_thread_peer_3d(void)
{
	const size_t width = 96, rows = 6, pitch = 128;
	unsigned char *in = e2e_malloc(pitch * rows);
	unsigned char *back = e2e_malloc(pitch * rows);
	unsigned long long cycles = SPIN_CYCLES;
	void *params[] = { &cycles };
	CUDA_MEMCPY3D_PEER c;
	CUcontext ctx, other;
	CUfunction spin;
	CUdeviceptr d, d2;
	CUdevice dev;
	CUmodule m;
	size_t x, y;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&spin, m, "spin"));
	TRY(e2e_dalloc(&d, pitch * rows));
	CHECK_CU(cuCtxCreate(&other, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(other);
	CHECK_CU(cuMemAlloc(&d2, pitch * rows), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
	e2e_fill_random(in, pitch * rows, 61);

	c = peer_rows(ctx, ctx, width, rows, pitch);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = in;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d;
	CHECK_CU(cuMemcpy3DPeer(&c), CUDA_SUCCESS);

	c = peer_rows(other, ctx, width, rows, pitch);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = d;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d2;
	CHECK_CU(cuMemcpy3DPeer(&c), CUDA_SUCCESS);
	memset(back, 0, pitch * rows);
	CHECK_CU(cuMemcpyDtoH(back, d2, pitch * rows), CUDA_SUCCESS);
	for (y = 0; y < rows; y++)
		CHECK_MEM(back + y * pitch, in + y * pitch, width);

	CHECK_CU(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemsetD8Async(d, 0xa5, 2 * pitch, NULL), CUDA_SUCCESS);
	c = peer_rows(other, ctx, width, rows, pitch);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = d;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d2;
	CHECK_CU(cuMemcpy3DPeerAsync(&c, NULL), CUDA_SUCCESS);
	c = peer_rows(ctx, other, width, rows, pitch);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = d2;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	memset(back, 0, pitch * rows);
	CHECK_CU(cuMemcpy3DPeerAsync(&c, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	for (y = 0; y < rows; y++)
		for (x = 0; x < width; x++)
			CHECK_EQ(back[y * pitch + x],
				 y < 2 ? 0xa5 : in[y * pitch + x]);

	/* Device memory's address says where it lives: the driver takes a
	 * NULL context for it (driver 580 does), in both forms. */
	c.srcContext = NULL;
	memset(back, 0, pitch * rows);
	CHECK_CU(cuMemcpy3DPeerAsync(&c, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	for (y = 2; y < rows; y++)
		CHECK_MEM(back + y * pitch, in + y * pitch, width);
	for (x = 0; x < width; x++)
		CHECK_EQ(back[x], 0xa5);
	memset(back, 0, pitch * rows);
	CHECK_CU(cuMemcpy3DPeer(&c), CUDA_SUCCESS);
	for (x = 0; x < width; x++)
		CHECK_EQ(back[pitch + x], 0xa5);
	CHECK_MEM(back + 2 * pitch, in + 2 * pitch, width);
	return 0;
}
