/*
 * svc_decompress.c -- cuMemBatchDecompressAsync: a batch of operations of
 * the GPU's decompression engine, each reading and writing device memory
 * the client names.
 *
 * Every address of an operation is checked against this client's memory
 * (ranges.h).  One outside it is not refused here but handed to the
 * driver as 0, an address no memory has: the driver, not oncuda, then
 * says what is wrong with the batch and which operation it is about, in
 * the order of its own checks, as it would have for the client's address
 * (idl/cuda.x: memory decompression).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"

_Static_assert(sizeof(((CUmemDecompressParams *)0)->padding) ==
    sizeof(((decompress_op *)0)->padding),
    "the padding of CUmemDecompressParams travels whole");

/*
 * addr when [addr, addr + len) is this client's, else 0, said in the log
 * once a batch (*said).  At least the first byte must be: an empty range
 * is owned anywhere, and the address would reach the driver unchecked.
 */
static uint64_t owned_or_0(uint64_t addr, uint64_t len, const char *what,
    u_int op, bool *said)
{
	if (ranges_owned(addr, len > 0 ? len : 1))
		return addr;
	if (!*said)
		log_msg(LOG_INFO, "cuMemBatchDecompressAsync: operation %u's "
		    "%s of %llu bytes at 0x%llx is not inside device memory "
		    "this client owns; the driver gets address 0", op, what,
		    (unsigned long long)len, (unsigned long long)addr);
	*said = true;
	return 0;
}

/* The driver's operation for the client's operation op. */
static void driver_op(const decompress_op *o, u_int op,
    CUmemDecompressParams *p, bool *said)
{
	memset(p, 0, sizeof(*p));
	p->srcNumBytes = (size_t)o->src_bytes;
	p->dstNumBytes = (size_t)o->dst_bytes;
	p->src = (const void *)(uintptr_t)owned_or_0(o->src, o->src_bytes,
	    "src", op, said);
	p->dst = (void *)(uintptr_t)owned_or_0(o->dst, o->dst_bytes, "dst",
	    op, said);
	p->dstActBytes = (cuuint32_t *)(uintptr_t)owned_or_0(o->dst_act_bytes,
	    sizeof(cuuint32_t), "dstActBytes", op, said);
	p->algo = (CUmemDecompressAlgorithm)o->algo;
	memcpy(p->padding, o->padding, sizeof(p->padding));
}

bool_t cu_mem_batch_decompress_async_svc(decompress_ops ops, u_int flags,
    bool_t want_index, cu_size initial_index, cu_handle stream,
    res_decompress *r, struct svc_req *rq)
{
	CUmemDecompressParams *params = NULL;
	u_int i, n = ops.decompress_ops_len;
	size_t index = (size_t)initial_index;
	bool said = false;

	(void)rq;
	memset(r, 0, sizeof(*r));
	r->error_index = initial_index;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	/* The decoder bounded n by ONCUDA_DECOMPRESS_OPS_MAX. */
	if (n > 0 && (params = calloc(n, sizeof(*params))) == NULL) {
		r->err = CUDA_ERROR_OUT_OF_MEMORY;
		return TRUE;
	}
	for (i = 0; i < n; i++)
		driver_op(&ops.decompress_ops_val[i], i, &params[i], &said);
	r->err = cuMemBatchDecompressAsync(params, n, flags,
	    want_index ? &index : NULL, (CUstream)(uintptr_t)stream);
	r->error_index = index;
	free(params);
	return TRUE;
}
