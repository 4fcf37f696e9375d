/*
 * launchwait: a launch, then CPU work with no CUDA call, then a query.
 *
 *     launchwait KERNELS.CUBIN [SECONDS]
 *
 * Prints when the launch returned and when the query was made, each as
 * "LAUNCHED 12:34:56.123456" in local time, the format of oncudad's trace
 * file, so that tests/batch/check.sh can tell from the server's trace how
 * long the launch waited in the client before it reached the server.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void say_time(const char *what)
{
	struct timespec ts;
	struct tm tm;
	char hms[16];

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
	printf("%s %s.%06ld\n", what, hms, ts.tv_nsec / 1000L);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	unsigned long long cycles = 1000;
	void *params[] = { &cycles };
	volatile unsigned long spins = 0;
	double seconds = argc > 2 ? atof(argv[2]) : 0.3, until;
	CUcontext ctx;
	CUfunction spin;
	CUmodule module;
	CUdevice dev;

	if (argc < 2) {
		fprintf(stderr, "usage: launchwait KERNELS.CUBIN [SECONDS]\n");
		return 2;
	}
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	CHECK(cuModuleLoad(&module, argv[1]));
	CHECK(cuModuleGetFunction(&spin, module, "spin"));
	CHECK(cuCtxSynchronize());

	CHECK(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL));
	say_time("LAUNCHED");
	for (until = now_seconds() + seconds; now_seconds() < until;)
		spins++;
	say_time("QUERY");
	CHECK(cuStreamQuery(NULL));
	CHECK(cuModuleUnload(module));
	CHECK(cuDevicePrimaryCtxRelease(dev));
	printf("PASS\n");
	return 0;
}
