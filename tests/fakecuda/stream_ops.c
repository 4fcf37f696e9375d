/*
 * stream_ops.c - cooperative launches, stream attributes and stream
 * memory operations.
 *
 * Work runs when it is queued, so a write happens at once and a wait
 * finds the word as everything queued before it left it.  A wait whose
 * condition does not hold then could only be released by the host later;
 * the stand-in cannot block its one thread on that, so it lets the stream
 * go on (the tests order their waits after the writes that release them).
 */
#include <stdlib.h>
#include <string.h>

#include "fakecuda.h"

/* ---- cooperative launches ---- */

/*
 * Every block of a cooperative grid must be resident at once: at most
 * the blocks an SM holds, by threads and by its block limit, times the
 * SMs.
 */
FC_API CUresult
cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX,
    unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX,
    unsigned int blockDimY, unsigned int blockDimZ,
    unsigned int sharedMemBytes, CUstream hStream, void **kernelParams)
{
	unsigned long long threads = (unsigned long long)blockDimX *
	    blockDimY * blockDimZ;
	unsigned long long blocks = (unsigned long long)gridDimX * gridDimY *
	    gridDimZ;
	unsigned long long per_sm;

	if (threads > 0 && threads <= FC_MAX_THREADS_PER_BLOCK) {
		per_sm = FC_MAX_THREADS_PER_SM / threads;
		if (per_sm > FC_MAX_BLOCKS_PER_SM)
			per_sm = FC_MAX_BLOCKS_PER_SM;
		if (blocks > per_sm * FC_SM_COUNT)
			return CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
	}
	return cuLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX,
	    blockDimY, blockDimZ, sharedMemBytes, hStream, kernelParams, NULL);
}

/* ---- stream attributes ---- */

/*
 * Attributes of the streams that had one set, keyed by handle (serial
 * numbers, never reused); the default stream's are the context's default.
 */
#define ATTR_SLOTS 16	/* above every stream attribute's id */
_Static_assert(CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN < ATTR_SLOTS &&
    CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP < ATTR_SLOTS &&
    CU_STREAM_ATTRIBUTE_PRIORITY < ATTR_SLOTS, "stream attribute ids");

struct stream_attrs {
	uintptr_t stream;
	CUstreamAttrValue values[ATTR_SLOTS];
	bool set[ATTR_SLOTS];
	struct stream_attrs *next;
};

static struct stream_attrs *attrs_list;

static bool
is_stream_attr(CUstreamAttrID id)
{
	return id == CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW ||
	    id == CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY ||
	    id == CU_STREAM_ATTRIBUTE_PRIORITY ||
	    id == CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP ||
	    id == CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN;
}

/* The record of a stream (created when create), under the lock. */
static struct stream_attrs *
attrs_of(CUstream s, bool create)
{
	struct stream_attrs *a;

	for (a = attrs_list; a != NULL; a = a->next)
		if (a->stream == (uintptr_t)s)
			return a;
	if (!create || (a = calloc(1, sizeof(*a))) == NULL)
		return NULL;
	a->stream = (uintptr_t)s;
	a->next = attrs_list;
	attrs_list = a;
	return a;
}

/* The stream's context checked, the default stream's being the current. */
static CUresult
stream_usable(CUstream s, struct fc_stream **out)
{
	struct fc_context *ctx;
	CUresult rc;

	*out = NULL;
	if (s == NULL || s == CU_STREAM_LEGACY || s == CU_STREAM_PER_THREAD)
		return fc_context_usable(&ctx);
	if ((rc = fc_check_init()) != CUDA_SUCCESS)
		return rc;
	*out = fc_handle_lookup((uintptr_t)s, FC_KIND_STREAM);
	return *out != NULL ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

static void
attr_default(const struct fc_stream *s, CUstreamAttrID id,
    CUstreamAttrValue *v)
{
	memset(v, 0, sizeof(*v));
	if (id == CU_STREAM_ATTRIBUTE_PRIORITY && s != NULL)
		v->priority = s->priority;
	else if (id == CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY)
		v->syncPolicy = CU_SYNC_POLICY_AUTO;
	else if (id == CU_STREAM_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP)
		v->memSyncDomainMap.remote = 1;
}

FC_API CUresult
cuStreamGetAttribute(CUstream hStream, CUstreamAttrID attr,
    CUstreamAttrValue *value_out)
{
	struct stream_attrs *a;
	struct fc_stream *s;
	CUresult rc;

	fc_lock();
	rc = stream_usable(hStream, &s);
	if (rc == CUDA_SUCCESS && (value_out == NULL || !is_stream_attr(attr)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS) {
		a = attrs_of(hStream, false);
		if (a != NULL && a->set[attr])
			*value_out = a->values[attr];
		else
			attr_default(s, attr, value_out);
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamSetAttribute(CUstream hStream, CUstreamAttrID attr,
    const CUstreamAttrValue *value)
{
	struct stream_attrs *a;
	struct fc_stream *s;
	CUresult rc;

	fc_lock();
	rc = stream_usable(hStream, &s);
	if (rc == CUDA_SUCCESS && (value == NULL || !is_stream_attr(attr)))
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && attr == CU_STREAM_ATTRIBUTE_PRIORITY) {
		/* Clamped into the device's range, as cuStreamCreate does. */
		if (s != NULL)
			s->priority = value->priority > 0 ? 0 :
			    value->priority < -5 ? -5 : value->priority;
	} else if (rc == CUDA_SUCCESS) {
		a = attrs_of(hStream, true);
		if (a == NULL) {
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		} else {
			a->values[attr] = *value;
			a->set[attr] = true;
		}
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamCopyAttributes(CUstream dst, CUstream src)
{
	struct stream_attrs *from, *to;
	struct fc_stream *d, *s;
	CUresult rc;

	fc_lock();
	rc = stream_usable(dst, &d);
	if (rc == CUDA_SUCCESS)
		rc = stream_usable(src, &s);
	if (rc == CUDA_SUCCESS) {
		if (d != NULL && s != NULL)
			d->priority = s->priority;
		from = attrs_of(src, false);
		to = attrs_of(dst, from != NULL);
		if (from != NULL && to == NULL)
			rc = CUDA_ERROR_OUT_OF_MEMORY;
		else if (to != NULL && from != NULL) {
			memcpy(to->values, from->values, sizeof(to->values));
			memcpy(to->set, from->set, sizeof(to->set));
		} else if (to != NULL)
			memset(to->set, 0, sizeof(to->set));
	}
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamGetDevice(CUstream hStream, CUdevice *device)
{
	struct fc_context *ctx;
	struct fc_stream *s;
	CUresult rc;

	fc_lock();
	rc = stream_usable(hStream, &s);
	if (rc == CUDA_SUCCESS && device == NULL)
		rc = CUDA_ERROR_INVALID_VALUE;
	if (rc == CUDA_SUCCESS && s == NULL)
		rc = fc_context_current(&ctx);
	if (rc == CUDA_SUCCESS)
		*device = s != NULL ? s->ctx->device : ctx->device;
	fc_unlock();
	return rc;
}

/* ---- stream memory operations ---- */

/* Whether the word at addr meets a wait's condition (flags). */
static bool
wait_met(uint64_t word, uint64_t value, unsigned int flags)
{
	switch (flags & 0xf) {
	case CU_STREAM_WAIT_VALUE_GEQ:
		return (int64_t)(word - value) >= 0;
	case CU_STREAM_WAIT_VALUE_EQ:
		return word == value;
	case CU_STREAM_WAIT_VALUE_AND:
		return (word & value) != 0;
	case CU_STREAM_WAIT_VALUE_NOR:
		return ~(word | value) != 0;
	default:
		return false;
	}
}

/* One operation on the word at addr of `bytes` bytes, under the lock. */
static CUresult
mem_op(CUstream hStream, CUdeviceptr addr, size_t bytes, bool write,
    uint64_t value, unsigned int flags)
{
	struct fc_context *ctx;
	uint64_t word = 0;
	CUresult rc;

	rc = fc_context_usable(&ctx);
	if (rc == CUDA_SUCCESS)
		rc = fc_stream_check(hStream, ctx);
	if (rc != CUDA_SUCCESS)
		return rc;
	if (addr % bytes != 0 || !fc_alloc_covers(addr, bytes))
		return CUDA_ERROR_INVALID_VALUE;
	if (write) {
		if (flags & ~(unsigned int)CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER)
			return CUDA_ERROR_INVALID_VALUE;
		if (bytes == 4) {
			uint32_t v = (uint32_t)value;

			memcpy((void *)addr, &v, 4);
		} else {
			memcpy((void *)addr, &value, 8);
		}
		return CUDA_SUCCESS;
	}
	if ((flags & 0xf) > CU_STREAM_WAIT_VALUE_NOR ||
	    (flags & ~(0xfu | CU_STREAM_WAIT_VALUE_FLUSH)))
		return CUDA_ERROR_INVALID_VALUE;
	if (bytes == 4) {
		uint32_t w;

		memcpy(&w, (void *)addr, 4);
		word = w;
		value = (uint32_t)value;
	} else {
		memcpy(&word, (void *)addr, 8);
	}
	(void)wait_met(word, value, flags);	/* see the top of the file */
	return CUDA_SUCCESS;
}

static CUresult
locked_op(CUstream s, CUdeviceptr addr, size_t bytes, bool write,
    uint64_t value, unsigned int flags)
{
	CUresult rc;

	fc_lock();
	rc = mem_op(s, addr, bytes, write, value, flags);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuStreamWaitValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value,
    unsigned int flags)
{
	return locked_op(stream, addr, 4, false, value, flags);
}

FC_API CUresult
cuStreamWaitValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value,
    unsigned int flags)
{
	return locked_op(stream, addr, 8, false, value, flags);
}

FC_API CUresult
cuStreamWriteValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value,
    unsigned int flags)
{
	return locked_op(stream, addr, 4, true, value, flags);
}

FC_API CUresult
cuStreamWriteValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value,
    unsigned int flags)
{
	return locked_op(stream, addr, 8, true, value, flags);
}

FC_API CUresult
cuStreamBatchMemOp_v2(CUstream stream, unsigned int count,
    CUstreamBatchMemOpParams *paramArray, unsigned int flags)
{
	CUresult rc = CUDA_SUCCESS;

	fc_lock();
	if (flags != 0 || (count > 0 && paramArray == NULL))
		rc = CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; rc == CUDA_SUCCESS && i < count; i++) {
		const CUstreamBatchMemOpParams *p = &paramArray[i];

		switch (p->operation) {
		case CU_STREAM_MEM_OP_WAIT_VALUE_32:
		case CU_STREAM_MEM_OP_WAIT_VALUE_64:
			rc = mem_op(stream, p->waitValue.address,
			    p->operation == CU_STREAM_MEM_OP_WAIT_VALUE_32 ?
			    4 : 8, false, p->waitValue.value64,
			    p->waitValue.flags);
			break;
		case CU_STREAM_MEM_OP_WRITE_VALUE_32:
		case CU_STREAM_MEM_OP_WRITE_VALUE_64:
			rc = mem_op(stream, p->writeValue.address,
			    p->operation == CU_STREAM_MEM_OP_WRITE_VALUE_32 ?
			    4 : 8, true, p->writeValue.value64,
			    p->writeValue.flags);
			break;
		case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
		case CU_STREAM_MEM_OP_BARRIER:
			break;
		default:
			rc = CUDA_ERROR_INVALID_VALUE;
		}
	}
	fc_unlock();
	return rc;
}
