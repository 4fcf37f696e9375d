/*
 * managed_phases.c -- what each step of a program that uses managed memory
 * from the host and from kernels costs: an ordinary CUDA program, linked
 * against the toolkit's stub, so that it runs natively and through oncuda
 * alike (issue 14).
 *
 *   bench/managed_phases [-k FATBIN] [-r ROUNDS] [MIB]
 *
 * It allocates MIB MiB (default 256) of managed memory and times, in
 * seconds, one line each:
 *
 *   alloc        cuMemAllocManaged
 *   host_memset  the host fills it (memset, 0x3f in every byte)
 *   kernel       work on the GPU adds 1 to it, then cuCtxSynchronize
 *   host_read    the host reads every byte (and checks them)
 *   host_rewrite the host fills it again (0x40)
 *   kernel2      the GPU adds 1 again, then cuCtxSynchronize
 *   host_read2   the host reads and checks it again
 *   page_round   the mean of ROUNDS rounds (200, or -r's), each: the host
 *                changes one byte of another page, cuMemsetD8 changes
 *                another byte of it,
 *                cuCtxSynchronize, the host reads both (what a program
 *                that touches a little of a large buffer at a time pays)
 *   free         cuMemFree
 *
 * With -k, the work is tests/kernels' vec_add (c = a + b over floats, a
 * and c the managed buffer, b device memory holding 1.0f); without it,
 * or where that fatbin does not load, cuMemsetD8 sets every byte to the
 * phase's number (the stand-in of a kernel that writes the whole buffer).
 * The second line says which.  Exit status 0 when every byte read back is
 * what the work wrote.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "bench/measure.h"

#define TRY(call)                                                             \
	do {                                                                  \
		CUresult e_ = (call);                                         \
		if (e_ != CUDA_SUCCESS) {                                     \
			const char *s_ = NULL;                                \
			cuGetErrorName(e_, &s_);                              \
			fprintf(stderr, "managed_phases: %s failed: %s\n",    \
				#call, s_ != NULL ? s_ : "?");                \
			return 1;                                             \
		}                                                             \
	} while (0)

struct work {
	CUfunction add;		/* NULL: cuMemsetD8 instead */
	CUdeviceptr ones;	/* vec_add's b */
};

#define ROUNDS 200		/* page_round's, unless -r says */

static double phase_start;

static void begin(void)
{
	phase_start = now_seconds();
}

static void end(const char *name)
{
	printf("%-12s %.3f s\n", name, now_seconds() - phase_start);
	fflush(stdout);
}

/* vec_add from the fatbin at path, and its buffer of ones; 0 on success. */
static int load_kernel(struct work *w, const char *path, size_t bytes)
{
	CUmodule m;

	if (cuModuleLoad(&m, path) != CUDA_SUCCESS ||
	    cuModuleGetFunction(&w->add, m, "vec_add") != CUDA_SUCCESS) {
		w->add = NULL;
		return 1;
	}
	TRY(cuMemAlloc(&w->ones, bytes));
	TRY(cuMemsetD32(w->ones, 0x3f800000u, bytes / 4));	/* 1.0f */
	return 0;
}

/* Adds 1 to the floats of p, or sets its bytes to value. */
static int run_work(const struct work *w, CUdeviceptr p, size_t bytes,
		    unsigned char value)
{
	int n = (int)(bytes / 4);
	void *params[] = { &p, (void *)&w->ones, &p, &n };

	if (w->add == NULL)
		TRY(cuMemsetD8(p, value, bytes));
	else
		TRY(cuLaunchKernel(w->add, (unsigned)(n + 255) / 256, 1, 1,
				   256, 1, 1, 0, NULL, params, NULL));
	TRY(cuCtxSynchronize());
	return 0;
}

/* Whether every byte (word) of p is what the work made of fill. */
static int check(const struct work *w, const unsigned char *p, size_t bytes,
		 unsigned char fill, unsigned char value)
{
	if (w->add != NULL) {
		float want, f;
		unsigned int word;
		const float *q = (const float *)(const void *)p;

		memset(&word, fill, sizeof(word));
		memcpy(&f, &word, sizeof(f));
		want = f + 1.0f;
		for (size_t i = 0; i < bytes / 4; i++)
			if (q[i] != want) {
				fprintf(stderr, "managed_phases: float %zu is "
					"%g, expected %g\n", i, (double)q[i],
					(double)want);
				return 1;
			}
		return 0;
	}
	for (size_t i = 0; i < bytes; i++)
		if (p[i] != value) {
			fprintf(stderr, "managed_phases: byte %zu is %#x, "
				"expected %#x\n", i, p[i], value);
			return 1;
		}
	return 0;
}

int main(int argc, char **argv)
{
	const char *fatbin = NULL;
	unsigned long mib = 256;
	struct work w = { NULL, 0 };
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr p;
	size_t bytes;
	unsigned long rounds = ROUNDS;
	int i = 1, managed = 0;

	for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (strcmp(argv[i], "-k") == 0)
			fatbin = argv[i + 1];
		else if (strcmp(argv[i], "-r") == 0)
			rounds = strtoul(argv[i + 1], NULL, 10);
		else
			break;
	}
	if (i < argc)
		mib = strtoul(argv[i], NULL, 10);
	if (mib == 0 || mib > 8192 || rounds == 0 || rounds > 100000) {
		fprintf(stderr, "usage: managed_phases [-k FATBIN] [-r ROUNDS] "
			"[MIB]: MIB from 1 to 8192, ROUNDS from 1 to 100000\n");
		return 2;
	}
	bytes = mib << 20;
	TRY(cuInit(0));
	TRY(cuDeviceGet(&dev, 0));
	TRY(cuDeviceGetAttribute(&managed, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY,
				 dev));
	if (!managed) {
		fprintf(stderr, "managed_phases: the device has no managed "
			"memory\n");
		return 1;
	}
	TRY(cuDevicePrimaryCtxRetain(&ctx, dev));
	TRY(cuCtxSetCurrent(ctx));
	if (fatbin != NULL && load_kernel(&w, fatbin, bytes) != 0)
		fprintf(stderr, "managed_phases: vec_add of %s does not load: "
			"cuMemsetD8 instead\n", fatbin);
	printf("size         %lu MiB\n", mib);
	printf("work         %s\n", w.add != NULL ? "vec_add" : "cuMemsetD8");

	begin();
	TRY(cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL));
	end("alloc");
	unsigned char *h = (unsigned char *)(uintptr_t)p;

	begin();
	memset(h, 0x3f, bytes);
	end("host_memset");
	begin();
	if (run_work(&w, p, bytes, 1) != 0)
		return 1;
	end("kernel");
	begin();
	if (check(&w, h, bytes, 0x3f, 1) != 0)
		return 1;
	end("host_read");
	begin();
	memset(h, 0x40, bytes);
	end("host_rewrite");
	begin();
	if (run_work(&w, p, bytes, 2) != 0)
		return 1;
	end("kernel2");
	begin();
	if (check(&w, h, bytes, 0x40, 2) != 0)
		return 1;
	end("host_read2");
	begin();
	for (unsigned r = 0; r < rounds; r++) {
		size_t at = (size_t)r * 997 * 4096 % bytes;

		h[at] = (unsigned char)r;
		TRY(cuMemsetD8(p + at + 1, (unsigned char)(r + 1), 1));
		TRY(cuCtxSynchronize());
		if (h[at] != (unsigned char)r ||
		    h[at + 1] != (unsigned char)(r + 1)) {
			fprintf(stderr, "managed_phases: round %u: bytes %#x "
				"%#x, expected %#x %#x\n", r, h[at], h[at + 1],
				r & 0xff, (r + 1) & 0xff);
			return 1;
		}
	}
	printf("%-12s %.6f s\n", "page_round",
	       (now_seconds() - phase_start) / rounds);
	begin();
	TRY(cuMemFree(p));
	end("free");
	if (w.ones != 0)
		TRY(cuMemFree(w.ones));
	TRY(cuDevicePrimaryCtxRelease(dev));
	return 0;
}
