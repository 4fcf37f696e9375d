/*
 * faultclient: a client caught in the middle of something, for the fault
 * tests of tests/load/check.sh.
 *
 *   faultclient copy MIB MODULE     one cuMemcpyHtoD of MIB MiB
 *   faultclient copies MIB MODULE   that copy again and again until one
 *                                   fails (the server is to go away: on a
 *                                   fast machine one copy can be over
 *                                   before the runner acts)
 *   faultclient launch SECS MODULE  spin on the GPU for SECS s, then
 *                                   cuCtxSynchronize
 *   faultclient load MIB MODULE     cuModuleLoadData of a PTX image of
 *                                   MIB MiB (comments after a valid header)
 *
 * Each first takes what a session must give back: a context of its own, the
 * module at MODULE and HOLD_MIB of device memory (beside the MIB of a copy),
 * then prints READY, then BUSY just before the call it is to be caught in.
 * The runner kills it there, or kills or stops its server.  When the call
 * returns it prints "CALL returned RESULT after T s".  If it succeeded (the
 * CPU stand-in's spin returns at once) the client keeps what it holds and
 * waits to be killed.  If it failed, it makes one more call (cuMemGetInfo),
 * prints the same for it and exits 0: a client whose server died shows both
 * failing.  Any failure while setting up exits with status 1.
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

#define HOLD_MIB 64
#define PTX_HEADER ".version 8.0\n.target sm_50\n.address_size 64\n"
#define PTX_PADDING "// padding, so that staging the image takes a while\n"

static void usage(void)
{
	fprintf(stderr, "usage: faultclient copy|copies|launch|load N MODULE\n");
	exit(EXIT_FAILURE);
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	       (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

static void say(const char *line)
{
	printf("%s\n", line);
	fflush(stdout);
}

static void report(const char *call, CUresult result,
		   const struct timespec *start)
{
	printf("%s returned %s after %.3f s\n", call, result_name(result),
	       seconds_since(start));
	fflush(stdout);
}

/* Bytes that are neither zero nor all alike, so a copy cannot be skipped. */
static void *patterned(size_t bytes)
{
	unsigned char *p = malloc(bytes);

	if (p == NULL) {
		fprintf(stderr, "faultclient: out of host memory for %zu bytes\n",
			bytes);
		exit(EXIT_FAILURE);
	}
	for (size_t i = 0; i < bytes; i++)
		p[i] = (unsigned char)(i * 131 + (i >> 20));
	return p;
}

/* A PTX module of exactly bytes bytes with its NUL, all comment after the
 * header: the driver would load it, empty, if the staging ever finished. */
static char *big_ptx(size_t bytes)
{
	size_t header = strlen(PTX_HEADER), pad = strlen(PTX_PADDING), at;
	char *text = malloc(bytes);

	if (text == NULL || bytes < header + 1) {
		fprintf(stderr, "faultclient: cannot make a PTX image of %zu bytes\n",
			bytes);
		exit(EXIT_FAILURE);
	}
	memcpy(text, PTX_HEADER, header);
	for (at = header; at + pad < bytes; at += pad)
		memcpy(text + at, PTX_PADDING, pad);
	memset(text + at, '\n', bytes - 1 - at);
	text[bytes - 1] = '\0';
	return text;
}

static CUresult launch_spin(CUmodule module, CUdevice dev, unsigned long secs)
{
	CUfunction spin;
	int khz;
	unsigned long long cycles;
	void *args[] = { &cycles };

	CHECK(cuModuleGetFunction(&spin, module, "spin"));
	CHECK(cuDeviceGetAttribute(&khz, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, dev));
	cycles = (unsigned long long)khz * 1000ull * secs;
	CHECK(cuLaunchKernel(spin, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	return cuCtxSynchronize();
}

int main(int argc, char **argv)
{
	struct timespec start;
	unsigned long n;
	char *end;
	CUdevice dev;
	CUcontext ctx;
	CUmodule module, big;
	CUdeviceptr held, target = 0;
	CUresult result;
	size_t free_bytes, total_bytes, bytes;
	void *data = NULL;
	const char *call;
	bool again = false;
	unsigned long copies = 0;

	if (argc != 4)
		usage();
	errno = 0;
	n = strtoul(argv[2], &end, 10);
	if (errno != 0 || end == argv[2] || *end != '\0' || n == 0)
		usage();
	bytes = (size_t)n << 20;

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	CHECK(cuModuleLoad(&module, argv[3]));
	CHECK(cuMemAlloc(&held, (size_t)HOLD_MIB << 20));
	again = strcmp(argv[1], "copies") == 0;
	if (again || strcmp(argv[1], "copy") == 0) {
		call = "cuMemcpyHtoD";
		CHECK(cuMemAlloc(&target, bytes));
		data = patterned(bytes);
	} else if (strcmp(argv[1], "load") == 0) {
		call = "cuModuleLoadData";
		data = big_ptx(bytes);
	} else if (strcmp(argv[1], "launch") == 0) {
		call = "cuCtxSynchronize";
	} else {
		usage();
	}
	say("READY");

	say("BUSY");
	clock_gettime(CLOCK_MONOTONIC, &start);
	if (again) {
		do {
			clock_gettime(CLOCK_MONOTONIC, &start);
			result = cuMemcpyHtoD(target, data, bytes);
			copies++;
		} while (result == CUDA_SUCCESS);
		printf("copy %lu failed\n", copies);
	} else if (target != 0)
		result = cuMemcpyHtoD(target, data, bytes);
	else if (data != NULL)
		result = cuModuleLoadData(&big, data);
	else
		result = launch_spin(module, dev, n);
	report(call, result, &start);
	if (result == CUDA_SUCCESS)
		for (;;)
			pause();

	clock_gettime(CLOCK_MONOTONIC, &start);
	result = cuMemGetInfo(&free_bytes, &total_bytes);
	report("cuMemGetInfo", result, &start);
	free(data);
	return EXIT_SUCCESS;
}
