/*
 * exitqueued: queues work, then returns from main with no call that waits.
 *
 *     exitqueued KERNELS.CUBIN [SECONDS]
 *
 * After setting up (context, 1 MiB of device memory, the fill_u32 kernel,
 * launched once and waited for) it prints READY, sleeps SECONDS (0 by default: tests/batch/check.sh
 * kills the server meanwhile, to see that the exit is not held up), then
 * queues a memset and a launch on the legacy stream, prints QUEUED and
 * returns at once: no synchronize, no free, no unload.  The one-way calls
 * wait in the client's send buffer; the library's exit flush (stubs/wire/batch.h)
 * must ship them, which the server's trace shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

#define WORDS (1u << 18)

int main(int argc, char **argv)
{
	unsigned long long n = WORDS;
	unsigned int value = 0x0e417u;
	double seconds = argc > 2 ? atof(argv[2]) : 0;
	struct timespec pause;
	CUdeviceptr words;
	CUcontext ctx;
	CUfunction fill;
	CUmodule module;
	CUdevice dev;
	void *params[] = { &words, &value, &n };

	if (argc < 2) {
		fprintf(stderr, "usage: exitqueued KERNELS.CUBIN [SECONDS]\n");
		return 2;
	}
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	CHECK(cuModuleLoad(&module, argv[1]));
	CHECK(cuModuleGetFunction(&fill, module, "fill_u32"));
	CHECK(cuMemAlloc(&words, WORDS * sizeof(unsigned int)));
	/* The first launch of a kernel asks for its parameters' layout and
	 * waits for the answer; the one before the exit must not. */
	value = 1;
	CHECK(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL));
	value = 0x0e417u;
	CHECK(cuCtxSynchronize());
	printf("READY\n");
	fflush(stdout);
	if (seconds > 0) {
		pause.tv_sec = (time_t)seconds;
		pause.tv_nsec = (long)((seconds - (double)pause.tv_sec) * 1e9);
		nanosleep(&pause, NULL);
	}

	CHECK(cuMemsetD32Async(words, 0x5eedu, WORDS, NULL));
	CHECK(cuLaunchKernel(fill, 4, 1, 1, 256, 1, 1, 0, NULL, params,
	    NULL));
	printf("QUEUED\n");
	return 0;
}
