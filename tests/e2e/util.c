/*
 * Helpers shared by the tests: setting up a context, allocating with
 * cleanup, finding and reading the kernel images.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

int e2e_primary_ctx(CUdevice *dev, CUcontext *ctx)
{
	CHECK_CU(cuDeviceGet(dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuDevicePrimaryCtxRetain(ctx, *dev), CUDA_SUCCESS);
	e2e_defer_primary(*dev);
	CHECK_CU(cuCtxSetCurrent(*ctx), CUDA_SUCCESS);
	return 0;
}

int e2e_dalloc(CUdeviceptr *p, size_t bytes)
{
	CHECK_CU(cuMemAlloc(p, bytes), CUDA_SUCCESS);
	CHECK(*p != 0);
	e2e_defer_mem(*p);
	return 0;
}

int e2e_copy_round_trip(CUdeviceptr d1, CUdeviceptr d2, const void *src,
			void *back, size_t bytes)
{
	CHECK_CU(cuMemcpyHtoD(d1, src, bytes), CUDA_SUCCESS);
	memset(back, 0, bytes);
	CHECK_CU(cuMemcpyDtoH(back, d1, bytes), CUDA_SUCCESS);
	CHECK_MEM(back, src, bytes);

	CHECK_CU(cuMemcpyDtoD(d2, d1, bytes), CUDA_SUCCESS);
	memset(back, 0, bytes);
	CHECK_CU(cuMemcpyDtoH(back, d2, bytes), CUDA_SUCCESS);
	CHECK_MEM(back, src, bytes);
	return 0;
}

int e2e_stream(CUstream *s)
{
	CHECK_CU(cuStreamCreate(s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
	e2e_defer_stream(*s);
	return 0;
}

int e2e_load_module(CUmodule *m, const char *image)
{
	const char *path = e2e_kernel_path(image);

	if (access(path, R_OK) != 0)
		return e2e_fail(__FILE__, __LINE__, "cannot read %s (%s): "
				"build it with `make kernels`, or point "
				"ONCUDA_TEST_KERNELS at its directory", path,
				strerror(errno));
	CHECK_CU(cuModuleLoad(m, path), CUDA_SUCCESS);
	e2e_defer_module(*m);
	return 0;
}

int e2e_get_function(CUfunction *f, CUmodule m, const char *name)
{
	CHECK_CU(cuModuleGetFunction(f, m, name), CUDA_SUCCESS);
	CHECK(*f != NULL);
	return 0;
}

int e2e_words_are(CUdeviceptr d, size_t n, unsigned int v, const char *what)
{
	unsigned int *back = e2e_malloc(n * sizeof(*back));

	CHECK_CU(cuMemcpyDtoH(back, d, n * sizeof(*back)), CUDA_SUCCESS);
	for (size_t i = 0; i < n; i++)
		if (back[i] != v)
			return e2e_fail(__FILE__, __LINE__, "%s: word %zu is "
					"%u, not %u", what, i, back[i], v);
	return 0;
}

int e2e_host_words_are(const unsigned int *p, size_t from, size_t to,
		       unsigned int v, const char *what)
{
	for (size_t i = from; i < to; i++)
		if (p[i] != v)
			return e2e_fail(__FILE__, __LINE__, "%s: word %zu is "
					"%#x, expected %#x", what, i, p[i], v);
	return 0;
}

int e2e_fill_u32(CUfunction fill_u32, CUdeviceptr p, unsigned int v,
		 unsigned long long n, CUstream s)
{
	void *params[] = { &p, &v, &n };

	CHECK_CU(cuLaunchKernel(fill_u32, 64, 1, 1, 256, 1, 1, 0, s, params,
				NULL), CUDA_SUCCESS);
	return 0;
}

void *e2e_malloc(size_t bytes)
{
	void *p = malloc(bytes ? bytes : 1);

	if (p == NULL) {
		fprintf(stderr, "e2e: out of memory allocating %zu bytes; "
			"for the big copy, lower ONCUDA_TEST_BIG_MB\n", bytes);
		exit(2);
	}
	e2e_defer_free(p);
	return p;
}

/* ONCUDA_TEST_KERNELS, else ../kernels beside this executable. */
char *e2e_kernel_path(const char *image)
{
	const char *dir = getenv("ONCUDA_TEST_KERNELS");
	char exe[PATH_MAX], *path;
	ssize_t n;
	size_t len;

	if (dir == NULL || *dir == '\0') {
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (n < 0)
			n = 0;
		exe[n] = '\0';
		dir = dirname(exe);	/* the e2e directory */
		len = strlen(dir) + strlen("/../kernels/") + strlen(image) + 1;
		path = e2e_malloc(len);
		snprintf(path, len, "%s/../kernels/%s", dir, image);
		return path;
	}
	len = strlen(dir) + 1 + strlen(image) + 1;
	path = e2e_malloc(len);
	snprintf(path, len, "%s/%s", dir, image);
	return path;
}

void *e2e_read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;

	if (f == NULL) {
		e2e_fail(__FILE__, __LINE__, "cannot open %s (%s): build it "
			 "with `make kernels`, or point ONCUDA_TEST_KERNELS at "
			 "its directory", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		e2e_fail(__FILE__, __LINE__, "cannot seek in %s", path);
		fclose(f);
		return NULL;
	}
	buf = e2e_malloc((size_t)len + 1);
	if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
		e2e_fail(__FILE__, __LINE__, "short read from %s", path);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	*size = (size_t)len;
	return buf;
}

void e2e_fill_random(void *buf, size_t bytes, uint64_t seed)
{
	unsigned char *p = buf;
	uint64_t x = seed ? seed : 0x9e3779b97f4a7c15ull;
	size_t i;

	for (i = 0; i < bytes; i += 8) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(p + i, &x, bytes - i < 8 ? bytes - i : 8);
	}
}

int e2e_managed_ctx(CUdevice *dev, CUcontext *ctx)
{
	int managed = 0;

	TRY(e2e_primary_ctx(dev, ctx));
	CHECK_CU(cuDeviceGetAttribute(&managed,
		 CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, *dev), CUDA_SUCCESS);
	if (!managed)
		return e2e_skip("the device has no managed memory");
	return 0;
}

int e2e_on_stand_in(void)
{
	static int known, stand_in;
	char name[256];
	CUdevice dev;

	if (!known) {
		known = 1;
		if (cuDeviceGet(&dev, 0) == CUDA_SUCCESS &&
		    cuDeviceGetName(name, sizeof(name), dev) == CUDA_SUCCESS)
			stand_in = strcmp(name, "oncuda CPU stand-in") == 0;
	}
	return stand_in;
}

int e2e_check_async(CUresult got, CUresult expected, const char *file,
		    int line, const char *call, const char *expected_name)
{
	CUresult later;

	if (got == expected)
		return 0;
	if (got != CUDA_SUCCESS)
		return e2e_fail_cu(file, line, call, got, expected_name);
	if ((later = cuCtxSynchronize()) != expected)
		return e2e_fail(file, line, "%s returned CUDA_SUCCESS, then "
				"cuCtxSynchronize %s, expected %s", call,
				e2e_cu_name(later), expected_name);
	if ((later = cuCtxSynchronize()) != CUDA_SUCCESS)
		return e2e_fail(file, line, "after %s, a second cuCtxSynchronize "
				"returned %s: the error was reported twice",
				call, e2e_cu_name(later));
	return 0;
}
