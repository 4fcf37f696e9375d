/*
 * Page-locked memory released while an asynchronous download into it may
 * still be in flight: cuMemHostUnregister and cuMemFreeHost wait for it,
 * as the driver's do.  Registered memory stays the program's and holds the
 * downloaded bytes once the stream is synchronized; memory freed and
 * allocated again (often at the same address, and through oncuda over TCP
 * with the download still pending in the client when the free comes)
 * keeps what the program writes into it, no late download landing there.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

#define WORDS (2u << 20)		/* 8 MiB: two messages' worth */
#define BYTES (WORDS * 4u)

static int words_are(const unsigned int *p, unsigned int v, const char *what)
{
	for (size_t i = 0; i < WORDS; i++)
		if (p[i] != v)
			return e2e_fail(__FILE__, __LINE__, "%s: word %zu is "
			    "%#x, expected %#x", what, i, p[i], v);
	return 0;
}

int test_dtoh_async_released(void)
{
	unsigned int *reg, *p, *q;
	CUcontext ctx;
	CUdevice dev;
	CUdeviceptr d;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&d, BYTES));
	CHECK_CU(cuMemsetD32(d, 0xfeed0001u, WORDS), CUDA_SUCCESS);

	/* Unregistered with the download pending: the bytes arrive. */
	if ((reg = aligned_alloc(4096, BYTES)) == NULL)
		return e2e_fail(__FILE__, __LINE__, "out of memory");
	e2e_defer_free(reg);
	memset(reg, 0, BYTES);
	CHECK_CU(cuMemHostRegister(reg, BYTES, 0), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoHAsync(reg, d, BYTES, s), CUDA_SUCCESS);
	CHECK_CU(cuMemHostUnregister(reg), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	TRY(words_are(reg, 0xfeed0001u, "registered memory unregistered "
	    "behind a download"));

	/* Freed with the download pending, then allocated again and
	 * written: what the program wrote stays. */
	CHECK_CU(cuMemsetD32(d, 0xfeed0002u, WORDS), CUDA_SUCCESS);
	for (int round = 0; round < 4; round++) {
		CHECK_CU(cuMemHostAlloc((void **)&p, BYTES, 0), CUDA_SUCCESS);
		memset(p, 0, BYTES);
		CHECK_CU(cuMemcpyDtoHAsync(p, d, BYTES, s), CUDA_SUCCESS);
		CHECK_CU(cuMemFreeHost(p), CUDA_SUCCESS);
		CHECK_CU(cuMemHostAlloc((void **)&q, BYTES, 0), CUDA_SUCCESS);
		memset(q, 0xc5, BYTES);
		CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
		CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
		TRY(words_are(q, 0xc5c5c5c5u, "memory allocated after a free "
		    "behind a download"));
		CHECK_CU(cuMemFreeHost(q), CUDA_SUCCESS);
	}
	return 0;
}
