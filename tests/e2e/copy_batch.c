/*
 * Batched copies: cuMemcpyBatchAsync with host-to-device, device-to-device
 * and device-to-host copies under two attribute entries, on a stream after
 * a memset and before a copy back, each result checked; the batch rules
 * the driver enforces (no NULL stream, the attribute index list, a valid
 * source access order) refused; cuMemcpy3DBatchAsync between pitched
 * device memory and packed host memory, both ways, and the CUDA 12.8 ABI's
 * failIdx.  Through oncuda only (ONCUDA_TEST_REMOTE): a copy in a batch
 * into memory the client does not own is refused by the server.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "tests.h"

enum { N = 4096, W = 16, H = 4, D = 3, ROW = 32, LAYER = 8 };

/* cuMemcpyBatchAsync of CUDA 12.8, which cuda.h renames to _v2. */
#undef cuMemcpyBatchAsync
CUresult CUDAAPI cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs,
    size_t *sizes, size_t count, CUmemcpyAttributes *attrs,
    size_t *attrsIdxs, size_t numAttrs, size_t *failIdx, CUstream hStream);

static int batch_3d(CUstream s)
{
	unsigned char *host = e2e_malloc(W * H * D);
	unsigned char *back = e2e_malloc(W * H * D);
	CUDA_MEMCPY3D_BATCH_OP op;
	CUdeviceptr dev;

	TRY(e2e_dalloc(&dev, ROW * LAYER * D));
	for (size_t i = 0; i < W * H * D; i++)
		host[i] = (unsigned char)(i * 13 + 5);
	CHECK_CU(cuMemsetD8(dev, 0xEE, ROW * LAYER * D), CUDA_SUCCESS);

	/* Packed host to pitched device memory. */
	memset(&op, 0, sizeof op);
	op.src.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
	op.src.op.ptr.ptr = (CUdeviceptr)(uintptr_t)host;
	op.dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
	op.dst.op.ptr.ptr = dev;
	op.dst.op.ptr.rowLength = ROW;
	op.dst.op.ptr.layerHeight = LAYER;
	op.extent.width = W;
	op.extent.height = H;
	op.extent.depth = D;
	op.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
	CHECK_CU(cuMemcpy3DBatchAsync(1, &op, 0, s), CUDA_SUCCESS);
	/* And back, into packed host memory. */
	op.src = op.dst;
	op.dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
	op.dst.op.ptr.ptr = (CUdeviceptr)(uintptr_t)back;
	op.dst.op.ptr.rowLength = 0;
	op.dst.op.ptr.layerHeight = 0;
	CHECK_CU(cuMemcpy3DBatchAsync(1, &op, 0, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(back, host, W * H * D);
	/* What lies between the rows and layers was not written. */
	CHECK_CU(cuMemcpyDtoH(back, dev + W, 1), CUDA_SUCCESS);
	CHECK_EQ(back[0], 0xEE);
	CHECK_CU(cuMemcpyDtoH(back, dev + ROW * H, 1), CUDA_SUCCESS);
	CHECK_EQ(back[0], 0xEE);

	op.extent.depth = 0;
	CHECK_CU(cuMemcpy3DBatchAsync(1, &op, 0, s), CUDA_ERROR_INVALID_VALUE);
	op.extent.depth = D;
	op.src.op.ptr.rowLength = W - 1;
	CHECK_CU(cuMemcpy3DBatchAsync(1, &op, 0, s), CUDA_ERROR_INVALID_VALUE);
	return 0;
}

int test_batch_copies(void)
{
	unsigned *in = e2e_malloc(N * sizeof(unsigned));
	unsigned *mid = e2e_malloc(N * sizeof(unsigned));
	unsigned *out = e2e_malloc(N * sizeof(unsigned));
	CUdeviceptr a, b, c, dsts[3], srcs[3];
	CUmemcpyAttributes attrs[2];
	size_t sizes[3], idxs[2] = { 0, 2 }, fail = 0;
	CUcontext ctx;
	CUdevice dev;
	CUstream s;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&a, N * sizeof(unsigned)));
	TRY(e2e_dalloc(&b, N * sizeof(unsigned)));
	TRY(e2e_dalloc(&c, N * sizeof(unsigned)));
	for (size_t i = 0; i < N; i++) {
		in[i] = (unsigned)i * 3u + 1u;
		mid[i] = (unsigned)i ^ 0xA5A5A5A5u;
	}
	CHECK_CU(cuMemcpyHtoD(b, mid, N * sizeof(unsigned)), CUDA_SUCCESS);
	memset(out, 0, N * sizeof(unsigned));

	memset(attrs, 0, sizeof attrs);
	attrs[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
	attrs[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL;
	/* in -> a, b -> c (device to device), b -> out (device to host). */
	dsts[0] = a;
	srcs[0] = (CUdeviceptr)(uintptr_t)in;
	dsts[1] = c;
	srcs[1] = b;
	dsts[2] = (CUdeviceptr)(uintptr_t)out;
	srcs[2] = b;
	for (int i = 0; i < 3; i++)
		sizes[i] = N * sizeof(unsigned);

	/* The rules, before anything is queued. */
	CHECK_CU(cuMemcpyBatchAsync_v2(dsts, srcs, sizes, 3, attrs, idxs, 2, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	idxs[0] = 1;
	CHECK_CU(cuMemcpyBatchAsync_v2(dsts, srcs, sizes, 3, attrs, idxs, 2, s),
		 CUDA_ERROR_INVALID_VALUE);
	idxs[0] = 0;
	attrs[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
	CHECK_CU(cuMemcpyBatchAsync_v2(dsts, srcs, sizes, 3, attrs, idxs, 2, s),
		 CUDA_ERROR_INVALID_VALUE);
	attrs[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;

	CHECK_CU(cuMemsetD32Async(a, 0, N, s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyBatchAsync_v2(dsts, srcs, sizes, 3, attrs, idxs, 2, s),
		 CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_MEM(out, mid, N * sizeof(unsigned));
	CHECK_CU(cuMemcpyDtoH(out, a, N * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_MEM(out, in, N * sizeof(unsigned));
	CHECK_CU(cuMemcpyDtoH(out, c, N * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_MEM(out, mid, N * sizeof(unsigned));

	/* The CUDA 12.8 ABI, one copy, failIdx unchanged by success is not
	 * promised: only its result is checked. */
	CHECK_CU(cuMemcpyBatchAsync(&dsts[0], &srcs[1], sizes, 1, attrs, idxs,
		 1, &fail, s), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(out, a, N * sizeof(unsigned)), CUDA_SUCCESS);
	CHECK_MEM(out, mid, N * sizeof(unsigned));

	TRY(batch_3d(s));

	if (getenv("ONCUDA_TEST_REMOTE") != NULL) {
		/* Past the end of c: not the client's memory. */
		dsts[1] = c + N * sizeof(unsigned);
		CHECK_CU_ASYNC(cuMemcpyBatchAsync_v2(dsts, srcs, sizes, 3, attrs,
			       idxs, 2, s), CUDA_ERROR_INVALID_VALUE);
	}
	return 0;
}
