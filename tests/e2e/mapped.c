/*
 * Mapped page-locked host memory: what the program writes, a kernel reads
 * through the device pointer, and what a kernel writes, the program reads
 * once a call has guaranteed the kernel's completion.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define WORDS (1u << 18)		/* 1 MiB of 4-byte words */
#define PART (WORDS / 4)		/* a, b, c of vec_add, then spare */

static int setup(CUfunction *vec_add, CUfunction *fill_u32)
{
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(vec_add, m, "vec_add"));
	TRY(e2e_get_function(fill_u32, m, "fill_u32"));
	return 0;
}

static int launch_vec_add(CUfunction f, CUdeviceptr a, CUdeviceptr b,
			  CUdeviceptr c, int n)
{
	void *params[] = { &a, &b, &c, &n };

	CHECK_CU(cuLaunchKernel(f, (unsigned)(n + 255) / 256, 1, 1, 256, 1, 1,
				0, NULL, params, NULL), CUDA_SUCCESS);
	return 0;
}

/* Every float of p[0, n) is want. */
static int all_floats(const float *p, unsigned n, float want)
{
	for (unsigned i = 0; i < n; i++)
		if (p[i] != want)
			return e2e_fail(__FILE__, __LINE__, "float %u is %g, "
					"expected %g", i, (double)p[i],
					(double)want);
	return 0;
}

int test_mapped_memory(void)
{
	CUfunction vec_add, fill_u32;
	unsigned *words = NULL, *plain = e2e_malloc(PART * sizeof(unsigned));
	float *a, *b, *c;
	CUdeviceptr d, da, db, dc, dspare;
	unsigned i;

	TRY(setup(&vec_add, &fill_u32));
	CHECK_CU(cuMemHostAlloc((void **)&words, WORDS * sizeof(unsigned),
				CU_MEMHOSTALLOC_DEVICEMAP), CUDA_SUCCESS);
	e2e_defer_host(words);
	CHECK_CU(cuMemHostGetDevicePointer(&d, words, 0), CUDA_SUCCESS);
	a = (float *)words;
	b = a + PART;
	c = b + PART;
	da = d;
	db = da + PART * sizeof(float);
	dc = db + PART * sizeof(float);
	dspare = dc + PART * sizeof(float);

	/* The program writes, the kernel reads and writes, the program reads. */
	for (i = 0; i < PART; i++) {
		a[i] = (float)i;
		b[i] = 2.0f * (float)i;
		c[i] = -1.0f;
	}
	TRY(launch_vec_add(vec_add, da, db, dc, PART));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (i = 0; i < PART; i++)
		if (c[i] != 3.0f * (float)i)
			return e2e_fail(__FILE__, __LINE__, "c[%u] is %g, "
					"expected %g", i, (double)c[i],
					3.0 * i);

	/*
	 * A kernel reads what the kernel before it wrote, with no host
	 * synchronization between: what the program wrote meanwhile (b)
	 * reaches the GPU, what it did not touch (a) stays the GPU's.
	 */
	TRY(e2e_fill_u32(fill_u32, da, 0x3f800000u, PART, NULL));	/* 1.0f */
	for (i = 0; i < PART; i++)
		b[i] = 2.0f;
	TRY(launch_vec_add(vec_add, da, db, dc, PART));
	/* The program writes words no kernel touches while they run. */
	words[3 * PART] = 0xc0ffee;
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_SUCCESS);
	TRY(all_floats(a, PART, 1.0f));
	TRY(all_floats(c, PART, 3.0f));
	CHECK_EQ(words[3 * PART], 0xc0ffee);

	/* A synchronous memset through the device pointer, then copies. */
	CHECK_CU(cuMemsetD32(dspare + sizeof(unsigned), 0xabcdef01u, PART - 1),
		 CUDA_SUCCESS);
	CHECK_EQ(words[3 * PART], 0xc0ffee);
	CHECK_EQ(words[3 * PART + 1], 0xabcdef01u);
	CHECK_EQ(words[WORDS - 1], 0xabcdef01u);
	for (i = 0; i < PART; i++)
		words[3 * PART + i] = i * 7u;
	CHECK_CU(cuMemcpyDtoH(plain, dspare, PART * sizeof(unsigned)),
		 CUDA_SUCCESS);
	for (i = 0; i < PART; i++)
		if (plain[i] != i * 7u)
			return e2e_fail(__FILE__, __LINE__, "word %u is 0x%x, "
					"expected 0x%x", i, plain[i], i * 7u);
	return 0;
}

/*
 * Under unified addressing a kernel takes the program's page-locked
 * pointer itself, as XLA's timing kernel does with its semaphore: it
 * reads what the program wrote there and writes what the program then
 * reads, with no cuMemHostGetDevicePointer between.
 */
int test_pinned_pointer_kernel(void)
{
	CUfunction vec_add, fill_u32;
	float *a = NULL, *c;
	unsigned *words = NULL;
	CUdeviceptr dc, alias;
	CUdevice dev;
	int uva = 0;
	unsigned i;

	TRY(setup(&vec_add, &fill_u32));
	CHECK_CU(cuCtxGetDevice(&dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&uva,
	    CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, dev), CUDA_SUCCESS);
	if (!uva)
		return e2e_skip("the device has no unified addressing");
	CHECK_CU(cuMemAllocHost((void **)&a, 2 * PART * sizeof(float)),
		 CUDA_SUCCESS);
	e2e_defer_host(a);
	CHECK_CU(cuMemHostAlloc((void **)&words, PART * sizeof(unsigned), 0),
		 CUDA_SUCCESS);
	e2e_defer_host(words);
	CHECK_CU(cuMemAlloc(&dc, PART * sizeof(float)), CUDA_SUCCESS);
	e2e_defer_mem(dc);
	c = e2e_malloc(PART * sizeof(float));

	/* The pointer is its own device address.  Through oncuda, where the
	 * server's process has that address in use and the server's address
	 * is in use here too, the memory lies elsewhere there and only this
	 * alias reaches it (README; pinned_moved.c tests the usual case, in
	 * which the memory moves to the server's address). */
	CHECK_CU(cuMemHostGetDevicePointer(&alias, words, 0), CUDA_SUCCESS);
	if (alias != (CUdeviceptr)(uintptr_t)words &&
	    getenv("ONCUDA_TEST_REMOTE") != NULL)
		return e2e_skip("each side had the other's address in use: "
				"only cuMemHostGetDevicePointer's address "
				"reaches the buffer");
	CHECK_EQ(alias, (CUdeviceptr)(uintptr_t)words);

	/* A kernel reads what the program wrote, through its own pointers. */
	for (i = 0; i < PART; i++) {
		a[i] = (float)i;
		a[PART + i] = 0.5f;
	}
	TRY(launch_vec_add(vec_add, (CUdeviceptr)(uintptr_t)a,
	    (CUdeviceptr)(uintptr_t)(a + PART), dc, PART));
	CHECK_CU(cuMemcpyDtoH(c, dc, PART * sizeof(float)), CUDA_SUCCESS);
	for (i = 0; i < PART; i++)
		if (c[i] != (float)i + 0.5f)
			return e2e_fail(__FILE__, __LINE__, "c[%u] is %g, "
					"expected %g", i, (double)c[i],
					(double)i + 0.5);

	/* A kernel writes; the program sees it once the kernel is done.
	 * The program's own change after that reaches the next kernel. */
	TRY(e2e_fill_u32(fill_u32, (CUdeviceptr)(uintptr_t)words, 0x5eedu,
			 PART, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (i = 0; i < PART; i++)
		if (words[i] != 0x5eedu)
			return e2e_fail(__FILE__, __LINE__, "word %u is 0x%x, "
					"expected 0x5eed", i, words[i]);
	for (i = 0; i < PART; i++)
		a[i] = 2.0f;
	TRY(launch_vec_add(vec_add, (CUdeviceptr)(uintptr_t)a,
	    (CUdeviceptr)(uintptr_t)(a + PART), dc, PART));
	CHECK_CU(cuMemcpyDtoH(c, dc, PART * sizeof(float)), CUDA_SUCCESS);
	for (i = 0; i < PART; i++)
		if (c[i] != 2.5f)
			return e2e_fail(__FILE__, __LINE__, "c[%u] is %g, "
					"expected 2.5", i, (double)c[i]);
	return 0;
}
