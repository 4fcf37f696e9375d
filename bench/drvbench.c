/*
 * drvbench: the driver-API benchmark of issue 4.
 *
 *   drvbench [-c | -b] [-q] [-s N] -k IMAGE -f NAME
 *
 * An ordinary CUDA program, linked against the toolkit's link stub, so the
 * same binary runs on NVIDIA's libcuda.so.1 (native) and on oncuda's (when
 * LD_LIBRARY_PATH puts stubs/ first); bench/run.sh runs it both ways.  It
 * prints "info" lines that say which libcuda.so.1 it loaded, so that a run
 * cannot silently measure the same library twice, then one "result" line
 * per figure (format in measure.h).
 *
 * IMAGE and NAME give the empty kernel: bench/empty_kernel.fatbin's
 * "empty" on a GPU; on the CPU stand-in, which knows only the test
 * kernels, tests/kernels' "spin" (which returns at once for 0 cycles).
 * The launch passes one 8-byte zero argument, which spin reads as its
 * cycle count and the empty kernel, declaring no parameter, ignores.
 *
 * -q shrinks every count for a test of the benchmark itself; -s N sets the
 * SGEMM's size (N x N matrices, N a multiple of 16).  -c runs only the
 * synchronous calls (cuCtxSynchronize, cuMemGetInfo, launch +
 * cuCtxSynchronize, the 4 KiB copy): the cases that wait for a round trip
 * each, which bench/run.sh measures once more with oncuda's polling off.
 * -b runs only the copies, which bench/run.sh measures once more over TCP
 * with each count of connections (ONCUDA_STREAMS).
 */
#include <dlfcn.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "drvbench.h"

static const struct plan full_plan = {
	.call_iterations = 2000,
	.call_runs = 11,
	.launch_count = 100000,
	.launch_runs = 3,
	.copy_max = (size_t)1 << 30,
	.copy_bytes_per_run = (size_t)64 << 20,
	.copy_max_iterations = 1000,
	.copy_runs = 5,
	.copy_big_runs = 3,
	.app_n = 1024,
	.app_launches = 20,
	.app_runs = 11,
	.graph_replays = 1000,
	.graph_runs = 5,
};

static const struct plan quick_plan = {
	.call_iterations = 200,
	.call_runs = 5,
	.launch_count = 2000,
	.launch_runs = 3,
	.copy_max = (size_t)4 << 20,
	.copy_bytes_per_run = (size_t)4 << 20,
	.copy_max_iterations = 50,
	.copy_runs = 3,
	.copy_big_runs = 3,
	.app_n = 64,
	.app_launches = 2,
	.app_runs = 3,
	.graph_replays = 20,
	.graph_runs = 3,
};

void die(const char *fmt, ...)
{
	va_list ap;

	fputs("drvbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_FAILURE);
}

void check_result(CUresult result, const char *call, const char *file,
		  int line)
{
	CUresult (*error_name)(CUresult, const char **);
	const char *name = NULL;

	if (result == CUDA_SUCCESS)
		return;
	/* Looked up, not linked: the CPU stand-in has no cuGetErrorName,
	 * and a failure there must still be reported, by number. */
	*(void **)&error_name = dlsym(RTLD_DEFAULT, "cuGetErrorName");
	if (error_name == NULL || error_name(result, &name) != CUDA_SUCCESS ||
	    name == NULL)
		name = "unnamed CUresult";
	die("%s:%d: %s returned %s (%d)", file, line, call, name, (int)result);
}

/* Which libcuda.so.1 the loader bound cuInit to. */
static const char *loaded_driver(void)
{
	Dl_info info;

	if (dladdr((void *)cuInit, &info) == 0 || info.dli_fname == NULL)
		return "unknown";
	return info.dli_fname;
}

static void print_setting(const struct plan *plan, bool calls_only,
			  CUdevice dev, const struct kernel_choice *kernel)
{
	char name[256];
	int version = 0;

	CHECK(cuDeviceGetName(name, sizeof(name), dev));
	CHECK(cuDriverGetVersion(&version));
	printf("info\tlibcuda\t%s\n", loaded_driver());
	printf("info\tdevice\t%s\n", name);
	printf("info\tdriver_api\t%d\n", version);
	printf("info\tempty_kernel\t%s:%s\n", kernel->image, kernel->name);
	if (calls_only)
		printf("info\tplan\tsynchronous calls only: %ld x %d runs\n",
		       plan->call_iterations, plan->call_runs);
	else
		printf("info\tplan\tcalls %ld x %d runs; launches %ld x %d runs; "
		       "copies up to %zu bytes, %d runs (%d above 256 MiB); "
		       "sgemm %d^2, %d launches, %d runs\n",
		       plan->call_iterations, plan->call_runs, plan->launch_count,
		       plan->launch_runs, plan->copy_max, plan->copy_runs,
		       plan->copy_big_runs, plan->app_n, plan->app_launches,
		       plan->app_runs);
	fflush(stdout);
}

/*
 * Reads a module image into memory for cuModuleLoadData, which every
 * driver has (the CPU stand-in lacks cuModuleLoad).  malloc's alignment
 * suits the fatbin header's 64-bit fields.
 */
static void *read_image(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *image;
	long size;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		die("cannot read the kernel image %s: build it with make", path);
	image = malloc((size_t)size);
	if (image == NULL || fread(image, 1, (size_t)size, f) != (size_t)size)
		die("cannot read the %ld bytes of the kernel image %s", size, path);
	fclose(f);
	return image;
}

static void usage(void)
{
	fputs("usage: drvbench [-c | -b] [-q] [-s N] [-m BYTES] -k IMAGE -f NAME\n"
	      "  -k IMAGE  module image holding the empty kernel\n"
	      "  -f NAME   the empty kernel's name in IMAGE\n"
	      "  -c        only the synchronous calls: no launch rate, copies or SGEMM\n"
	      "  -b        only the copies (bandwidth), as bench/run.sh measures them\n"
	      "            at each ONCUDA_STREAMS\n"
	      "  -q        small counts: a test of the benchmark, not a measurement\n"
	      "  -s N      the SGEMM case multiplies N x N matrices (default 1024)\n"
	      "  -m BYTES  copies up to BYTES, 4 KiB times a power of 4 (default\n"
	      "            1 GiB; 4 MiB with -q)\n",
	      stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	struct plan plan = full_plan;
	bool calls_only = false, copies_only = false;
	int sgemm_size = 0;
	unsigned long long copy_max = 0;
	struct kernel_choice kernel = { NULL, NULL };
	CUdevice dev;
	CUcontext ctx;
	CUmodule module;
	CUfunction empty;
	void *image;
	int opt;

	while ((opt = getopt(argc, argv, "cbqs:m:k:f:")) != -1) {
		switch (opt) {
		case 'c':
			calls_only = true;
			break;
		case 'b':
			copies_only = true;
			break;
		case 'q':
			plan = quick_plan;
			break;
		case 's':
			sgemm_size = atoi(optarg);
			if (sgemm_size < 16 || sgemm_size % 16 != 0)
				die("-s %s: give the SGEMM size as a multiple of 16",
				    optarg);
			break;
		case 'm':
			copy_max = strtoull(optarg, NULL, 10);
			if (copy_max < 4096 || (copy_max & (copy_max - 1)) != 0 ||
			    __builtin_ctzll(copy_max) % 2 != 0)
				die("-m %s: give the largest copy as 4 KiB times a "
				    "power of 4 (4096, 16384, ..., 16777216, ...)",
				    optarg);
			break;
		case 'k':
			kernel.image = optarg;
			break;
		case 'f':
			kernel.name = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind != argc || kernel.image == NULL || kernel.name == NULL ||
	    (calls_only && copies_only))
		usage();
	if (sgemm_size != 0)
		plan.app_n = sgemm_size;
	if (copy_max != 0)
		plan.copy_max = (size_t)copy_max;

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	print_setting(&plan, calls_only, dev, &kernel);
	image = read_image(kernel.image);
	CHECK(cuModuleLoadData(&module, image));
	CHECK(cuModuleGetFunction(&empty, module, kernel.name));

	if (copies_only)
		bench_copies(&plan, empty);
	else
		bench_calls(&plan, empty, !calls_only);
	if (!calls_only && !copies_only) {
		bench_copies(&plan, empty);
		bench_app(&plan);
		bench_graph(&plan, empty);
	}

	CHECK(cuModuleUnload(module));
	CHECK(cuDevicePrimaryCtxRelease(dev));
	free(image);
	return EXIT_SUCCESS;
}
