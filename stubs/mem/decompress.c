/*
 * decompress.c -- cuMemBatchDecompressAsync and its _ptsz form: a batch
 * of decompressions by the GPU's decompression engine, between device
 * buffers of the program's.
 *
 * The operations go to the stream's server field by field (idl/cuda.x,
 * decompress_op), which checks their memory and lets its driver judge
 * the rest; the driver's error and errorIndex come back.  Only what the
 * wire cannot carry is answered here: a NULL array of operations, which
 * the driver would have to read, and a batch larger than a message.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "stubs/link/say.h"
#include "stubs/route/call.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/rpc.h"

/* The per-thread default stream form (thread_stream.h), which cuda.h
 * declares only for a per-thread program. */
ONCUDA_API CUresult cuMemBatchDecompressAsync_ptsz(
    CUmemDecompressParams *paramsArray, size_t count, unsigned int flags,
    size_t *errorIndex, CUstream stream);

_Static_assert(sizeof(((CUmemDecompressParams *)0)->padding) ==
    sizeof(((decompress_op *)0)->padding),
    "the padding of CUmemDecompressParams travels whole");

/* The n operations at p as the wire carries them, or NULL (no memory). */
static decompress_op *wire_ops(const CUmemDecompressParams *p, size_t n)
{
	decompress_op *ops;

	if ((ops = calloc(n > 0 ? n : 1, sizeof(*ops))) == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		ops[i].src_bytes = p[i].srcNumBytes;
		ops[i].dst_bytes = p[i].dstNumBytes;
		ops[i].dst_act_bytes = (uintptr_t)p[i].dstActBytes;
		ops[i].src = (uintptr_t)p[i].src;
		ops[i].dst = (uintptr_t)p[i].dst;
		ops[i].algo = (int)p[i].algo;
		memcpy(ops[i].padding, p[i].padding, sizeof(ops[i].padding));
	}
	return ops;
}

ONCUDA_API CUresult cuMemBatchDecompressAsync(
    CUmemDecompressParams *paramsArray, size_t count, unsigned int flags,
    size_t *errorIndex, CUstream stream)
{
	res_decompress r;
	decompress_op *ops;
	decompress_ops wire;
	struct call k;
	CUresult e;

	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	/* errorIndex untouched: driver 580 on an H200 leaves it so for
	 * the batches it refuses whole. */
	if (count > 0 && paramsArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (count > ONCUDA_DECOMPRESS_OPS_MAX) {
		if (errorIndex != NULL)
			*errorIndex = SIZE_MAX;
		oncuda_unsupported("cuMemBatchDecompressAsync with more than "
		    "65536 operations");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	if ((e = thread_stream(&stream)) != CUDA_SUCCESS)
		return e;
	if ((ops = wire_ops(paramsArray, count)) == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	wire.decompress_ops_len = (u_int)count;
	wire.decompress_ops_val = ops;
	if ((e = route_call_handles(&k, stream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_REPLY(r))) == CUDA_SUCCESS) {
		e = call_end(&k, cu_mem_batch_decompress_async(wire, flags,
		    errorIndex != NULL, errorIndex != NULL ? *errorIndex : 0,
		    route_strip(stream), &r, k.c));
		if (e == CUDA_SUCCESS) {
			/* The driver's index, whatever its answer. */
			if (errorIndex != NULL)
				*errorIndex = (size_t)r.error_index;
			e = rpc_server_result(r.err);
		}
	}
	free(ops);
	return e;
}

ONCUDA_API CUresult cuMemBatchDecompressAsync_ptsz(
    CUmemDecompressParams *paramsArray, size_t count, unsigned int flags,
    size_t *errorIndex, CUstream stream)
{
	return cuMemBatchDecompressAsync(paramsArray, count, flags,
	    errorIndex, thread_stream_null(stream));
}
