/*
 * The 3D copies, the copies between an array and device memory and the
 * 2D memsets of the ABI of CUDA 3.1, which cuGetProcAddress hands out for
 * version 3010: 32-bit device pointers, unsigned int sizes, and the
 * CUDA_MEMCPY3D of that ABI (CUDA_MEMCPY3D_v1, which cuda.h declares only
 * for the driver's own build, so it is spelt out here).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "old_abi.h"

/* cuda.h's CUDA_MEMCPY3D_v1. */
struct memcpy3d_v1 {
	unsigned int srcXInBytes, srcY, srcZ, srcLOD;
	CUmemorytype srcMemoryType;
	const void *srcHost;
	unsigned int srcDevice;
	CUarray srcArray;
	void *reserved0;
	unsigned int srcPitch, srcHeight;
	unsigned int dstXInBytes, dstY, dstZ, dstLOD;
	CUmemorytype dstMemoryType;
	void *dstHost;
	unsigned int dstDevice;
	CUarray dstArray;
	void *reserved1;
	unsigned int dstPitch, dstHeight;
	unsigned int WidthInBytes, Height, Depth;
};

typedef CUresult (*copy3d_v1_fn)(const struct memcpy3d_v1 *);
typedef CUresult (*copy3d_async_v1_fn)(const struct memcpy3d_v1 *, CUstream);
typedef CUresult (*atod_v1_fn)(unsigned int, CUarray, unsigned int,
			       unsigned int);
typedef CUresult (*dtoa_v1_fn)(CUarray, unsigned int, unsigned int,
			       unsigned int);
typedef CUresult (*set2d8_v1_fn)(unsigned int, unsigned int, unsigned char,
				 unsigned int, unsigned int);
typedef CUresult (*set2d16_v1_fn)(unsigned int, unsigned int, unsigned short,
				  unsigned int, unsigned int);
typedef CUresult (*set2d32_v1_fn)(unsigned int, unsigned int, unsigned int,
				  unsigned int, unsigned int);
typedef CUresult (*alloc_v1_fn)(unsigned int *, unsigned int);

enum { W = 64, H = 4, PITCH = 128, LINE = 256 };

/* A 32-bit device address no allocation holds. */
#define NOWHERE 0x10000u

static int make_array(CUarray *a, size_t width, size_t height)
{
	CUDA_ARRAY_DESCRIPTOR d = { .Width = width, .Height = height,
	    .Format = CU_AD_FORMAT_UNSIGNED_INT8, .NumChannels = 1 };

	CHECK_CU(cuArrayCreate(a, &d), CUDA_SUCCESS);
	return 0;
}

/*
 * Host to a 2D array by the 32-bit cuMemcpy3D, back by its Async form on
 * a stream; no device pointer is involved.  *refused: the driver refused
 * the 32-bit ABI outright (the H200's 580 answers its calls with
 * CUDA_ERROR_INVALID_CONTEXT), so the rest has nothing to test.
 */
static int host_array_host(copy3d_v1_fn copy, copy3d_async_v1_fn copy_async,
			   bool *refused)
{
	unsigned char in[W * H], back[W * H];
	struct memcpy3d_v1 c;
	CUarray a;
	CUstream s;
	CUresult e;

	TRY(make_array(&a, W, H));
	TRY(e2e_stream(&s));
	e2e_fill_random(in, sizeof in, 32);
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = in;
	c.srcPitch = W;
	c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.dstArray = a;
	c.WidthInBytes = W;
	c.Height = H;
	c.Depth = 1;
	e = copy(&c);
	*refused = e == CUDA_ERROR_INVALID_CONTEXT &&
	    getenv("ONCUDA_TEST_REMOTE") == NULL;
	if (*refused) {
		CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
		return 0;
	}
	CHECK_CU(e, CUDA_SUCCESS);
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
	c.srcArray = a;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.dstPitch = W;
	c.WidthInBytes = W;
	c.Height = H;
	c.Depth = 1;
	memset(back, 0, sizeof back);
	CHECK_CU(copy_async(&c, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(back, in, sizeof back);
	/* A reserved field that is not NULL is refused, as in the current
	 * form. */
	c.reserved0 = &c;
	CHECK_CU(copy(&c), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
	return 0;
}

int test_abi_before_3_2_copies(void)
{
	unsigned char *want = e2e_malloc(PITCH * H);
	unsigned char *back = e2e_malloc(PITCH * H);
	unsigned char line[LINE], line_back[LINE];
	copy3d_v1_fn copy;
	copy3d_async_v1_fn copy_async;
	atod_v1_fn atod;
	dtoa_v1_fn dtoa;
	set2d8_v1_fn set8;
	set2d16_v1_fn set16;
	set2d32_v1_fn set32;
	alloc_v1_fn alloc;
	unsigned int a = 0, b = 0, x, y;
	struct memcpy3d_v1 c;
	bool refused;
	CUcontext ctx;
	CUdevice dev;
	CUarray arr;
	CUresult e;

	ENTRY(copy, "cuMemcpy3D", 3010);
	ENTRY(copy_async, "cuMemcpy3DAsync", 3010);
	ENTRY(atod, "cuMemcpyAtoD", 3010);
	ENTRY(dtoa, "cuMemcpyDtoA", 3010);
	ENTRY(set8, "cuMemsetD2D8", 3010);
	ENTRY(set16, "cuMemsetD2D16", 3010);
	ENTRY(set32, "cuMemsetD2D32", 3010);
	ENTRY(alloc, "cuMemAlloc", 3010);
	/* From 3020 on, the same names are the current ABI. */
	CHECK(e2e_old_entry("cuMemcpy3D", 3020) != (void *)copy);
	CHECK(e2e_old_entry("cuMemsetD2D32", 3020) != (void *)set32);
	TRY(e2e_primary_ctx(&dev, &ctx));

	TRY(host_array_host(copy, copy_async, &refused));
	if (refused) {
		e2e_skip_note("the driver refuses the 32-bit ABI here "
			      "(CUDA_ERROR_INVALID_CONTEXT)");
		return 0;
	}
	CHECK_CU(copy(NULL), CUDA_ERROR_INVALID_VALUE);

	/*
	 * Device addresses of no allocation reach the driver (or oncuda's
	 * server, which checks them against the program's memory) and are
	 * refused there.  Both the GPU's driver and the stand-in place
	 * memory above 4 GiB, where this ABI cannot name it, so on them
	 * this is all of the device side that runs.
	 */
	TRY(make_array(&arr, LINE, 0));
	CHECK_CU(set8(NOWHERE, PITCH, 1, W, H), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(set16(NOWHERE, PITCH, 1, W / 2, H), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(set32(NOWHERE, PITCH, 1, W / 4, H), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(dtoa(arr, 0, NOWHERE, LINE), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(atod(NOWHERE, arr, 0, LINE), CUDA_ERROR_INVALID_VALUE);

	/* Device memory this ABI can name: in the low 4 GiB. */
	e = alloc(&a, PITCH * H);
	if (e == CUDA_ERROR_OUT_OF_MEMORY) {
		CHECK_CU(cuArrayDestroy(arr), CUDA_SUCCESS);
		e2e_skip_note("no device memory in the low 4 GiB for the "
			      "32-bit cuMemAlloc");
		return 0;
	}
	CHECK_CU(e, CUDA_SUCCESS);
	e2e_defer_mem(a);
	CHECK_CU(alloc(&b, LINE), CUDA_SUCCESS);
	e2e_defer_mem(b);

	/* All rows' W bytes by 32-bit words, the first two rows' first 16
	 * bytes by 16-bit ones, the last row's first 5 bytes by bytes; the
	 * bytes between W and PITCH stay 0. */
	CHECK_CU(cuMemsetD8(a, 0, PITCH * H), CUDA_SUCCESS);
	CHECK_CU(set32(a, PITCH, 0x11223344u, W / 4, H), CUDA_SUCCESS);
	CHECK_CU(set16(a, PITCH, 0xa1b2, 8, 2), CUDA_SUCCESS);
	CHECK_CU(set8(a + (H - 1) * PITCH, PITCH, 0x5c, 5, 1), CUDA_SUCCESS);
	memset(want, 0, PITCH * H);
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x += 4)
			memcpy(want + y * PITCH + x,
			       &(uint32_t){ 0x11223344u }, 4);
	for (y = 0; y < 2; y++)
		for (x = 0; x < 16; x += 2)
			memcpy(want + y * PITCH + x, &(uint16_t){ 0xa1b2 }, 2);
	memset(want + (H - 1) * PITCH, 0x5c, 5);
	CHECK_CU(cuMemcpyDtoH(back, a, PITCH * H), CUDA_SUCCESS);
	CHECK_MEM(back, want, PITCH * H);

	/* The rows back through the 32-bit cuMemcpy3D, packed. */
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = a;
	c.srcPitch = PITCH;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.dstPitch = W;
	c.WidthInBytes = W;
	c.Height = H;
	c.Depth = 1;
	memset(back, 0, PITCH * H);
	CHECK_CU(copy(&c), CUDA_SUCCESS);
	for (y = 0; y < H; y++)
		CHECK_MEM(back + y * W, want + y * PITCH, W);

	/* The 1D array: filled, then 128 bytes of a at offset 16 (DtoA),
	 * then the whole of it into b (AtoD). */
	e2e_fill_random(line, sizeof line, 33);
	CHECK_CU(cuMemcpyHtoA(arr, 0, line, LINE), CUDA_SUCCESS);
	CHECK_CU(dtoa(arr, 16, a, 128), CUDA_SUCCESS);
	CHECK_CU(atod(b, arr, 0, LINE), CUDA_SUCCESS);
	memcpy(line + 16, want, 128);
	CHECK_CU(cuMemcpyDtoH(line_back, b, LINE), CUDA_SUCCESS);
	CHECK_MEM(line_back, line, LINE);
	/* Past the array's end. */
	CHECK_CU(atod(b, arr, 1, LINE), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuArrayDestroy(arr), CUDA_SUCCESS);
	return 0;
}
