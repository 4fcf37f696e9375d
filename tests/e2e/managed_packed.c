/*
 * Small managed allocations share pages: the driver packs allocations
 * under 2 MiB into 2 MiB blocks, 512 bytes apart (so does the stand-in).
 * Each allocation is its own memory all the same: what the program writes
 * into one reaches the GPU without undoing what a kernel wrote into its
 * neighbour on the same page, and the other way round; freeing one leaves
 * its neighbours working, and a new one in its place works too.  Through
 * oncuda this is stubs/mem/managed.c's own_pages and dirty_pages.c's
 * shared pages.
 */
#include <stdint.h>

#include "check.h"

#define SMALL 5

/* One word of 32 bits at p set to v by a kernel, then waited for. */
static int kernel_sets(CUfunction fill, CUdeviceptr p, unsigned v)
{
	unsigned long long n = 1;
	void *params[] = { &p, &v, &n };

	CHECK_CU(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, NULL, params,
				NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

/* The word at p as the GPU has it. */
static int device_word(CUdeviceptr p, unsigned *out)
{
	CHECK_CU(cuMemcpyDtoH(out, p, sizeof(*out)), CUDA_SUCCESS);
	return 0;
}

int test_managed_packed(void)
{
	static const size_t sizes[SMALL] = { 4, 4, 100, 4, 4096 };
	CUdeviceptr p[SMALL], fresh;
	volatile unsigned *w[SMALL];
	CUfunction fill;
	CUcontext ctx;
	CUmodule m;
	CUdevice dev;
	unsigned got;
	int ready;

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));
	for (int i = 0; i < SMALL; i++) {
		CHECK_CU(cuMemAllocManaged(&p[i], sizes[i],
			 CU_MEM_ATTACH_GLOBAL), CUDA_SUCCESS);
		if (i != 1)		/* freed below */
			e2e_defer_mem(p[i]);
		w[i] = (volatile unsigned *)(uintptr_t)p[i];
		CHECK_EQ(*w[i], 0);
		*w[i] = 100 + (unsigned)i;
	}

	/* A kernel's store into one comes back; the program's stores into
	 * its neighbours went to the GPU and stay. */
	TRY(kernel_sets(fill, p[2], 7));
	for (int i = 0; i < SMALL; i++) {
		CHECK_EQ(*w[i], i == 2 ? 7 : 100 + (unsigned)i);
		TRY(device_word(p[i], &got));
		CHECK_EQ(got, *w[i]);
	}

	/* The program writes one, a kernel its neighbour: both land. */
	*w[0] = 50;
	TRY(kernel_sets(fill, p[1], 51));
	CHECK_EQ(*w[0], 50);
	CHECK_EQ(*w[1], 51);
	TRY(device_word(p[0], &got));
	CHECK_EQ(got, 50);
	*w[3] = 53;
	*w[2] = 52;
	TRY(kernel_sets(fill, p[4], 54));
	TRY(device_word(p[3], &got));
	CHECK_EQ(got, 53);
	TRY(device_word(p[2], &got));
	CHECK_EQ(got, 52);
	CHECK_EQ(*w[4], 54);

	/* One freed: its neighbours on the page still work both ways. */
	CHECK_CU(cuMemFree(p[1]), CUDA_SUCCESS);
	*w[0] = 60;
	*w[2] = 62;
	TRY(kernel_sets(fill, p[3], 63));
	TRY(device_word(p[0], &got));
	CHECK_EQ(got, 60);
	TRY(device_word(p[2], &got));
	CHECK_EQ(got, 62);
	CHECK_EQ(*w[3], 63);

	/*
	 * A new one, where the driver puts it (on driver 580, the freed
	 * one's place, holding what it left: the driver does not clear
	 * reused managed memory), works both ways too.
	 */
	CHECK_CU(cuMemAllocManaged(&fresh, 4, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	e2e_defer_mem(fresh);
	*(volatile unsigned *)(uintptr_t)fresh = 71;
	TRY(device_word(fresh, &got));
	CHECK_EQ(got, 71);
	TRY(kernel_sets(fill, fresh, 70));
	CHECK_EQ(*(volatile unsigned *)(uintptr_t)fresh, 70);
	CHECK_EQ(*w[0], 60);
	CHECK_EQ(*w[2], 62);
	return 0;
}
