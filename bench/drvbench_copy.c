/*
 * drvbench_copy.c: bandwidth of synchronous copies, host to device and
 * device to host, from pageable (malloc) and page-locked (cuMemAllocHost)
 * memory, for sizes from 4 KiB to plan->copy_max in steps of 4, and
 * 1.5 MiB.
 *
 * A run repeats one copy until it has moved about copy_bytes_per_run (at
 * least once), so small sizes are not lost in the clock's resolution and
 * large ones do not take minutes; one untimed copy first faults the pages
 * in and warms whatever cache the path has.
 *
 * And cuMemcpyDtoHAsync into page-locked memory, each followed by
 * cuStreamSynchronize (copy_dtoh_pinned_async): over TCP its bytes land
 * at the synchronization, through the server's mirror (idl/cuda.x,
 * CU_MEMCPY_DTOH_MIRROR_WHOLE).
 *
 * And how long cuMemcpyDtoHAsync of 4 MiB into page-locked memory takes to
 * return behind a queued launch (dtoh_async_return): the driver returns
 * at once and the bytes land while the program goes on, which is what
 * lets a program overlap its downloads with the work it queues next.
 */
#include <stdlib.h>
#include <string.h>

#include "drvbench.h"

#define SMALLEST_COPY ((size_t)4096)
#define BIG_COPY ((size_t)256 << 20)
#define ASYNC_COPY ((size_t)4 << 20)
#define BATCH_COPY ((size_t)3 << 19)

/* DEVICE_TO_HOST_ASYNC: cuMemcpyDtoHAsync on async_stream, then
 * cuStreamSynchronize of it, each copy: the download a program overlaps
 * with its work, which lands by its next synchronization. */
enum direction { HOST_TO_DEVICE, DEVICE_TO_HOST, DEVICE_TO_HOST_ASYNC };

static CUstream async_stream;

struct copy_buffers {
	CUdeviceptr device;
	void *pageable;
	void *pinned;
};

static void copy_once(enum direction dir, CUdeviceptr device, void *host,
		      size_t bytes)
{
	if (dir == HOST_TO_DEVICE) {
		CHECK(cuMemcpyHtoD(device, host, bytes));
	} else if (dir == DEVICE_TO_HOST) {
		CHECK(cuMemcpyDtoH(host, device, bytes));
	} else {
		CHECK(cuMemcpyDtoHAsync(host, device, bytes, async_stream));
		CHECK(cuStreamSynchronize(async_stream));
	}
}

static long iterations_for(const struct plan *plan, size_t bytes)
{
	long n = (long)(plan->copy_bytes_per_run / bytes);

	if (n < 1)
		return 1;
	return n > plan->copy_max_iterations ? plan->copy_max_iterations : n;
}

static void time_copy(const struct plan *plan, enum direction dir,
		      const char *name, CUdeviceptr device, void *host,
		      size_t bytes)
{
	struct samples s = { .count = 0 };
	long iterations = iterations_for(plan, bytes);
	int runs = bytes > BIG_COPY ? plan->copy_big_runs : plan->copy_runs;

	copy_once(dir, device, host, bytes);
	for (int run = 0; run < runs; run++) {
		double start = now_seconds();

		for (long i = 0; i < iterations; i++)
			copy_once(dir, device, host, bytes);
		samples_add(&s, gigabytes_per_second(bytes, iterations,
						     now_seconds() - start));
	}
	samples_report(&s, name, bytes, "GB/s", iterations);
}

/* Sizes in steps of 4, and 1.5 MiB besides: the batch a PyTorch step
 * uploads (bench/torch_step.py), between the sizes of the steps. */
static void sweep(const struct plan *plan, enum direction dir,
		  const char *name, CUdeviceptr device, void *host)
{
	for (size_t bytes = SMALLEST_COPY; bytes <= plan->copy_max; bytes *= 4) {
		time_copy(plan, dir, name, device, host, bytes);
		if (bytes * 3 / 2 == BATCH_COPY &&
		    BATCH_COPY <= plan->copy_max)
			time_copy(plan, dir, name, device, host, BATCH_COPY);
	}
}

/*
 * The time cuMemcpyDtoHAsync into pinned takes to return, each behind a
 * launch of empty on the same stream; the stream is synchronized after
 * each, untimed, and the bytes checked once.
 */
static void time_async_return(const struct plan *plan, CUfunction empty,
			      CUdeviceptr device, unsigned char *pinned)
{
	struct samples s = { .count = 0 };
	long iterations = plan->copy_max_iterations / 10 + 1;
	unsigned long long arg = 0;
	void *params[] = { &arg };
	CUstream stream;

	/* The uploads before left the host's bytes there. */
	CHECK(cuMemsetD8(device, 0xa5, ASYNC_COPY));
	CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
	for (int run = 0; run < plan->copy_runs; run++) {
		double waited = 0;

		for (long i = 0; i < iterations; i++) {
			double start;

			CHECK(cuLaunchKernel(empty, 1, 1, 1, 1, 1, 1, 0, stream,
					     params, NULL));
			start = now_seconds();
			CHECK(cuMemcpyDtoHAsync(pinned, device, ASYNC_COPY,
						stream));
			waited += now_seconds() - start;
			CHECK(cuStreamSynchronize(stream));
		}
		samples_add(&s, micros_each(waited, iterations));
	}
	if (pinned[0] != 0xa5 || pinned[ASYNC_COPY - 1] != 0xa5)
		die("cuMemcpyDtoHAsync into pinned memory brought wrong bytes");
	memset(pinned, 0x5a, ASYNC_COPY);
	samples_report(&s, "dtoh_async_return", ASYNC_COPY, "us", iterations);
	CHECK(cuStreamDestroy(stream));
}

void bench_copies(const struct plan *plan, CUfunction empty)
{
	struct copy_buffers b;
	size_t size = plan->copy_max;

	CHECK(cuMemAlloc(&b.device, size));
	CHECK(cuMemsetD8(b.device, 0xa5, size));
	b.pageable = malloc(size);
	if (b.pageable == NULL)
		die("out of host memory for a %zu-byte copy buffer", size);
	/* Touched now, so that no timed copy pays for first faults. */
	memset(b.pageable, 0x5a, size);
	CHECK(cuMemAllocHost(&b.pinned, size));
	memset(b.pinned, 0x5a, size);

	sweep(plan, HOST_TO_DEVICE, "copy_htod_pageable", b.device, b.pageable);
	sweep(plan, DEVICE_TO_HOST, "copy_dtoh_pageable", b.device, b.pageable);
	sweep(plan, HOST_TO_DEVICE, "copy_htod_pinned", b.device, b.pinned);
	sweep(plan, DEVICE_TO_HOST, "copy_dtoh_pinned", b.device, b.pinned);
	CHECK(cuStreamCreate(&async_stream, CU_STREAM_NON_BLOCKING));
	sweep(plan, DEVICE_TO_HOST_ASYNC, "copy_dtoh_pinned_async", b.device,
	      b.pinned);
	CHECK(cuStreamDestroy(async_stream));
	if (size >= ASYNC_COPY)
		time_async_return(plan, empty, b.device, b.pinned);

	CHECK(cuMemFreeHost(b.pinned));
	free(b.pageable);
	CHECK(cuMemFree(b.device));
}
