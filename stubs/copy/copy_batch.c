/*
 * copy_batch.c -- batched copies: cuMemcpyBatchAsync and
 * cuMemcpy3DBatchAsync (with pointer operands), in their CUDA 12.8 and
 * 13.0 ABIs and _ptsz forms.
 *
 * A batch is made of the copies oncuda already carries, queued one after
 * the other on the batch's stream: each is cuMemcpyAsync (a linear copy)
 * or, per layer, cuMemcpy2DAsync (a 3D copy between pointers), so every
 * device side is range-checked by the server and every host side is
 * staged and cut into messages as those copies are.  The driver may run
 * a batch's copies in any order, and the batch as a whole in stream
 * order, which one after the other on the stream satisfies.  A copy whose
 * attributes say CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL must have read
 * its source when the call returns: a host source is read into the
 * message at the call, and for a device source the call waits for the
 * stream once the batch is queued.  The whole batch is checked before
 * any copy is queued, so a batch the driver would refuse queues nothing.
 * CUDA array operands of cuMemcpy3DBatchAsync are not carried (idl/cuda.x,
 * CUDA arrays): CUDA_ERROR_NOT_SUPPORTED.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "stubs/link/say.h"
#include "stubs/mem/memory.h"
#include "stubs/route/call.h"

/* The entry points of the CUDA 12.8 ABI, which cuda.h renames to _v2. */
#undef cuMemcpyBatchAsync
#undef cuMemcpy3DBatchAsync
ONCUDA_API CUresult cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs,
    size_t *sizes, size_t count, CUmemcpyAttributes *attrs,
    size_t *attrsIdxs, size_t numAttrs, size_t *failIdx, CUstream hStream);
ONCUDA_API CUresult cuMemcpy3DBatchAsync(size_t numOps,
    CUDA_MEMCPY3D_BATCH_OP *opList, size_t *failIdx,
    unsigned long long flags, CUstream hStream);

/* The stream of a batch: the NULL stream is refused, or the thread's. */
static CUresult batch_stream(CUstream *s, bool per_thread)
{
	if (*s == NULL && per_thread)
		*s = CU_STREAM_PER_THREAD;
	if (*s == NULL || *s == CU_STREAM_LEGACY)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

static bool valid_order(CUmemcpySrcAccessOrder o)
{
	return o == CU_MEMCPY_SRC_ACCESS_ORDER_STREAM ||
	    o == CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL ||
	    o == CU_MEMCPY_SRC_ACCESS_ORDER_ANY;
}

/* The attribute list's rules (cuda.h); *during: one says DURING_API_CALL. */
static CUresult check_attrs(const CUmemcpyAttributes *attrs,
    const size_t *idxs, size_t n, size_t count, bool *during)
{
	*during = false;
	if (attrs == NULL || idxs == NULL || n == 0 || n > count ||
	    idxs[0] != 0)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t k = 0; k < n; k++) {
		if ((k > 0 && idxs[k] <= idxs[k - 1]) || idxs[k] >= count ||
		    !valid_order(attrs[k].srcAccessOrder))
			return CUDA_ERROR_INVALID_VALUE;
		if (attrs[k].srcAccessOrder ==
		    CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL)
			*during = true;
	}
	return CUDA_SUCCESS;
}

static CUresult batch(CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes,
    size_t count, CUmemcpyAttributes *attrs, size_t *attrsIdxs,
    size_t numAttrs, size_t *failIdx, CUstream s, bool per_thread)
{
	bool during, device_source = false;
	CUresult e;

	if (failIdx != NULL)
		*failIdx = SIZE_MAX;
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (count == 0 || dsts == NULL || srcs == NULL || sizes == NULL ||
	    batch_stream(&s, per_thread) != CUDA_SUCCESS ||
	    check_attrs(attrs, attrsIdxs, numAttrs, count, &during) !=
	    CUDA_SUCCESS)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < count; i++) {
		if ((e = cuMemcpyAsync(dsts[i], srcs[i], sizes[i], s)) !=
		    CUDA_SUCCESS) {
			if (failIdx != NULL)
				*failIdx = i;
			return e;
		}
		device_source |= memory_is_device(srcs[i]);
	}
	return during && device_source ? cuStreamSynchronize(s) : CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemcpyBatchAsync_v2(CUdeviceptr *dsts,
    CUdeviceptr *srcs, size_t *sizes, size_t count,
    CUmemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
    CUstream hStream)
{
	return batch(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs,
	    NULL, hStream, false);
}

ONCUDA_API CUresult cuMemcpyBatchAsync_v2_ptsz(CUdeviceptr *dsts,
    CUdeviceptr *srcs, size_t *sizes, size_t count,
    CUmemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
    CUstream hStream)
{
	return batch(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs,
	    NULL, hStream, true);
}

ONCUDA_API CUresult cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs,
    size_t *sizes, size_t count, CUmemcpyAttributes *attrs,
    size_t *attrsIdxs, size_t numAttrs, size_t *failIdx, CUstream hStream)
{
	return batch(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs,
	    failIdx, hStream, false);
}

ONCUDA_API CUresult cuMemcpyBatchAsync_ptsz(CUdeviceptr *dsts,
    CUdeviceptr *srcs, size_t *sizes, size_t count,
    CUmemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
    size_t *failIdx, CUstream hStream)
{
	return batch(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs,
	    failIdx, hStream, true);
}

/* An operand's pitch (bytes per row) and rows per layer, for extent x. */
static CUresult operand_shape(const CUmemcpy3DOperand *o,
    const CUextent3D *x, size_t *pitch, size_t *rows)
{
	if (o->type == CU_MEMCPY_OPERAND_TYPE_ARRAY) {
		oncuda_unsupported("cuMemcpy3DBatchAsync with a CUarray");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	if (o->type != CU_MEMCPY_OPERAND_TYPE_POINTER ||
	    (o->op.ptr.rowLength != 0 && o->op.ptr.rowLength < x->width) ||
	    (o->op.ptr.layerHeight != 0 && o->op.ptr.layerHeight < x->height))
		return CUDA_ERROR_INVALID_VALUE;
	*pitch = o->op.ptr.rowLength != 0 ? o->op.ptr.rowLength : x->width;
	*rows = o->op.ptr.layerHeight != 0 ? o->op.ptr.layerHeight : x->height;
	if (*rows != 0 && *pitch > SIZE_MAX / *rows)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

static CUresult check_op(const CUDA_MEMCPY3D_BATCH_OP *op)
{
	size_t pitch, rows;
	CUresult e;

	if (op->extent.width == 0 || op->extent.height == 0 ||
	    op->extent.depth == 0 || !valid_order(op->srcAccessOrder))
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = operand_shape(&op->src, &op->extent, &pitch, &rows)) !=
	    CUDA_SUCCESS)
		return e;
	return operand_shape(&op->dst, &op->extent, &pitch, &rows);
}

/* One 3D copy between pointers (elements of 1 byte), layer by layer. */
static CUresult queue_op(const CUDA_MEMCPY3D_BATCH_OP *op, CUstream s)
{
	size_t spitch, srows, dpitch, drows;
	CUDA_MEMCPY2D c;
	CUresult e;

	operand_shape(&op->src, &op->extent, &spitch, &srows);
	operand_shape(&op->dst, &op->extent, &dpitch, &drows);
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.srcPitch = spitch;
	c.dstPitch = dpitch;
	c.WidthInBytes = op->extent.width;
	c.Height = op->extent.height;
	for (size_t z = 0; z < op->extent.depth; z++) {
		c.srcDevice = op->src.op.ptr.ptr + z * spitch * srows;
		c.dstDevice = op->dst.op.ptr.ptr + z * dpitch * drows;
		if ((e = cuMemcpy2DAsync(&c, s)) != CUDA_SUCCESS)
			return e;
	}
	return CUDA_SUCCESS;
}

static CUresult batch3d(size_t numOps, CUDA_MEMCPY3D_BATCH_OP *opList,
    size_t *failIdx, unsigned long long flags, CUstream s, bool per_thread)
{
	bool during = false, device_source = false;
	CUresult e;

	if (failIdx != NULL)
		*failIdx = SIZE_MAX;
	if ((e = rpc_local_check()) != CUDA_SUCCESS)
		return e;
	if (numOps == 0 || opList == NULL || flags != 0 ||
	    batch_stream(&s, per_thread) != CUDA_SUCCESS)
		return CUDA_ERROR_INVALID_VALUE;
	for (size_t i = 0; i < numOps; i++) {
		if ((e = check_op(&opList[i])) != CUDA_SUCCESS) {
			if (failIdx != NULL)
				*failIdx = i;
			return e;
		}
	}
	for (size_t i = 0; i < numOps; i++) {
		if ((e = queue_op(&opList[i], s)) != CUDA_SUCCESS) {
			if (failIdx != NULL)
				*failIdx = i;
			return e;
		}
		during |= opList[i].srcAccessOrder ==
		    CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL;
		device_source |= memory_is_device(opList[i].src.op.ptr.ptr);
	}
	return during && device_source ? cuStreamSynchronize(s) : CUDA_SUCCESS;
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync_v2(size_t numOps,
    CUDA_MEMCPY3D_BATCH_OP *opList, unsigned long long flags,
    CUstream hStream)
{
	return batch3d(numOps, opList, NULL, flags, hStream, false);
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync_v2_ptsz(size_t numOps,
    CUDA_MEMCPY3D_BATCH_OP *opList, unsigned long long flags,
    CUstream hStream)
{
	return batch3d(numOps, opList, NULL, flags, hStream, true);
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync(size_t numOps,
    CUDA_MEMCPY3D_BATCH_OP *opList, size_t *failIdx,
    unsigned long long flags, CUstream hStream)
{
	return batch3d(numOps, opList, failIdx, flags, hStream, false);
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync_ptsz(size_t numOps,
    CUDA_MEMCPY3D_BATCH_OP *opList, size_t *failIdx,
    unsigned long long flags, CUstream hStream)
{
	return batch3d(numOps, opList, failIdx, flags, hStream, true);
}
