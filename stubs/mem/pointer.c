/*
 * pointer.c -- cuPointerGetAttribute and cuPointerGetAttributes.
 *
 * A pointer into page-locked host memory of the client's means nothing to
 * the server, so it is asked about the address that mirrors it (hostmem.h).
 * Answers that are host addresses come back as the program's: HOST_POINTER
 * always (a mapped device pointer's host address is the program's memory),
 * RANGE_START_ADDR when the question was about host memory.  A DEVICE_POINTER
 * answer for host memory is recorded like cuMemHostGetDevicePointer's.
 * Handles (CONTEXT, MEMPOOL_HANDLE) are the server's values, as the client's
 * handles are.  A pointer the client does not know is asked about as it
 * is: it may well be device memory from elsewhere (cuModuleGetGlobal).
 *
 * Launchers ask before every launch about every pointer argument (Triton:
 * the device pointer of each), so the server's answers about an allocation
 * whose attributes are the same at every address in it are kept with its
 * range (device_ranges.h) and given again without a round trip, until the
 * memory is freed (the range goes) or any context goes away (the epoch of
 * answer_cache.h moves: its memory went with it).  Only attributes that
 * cannot change while the allocation lives are kept; addresses are kept as
 * offsets from the pointer asked about.  cuPointerGetAttributes answers
 * zero where cuPointerGetAttribute fails, so what the latter answered serves
 * both, what the former answered only the former.
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"
#include "stubs/context/answer_cache.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/memory.h"
#include "stubs/route/ctxstack.h"
#include "stubs/route/route.h"
#include "stubs/wire/rpc.h"

/* The question as the server is to see it. */
struct query {
	void *client;		/* the program's pointer, when it is mirrored host memory */
	cu_dptr asked;		/* the address sent */
	unsigned server;	/* the server asked (route.h) */
};

static struct query make_query(CUdeviceptr ptr)
{
	struct query q = { NULL, (cu_dptr)ptr, 0 };
	uint64_t server;

	if (hostmem_to_server((const void *)(uintptr_t)ptr, &server)) {
		q.client = (void *)(uintptr_t)ptr;
		q.asked = server;
	}
	return q;
}

/* Called with the connection held, so the record follows the server's order. */
static bool note_answer(const struct query *q, int attribute, uint64_t value)
{
	if (q->client != NULL && attribute == CU_POINTER_ATTRIBUTE_DEVICE_POINTER)
		return hostmem_note_device_pointer(q->client, value);
	return true;
}

static uint64_t translate_answer(const struct query *q, int attribute, uint64_t value)
{
	void *client;

	/* A context goes to the program with its server's tag. */
	if (attribute == CU_POINTER_ATTRIBUTE_CONTEXT && value != 0)
		return route_tag(value, q->server);
	if (attribute == CU_POINTER_ATTRIBUTE_HOST_POINTER ||
	    (attribute == CU_POINTER_ATTRIBUTE_RANGE_START_ADDR && q->client != NULL)) {
		if (hostmem_to_client(value, &client))
			return (uint64_t)(uintptr_t)client;
	}
	return value;
}

/* Stores an answer in the program's variable, whose size the server named. */
static CUresult store(void *data, const struct query *q, int attribute,
    const ptr_attr_value *v)
{
	uint64_t value = translate_answer(q, attribute, v->value);
	uint8_t u8 = (uint8_t)value;
	uint16_t u16 = (uint16_t)value;
	uint32_t u32 = (uint32_t)value;

	switch (v->size) {
	case 1: memcpy(data, &u8, 1); break;
	case 2: memcpy(data, &u16, 2); break;
	case 4: memcpy(data, &u32, 4); break;
	case 8: memcpy(data, &value, 8); break;
	default:
		oncuda_say("oncudad answered a pointer attribute with a %u-byte "
		    "value; rebuild client and server from the same idl/cuda.x",
		    v->size);
		return CUDA_ERROR_UNKNOWN;
	}
	return CUDA_SUCCESS;
}

/* Which call's answer a kept value is, and how it is kept (devmem_answers). */
enum {
	KEPT_SINGLE = 1,	/* cuPointerGetAttribute's (and so the other's) */
	KEPT_SEVERAL = 2,	/* cuPointerGetAttributes' */
	KEPT_OFFSET = 4		/* an address, kept less the pointer asked about */
};

/*
 * The attributes that are the allocation's, whatever the address in it and
 * whatever is current.  Not SYNC_MEMOPS (cuPointerSetAttribute changes it),
 * ACCESS_FLAGS (the current context's device's), MAPPING_BASE_ADDR,
 * MAPPING_SIZE and MEMORY_BLOCK_ID (of the physical piece under the
 * address, and an allocation may be several), P2P_TOKENS (refused).
 */
static bool allocation_attribute(int attribute)
{
	switch (attribute) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
	case CU_POINTER_ATTRIBUTE_HOST_POINTER:
	case CU_POINTER_ATTRIBUTE_BUFFER_ID:
	case CU_POINTER_ATTRIBUTE_IS_MANAGED:
	case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
	case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
	case CU_POINTER_ATTRIBUTE_MAPPED:
	case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
	case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
	case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
	case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
		return attribute < DEVMEM_ATTRIBUTES;
	default:
		return false;
	}
}

/* Keeps the server's answer; called with the connection held (device_ranges.h). */
static void keep(const struct query *q, int attribute, uint8_t form,
    const ptr_attr_value *v, uint64_t asked_at)
{
	uint64_t value = v->value;

	if (q->client != NULL || !allocation_attribute(attribute))
		return;
	if ((attribute == CU_POINTER_ATTRIBUTE_DEVICE_POINTER ||
	    attribute == CU_POINTER_ATTRIBUTE_HOST_POINTER) && value != 0) {
		form |= KEPT_OFFSET;
		value -= q->asked;
	}
	devmem_keep_answer(q->asked, (unsigned)attribute, form, value,
	    (uint8_t)v->size, asked_at);
}

/*
 * The kept answers of the allocation holding ptr, if any of this epoch
 * (with q's server set), for a thread with a current context: without
 * one, the driver's answer is the server's to give; nor once the
 * connection is lost (rpc_local_check).
 */
static bool kept(struct query *q, CUdeviceptr ptr, struct devmem_answers *a)
{
	if (ctxstack_current() == NULL || rpc_local_check() != CUDA_SUCCESS ||
	    !devmem_answers(ptr, &q->server, a))
		return false;
	return a->epoch == answer_cache_epoch();
}

/* The kept answer to attribute for form, into v; false when there is none. */
static bool kept_answer(const struct devmem_answers *a, const struct query *q,
    int attribute, uint8_t form, ptr_attr_value *v)
{
	if (!allocation_attribute(attribute) ||
	    (a->forms[attribute] & form) == 0)
		return false;
	v->size = a->size[attribute];
	v->value = a->value[attribute];
	if (a->forms[attribute] & KEPT_OFFSET)
		v->value += q->asked;
	return true;
}

static CUresult refuse_p2p_tokens(const char *call)
{
	oncuda_unsupported(call);
	return CUDA_ERROR_NOT_SUPPORTED;
}

/*
 * Only CU_POINTER_ATTRIBUTE_SYNC_MEMOPS can be set, with an unsigned int;
 * for any other attribute the value is not read (its size is unknown) and
 * the server's driver gives its refusal.  SYNC_MEMOPS is never kept here
 * (kept_answer), so nothing kept goes stale.
 */
ONCUDA_API CUresult cuPointerSetAttribute(const void *value,
    CUpointer_attribute attribute, CUdeviceptr ptr)
{
	unsigned int v = 0;
	res_none r;
	struct call k;
	CUresult e;

	if (value == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (attribute == CU_POINTER_ATTRIBUTE_SYNC_MEMOPS)
		memcpy(&v, value, sizeof v);
	memset(&r, 0, sizeof r);
	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	return call_done(&k, cu_pointer_set_attribute(v, (int)attribute, ptr,
	    &r, k.c), &r.err);
}

ONCUDA_API CUresult cuPointerGetAttribute(void *data,
    CUpointer_attribute attribute, CUdeviceptr ptr)
{
	struct query q = make_query(ptr);
	struct devmem_answers a;
	ptr_attr_value v;
	res_ptr_attr r;
	struct call k;
	enum clnt_stat st;
	uint64_t asked_at;
	CUresult e;

	if (data == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	if (attribute == CU_POINTER_ATTRIBUTE_P2P_TOKENS)
		return refuse_p2p_tokens("cuPointerGetAttribute(CU_POINTER_ATTRIBUTE_P2P_TOKENS)");
	if (q.client == NULL && kept(&q, ptr, &a) &&
	    kept_answer(&a, &q, (int)attribute, KEPT_SINGLE, &v))
		return store(data, &q, (int)attribute, &v);
	memset(&r, 0, sizeof r);
	asked_at = answer_cache_epoch();
	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	q.server = rpc_held_server();
	st = cu_pointer_get_attribute((int)attribute, q.asked, &r, k.c);
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS &&
	    !note_answer(&q, attribute, r.res_ptr_attr_u.value.value))
		r.err = CUDA_ERROR_OUT_OF_MEMORY;
	if (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)
		keep(&q, (int)attribute, KEPT_SINGLE | KEPT_SEVERAL,
		    &r.res_ptr_attr_u.value, asked_at);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	return store(data, &q, attribute, &r.res_ptr_attr_u.value);
}

/* One call of at most ONCUDA_POINTER_ATTRS_MAX attributes, and its answers stored. */
static CUresult get_some(CLIENT *c, enum clnt_stat *st, const struct query *q,
    unsigned int count, const CUpointer_attribute *attributes, void **data,
    uint64_t asked_at)
{
	int wire[ONCUDA_POINTER_ATTRS_MAX];
	pointer_attributes list = { count, wire };
	res_ptr_attrs r;
	ptr_attr_value *v;
	CUresult e = CUDA_SUCCESS;

	for (unsigned int i = 0; i < count; i++)
		wire[i] = (int)attributes[i];
	memset(&r, 0, sizeof r);
	*st = cu_pointer_get_attributes(list, q->asked, &r, c);
	if (*st != RPC_SUCCESS)
		return CUDA_SUCCESS;
	if (r.err != CUDA_SUCCESS)
		return (CUresult)r.err;
	v = r.res_ptr_attrs_u.values.values_val;
	if (r.res_ptr_attrs_u.values.values_len != count) {
		oncuda_say("oncudad answered %u pointer attributes with %u values; "
		    "rebuild client and server from the same idl/cuda.x",
		    count, r.res_ptr_attrs_u.values.values_len);
		e = CUDA_ERROR_UNKNOWN;
	}
	for (unsigned int i = 0; i < count && e == CUDA_SUCCESS; i++) {
		if (!note_answer(q, attributes[i], v[i].value))
			e = CUDA_ERROR_OUT_OF_MEMORY;
		else if (data[i] != NULL)
			e = store(data[i], q, attributes[i], &v[i]);
		if (e == CUDA_SUCCESS)
			keep(q, attributes[i], KEPT_SEVERAL, &v[i], asked_at);
	}
	xdr_free(XDRPROC(xdr_res_ptr_attrs), (char *)&r);
	return e;
}

/*
 * Answers every attribute from what was kept, or none: a list the server
 * sees is answered whole by it.  An empty list goes to the server too.
 */
static bool answer_several(struct query *q, unsigned int count,
    const CUpointer_attribute *attributes, void **data, CUdeviceptr ptr)
{
	struct devmem_answers a;
	ptr_attr_value v;

	if (count == 0 || q->client != NULL || !kept(q, ptr, &a))
		return false;
	for (unsigned int i = 0; i < count; i++)
		if (!kept_answer(&a, q, attributes[i], KEPT_SEVERAL, &v))
			return false;
	for (unsigned int i = 0; i < count; i++) {
		kept_answer(&a, q, attributes[i], KEPT_SEVERAL, &v);
		if (data[i] != NULL && store(data[i], q, attributes[i], &v) !=
		    CUDA_SUCCESS)
			return false;
	}
	return true;
}

ONCUDA_API CUresult cuPointerGetAttributes(unsigned int numAttributes,
    CUpointer_attribute *attributes, void **data, CUdeviceptr ptr)
{
	struct query q = make_query(ptr);
	enum clnt_stat st = RPC_SUCCESS;
	CUresult result = CUDA_SUCCESS;
	unsigned int done = 0;
	uint64_t asked_at;
	struct call k;
	CUresult e;

	if (attributes == NULL || data == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < numAttributes; i++)
		if (attributes[i] == CU_POINTER_ATTRIBUTE_P2P_TOKENS)
			return refuse_p2p_tokens("cuPointerGetAttributes(CU_POINTER_ATTRIBUTE_P2P_TOKENS)");
	if (answer_several(&q, numAttributes, attributes, data, ptr))
		return CUDA_SUCCESS;
	asked_at = answer_cache_epoch();
	if ((e = devmem_call(&k, ptr, CALL_NO_REPLY)) != CUDA_SUCCESS)
		return e;
	q.server = rpc_held_server();
	/* An empty list is sent too: the server's driver says what it makes of it. */
	do {
		unsigned int n = numAttributes - done;

		if (n > ONCUDA_POINTER_ATTRS_MAX)
			n = ONCUDA_POINTER_ATTRS_MAX;
		result = get_some(k.c, &st, &q, n, attributes + done,
		    data + done, asked_at);
		done += n;
	} while (done < numAttributes && st == RPC_SUCCESS && result == CUDA_SUCCESS);
	if ((e = call_end(&k, st)) != CUDA_SUCCESS)
		return e;
	return result;
}
