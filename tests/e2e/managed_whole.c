/*
 * Managed buffers rewritten whole, as numba's and most teaching programs'
 * use them: a kernel fills a buffer of several wire messages, the program
 * reads all of it, rewrites all of it, a kernel changes a stretch in the
 * middle, and the program sees both.  Once with CU_MEM_ATTACH_GLOBAL and
 * once with CU_MEM_ATTACH_HOST (which numba's managed arrays ask for).
 *
 * Through oncuda the replies that bring a kernel's bytes back are full
 * several times in a row here (40 MiB against 4 MiB messages), which is
 * where a pull that began again at the first byte each time made the
 * work grow with the square of the size (tests/unit/test_mapped_pull.c
 * counts that; this test checks the bytes).
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

#define WHOLE (40u << 20)		/* bytes */
#define WORDS (WHOLE / 4u)

static int fill(CUfunction f, CUdeviceptr p, unsigned v, unsigned long long n)
{
	void *params[] = { &p, &v, &n };

	CHECK_CU(cuLaunchKernel(f, 64, 1, 1, 256, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	return 0;
}

/* The first word of p[0, n) that is not want, or n. */
static unsigned first_not(const unsigned *p, unsigned n, unsigned want)
{
	unsigned i;

	for (i = 0; i < n && p[i] == want; i++)
		;
	return i;
}

static int rewritten_whole(CUfunction f, unsigned attach)
{
	CUdeviceptr p;
	unsigned *w, i, mid = WORDS / 3, stretch = WORDS / 4;

	CHECK_CU(cuMemAllocManaged(&p, WHOLE, attach), CUDA_SUCCESS);
	e2e_defer_mem(p);
	w = (unsigned *)(uintptr_t)p;

	TRY(fill(f, p, 0xabababab, WORDS));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_EQ(first_not(w, WORDS, 0xabababab), WORDS);

	for (i = 0; i < WORDS; i++)
		w[i] = i;
	TRY(fill(f, p + (CUdeviceptr)mid * 4, 7, stretch));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_EQ(first_not(w, mid, 0) , 1);	/* w[0] is 0, w[1] is 1 */
	for (i = 0; i < WORDS; i++) {
		unsigned want = i >= mid && i < mid + stretch ? 7 : i;

		if (w[i] != want)
			return e2e_fail(__FILE__, __LINE__, "attach %u: word %u "
					"is %#x, expected %#x", attach, i, w[i],
					want);
	}
	/* The device agrees: its last word is the program's. */
	CHECK_CU(cuMemcpyDtoH(&i, p + WHOLE - 4, 4), CUDA_SUCCESS);
	CHECK_EQ(i, WORDS - 1);
	return 0;
}

int test_managed_whole(void)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule m;
	CUfunction f;
	int ready;

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&f, m, "fill_u32"));
	TRY(rewritten_whole(f, CU_MEM_ATTACH_GLOBAL));
	TRY(rewritten_whole(f, CU_MEM_ATTACH_HOST));
	return 0;
}
