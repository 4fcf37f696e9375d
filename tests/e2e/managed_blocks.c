/*
 * A few bytes of a large managed buffer changed on the device, seen by
 * the program after a synchronization: one byte in the middle of 64 MiB
 * and at the edges of the server's 64 KiB blocks, round after round; then
 * bytes in two distant blocks and the very last byte of a buffer whose
 * last block, and last word, are partial, beside a byte the program wrote.
 * Each time the whole buffer must be what the program and the device
 * wrote, which also holds natively.
 *
 * Through oncuda the server finds these bytes by the hashes of its blocks
 * (server/svc/svc_mapped.c): a block whose hash it got wrong would go
 * unseen here, or bring back bytes that are not the device's.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define BIG (64u << 20)			/* bytes */
#define BLOCK 65536u			/* the server's blocks */

/* Sets byte at of p (and of the model want) to v on the device. */
static int device_byte(CUdeviceptr p, unsigned char *want, size_t at,
		       unsigned char v)
{
	CHECK_CU(cuMemsetD8(p + at, v, 1), CUDA_SUCCESS);
	want[at] = v;
	return 0;
}

/* Whether the program's view of the buffer is the model's. */
static int is_model(const unsigned char *h, const unsigned char *want,
		    size_t size, const char *when)
{
	for (size_t i = 0; i < size; i++)
		if (h[i] != want[i])
			return e2e_fail(__FILE__, __LINE__, "%s: byte %zu of "
					"%zu is %#x, expected %#x", when, i,
					size, h[i], want[i]);
	return 0;
}

/* A managed buffer of size bytes filled by the program, and its model. */
static int filled(CUdeviceptr *p, unsigned char **want, size_t size)
{
	unsigned char *h;

	CHECK_CU(cuMemAllocManaged(p, size, CU_MEM_ATTACH_GLOBAL),
		 CUDA_SUCCESS);
	e2e_defer_mem(*p);
	h = (unsigned char *)(uintptr_t)*p;
	*want = e2e_malloc(size);
	for (size_t i = 0; i < size; i++)
		(*want)[i] = (unsigned char)(i * 131 + (i >> 16));
	memcpy(h, *want, size);
	return 0;
}

int test_managed_one_byte(void)
{
	static const size_t at[] = {
		BIG / 2 + 3, BLOCK - 1, BLOCK, 3 * BLOCK - 1, BIG - 1, BIG / 2 + 3,
	};
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr p;
	unsigned char *want, *h, back;
	int ready;

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	TRY(filled(&p, &want, BIG));
	h = (unsigned char *)(uintptr_t)p;
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	for (unsigned r = 0; r < sizeof(at) / sizeof(at[0]); r++) {
		char when[32];

		TRY(device_byte(p, want, at[r], (unsigned char)(0xa0 + r)));
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		snprintf(when, sizeof(when), "round %u", r);
		TRY(is_model(h, want, BIG, when));
	}
	/* The device agrees with what the program sees. */
	CHECK_CU(cuMemcpyDtoH(&back, p + BIG / 2 + 3, 1), CUDA_SUCCESS);
	CHECK_EQ(back, want[BIG / 2 + 3]);
	return 0;
}

int test_managed_distant_bytes(void)
{
	const size_t size = BIG + 12345;	/* a partial block, and word */
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr p;
	unsigned char *want, *h, back[2];
	int ready;

	if ((ready = e2e_managed_ctx(&dev, &ctx)) != 0)
		return ready;
	TRY(filled(&p, &want, size));
	h = (unsigned char *)(uintptr_t)p;
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);

	/* The program writes the byte before the last; the device changes
	 * bytes of two distant blocks and the last byte. */
	h[size - 2] = want[size - 2] = 0x5b;
	TRY(device_byte(p, want, 100, 0xc1));
	TRY(device_byte(p, want, size / 2 + 17, 0xc2));
	TRY(device_byte(p, want, size - 1, 0xc3));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(is_model(h, want, size, "three bytes"));
	CHECK_CU(cuMemcpyDtoH(back, p + size - 2, 2), CUDA_SUCCESS);
	CHECK_EQ(back[0], 0x5b);
	CHECK_EQ(back[1], 0xc3);

	/* Changed back to what it was: seen too. */
	TRY(device_byte(p, want, size / 2 + 17,
			(unsigned char)((size / 2 + 17) * 131 +
					((size / 2 + 17) >> 16))));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	TRY(is_model(h, want, size, "a byte changed back"));
	return 0;
}
