/*
 * Managed memory: one address the program uses on the host and in kernels.
 * What the program writes a kernel sees, and what a kernel writes the
 * program sees once a call has guaranteed the kernel's completion; copies
 * and memsets to and from it; its pointer attributes; advice, prefetches
 * and the range attributes.  The program touches managed memory from the
 * host only after a synchronizing call, as a device without concurrent
 * managed access requires, so the tests hold natively on any GPU.
 *
 * managed_pages changes one page of a 64 MiB buffer at a time; through
 * oncuda, tests/managed/check.sh runs it under ONCUDA_TRACE and checks
 * that only those pages cross the wire.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define FLOATS (1u << 18)		/* 1 MiB of floats */

struct kernels {
	CUfunction vec_add, fill_u32;
};

static int setup(CUdevice *dev, struct kernels *k)
{
	CUcontext ctx;
	CUmodule m;
	int ready;

	if ((ready = e2e_managed_ctx(dev, &ctx)) != 0)
		return ready;
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&k->vec_add, m, "vec_add"));
	TRY(e2e_get_function(&k->fill_u32, m, "fill_u32"));
	return 0;
}

static int managed_alloc(CUdeviceptr *p, size_t bytes)
{
	CHECK_CU(cuMemAllocManaged(p, bytes, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	e2e_defer_mem(*p);
	return 0;
}

/* c = a + b over n floats, on stream s. */
static int vec_add(const struct kernels *k, CUdeviceptr a, CUdeviceptr b,
		   CUdeviceptr c, int n, CUstream s)
{
	void *params[] = { &a, &b, &c, &n };

	CHECK_CU(cuLaunchKernel(k->vec_add, (unsigned)(n + 255) / 256, 1, 1,
				256, 1, 1, 0, s, params, NULL), CUDA_SUCCESS);
	return 0;
}

static int fill(const struct kernels *k, CUdeviceptr p, unsigned v,
		unsigned long long n, CUstream s)
{
	void *params[] = { &p, &v, &n };

	CHECK_CU(cuLaunchKernel(k->fill_u32, 4, 1, 1, 128, 1, 1, 0, s, params,
				NULL), CUDA_SUCCESS);
	return 0;
}

/* Device memory holding n floats of 1. */
static int ones(CUdeviceptr *d, unsigned n)
{
	float *h = e2e_malloc(n * sizeof(float));

	for (unsigned i = 0; i < n; i++)
		h[i] = 1.0f;
	TRY(e2e_dalloc(d, n * sizeof(float)));
	CHECK_CU(cuMemcpyHtoD(*d, h, n * sizeof(float)), CUDA_SUCCESS);
	return 0;
}

static int floats_are(const float *p, unsigned n, float base, float step)
{
	for (unsigned i = 0; i < n; i++)
		if (p[i] != base + step * (float)i)
			return e2e_fail(__FILE__, __LINE__, "float %u is %g, "
					"expected %g", i, (double)p[i],
					(double)(base + step * (float)i));
	return 0;
}

static int words_are(const unsigned *p, unsigned n, unsigned want)
{
	for (unsigned i = 0; i < n; i++)
		if (p[i] != want)
			return e2e_fail(__FILE__, __LINE__, "word %u is %#x, "
					"expected %#x", i, p[i], want);
	return 0;
}

static int pointer_attributes(CUdeviceptr p, size_t bytes)
{
	unsigned managed = 0;
	CUdeviceptr dptr = 0, start = 0;
	void *host = NULL;
	size_t size = 0;

	CHECK_CU(cuPointerGetAttribute(&managed,
		 CU_POINTER_ATTRIBUTE_IS_MANAGED, p + 100), CUDA_SUCCESS);
	CHECK_EQ(managed, 1u);
	CHECK_CU(cuPointerGetAttribute(&dptr,
		 CU_POINTER_ATTRIBUTE_DEVICE_POINTER, p + 100), CUDA_SUCCESS);
	CHECK_EQ(dptr, p + 100);
	CHECK_CU(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER,
		 p + 100), CUDA_SUCCESS);
	CHECK_EQ((uintptr_t)host, (uintptr_t)(p + 100));
	CHECK_CU(cuPointerGetAttribute(&start,
		 CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, p + 100), CUDA_SUCCESS);
	CHECK_EQ(start, p);
	CHECK_CU(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE,
		 p + 100), CUDA_SUCCESS);
	CHECK(size >= bytes);
	return 0;
}

int test_managed_memory(void)
{
	struct kernels k;
	CUdevice dev;
	CUdeviceptr p, d1;
	CUstream s;
	float *f, *back = e2e_malloc(FLOATS * sizeof(float));
	unsigned i;
	int rc;

	if ((rc = setup(&dev, &k)) != 0)
		return rc;
	TRY(managed_alloc(&p, FLOATS * sizeof(float)));
	TRY(ones(&d1, FLOATS));
	TRY(e2e_stream(&s));
	f = (float *)(uintptr_t)p;

	/* The program writes, a kernel adds one, the program reads. */
	for (i = 0; i < FLOATS; i++)
		f[i] = (float)i;
	TRY(vec_add(&k, p, d1, p, (int)FLOATS, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(floats_are(f, FLOATS, 1.0f, 1.0f));

	/* Again on a stream, part of it rewritten, waited for by the stream. */
	for (i = 0; i < FLOATS / 2; i++)
		f[i] = 0.0f;
	TRY(vec_add(&k, p, d1, p, (int)FLOATS, s));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(floats_are(f, 1, 1.0f, 0.0f));
	TRY(floats_are(f + FLOATS / 2, FLOATS / 2, (float)(FLOATS / 2) + 2.0f,
		       1.0f));

	/* Copies name it as device memory, either way, by kind and by UVA. */
	CHECK_CU(cuMemcpyDtoH(back, p, FLOATS * sizeof(float)), CUDA_SUCCESS);
	CHECK_MEM(back, f, FLOATS * sizeof(float));
	for (i = 0; i < FLOATS; i++)
		back[i] = 3.0f * (float)i;
	CHECK_CU(cuMemcpyHtoD(p, back, FLOATS * sizeof(float)), CUDA_SUCCESS);
	/* From pageable memory the driver may return before the DMA ends. */
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(floats_are(f, FLOATS, 0.0f, 3.0f));
	f[7] = 42.0f;
	CHECK_CU(cuMemcpy((CUdeviceptr)(uintptr_t)back, p + 4 * sizeof(float),
			  8 * sizeof(float)), CUDA_SUCCESS);
	TRY(floats_are(back, 3, 12.0f, 3.0f));
	CHECK_EQ(back[3], 42.0f);
	CHECK_CU(cuMemcpyDtoD(p, d1, 16 * sizeof(float)), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(floats_are(f, 16, 1.0f, 0.0f));

	/* A memset and a kernel's fill land in the program's memory (a
	 * memset of device memory may return before it is done). */
	CHECK_CU(cuMemsetD32(p, 0xabcdef01u, FLOATS), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(words_are((unsigned *)f, FLOATS, 0xabcdef01u));
	TRY(fill(&k, p, 0x5a5a5a5au, FLOATS / 2, s));
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(words_are((unsigned *)f, FLOATS / 2, 0x5a5a5a5au));
	TRY(words_are((unsigned *)f + FLOATS / 2, FLOATS / 2, 0xabcdef01u));

	TRY(pointer_attributes(p, FLOATS * sizeof(float)));
	CHECK_CU(cuStreamAttachMemAsync(s, p, 0, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);

	/* Freed, and a second allocation works from zero again. */
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	e2e_forget(p);
	TRY(managed_alloc(&p, 3 * 4096 + 5));
	f = (float *)(uintptr_t)p;
	f[1024] = 5.0f;
	TRY(vec_add(&k, p, d1, p, 3 * 1024, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_EQ(f[1024], 6.0f);
	return 0;
}

#define BIG (64u << 20)			/* bytes */
#define PAGE 4096u
#define ROUNDS 16u

int test_managed_pages(void)
{
	struct kernels k;
	CUdevice dev;
	CUdeviceptr p, d1;
	const unsigned per_page = PAGE / sizeof(float);
	float *f;
	unsigned r, i;
	int rc;

	if ((rc = setup(&dev, &k)) != 0)
		return rc;
	TRY(managed_alloc(&p, BIG));
	TRY(ones(&d1, per_page));
	f = (float *)(uintptr_t)p;

	/* Each round: one page written by the program, one by a kernel. */
	for (r = 0; r < ROUNDS; r++) {
		unsigned page = (r * 997u) % (BIG / PAGE);
		float *at = f + (size_t)page * per_page;

		for (i = 0; i < per_page; i++)
			at[i] = (float)(r * 10000 + i);
		TRY(vec_add(&k, p + (CUdeviceptr)page * PAGE, d1,
			    p + (CUdeviceptr)page * PAGE, (int)per_page, NULL));
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		TRY(floats_are(at, per_page, (float)(r * 10000 + 1), 1.0f));
	}
	/* What no one wrote is still zero, on both sides. */
	CHECK_EQ(f[BIG / sizeof(float) - 1], 0.0f);
	CHECK_CU(cuMemcpyDtoH(&f[0], p + BIG - sizeof(float), sizeof(float)),
		 CUDA_SUCCESS);
	CHECK_EQ(f[0], 0.0f);
	return 0;
}

/* A file of n floats, base + step * i, open at its start; -1 on failure. */
static int float_file(unsigned n, float base, float step)
{
	char name[] = "/tmp/oncuda-e2e-managed-XXXXXX";
	float *h = e2e_malloc(n * sizeof(float));
	int fd = mkstemp(name);

	if (fd < 0)
		return -1;
	unlink(name);
	for (unsigned i = 0; i < n; i++)
		h[i] = base + step * (float)i;
	if (write(fd, h, n * sizeof(float)) != (ssize_t)(n * sizeof(float)) ||
	    lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * A system call stores into managed memory (read(2) from a file, as fread
 * of a large block does): the kernel sees its bytes.  Into fresh memory,
 * and again once a push has protected the pages anew.  With mprotect's
 * write tracking the read failed with EFAULT.
 */
int test_managed_read_syscall(void)
{
	const size_t bytes = FLOATS * sizeof(float);
	struct kernels k;
	CUdevice dev;
	CUdeviceptr p, d1, out;
	float *f, *h;
	int rc, fd;

	if ((rc = setup(&dev, &k)) != 0)
		return rc;
	TRY(managed_alloc(&p, bytes));
	TRY(ones(&d1, FLOATS));
	TRY(e2e_dalloc(&out, bytes));
	f = (float *)(uintptr_t)p;
	h = e2e_malloc(bytes);

	CHECK((fd = float_file(FLOATS, 0.0f, 0.5f)) >= 0);
	CHECK_EQ(read(fd, f, bytes), (ssize_t)bytes);
	TRY(vec_add(&k, p, d1, p, (int)FLOATS, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(floats_are(f, FLOATS, 1.0f, 0.5f));

	/* The pages were taken and protected again by the launch's push. */
	CHECK(lseek(fd, 0, SEEK_SET) == 0);
	CHECK_EQ(read(fd, f, bytes), (ssize_t)bytes);
	close(fd);
	TRY(vec_add(&k, p, d1, out, (int)FLOATS, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(h, out, bytes), CUDA_SUCCESS);
	TRY(floats_are(h, FLOATS, 1.0f, 0.5f));
	TRY(floats_are(f, FLOATS, 0.0f, 0.5f));
	return 0;
}

static int range_int(CUmem_range_attribute a, CUdeviceptr p, size_t n,
		     int *v)
{
	CHECK_CU(cuMemRangeGetAttribute(v, sizeof(*v), a, p, n), CUDA_SUCCESS);
	return 0;
}

int test_managed_advice(void)
{
	struct kernels k;
	CUdevice dev;
	CUdeviceptr p, plain;
	CUstream s;
	CUmemLocation on_dev = { CU_MEM_LOCATION_TYPE_DEVICE, 0 };
	CUmemLocation on_host = { CU_MEM_LOCATION_TYPE_HOST, 0 };
	const size_t bytes = 1u << 20;
	int v, accessed[4], mostly, preferred;
	void *data[2] = { &mostly, &preferred };
	size_t sizes[2] = { sizeof(int), sizeof(int) };
	CUmem_range_attribute which[2] = { CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,
		CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION };
	unsigned *w;
	int rc;

	if ((rc = setup(&dev, &k)) != 0)
		return rc;
	on_dev.id = (int)dev;
	TRY(managed_alloc(&p, bytes));
	TRY(e2e_stream(&s));
	w = (unsigned *)(uintptr_t)p;

	/* Advice, as the range attributes tell it back. */
	CHECK_CU(cuMemAdvise(p, bytes, CU_MEM_ADVISE_SET_READ_MOSTLY, on_dev),
		 CUDA_SUCCESS);
	TRY(range_int(CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, p, bytes, &v));
	CHECK_EQ(v, 1);
	CHECK_CU(cuMemAdvise(p, bytes, CU_MEM_ADVISE_UNSET_READ_MOSTLY, on_dev),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemAdvise(p, bytes, CU_MEM_ADVISE_SET_PREFERRED_LOCATION,
		 on_dev), CUDA_SUCCESS);
	CHECK_CU(cuMemAdvise(p, bytes, CU_MEM_ADVISE_SET_ACCESSED_BY, on_dev),
		 CUDA_SUCCESS);
	CHECK_CU(cuMemRangeGetAttributes(data, sizes, which, 2, p, bytes),
		 CUDA_SUCCESS);
	CHECK_EQ(mostly, 0);
	CHECK_EQ(preferred, (int)dev);
	CHECK_CU(cuMemRangeGetAttribute(accessed, sizeof(accessed),
		 CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, p, bytes), CUDA_SUCCESS);
	CHECK_EQ(accessed[0], (int)dev);
	CHECK_EQ(accessed[1], CU_DEVICE_INVALID);
	TRY(range_int(CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE, p, bytes,
		      &v));
	CHECK_EQ(v, CU_MEM_LOCATION_TYPE_DEVICE);

	/* Prefetched to the device: what the program wrote is there. */
	for (unsigned i = 0; i < bytes / 4; i++)
		w[i] = i;
	CHECK_CU(cuMemPrefetchAsync(p, bytes, on_dev, 0, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(range_int(CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, p, bytes,
		      &v));
	CHECK_EQ(v, (int)dev);
	TRY(fill(&k, p, 7u, bytes / 8, s));
	/* Back to the host, in stream order after the fill. */
	CHECK_CU(cuMemPrefetchAsync(p, bytes, on_host, 0, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(words_are(w, (unsigned)(bytes / 8), 7u));
	for (unsigned i = (unsigned)(bytes / 8); i < bytes / 4; i++)
		CHECK_EQ(w[i], i);
	TRY(range_int(CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, p, bytes,
		      &v));
	CHECK_EQ(v, CU_DEVICE_CPU);

	/* Bad ranges: not managed memory, nowhere. */
	TRY(e2e_dalloc(&plain, 4096));
	CHECK_CU(cuMemAdvise(plain, 4096, CU_MEM_ADVISE_SET_READ_MOSTLY,
		 on_dev), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemAdvise((CUdeviceptr)64, 4096,
		 CU_MEM_ADVISE_SET_READ_MOSTLY, on_dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemRangeGetAttribute(&v, sizeof(v),
		 CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, plain, 4096),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemPrefetchAsync((CUdeviceptr)64, 4096, on_dev, 0, s),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}
