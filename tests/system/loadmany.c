/*
 * loadmany: loads one module image again and again without unloading, or
 * makes one-byte allocations without freeing, until the server refuses;
 * prints how many succeeded and the CUresult that stopped it.
 *
 *   loadmany image FILE MAX     cuModuleLoadData of FILE, at most MAX times
 *   loadmany alloc N            cuMemAlloc(1), at most N times
 *   loadmany streams N RETRIES  cuStreamCreate, at most N times; once
 *                               refused, RETRIES more, each of which must
 *                               be refused too (printed after the count)
 *   loadmany graphs N RETRIES   the same with cuGraphCreate
 *
 * Run against an oncudad with --max-memory or --max-handles (tests/fuzz/
 * check.sh's step_limits): everything a session holds on the server counts.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

static void *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long size;
	char *buf;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || (buf = malloc((size_t)size)) == NULL ||
	    fread(buf, 1, (size_t)size, f) != (size_t)size) {
		perror(path);
		exit(2);
	}
	fclose(f);
	return buf;
}

/* One stream or one graph, kept. */
static CUresult make_one(bool stream)
{
	CUstream s;
	CUgraph g;

	return stream ? cuStreamCreate(&s, CU_STREAM_NON_BLOCKING) :
	    cuGraphCreate(&g, 0);
}

int main(int argc, char **argv)
{
	const char *name = "?";
	CUresult e = CUDA_SUCCESS;
	CUcontext ctx;
	CUdevice dev;
	long i = 0, max;

	if (argc < 3 || (strcmp(argv[1], "alloc") != 0 && argc != 4)) {
		fprintf(stderr, "usage: loadmany image FILE MAX | loadmany alloc N"
		    " | loadmany streams|graphs N RETRIES\n");
		return 2;
	}
	if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
	    cuDevicePrimaryCtxRetain(&ctx, dev) != CUDA_SUCCESS ||
	    cuCtxSetCurrent(ctx) != CUDA_SUCCESS) {
		fprintf(stderr, "loadmany: no context\n");
		return 1;
	}
	if (strcmp(argv[1], "image") == 0) {
		void *image = read_file(argv[2]);
		CUmodule m;

		for (max = atol(argv[3]); i < max; i++)
			if ((e = cuModuleLoadData(&m, image)) != CUDA_SUCCESS)
				break;
	} else if (strcmp(argv[1], "streams") == 0 ||
	    strcmp(argv[1], "graphs") == 0) {
		bool streams = strcmp(argv[1], "streams") == 0;
		long retries = atol(argv[3]), refused = 0;

		for (max = atol(argv[2]); i < max; i++)
			if ((e = make_one(streams)) != CUDA_SUCCESS)
				break;
		/* A refusal must leave nothing behind, however often. */
		for (long r = 0; e != CUDA_SUCCESS && r < retries; r++)
			refused += make_one(streams) != CUDA_SUCCESS;
		cuGetErrorName(e, &name);
		printf("%ld %s %ld\n", i, name, refused);
		return 0;
	} else {
		CUdeviceptr p;

		for (max = atol(argv[2]); i < max; i++)
			if ((e = cuMemAlloc(&p, 1)) != CUDA_SUCCESS)
				break;
	}
	cuGetErrorName(e, &name);
	printf("%ld %s\n", i, name);
	return 0;
}
