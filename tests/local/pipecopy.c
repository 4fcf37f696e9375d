/*
 * pipecopy: pageable copies through the same-host staging area at the
 * sizes where its pipeline turns (tests/local/check.sh): below, at and one
 * byte past a slot (8 MiB) and two slots, a size that is no multiple of
 * either, from an odd device address; synchronous and on a stream; then
 * an asynchronous copy a kernel on another stream waits for (an event),
 * and a copy past the end of its allocation, refused, after which copies
 * still work.  Prints "pipecopy: ok" or what differed; exits 1 on failure.
 *
 *   pipecopy KERNELS.fatbin
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#define SLOT ((size_t)8 << 20)
#define DEVICE_BYTES (4 * SLOT)

static int failures;

#define CHECK(call) do { CUresult e_ = (call); if (e_ != CUDA_SUCCESS) { \
	fprintf(stderr, "pipecopy: %s: error %d\n", #call, (int)e_); exit(1); } } while (0)

static void expect(int ok, const char *what, size_t size)
{
	if (!ok) {
		fprintf(stderr, "pipecopy: %s, %zu bytes: wrong\n", what, size);
		failures++;
	}
}

static void fill_random(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (unsigned char)(seed >> 16);
	}
}

/* To the device and back, through staging both ways; dev + 3 is odd. */
static void round_trip(CUdeviceptr dev, unsigned char *out, unsigned char *in,
    size_t size, CUstream stream)
{
	fill_random(out, size, (unsigned)size);
	memset(in, 0xee, size + 1);
	if (stream == NULL) {
		CHECK(cuMemcpyHtoD(dev + 3, out, size));
		CHECK(cuMemcpyDtoH(in, dev + 3, size));
	} else {
		CHECK(cuMemcpyHtoDAsync(dev + 3, out, size, stream));
		CHECK(cuMemcpyDtoHAsync(in, dev + 3, size, stream));
		CHECK(cuStreamSynchronize(stream));
	}
	expect(memcmp(out, in, size) == 0 && in[size] == 0xee,
	    stream == NULL ? "round trip" : "round trip on a stream", size);
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 1, SLOT - 1, SLOT, SLOT + 1,
	    2 * SLOT, 2 * SLOT + 1, 3 * SLOT + 4097 };
	unsigned char *out = malloc(DEVICE_BYTES + 1);
	unsigned char *in = malloc(DEVICE_BYTES + 1);
	CUcontext ctx;
	CUdevice device;
	CUdeviceptr dev;
	CUmodule module;
	CUfunction fill, spin;
	CUstream copies, kernels;
	CUevent copied;

	if (argc != 2 || out == NULL || in == NULL) {
		fprintf(stderr, "usage: pipecopy KERNELS.fatbin\n");
		return 2;
	}
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&device, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, device));
	CHECK(cuMemAlloc(&dev, DEVICE_BYTES));
	CHECK(cuModuleLoad(&module, argv[1]));
	CHECK(cuModuleGetFunction(&fill, module, "fill_u32"));
	CHECK(cuModuleGetFunction(&spin, module, "spin"));
	CHECK(cuStreamCreate(&copies, CU_STREAM_NON_BLOCKING));
	CHECK(cuStreamCreate(&kernels, CU_STREAM_NON_BLOCKING));
	CHECK(cuEventCreate(&copied, CU_EVENT_DISABLE_TIMING));

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		round_trip(dev, out, in, sizes[i], NULL);
		round_trip(dev, out, in, sizes[i], copies);
	}

	/* A kernel on another stream, after the copy by an event, overwrites
	 * the first words; the rest is the copy's. */
	{
		size_t size = 2 * SLOT + 1;
		unsigned long long words = 1024;
		unsigned int value = 0xc0ffee;
		void *params[] = { &dev, &value, &words };

		fill_random(out, size, 7);
		CHECK(cuMemcpyHtoDAsync(dev, out, size, copies));
		CHECK(cuEventRecord(copied, copies));
		CHECK(cuStreamWaitEvent(kernels, copied, 0));
		CHECK(cuLaunchKernel(fill, 4, 1, 1, 256, 1, 1, 0, kernels,
		    params, NULL));
		CHECK(cuStreamSynchronize(kernels));
		CHECK(cuMemcpyDtoH(in, dev, size));
		for (size_t w = 0; w < words; w++)
			memcpy(out + 4 * w, &value, 4);
		expect(memcmp(out, in, size) == 0, "copy, event, kernel", size);
	}

	/*
	 * Uploads queued behind a kernel that keeps the GPU busy (on a GPU:
	 * the stand-in runs it at once): each returns with its DMA pending,
	 * its slot still read, and the program overwrites its buffer at once.
	 * The next uploads, one slot each and then larger and synchronous,
	 * must write only slots no DMA reads.  Four regions of SLOT bytes.
	 */
	{
		unsigned long long cycles = 50000000ULL;	/* ~25 ms */
		void *spin_params[] = { &cycles };
		unsigned char *expected = malloc(DEVICE_BYTES);
		size_t piece = SLOT / 2;

		if (expected == NULL)
			return 2;
		CHECK(cuLaunchKernel(spin, 1, 1, 1, 32, 1, 1, 0, copies,
		    spin_params, NULL));
		for (unsigned r = 0; r < 3; r++) {
			fill_random(out, piece, 100 + r);
			memcpy(expected + r * SLOT, out, piece);
			CHECK(cuMemcpyHtoDAsync(dev + r * SLOT, out, piece,
			    copies));
			memset(out, 0x5a, piece);	/* staged: free to reuse */
		}
		fill_random(out, SLOT + 1, 103);
		memcpy(expected + 3 * SLOT, out, SLOT - 8);
		CHECK(cuMemcpyHtoD(dev + 3 * SLOT - 9, out, SLOT + 1));
		CHECK(cuStreamSynchronize(copies));
		for (unsigned r = 0; r < 3; r++) {
			CHECK(cuMemcpyDtoH(in, dev + r * SLOT, piece));
			expect(memcmp(in, expected + r * SLOT, piece) == 0,
			    "upload queued behind a kernel", piece);
		}
		CHECK(cuMemcpyDtoH(in, dev + 3 * SLOT - 9, SLOT + 1));
		expect(memcmp(in, expected + 3 * SLOT, SLOT - 8) == 0,
		    "synchronous upload after queued ones", SLOT + 1);
		free(expected);
	}

	/* Past the allocation's end in the second piece: refused, and the
	 * session carries on. */
	expect(cuMemcpyHtoD(dev + DEVICE_BYTES - SLOT - 1, out, 2 * SLOT) ==
	    CUDA_ERROR_INVALID_VALUE, "HtoD past the end refused", 2 * SLOT);
	expect(cuMemcpyDtoH(in, dev + DEVICE_BYTES - SLOT - 1, 2 * SLOT) ==
	    CUDA_ERROR_INVALID_VALUE, "DtoH past the end refused", 2 * SLOT);
	expect(cuMemcpyHtoD(dev + DEVICE_BYTES - 3 * SLOT, out, 3 * SLOT + 1) ==
	    CUDA_ERROR_INVALID_VALUE, "HtoD past the end in its last piece refused",
	    3 * SLOT + 1);
	round_trip(dev, out, in, 3 * SLOT + 4097, NULL);

	CHECK(cuCtxDestroy(ctx));
	free(out);
	free(in);
	if (failures != 0)
		return 1;
	printf("pipecopy: ok\n");
	return 0;
}
