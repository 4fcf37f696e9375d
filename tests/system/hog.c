/*
 * hog: a client that takes device resources, then either waits to be killed
 * or keeps making small calls until one fails.
 *
 *   hog MIB MODULE          set up, print READY, sleep until killed
 *   hog --loop MIB MODULE   set up, print READY, then call cuMemGetInfo
 *                           every 100 ms; exit 0 at the first call that fails
 *   hog --hostfn MIB MODULE set up, queue a host function that prints READY
 *                           and never returns, and wait for its stream: the
 *                           server then waits on the client's function
 *
 * Setting up takes one of each kind of thing a server must release when its
 * client vanishes: a context of its own, MIB MiB of device memory, the
 * module at MODULE, a stream, an event and a registered host buffer.
 *
 * The first form shows that killing a client gives its memory back; the
 * second that a client whose server dies gets an error instead of hanging.
 * Any failure while setting up exits with status 1.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

#include "check.h"

#define HOST_BUFFER_BYTES (1u << 20)
#define POLL_INTERVAL_NS 100000000L

/* Holds its stream (and so the server) until the runner kills us. */
static void CUDA_CB hold_stream(void *unused)
{
	(void)unused;
	printf("READY\n");
	fflush(stdout);
	for (;;)
		pause();
}

static void usage(void)
{
	fprintf(stderr, "usage: hog [--loop | --hostfn] MIB MODULE\n");
	exit(EXIT_FAILURE);
}

static double seconds_between(const struct timespec *from,
			      const struct timespec *to)
{
	return (double)(to->tv_sec - from->tv_sec) +
	       (double)(to->tv_nsec - from->tv_nsec) / 1e9;
}

/* Wall-clock time with milliseconds, to line up with the runner's log. */
static void print_time_of_day(void)
{
	struct timespec now;
	struct tm local;
	char text[16];

	clock_gettime(CLOCK_REALTIME, &now);
	localtime_r(&now.tv_sec, &local);
	strftime(text, sizeof(text), "%H:%M:%S", &local);
	printf("%s.%03ld ", text, now.tv_nsec / 1000000);
}

/* Polls until a call fails; how long that call took is the point. */
static int poll_until_failure(void)
{
	const struct timespec interval = { 0, POLL_INTERVAL_NS };

	for (;;) {
		struct timespec before, after;
		size_t free_bytes, total_bytes;
		CUresult result;

		clock_gettime(CLOCK_MONOTONIC, &before);
		result = cuMemGetInfo(&free_bytes, &total_bytes);
		clock_gettime(CLOCK_MONOTONIC, &after);
		if (result != CUDA_SUCCESS) {
			print_time_of_day();
			printf("cuMemGetInfo returned %s (%d) after %.3f s\n",
			       result_name(result), (int)result,
			       seconds_between(&before, &after));
			fflush(stdout);
			return EXIT_SUCCESS;
		}
		nanosleep(&interval, NULL);
	}
}

int main(int argc, char **argv)
{
	bool loop = false, hostfn = false;
	unsigned long mib;
	char *end;
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr memory;
	CUmodule module;
	CUstream stream;
	CUevent event;
	void *host_buffer;

	if (argc > 1 && strcmp(argv[1], "--loop") == 0) {
		loop = true;
		argc--;
		argv++;
	} else if (argc > 1 && strcmp(argv[1], "--hostfn") == 0) {
		hostfn = true;
		argc--;
		argv++;
	}
	if (argc != 3)
		usage();
	errno = 0;
	mib = strtoul(argv[1], &end, 10);
	if (errno != 0 || end == argv[1] || *end != '\0' || mib == 0)
		usage();

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	CHECK(cuMemAlloc(&memory, (size_t)mib << 20));
	CHECK(cuModuleLoad(&module, argv[2]));
	CHECK(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
	CHECK(cuEventCreate(&event, CU_EVENT_DEFAULT));
	host_buffer = aligned_alloc(4096, HOST_BUFFER_BYTES);
	if (host_buffer == NULL) {
		fprintf(stderr, "hog: out of host memory\n");
		return EXIT_FAILURE;
	}
	CHECK(cuMemHostRegister(host_buffer, HOST_BUFFER_BYTES, 0));

	if (hostfn) {
		CHECK(cuMemsetD8Async(memory, 1, (size_t)mib << 20, stream));
		CHECK(cuLaunchHostFunc(stream, hold_stream, NULL));
		CHECK(cuStreamSynchronize(stream));	/* never returns */
		return EXIT_FAILURE;
	}
	printf("READY\n");
	fflush(stdout);
	if (loop)
		return poll_until_failure();
	/* Everything above is meant to be left behind: the runner kills us. */
	for (;;)
		pause();
}
