/*
 * tests/unit/test_svc_decompress.c -- the server's cuMemBatchDecompressAsync
 * (server/svc/svc_decompress.c): what reaches the driver for what a client
 * sends.
 *
 * Links the procedure with the range table and the log; the driver call
 * and the handle check are this file's, which record what they were given.
 * Prints each failed check (unit_check.h) and exits 1 if there was one.
 */
#include <stdint.h>
#include <string.h>

#include "gen/cuda_names.h"
#include "server/session/handles.h"
#include "server/session/log.h"
#include "server/session/ranges.h"
#include "unit_check.h"

#define OWN 0x100000ull		/* the client's one allocation */
#define OWN_BYTES 0x10000ull
#define STREAM 0x77ull		/* its one stream */

/* What the driver was last given. */
static struct {
	int calls;
	CUmemDecompressParams ops[4];
	const CUmemDecompressParams *array;
	size_t count;
	unsigned int flags;
	bool index_given;
	size_t index_in;
	CUstream stream;
} seen;

/* The driver's answer: this error, and this index unless it is 0. */
static CUresult answer = CUDA_ERROR_INVALID_VALUE;
static size_t answer_index;

CUresult CUDAAPI cuMemBatchDecompressAsync(CUmemDecompressParams *params,
    size_t count, unsigned int flags, size_t *errorIndex, CUstream stream)
{
	seen.calls++;
	seen.array = params;
	seen.count = count;
	for (size_t i = 0; params != NULL && i < count && i < 4; i++)
		seen.ops[i] = params[i];
	seen.flags = flags;
	seen.index_given = errorIndex != NULL;
	seen.index_in = errorIndex != NULL ? *errorIndex : 0;
	seen.stream = stream;
	if (errorIndex != NULL && answer_index != 0)
		*errorIndex = answer_index;
	return answer;
}

CUresult handle_check(enum handle_kind kind, cu_handle h, bool null_ok)
{
	CHECK(kind == HANDLE_STREAM && null_ok);
	return h == 0 || h == STREAM ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

static decompress_op op(uint64_t src, uint64_t src_bytes, uint64_t dst,
    uint64_t dst_bytes, uint64_t act)
{
	decompress_op o;

	memset(&o, 0, sizeof(o));
	o.src = src;
	o.src_bytes = src_bytes;
	o.dst = dst;
	o.dst_bytes = dst_bytes;
	o.dst_act_bytes = act;
	o.algo = CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY;
	o.padding[19] = 9;	/* for the driver to judge */
	return o;
}

static res_decompress call(decompress_op *ops, u_int n, bool_t want_index,
    uint64_t initial)
{
	decompress_ops wire = { n, ops };
	res_decompress r;

	memset(&r, 0xee, sizeof(r));
	memset(&seen, 0, sizeof(seen));
	CHECK(cu_mem_batch_decompress_async_svc(wire, 0, want_index, initial,
	    STREAM, &r, NULL));
	return r;
}

/* Addresses inside the client's memory reach the driver as they are. */
static void test_owned(void)
{
	decompress_op ops[2] = {
		op(OWN, 100, OWN + 0x1000, 1000, OWN + 0x8000),
		op(OWN + 0x200, 0, OWN + 0x2000, 0, OWN + OWN_BYTES - 4),
	};
	res_decompress r;

	answer = CUDA_SUCCESS;
	answer_index = 0;
	r = call(ops, 2, TRUE, 5);
	CHECK(r.err == CUDA_SUCCESS);
	CHECK(r.error_index == 5);	/* left alone by the driver */
	CHECK(seen.calls == 1 && seen.count == 2 && seen.index_given);
	CHECK(seen.index_in == 5);
	CHECK(seen.stream == (CUstream)(uintptr_t)STREAM);
	CHECK((uintptr_t)seen.ops[0].src == OWN);
	CHECK(seen.ops[0].srcNumBytes == 100);
	CHECK((uintptr_t)seen.ops[0].dst == OWN + 0x1000);
	CHECK(seen.ops[0].dstNumBytes == 1000);
	CHECK((uintptr_t)seen.ops[0].dstActBytes == OWN + 0x8000);
	CHECK(seen.ops[0].algo == CU_MEM_DECOMPRESS_ALGORITHM_SNAPPY);
	CHECK(seen.ops[0].padding[19] == 9);
	CHECK((uintptr_t)seen.ops[1].src == OWN + 0x200);
	CHECK((uintptr_t)seen.ops[1].dst == OWN + 0x2000);
	CHECK((uintptr_t)seen.ops[1].dstActBytes == OWN + OWN_BYTES - 4);
}

/* Each address outside it, or running past its end, reaches it as 0. */
static void test_foreign(void)
{
	decompress_op ops[4] = {
		op(0x900000, 100, OWN + 0x1000, 1000, OWN),
		op(OWN, 100, OWN + OWN_BYTES - 10, 11, OWN),
		op(OWN, 100, OWN, 10, OWN + OWN_BYTES - 2),
		op(OWN - 1, 0, OWN + OWN_BYTES, 0, 0),
	};
	res_decompress r;

	answer = CUDA_ERROR_INVALID_VALUE;
	answer_index = 0;
	r = call(ops, 4, TRUE, 7);
	CHECK(r.err == CUDA_ERROR_INVALID_VALUE);
	CHECK(seen.calls == 1 && seen.count == 4);
	CHECK(seen.ops[0].src == NULL && seen.ops[0].srcNumBytes == 100);
	CHECK((uintptr_t)seen.ops[0].dst == OWN + 0x1000);
	CHECK((uintptr_t)seen.ops[1].src == OWN);
	CHECK(seen.ops[1].dst == NULL && seen.ops[1].dstNumBytes == 11);
	CHECK(seen.ops[2].dstActBytes == NULL);
	CHECK((uintptr_t)seen.ops[2].dst == OWN);
	/* Empty ranges: their first byte is checked all the same. */
	CHECK(seen.ops[3].src == NULL && seen.ops[3].dst == NULL);
	CHECK(seen.ops[3].dstActBytes == NULL);
}

/* The driver's index comes back with its error; none asked, none given. */
static void test_index(void)
{
	decompress_op ops[2] = {
		op(OWN, 100, OWN + 0x1000, 1000, OWN),
		op(OWN, 100, OWN + 0x1000, 1000, OWN + 4),
	};
	res_decompress r;

	answer = CUDA_ERROR_NOT_SUPPORTED;
	answer_index = SIZE_MAX;
	r = call(ops, 2, TRUE, 3);
	CHECK(r.err == CUDA_ERROR_NOT_SUPPORTED);
	CHECK(r.error_index == SIZE_MAX);
	answer_index = 1;
	r = call(ops, 2, FALSE, 3);
	CHECK(r.err == CUDA_ERROR_NOT_SUPPORTED);
	CHECK(!seen.index_given);
	CHECK(r.error_index == 3);
}

/* No operations: the driver gets NULL and 0.  A stream not the client's
 * never reaches it. */
static void test_empty_and_stream(void)
{
	decompress_ops none = { 0, NULL };
	res_decompress r;

	answer = CUDA_ERROR_INVALID_VALUE;
	answer_index = SIZE_MAX;
	r = call(NULL, 0, TRUE, 0);
	CHECK(seen.calls == 1 && seen.array == NULL && seen.count == 0);
	CHECK(r.err == CUDA_ERROR_INVALID_VALUE && r.error_index == SIZE_MAX);

	memset(&seen, 0, sizeof(seen));
	CHECK(cu_mem_batch_decompress_async_svc(none, 0, TRUE, 4, 0x55, &r,
	    NULL));
	CHECK(seen.calls == 0);
	CHECK(r.err == CUDA_ERROR_INVALID_HANDLE && r.error_index == 4);
}

int main(void)
{
	log_set_level(LOG_ERROR);
	CHECK(ranges_add(OWN, OWN_BYTES, RANGE_ALLOCATION, OWN,
	    (CUcontext)(uintptr_t)1));
	test_owned();
	test_foreign();
	test_index();
	test_empty_and_stream();
	ranges_clear();
	return unit_report("test_svc_decompress");
}
