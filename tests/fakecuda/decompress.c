/*
 * decompress.c - cuMemBatchDecompressAsync on a device without the
 * decompression engine (a Hopper's, like the H200 the suite runs on; its
 * CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK is 0, device.c).
 *
 * The stand-in decompresses nothing.  It judges the batch as far as the
 * tests can tell, and in this order: the stream, the flags, the array,
 * then each operation (its algorithm, its padding, and its three
 * addresses, which must lie in device allocations), the operation's index
 * going to errorIndex; a batch that passes is refused as a whole with
 * CUDA_ERROR_NOT_SUPPORTED.  A batch refused whole leaves errorIndex as it
 * was, as driver 580 on the H200 does.
 */
#include <stdint.h>

#include "fakecuda.h"

static bool
zeroed(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != 0)
			return false;
	return true;
}

static bool
known_algorithm(CUmemDecompressAlgorithm a)
{
	return a == CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE ||
	    a == CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY ||
	    a == CU_MEM_DECOMPRESS_ALGORITHM_LZ4;
}

/* Whether [p, p + bytes) lies in one device allocation. */
static bool
device_memory(const void *p, size_t bytes)
{
	struct fc_alloc *a = fc_alloc_find((uintptr_t)p);

	return p != NULL && a != NULL && a->kind == FC_MEM_DEVICE &&
	    fc_alloc_covers((uintptr_t)p, bytes > 0 ? bytes : 1);
}

static bool
usable(const CUmemDecompressParams *p)
{
	return known_algorithm(p->algo) &&
	    zeroed(p->padding, sizeof(p->padding)) &&
	    device_memory(p->src, p->srcNumBytes) &&
	    device_memory(p->dst, p->dstNumBytes) &&
	    device_memory(p->dstActBytes, sizeof(cuuint32_t));
}

static CUresult
judge(CUmemDecompressParams *paramsArray, size_t count, unsigned int flags,
    CUstream stream, size_t *index)
{
	struct fc_context *ctx;
	CUresult rc;

	if ((rc = fc_context_usable(&ctx)) != CUDA_SUCCESS ||
	    (rc = fc_stream_check(stream, ctx)) != CUDA_SUCCESS)
		return rc;
	if (flags != 0 || paramsArray == NULL || count == 0)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++)
		if (!usable(&paramsArray[i])) {
			*index = i;
			return CUDA_ERROR_INVALID_VALUE;
		}
	return CUDA_ERROR_NOT_SUPPORTED;
}

FC_API CUresult
cuMemBatchDecompressAsync(CUmemDecompressParams *paramsArray, size_t count,
    unsigned int flags, size_t *errorIndex, CUstream stream)
{
	size_t index = errorIndex != NULL ? *errorIndex : 0;
	CUresult rc;

	fc_lock();
	rc = judge(paramsArray, count, flags, stream, &index);
	fc_unlock();
	if (rc != CUDA_SUCCESS && errorIndex != NULL)
		*errorIndex = index;
	return rc;
}

FC_API CUresult
cuMemBatchDecompressAsync_ptsz(CUmemDecompressParams *paramsArray,
    size_t count, unsigned int flags, size_t *errorIndex, CUstream stream)
{
	return cuMemBatchDecompressAsync(paramsArray, count, flags,
	    errorIndex, stream == NULL ? CU_STREAM_PER_THREAD : stream);
}
