/*
 * Page-locked memory at an address the server's process has in use.
 * Under unified addressing a kernel takes the program's pointer to such
 * memory only where the server's side of it lies at the same address.
 * When the server has the program's address in use (its driver reserves
 * large ranges of its process), oncuda moves the program's new memory to
 * where the server put its side (stubs/mem/hostmem.c and local_share.c,
 * follow_server): each kernel picks addresses for its own process, so an
 * address free in one is seldom taken in the other.  Seen on the H200
 * once in four runs of pinned_pointer_kernel on the same-host path,
 * before the move was made.
 *
 * To have the server hold the very address the next allocation gets
 * here, the test allocates page-locked memory (one address on both
 * sides) and unmaps the program's side behind the library's back: the
 * kernel here then hands the next mapping of that size that address,
 * which the test first checks with a mapping of its own.  (Without the
 * move the library would also find its own record of the unmapped memory
 * there and refuse with CUDA_ERROR_OUT_OF_MEMORY, as it did before the
 * move was written.)  Through oncuda only: natively the driver's memory
 * is not the program's to unmap.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "check.h"

#define WORDS 65536u

/* Where the kernel here puts the next anonymous mapping of size bytes. */
static void *next_mapping(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	munmap(p, size);
	return p;
}

static int filled_through(CUfunction fill, unsigned *words)
{
	CUdeviceptr p = (CUdeviceptr)(uintptr_t)words;
	unsigned v = 0x600du, i;

	TRY(e2e_fill_u32(fill, p, v, WORDS, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (i = 0; i < WORDS; i++)
		if (words[i] != v)
			return e2e_fail(__FILE__, __LINE__, "word %u is 0x%x, "
					"expected 0x%x", i, words[i], v);
	return 0;
}

int test_pinned_address_taken(void)
{
	const size_t size = WORDS * sizeof(unsigned);
	unsigned *held = NULL, *moved = NULL;
	CUdeviceptr alias;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUfunction fill;
	CUresult e;
	int uva = 0;

	if (getenv("ONCUDA_TEST_REMOTE") == NULL)
		return e2e_skip("tests oncuda's placement of page-locked memory "
				"whose address the server has in use");
	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuDeviceGetAttribute(&uva,
	    CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, dev), CUDA_SUCCESS);
	if (!uva)
		return e2e_skip("the device has no unified addressing");
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(e2e_get_function(&fill, m, "fill_u32"));

	CHECK_CU(cuMemHostAlloc((void **)&held, size, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemHostGetDevicePointer(&alias, held, 0), CUDA_SUCCESS);
	if (alias != (CUdeviceptr)(uintptr_t)held) {
		e2e_defer_host(held);
		return e2e_skip("the first allocation's address was taken on "
				"the server already");
	}
	CHECK_EQ(munmap(held, size), 0);
	if (next_mapping(size) != held)
		return e2e_skip("the next mapping here is not at the address "
				"just unmapped");

	/* The library's mapping lands at held, which the server has in use.
	 * On failure held is given back too (unless the new memory is
	 * there), so that the tests after this one meet no stale record. */
	if ((e = cuMemHostAlloc((void **)&moved, size, 0)) != CUDA_SUCCESS) {
		cuMemFreeHost(held);
		return e2e_fail(__FILE__, __LINE__, "cuMemHostAlloc returned %s",
				e2e_cu_name(e));
	}
	e2e_defer_host(moved);
	if (moved == held)
		return e2e_fail(__FILE__, __LINE__, "the memory stayed at %p, "
				"which the server has in use", (void *)held);
	/* held is free here again: give the server's side back before
	 * anything else can be mapped there and then unmapped with it. */
	CHECK_CU(cuMemFreeHost(held), CUDA_SUCCESS);
	CHECK_CU(cuMemHostGetDevicePointer(&alias, moved, 0), CUDA_SUCCESS);
	CHECK_EQ(alias, (CUdeviceptr)(uintptr_t)moved);
	return filled_through(fill, moved);
}
