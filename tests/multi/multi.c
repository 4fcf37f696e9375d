/*
 * multi.c -- one program, the GPUs of two oncudad (ONCUDA_SERVER=a,b).
 *
 *   tests/multi/multi probe   one line per device: "device N: big" when a
 *                             48 MiB allocation fits on it, else "small"
 *                             (tests/multi/check.sh gives the two servers
 *                             different --max-memory, so this tells which
 *                             server a device number reaches)
 *   tests/multi/multi init    prints cuInit's result
 *   tests/multi/multi library one library, loaded with no context current,
 *                             used in a context on every device; prints
 *                             PASS library
 *   tests/multi/multi library-refused
 *                             the same when the second server refuses the
 *                             image; prints PASS library-refused
 *   tests/multi/multi         the two-server checks; prints PASS multi
 *
 * Run from the repository root (it loads tests/kernels/kernels.cubin).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#define KERNELS "tests/kernels/kernels.cubin"
#define COUNT 4096		/* unsigned ints per buffer */
#define BIG (48u << 20)

static int failures;

#define CHECK(cond) check((cond), #cond, __LINE__)
#define CHECK_CU(call, want) check_cu((call), (want), #call, __LINE__)

static int check(int ok, const char *what, int line)
{
	if (!ok) {
		fprintf(stderr, "multi.c:%d: %s is false\n", line, what);
		failures++;
	}
	return ok;
}

static int check_cu(CUresult got, CUresult want, const char *what, int line)
{
	const char *g = "?", *w = "?";

	if (got == want)
		return 1;
	cuGetErrorName(got, &g);
	cuGetErrorName(want, &w);
	fprintf(stderr, "multi.c:%d: %s gave %s, not %s\n", line, what, g, w);
	failures++;
	return 0;
}

/* What each device's context holds. */
struct gpu {
	CUcontext ctx;
	CUmodule module;
	CUfunction fill;
	CUdeviceptr buf;
	CUstream stream;
	CUevent event;
	unsigned base;		/* what its thread fills in, plus a count */
};

/* Fills gpu's buffer with v by the fill_u32 kernel; current: gpu's ctx. */
static CUresult fill(struct gpu *g, unsigned v, CUstream stream)
{
	unsigned long long n = COUNT;
	void *args[] = { &g->buf, &v, &n };

	return cuLaunchKernel(g->fill, 4, 1, 1, 128, 1, 1, 0, stream, args,
	    NULL);
}

/* Whether buf on the current context's device holds v everywhere.  Two
 * threads call it at once: the buffer is each call's own. */
static int holds(CUdeviceptr buf, unsigned v)
{
	unsigned host[COUNT];

	memset(host, 0, sizeof(host));
	if (!CHECK_CU(cuMemcpyDtoH(host, buf, sizeof(host)), CUDA_SUCCESS))
		return 0;
	for (int i = 0; i < COUNT; i++)
		if (host[i] != v) {
			fprintf(stderr, "multi: word %d is %#x, not %#x\n", i,
			    host[i], v);
			return 0;
		}
	return 1;
}


static int probe(void)
{
	CUdeviceptr p;
	CUcontext ctx;
	CUresult e;
	int n;

	if (!CHECK_CU(cuInit(0), CUDA_SUCCESS) ||
	    !CHECK_CU(cuDeviceGetCount(&n), CUDA_SUCCESS))
		return 1;
	printf("devices: %d\n", n);
	for (int d = 0; d < n; d++) {
		if (!CHECK_CU(cuCtxCreate(&ctx, NULL, 0, d), CUDA_SUCCESS))
			return 1;
		e = cuMemAlloc(&p, BIG);
		printf("device %d: %s\n", d, e == CUDA_SUCCESS ? "big" : "small");
		if (e == CUDA_SUCCESS)
			cuMemFree(p);
		cuCtxDestroy(ctx);
	}
	return failures != 0;
}

static void setup(struct gpu *g, int device, unsigned value)
{
	CUdeviceptr pad;

	g->base = value << 4;
	CHECK_CU(cuCtxCreate(&g->ctx, NULL, 0, device), CUDA_SUCCESS);
	CHECK_CU(cuModuleLoad(&g->module, KERNELS), CUDA_SUCCESS);
	CHECK_CU(cuModuleGetFunction(&g->fill, g->module, "fill_u32"),
	    CUDA_SUCCESS);
	/*
	 * Two servers with the same driver hand out the same addresses; the
	 * unified copies below need pointers that tell them apart, so the
	 * first server's buffer comes after a block given back at once.
	 */
	if (device == 0)
		CHECK_CU(cuMemAlloc(&pad, 1 << 20), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&g->buf, COUNT * sizeof(unsigned)), CUDA_SUCCESS);
	if (device == 0)
		CHECK_CU(cuMemFree(pad), CUDA_SUCCESS);
	CHECK_CU(cuStreamCreate(&g->stream, 0), CUDA_SUCCESS);
	CHECK_CU(cuEventCreate(&g->event, 0), CUDA_SUCCESS);
	CHECK_CU(fill(g, value, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(holds(g->buf, value));
}

static void *worker(void *arg)
{
	struct gpu *g = arg;
	unsigned base = g->base;

	CHECK_CU(cuCtxSetCurrent(g->ctx), CUDA_SUCCESS);
	for (unsigned k = 0; k < 20; k++) {
		CHECK_CU(fill(g, base + k, g->stream), CUDA_SUCCESS);
		CHECK_CU(cuStreamSynchronize(g->stream), CUDA_SUCCESS);
		CHECK(holds(g->buf, base + k));
	}
	return NULL;
}

static void devices(int n)
{
	char name[128];
	CUcontext primary;
	CUdevice dev, got;
	int major;

	for (int d = 0; d < n; d++) {
		CHECK_CU(cuDeviceGet(&dev, d), CUDA_SUCCESS);
		CHECK(dev == d);
		CHECK_CU(cuDeviceGetName(name, sizeof(name), dev), CUDA_SUCCESS);
		CHECK_CU(cuDeviceGetAttribute(&major,
		    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
		    CUDA_SUCCESS);
		CHECK_CU(cuDevicePrimaryCtxRetain(&primary, dev), CUDA_SUCCESS);
		CHECK_CU(cuCtxPushCurrent(primary), CUDA_SUCCESS);
		CHECK_CU(cuCtxGetDevice(&got), CUDA_SUCCESS);
		CHECK(got == d);
		CHECK_CU(cuCtxPopCurrent(NULL), CUDA_SUCCESS);
		CHECK_CU(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
	}
	CHECK_CU(cuDeviceGet(&dev, n), CUDA_ERROR_INVALID_DEVICE);
}

static void copies(struct gpu *a, struct gpu *b)
{
	const size_t bytes = COUNT * sizeof(unsigned);

	/* Peer copy between the two servers, through the client. */
	CHECK_CU(cuCtxSetCurrent(a->ctx), CUDA_SUCCESS);
	CHECK_CU(fill(a, 0xa1, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyPeer(b->buf, b->ctx, a->buf, a->ctx, bytes),
	    CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(b->ctx), CUDA_SUCCESS);
	CHECK(holds(b->buf, 0xa1));

	if (a->buf == b->buf) {
		/* The pointers alone cannot tell the servers apart. */
		printf("SKIP unified copies: both servers gave address %#llx\n",
		    (unsigned long long)a->buf);
		return;
	}
	/* Unified cuMemcpy and cuMemcpyDtoD: the pointers say which servers. */
	CHECK_CU(fill(b, 0xb2, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpy(a->buf, b->buf, bytes), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(a->ctx), CUDA_SUCCESS);
	CHECK(holds(a->buf, 0xb2));
	CHECK_CU(fill(a, 0xa3, NULL), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoD(b->buf, a->buf, bytes), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(b->ctx), CUDA_SUCCESS);
	CHECK(holds(b->buf, 0xa3));
}

/* Handles of one server in a call that goes to the other. */
static void mixed_handles(struct gpu *a, struct gpu *b)
{
	CHECK_CU(cuCtxSetCurrent(b->ctx), CUDA_SUCCESS);
	CHECK_CU(cuStreamWaitEvent(b->stream, a->event, 0),
	    CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(fill(a, 1, b->stream), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuEventRecord(a->event, b->stream), CUDA_ERROR_INVALID_HANDLE);
	/* Each in its own server's calls still works. */
	CHECK_CU(cuEventRecord(b->event, b->stream), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(b->event), CUDA_SUCCESS);
	CHECK_CU(cuEventRecord(a->event, a->stream), CUDA_SUCCESS);
	CHECK_CU(cuEventSynchronize(a->event), CUDA_SUCCESS);
}

static void teardown(struct gpu *g)
{
	CHECK_CU(cuCtxSetCurrent(g->ctx), CUDA_SUCCESS);
	CHECK_CU(cuEventDestroy(g->event), CUDA_SUCCESS);
	CHECK_CU(cuStreamDestroy(g->stream), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(g->buf), CUDA_SUCCESS);
	CHECK_CU(cuModuleUnload(g->module), CUDA_SUCCESS);
	CHECK_CU(cuCtxDestroy(g->ctx), CUDA_SUCCESS);
}

/* Loads KERNELS from memory, with no context current, and frees the image. */
static int load_library(CUlibrary *lib)
{
	long bytes;
	void *image;
	FILE *f;

	f = fopen(KERNELS, "rb");
	if (!CHECK(f != NULL) || !CHECK(fseek(f, 0, SEEK_END) == 0) ||
	    !CHECK((bytes = ftell(f)) > 0) || !CHECK(fseek(f, 0, SEEK_SET) == 0)
	    || !CHECK((image = malloc((size_t)bytes)) != NULL) ||
	    !CHECK(fread(image, 1, (size_t)bytes, f) == (size_t)bytes))
		return 0;
	fclose(f);
	if (!CHECK_CU(cuLibraryLoadData(lib, image, NULL, NULL, 0, NULL, NULL,
	    0), CUDA_SUCCESS))
		return 0;
	memset(image, 0, (size_t)bytes);
	free(image);
	return 1;
}

/*
 * One library on every device, as the CUDA runtime uses its code: loaded
 * from memory with no context current (the image freed at once, as a
 * program may), its kernel taken before any context exists, then launched
 * and its global read in a context on each device.  Works with one server
 * and with several.
 */
static int library(void)
{
	CUcontext ctx[2];
	CUdeviceptr buf[2], global;
	CUlibrary lib;
	CUkernel kernel, again;
	CUfunction func;
	size_t size;
	int n, value, threads;

	if (!CHECK_CU(cuInit(0), CUDA_SUCCESS) ||
	    !CHECK_CU(cuDeviceGetCount(&n), CUDA_SUCCESS) ||
	    !CHECK(n >= 1 && n <= 2) || !load_library(&lib))
		return 1;
	CHECK_CU(cuLibraryGetKernel(&kernel, lib, "fill_u32"), CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetKernel(&again, lib, "fill_u32"), CUDA_SUCCESS);
	CHECK(again == kernel);
	CHECK_CU(cuLibraryGetKernel(&again, lib, "no_such_kernel"),
	    CUDA_ERROR_NOT_FOUND);

	for (int d = 0; d < n; d++) {
		unsigned v = 0x300u + (unsigned)d;
		unsigned long long count = COUNT;
		void *args[] = { &buf[d], &v, &count };

		CHECK_CU(cuCtxCreate(&ctx[d], NULL, 0, d), CUDA_SUCCESS);
		CHECK_CU(cuMemAlloc(&buf[d], COUNT * sizeof(unsigned)),
		    CUDA_SUCCESS);
		/* The runtime passes the CUkernel itself as the function. */
		CHECK_CU(cuLaunchKernel((CUfunction)kernel, 4, 1, 1, 128, 1, 1,
		    0, NULL, args, NULL), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		CHECK(holds(buf[d], v));
		CHECK_CU(cuKernelGetFunction(&func, kernel), CUDA_SUCCESS);
		v++;
		CHECK_CU(cuLaunchKernel(func, 4, 1, 1, 128, 1, 1, 0, NULL,
		    args, NULL), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		CHECK(holds(buf[d], v));
		/* The global: each device's own, 42 until written. */
		CHECK_CU(cuLibraryGetGlobal(&global, &size, lib, "g_value"),
		    CUDA_SUCCESS);
		CHECK(size == sizeof(int));
		CHECK_CU(cuMemcpyDtoH(&value, global, sizeof(value)),
		    CUDA_SUCCESS);
		CHECK(value == 42);
		value = 7;
		CHECK_CU(cuMemcpyHtoD(global, &value, sizeof(value)),
		    CUDA_SUCCESS);
	}
	/* An attribute on the last device, from the first one's context. */
	CHECK_CU(cuCtxSetCurrent(ctx[0]), CUDA_SUCCESS);
	CHECK_CU(cuKernelGetAttribute(&threads,
	    CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, kernel, n - 1),
	    CUDA_SUCCESS);
	CHECK(threads > 0);

	CHECK_CU(cuLibraryUnload(lib), CUDA_SUCCESS);
	CHECK_CU(cuLibraryGetKernel(&again, lib, "fill_u32"),
	    CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuLibraryGetGlobal(&global, &size, lib, "g_value"),
	    CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuKernelGetFunction(&func, kernel), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuLibraryUnload(lib), CUDA_ERROR_INVALID_HANDLE);
	for (int d = 0; d < n; d++) {
		CHECK_CU(cuMemFree(buf[d]), CUDA_SUCCESS);
		CHECK_CU(cuCtxDestroy(ctx[d]), CUDA_SUCCESS);
	}
	if (failures != 0) {
		printf("FAIL library: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS library\n");
	return 0;
}

/*
 * The second server refuses the library's image (tests/multi/check.sh
 * starts it with a small --max-image): the calls that need the library
 * there fail with its error, and the first server's copy still works.
 */
static int library_refused(void)
{
	CUcontext ctx[2];
	CUdeviceptr buf, global;
	CUlibrary lib;
	CUkernel kernel;
	CUfunction func;
	unsigned v = 0x400;
	unsigned long long count = COUNT;
	void *args[] = { &buf, &v, &count };
	int n;

	if (!CHECK_CU(cuInit(0), CUDA_SUCCESS) ||
	    !CHECK_CU(cuDeviceGetCount(&n), CUDA_SUCCESS) || !CHECK(n == 2) ||
	    !load_library(&lib))
		return 1;
	CHECK_CU(cuLibraryGetKernel(&kernel, lib, "fill_u32"), CUDA_SUCCESS);
	CHECK_CU(cuCtxCreate(&ctx[1], NULL, 0, 1), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&buf, COUNT * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel((CUfunction)kernel, 4, 1, 1, 128, 1, 1, 0,
	    NULL, args, NULL), CUDA_ERROR_OUT_OF_MEMORY);
	CHECK_CU(cuKernelGetFunction(&func, kernel), CUDA_ERROR_OUT_OF_MEMORY);
	CHECK_CU(cuLibraryGetGlobal(&global, NULL, lib, "g_value"),
	    CUDA_ERROR_OUT_OF_MEMORY);
	CHECK_CU(cuMemFree(buf), CUDA_SUCCESS);

	CHECK_CU(cuCtxCreate(&ctx[0], NULL, 0, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&buf, COUNT * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel((CUfunction)kernel, 4, 1, 1, 128, 1, 1, 0,
	    NULL, args, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK(holds(buf, v));
	CHECK_CU(cuMemFree(buf), CUDA_SUCCESS);
	CHECK_CU(cuLibraryUnload(lib), CUDA_SUCCESS);
	CHECK_CU(cuCtxDestroy(ctx[0]), CUDA_SUCCESS);
	CHECK_CU(cuCtxDestroy(ctx[1]), CUDA_SUCCESS);
	if (failures != 0) {
		printf("FAIL library-refused: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS library-refused\n");
	return 0;
}

int main(int argc, char **argv)
{
	struct gpu gpus[2];
	pthread_t threads[2];
	int n;

	if (argc > 1 && strcmp(argv[1], "probe") == 0)
		return probe();
	if (argc > 1 && strcmp(argv[1], "library") == 0)
		return library();
	if (argc > 1 && strcmp(argv[1], "library-refused") == 0)
		return library_refused();
	if (argc > 1 && strcmp(argv[1], "init") == 0) {
		const char *name = "?";

		cuGetErrorName(cuInit(0), &name);
		printf("cuInit: %s\n", name);
		return 0;
	}
	if (!CHECK_CU(cuInit(0), CUDA_SUCCESS) ||
	    !CHECK_CU(cuDeviceGetCount(&n), CUDA_SUCCESS) || !CHECK(n == 2))
		return 1;
	devices(n);
	setup(&gpus[0], 0, 0x100);
	setup(&gpus[1], 1, 0x200);
	copies(&gpus[0], &gpus[1]);
	mixed_handles(&gpus[0], &gpus[1]);
	for (int i = 0; i < 2; i++)
		pthread_create(&threads[i], NULL, worker, &gpus[i]);
	for (int i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	teardown(&gpus[0]);
	teardown(&gpus[1]);
	if (failures != 0) {
		printf("FAIL multi: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS multi\n");
	return 0;
}
