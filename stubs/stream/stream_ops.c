/*
 * stream_ops.c -- stream attributes, the stream's context with its green
 * context, and stream memory operations: the stream calls that plain glue
 * cannot make (gen/glue_client.c makes cuStreamCopyAttributes,
 * cuStreamGetDevice and the single waits and writes).
 *
 * Attribute values and batched memory operations are unions; they travel
 * as the bytes this x86-64 cuda.h lays them out as (idl/cuda.x), which the
 * server reads as the same cuda.h does.
 */
#include <stdint.h>
#include <string.h>

#include "stubs/mem/mapped.h"
#include "stubs/route/route.h"
#include "stubs/route/thread_stream.h"
#include "stubs/wire/batch.h"
#include "stubs/wire/rpc.h"

_Static_assert(sizeof(CUstreamAttrValue) ==
	       sizeof(((launch_attr *)0)->value),
	       "a stream attribute's value travels as 64 bytes");
_Static_assert(sizeof(CUstreamBatchMemOpParams) ==
	       sizeof(((mem_op *)0)->bytes),
	       "a batch memory operation travels as 48 bytes");

/*
 * The CUDA 8 ABIs of the memory operations, which cuda.h 13 maps to the
 * _v2 names and no longer declares.  They take the same parameters, and
 * the flags of the old ABI are those of the new one, so the client
 * answers them with the current procedures.
 */
#undef cuStreamWaitValue32
#undef cuStreamWaitValue64
#undef cuStreamWriteValue32
#undef cuStreamWriteValue64
#undef cuStreamBatchMemOp
ONCUDA_API CUresult cuStreamWaitValue32(CUstream stream, CUdeviceptr addr,
    cuuint32_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamWaitValue64(CUstream stream, CUdeviceptr addr,
    cuuint64_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamWriteValue32(CUstream stream, CUdeviceptr addr,
    cuuint32_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamWriteValue64(CUstream stream, CUdeviceptr addr,
    cuuint64_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamBatchMemOp(CUstream stream, unsigned int count,
    CUstreamBatchMemOpParams *paramArray, unsigned int flags);

/* The per-thread default stream forms (thread_stream.h), which cuda.h
 * declares only for a per-thread program. */
ONCUDA_API CUresult cuStreamGetAttribute_ptsz(CUstream hStream,
    CUstreamAttrID attr, CUstreamAttrValue *value_out);
ONCUDA_API CUresult cuStreamSetAttribute_ptsz(CUstream hStream,
    CUstreamAttrID attr, const CUstreamAttrValue *value);
ONCUDA_API CUresult cuStreamGetCtx_v2_ptsz(CUstream hStream,
    CUcontext *pCtx, CUgreenCtx *pGreenCtx);
ONCUDA_API CUresult cuStreamBatchMemOp_v2_ptsz(CUstream stream,
    unsigned int count, CUstreamBatchMemOpParams *paramArray,
    unsigned int flags);
ONCUDA_API CUresult cuStreamBatchMemOp_ptsz(CUstream stream,
    unsigned int count, CUstreamBatchMemOpParams *paramArray,
    unsigned int flags);
ONCUDA_API CUresult cuStreamWaitValue32_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint32_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamWaitValue64_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint64_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamWriteValue32_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint32_t value, unsigned int flags);
ONCUDA_API CUresult cuStreamWriteValue64_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint64_t value, unsigned int flags);

ONCUDA_API CUresult cuStreamGetAttribute(CUstream hStream,
    CUstreamAttrID attr, CUstreamAttrValue *value_out)
{
	res_attr_value r;
	CUresult e;
	struct call k;

	if (value_out == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	memset(&r, 0, sizeof(r));
	if ((e = route_call_handles(&k, hStream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_stream_get_attribute(route_strip(hStream),
	    (int)attr, &r, k.c));
	if (e != CUDA_SUCCESS)
		return e;
	if (r.err == CUDA_SUCCESS)
		memcpy(value_out, r.res_attr_value_u.value, sizeof(*value_out));
	return (CUresult)r.err;
}

ONCUDA_API CUresult cuStreamSetAttribute(CUstream hStream,
    CUstreamAttrID attr, const CUstreamAttrValue *value)
{
	launch_attr a;
	res_none r;
	CUresult e;
	struct call k;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = thread_stream(&hStream)) != CUDA_SUCCESS)
		return e;
	memset(&a, 0, sizeof(a));
	a.id = (int)attr;
	memcpy(a.value, value, sizeof(a.value));
	memset(&r, 0, sizeof(r));
	if ((e = route_call_handles(&k, hStream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	e = call_end(&k, cu_stream_set_attribute(route_strip(hStream), a, &r,
	    k.c));
	return e != CUDA_SUCCESS ? e : (CUresult)r.err;
}

/*
 * The context is cuStreamGetCtx's, the green context cuStreamGetGreenCtx's
 * (NULL for a stream of an ordinary context).
 */
ONCUDA_API CUresult cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx,
    CUgreenCtx *pGreenCtx)
{
	CUresult e;

	if (pCtx == NULL || pGreenCtx == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if ((e = cuStreamGetCtx(hStream, pCtx)) != CUDA_SUCCESS)
		return e;
	return cuStreamGetGreenCtx(hStream, pGreenCtx);
}

/*
 * One-way, as the driver returns once the operations are queued: the
 * server's errors (a word outside the client's memory, a bad stream)
 * surface at the next synchronizing call.  Queued behind what the program
 * wrote into mapped host memory, which a wait may be waiting on.
 */
ONCUDA_API CUresult cuStreamBatchMemOp_v2(CUstream stream,
    unsigned int count, CUstreamBatchMemOpParams *paramArray,
    unsigned int flags)
{
	mem_op ops[ONCUDA_MEM_OPS_MAX];
	cu_stream_batch_mem_op_argument a;
	int err = CUDA_SUCCESS;
	enum clnt_stat st;
	unsigned int i;
	CUresult e;
	struct call k;

	if (count > 0 && paramArray == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (count > ONCUDA_MEM_OPS_MAX) {
		oncuda_unsupported("cuStreamBatchMemOp with more than 256 "
		    "operations");
		return CUDA_ERROR_NOT_SUPPORTED;
	}
	if ((e = thread_stream(&stream)) != CUDA_SUCCESS)
		return e;
	for (i = 0; i < count; i++)
		memcpy(ops[i].bytes, &paramArray[i], sizeof(ops[i].bytes));
	a.stream = route_strip(stream);
	a.ops.mem_ops_len = count;
	a.ops.mem_ops_val = ops;
	a.flags = flags;
	if ((e = route_call_handles(&k, stream, ROUTE_STREAM, NULL,
	    ROUTE_HANDLE, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	st = mapped_push(k.c, &err);
	if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
		st = batch_send(k.c, CU_STREAM_BATCH_MEM_OP,
		    (xdrproc_t)xdr_cu_stream_batch_mem_op_argument, &a);
	e = call_end(&k, st);
	return e != CUDA_SUCCESS ? e : (CUresult)err;
}

ONCUDA_API CUresult cuStreamBatchMemOp(CUstream stream, unsigned int count,
    CUstreamBatchMemOpParams *paramArray, unsigned int flags)
{
	return cuStreamBatchMemOp_v2(stream, count, paramArray, flags);
}

ONCUDA_API CUresult cuStreamWaitValue32(CUstream stream, CUdeviceptr addr,
    cuuint32_t value, unsigned int flags)
{
	return cuStreamWaitValue32_v2(stream, addr, value, flags);
}

ONCUDA_API CUresult cuStreamWaitValue64(CUstream stream, CUdeviceptr addr,
    cuuint64_t value, unsigned int flags)
{
	return cuStreamWaitValue64_v2(stream, addr, value, flags);
}

ONCUDA_API CUresult cuStreamWriteValue32(CUstream stream, CUdeviceptr addr,
    cuuint32_t value, unsigned int flags)
{
	return cuStreamWriteValue32_v2(stream, addr, value, flags);
}

ONCUDA_API CUresult cuStreamWriteValue64(CUstream stream, CUdeviceptr addr,
    cuuint64_t value, unsigned int flags)
{
	return cuStreamWriteValue64_v2(stream, addr, value, flags);
}

ONCUDA_API CUresult cuStreamGetAttribute_ptsz(CUstream hStream,
    CUstreamAttrID attr, CUstreamAttrValue *value_out)
{
	return cuStreamGetAttribute(thread_stream_null(hStream), attr,
	    value_out);
}

ONCUDA_API CUresult cuStreamSetAttribute_ptsz(CUstream hStream,
    CUstreamAttrID attr, const CUstreamAttrValue *value)
{
	return cuStreamSetAttribute(thread_stream_null(hStream), attr, value);
}

ONCUDA_API CUresult cuStreamGetCtx_v2_ptsz(CUstream hStream,
    CUcontext *pCtx, CUgreenCtx *pGreenCtx)
{
	return cuStreamGetCtx_v2(thread_stream_null(hStream), pCtx,
	    pGreenCtx);
}

ONCUDA_API CUresult cuStreamBatchMemOp_v2_ptsz(CUstream stream,
    unsigned int count, CUstreamBatchMemOpParams *paramArray,
    unsigned int flags)
{
	return cuStreamBatchMemOp_v2(thread_stream_null(stream), count,
	    paramArray, flags);
}

ONCUDA_API CUresult cuStreamBatchMemOp_ptsz(CUstream stream,
    unsigned int count, CUstreamBatchMemOpParams *paramArray,
    unsigned int flags)
{
	return cuStreamBatchMemOp_v2(thread_stream_null(stream), count,
	    paramArray, flags);
}

ONCUDA_API CUresult cuStreamWaitValue32_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	return cuStreamWaitValue32_v2(thread_stream_null(stream), addr, value,
	    flags);
}

ONCUDA_API CUresult cuStreamWaitValue64_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	return cuStreamWaitValue64_v2(thread_stream_null(stream), addr, value,
	    flags);
}

ONCUDA_API CUresult cuStreamWriteValue32_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	return cuStreamWriteValue32_v2(thread_stream_null(stream), addr,
	    value, flags);
}

ONCUDA_API CUresult cuStreamWriteValue64_ptsz(CUstream stream,
    CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	return cuStreamWriteValue64_v2(thread_stream_null(stream), addr,
	    value, flags);
}
