/*
 * svc_stream_ops.c -- stream attributes and batched stream memory
 * operations, the stream calls whose arguments are unions the client
 * sends as bytes.
 *
 * A union travels as the client's x86-64 cuda.h lays it out (idl/cuda.x:
 * launch_attr, res_attr_value, mem_op), so the server reads only the fields it must
 * check: which attribute it is, and the device word each memory operation
 * names.  Everything else reaches the driver as the program wrote it.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"
#include "server/svc/svc_stream_ops.h"

_Static_assert(sizeof(CUstreamAttrValue) ==
    sizeof(((res_attr_value *)0)->res_attr_value_u.value),
    "a stream attribute's value travels as 64 bytes");
_Static_assert(sizeof(CUstreamBatchMemOpParams) ==
    sizeof(((mem_op *)0)->bytes),
    "a batch memory operation travels as 48 bytes");

/*
 * The stream attributes of cuda.h.  The ids are launch attribute ids, and
 * some launch attributes name a CUevent: only these reach the driver, so
 * none of those does unchecked.
 */
static bool stream_attr(int id)
{
	switch (id) {
	case CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW:
	case CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY:
	case CU_STREAM_ATTRIBUTE_PRIORITY:
	case CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
	case CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN:
		return true;
	default:
		return false;
	}
}

bool_t cu_stream_get_attribute_svc(cu_handle stream, int attr,
    res_attr_value *r, struct svc_req *rq)
{
	CUstreamAttrValue value;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (!stream_attr(attr)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	memset(&value, 0, sizeof(value));
	r->err = cuStreamGetAttribute((CUstream)(uintptr_t)stream,
	    (CUstreamAttrID)attr, &value);
	if (r->err == CUDA_SUCCESS)
		memcpy(r->res_attr_value_u.value, &value, sizeof(value));
	return TRUE;
}

bool_t cu_stream_set_attribute_svc(cu_handle stream, launch_attr attr,
    res_none *r, struct svc_req *rq)
{
	CUstreamAttrValue v;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	if (!stream_attr(attr.id)) {
		r->err = CUDA_ERROR_INVALID_VALUE;
		return TRUE;
	}
	memcpy(&v, attr.value, sizeof(v));
	r->err = cuStreamSetAttribute((CUstream)(uintptr_t)stream,
	    (CUstreamAttrID)attr.id, &v);
	return TRUE;
}

/*
 * The device word an operation names must be this client's: 4 bytes for
 * the 32-bit wait and write, 8 for the 64-bit ones.  A flush or a
 * barrier names none; an unknown operation goes to the driver, which
 * refuses it, with its address unread.
 */
CUresult mem_op_check(const CUstreamBatchMemOpParams *op, const char *call)
{
	switch (op->operation) {
	case CU_STREAM_MEM_OP_WAIT_VALUE_32:
		return range_check(op->waitValue.address, 4, 1,
		    call);
	case CU_STREAM_MEM_OP_WAIT_VALUE_64:
		return range_check(op->waitValue.address, 8, 1,
		    call);
	case CU_STREAM_MEM_OP_WRITE_VALUE_32:
		return range_check(op->writeValue.address, 4, 1,
		    call);
	case CU_STREAM_MEM_OP_WRITE_VALUE_64:
		return range_check(op->writeValue.address, 8, 1,
		    call);
	case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
	case CU_STREAM_MEM_OP_BARRIER:
		return CUDA_SUCCESS;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

bool_t cu_stream_batch_mem_op_svc(cu_handle stream, mem_ops ops,
    u_int flags, res_none *r, struct svc_req *rq)
{
	CUstreamBatchMemOpParams params[ONCUDA_MEM_OPS_MAX];
	u_int i, n = ops.mem_ops_len;

	(void)rq;
	if ((r->err = handle_check(HANDLE_STREAM, stream, true)) !=
	    CUDA_SUCCESS)
		return TRUE;
	/* The decoder bounded n by ONCUDA_MEM_OPS_MAX. */
	for (i = 0; i < n; i++) {
		memcpy(&params[i], ops.mem_ops_val[i].bytes, sizeof(params[i]));
		if ((r->err = mem_op_check(&params[i],
		    "cuStreamBatchMemOp")) != CUDA_SUCCESS)
			return TRUE;
	}
	r->err = cuStreamBatchMemOp((CUstream)(uintptr_t)stream, n,
	    n > 0 ? params : NULL, flags);
	return TRUE;
}
