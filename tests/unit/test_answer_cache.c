/*
 * test_answer_cache: the client's cache of answers that cannot change
 * (stubs/context/answer_cache.c), through the generated glue (gen/glue_client.c).
 *
 * The connection is faked here: its CLIENT answers a few procedures from
 * their arguments, by a rule the test knows, and counts the calls.  So the
 * test sees how many round trips a call cost, and that a kept answer is
 * the one the server gave.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cuda.h>

#include "stubs/context/answer_cache.h"
#include "stubs/route/ctxstack.h"
#include "gen/cuda_names.h"
#include "stubs/wire/rpc.h"
#include "unit_check.h"

static unsigned int calls[256];	/* by procedure */

static int attribute_answer(int attrib, int dev) { return attrib * 100 + dev; }
static int function_answer(int attrib, cu_handle f) { return attrib * 10 + (int)(f & 0xff); }
static int occupancy_answer(int block, cu_size smem) { return block / 32 + (int)smem; }
/* Contexts 0x...1000 * d live on device d; their IDs are their handles' low bits. */
static int context_device(cu_handle ctx) { return (int)((ctx >> 12) & 0xf); }
static cu_size context_id(cu_handle ctx) { return ctx & 0xffff; }
static cu_handle current_on_server;	/* what a NULL context means there */

static enum clnt_stat fake_call(CLIENT *cl, rpcproc_t proc, xdrproc_t xargs,
    void *args, xdrproc_t xres, void *res, struct timeval timeout)
{
	(void)cl; (void)xargs; (void)xres; (void)timeout;
	calls[proc & 0xff]++;
	switch (proc) {
	case CU_DEVICE_GET_ATTRIBUTE: {
		cu_device_get_attribute_argument *a = args;
		res_int *r = res;

		r->err = a->dev == 7 ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
		r->res_int_u.value = attribute_answer(a->attrib, a->dev);
		return RPC_SUCCESS;
	}
	case CU_FUNC_GET_ATTRIBUTE: {
		cu_func_get_attribute_argument *a = args;
		res_int *r = res;

		r->err = CUDA_SUCCESS;
		r->res_int_u.value = function_answer(a->attrib, a->func);
		return RPC_SUCCESS;
	}
	case CU_OCCUPANCY_MAX_ACTIVE_BLOCKS: {
		cu_occupancy_max_active_blocks_argument *a = args;
		res_int *r = res;

		r->err = CUDA_SUCCESS;
		r->res_int_u.value = occupancy_answer(a->block_size, a->dynamic_smem);
		return RPC_SUCCESS;
	}
	case CU_DRIVER_GET_VERSION:
		((res_int *)res)->err = CUDA_SUCCESS;
		((res_int *)res)->res_int_u.value = 13000;
		return RPC_SUCCESS;
	case CU_FUNC_SET_ATTRIBUTE:
		((res_none *)res)->err = CUDA_SUCCESS;
		return RPC_SUCCESS;
	case CU_CTX_GET_DEVICE_V2: {
		cu_handle ctx = *(cu_handle *)args;
		res_int *r = res;

		ctx = ctx != 0 ? ctx : current_on_server;
		r->err = ctx != 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
		r->res_int_u.value = context_device(ctx);
		return RPC_SUCCESS;
	}
	case CU_CTX_GET_ID: {
		cu_handle ctx = *(cu_handle *)args;
		res_size *r = res;

		ctx = ctx != 0 ? ctx : current_on_server;
		r->err = ctx != 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
		r->res_size_u.value = context_id(ctx);
		return RPC_SUCCESS;
	}
	}
	return RPC_PROCUNAVAIL;
}

static struct clnt_ops fake_ops = { .cl_call = fake_call };
static CLIENT fake = { .cl_ops = &fake_ops };

CLIENT *rpc_begin(void) { return &fake; }
CUresult rpc_end(enum clnt_stat st) { return st == RPC_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_DEVICE_UNAVAILABLE; }
CUresult rpc_server_result(int err) { return (CUresult)err; }
/* The generated _ptsz forms of wrapped calls name the hand-written calls,
 * which this test does not link (stubs/copy/copy.c, fill_host.c,
 * stubs/stream/stream_capture.c); never called here. */
CUresult cuStreamIsCapturing(CUstream h, CUstreamCaptureStatus *status);
CUresult cuStreamIsCapturing(CUstream h, CUstreamCaptureStatus *status)
{
	(void)h, (void)status;
	return CUDA_ERROR_NOT_SUPPORTED;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream h);
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream h)
{
	(void)d, (void)s, (void)n, (void)h;
	return CUDA_ERROR_NOT_SUPPORTED;
}
#define NEVER_CALLED_MEMSET(name, type) \
	CUresult name(CUdeviceptr d, type v, size_t n, CUstream h); \
	CUresult name(CUdeviceptr d, type v, size_t n, CUstream h) \
	{ (void)d, (void)v, (void)n, (void)h; return CUDA_ERROR_NOT_SUPPORTED; }
NEVER_CALLED_MEMSET(cuMemsetD8Async, unsigned char)
NEVER_CALLED_MEMSET(cuMemsetD16Async, unsigned short)
NEVER_CALLED_MEMSET(cuMemsetD32Async, unsigned int)
CUresult rpc_unavailable(void) { return CUDA_ERROR_NOT_INITIALIZED; }
enum clnt_stat batch_send(CLIENT *c, rpcproc_t proc, xdrproc_t xa, void *a) { (void)c; (void)proc; (void)xa; (void)a; return RPC_SUCCESS; }

static void device_attributes(void)
{
	int v = 0;

	CHECK_EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0), CUDA_SUCCESS);
	CHECK_EQ(v, attribute_answer(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0));
	v = 0;
	CHECK_EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0), CUDA_SUCCESS);
	CHECK_EQ(v, attribute_answer(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0));
	CHECK_EQ(calls[CU_DEVICE_GET_ATTRIBUTE], 1u);

	/* Another device is another question. */
	CHECK_EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 1), CUDA_SUCCESS);
	CHECK_EQ(v, attribute_answer(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 1));
	CHECK_EQ(calls[CU_DEVICE_GET_ATTRIBUTE], 2u);

	/* What an administrator can change is always asked. */
	for (int i = 0; i < 2; i++)
		CHECK_EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, 0), CUDA_SUCCESS);
	CHECK_EQ(calls[CU_DEVICE_GET_ATTRIBUTE], 4u);

	/* Errors are not kept. */
	for (int i = 0; i < 2; i++)
		CHECK_EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 7),
		    CUDA_ERROR_INVALID_DEVICE);
	CHECK_EQ(calls[CU_DEVICE_GET_ATTRIBUTE], 6u);

	/* Checked before the cache, as before the call. */
	CHECK_EQ(cuDeviceGetAttribute(NULL, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0),
	    CUDA_ERROR_INVALID_VALUE);

	for (int i = 0; i < 3; i++) {
		CHECK_EQ(cuDriverGetVersion(&v), CUDA_SUCCESS);
		CHECK_EQ(v, 13000);
	}
	CHECK_EQ(calls[CU_DRIVER_GET_VERSION], 1u);
}

static void function_answers(void)
{
	CUfunction f = (CUfunction)(uintptr_t)0x7f0000001042ull;
	int v = 0;

	for (int i = 0; i < 3; i++) {
		CHECK_EQ(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, f), CUDA_SUCCESS);
		CHECK_EQ(v, function_answer(CU_FUNC_ATTRIBUTE_NUM_REGS, (uintptr_t)f));
	}
	CHECK_EQ(calls[CU_FUNC_GET_ATTRIBUTE], 1u);
	/* Settable by cuFuncSetAttribute: always asked. */
	for (int i = 0; i < 2; i++)
		CHECK_EQ(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f),
		    CUDA_SUCCESS);
	CHECK_EQ(calls[CU_FUNC_GET_ATTRIBUTE], 3u);

	for (int i = 0; i < 2; i++) {
		CHECK_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, f, 256, 0), CUDA_SUCCESS);
		CHECK_EQ(v, occupancy_answer(256, 0));
	}
	CHECK_EQ(calls[CU_OCCUPANCY_MAX_ACTIVE_BLOCKS], 1u);
	CHECK_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, f, 256, 1024), CUDA_SUCCESS);
	CHECK_EQ(v, occupancy_answer(256, 1024));
	CHECK_EQ(calls[CU_OCCUPANCY_MAX_ACTIVE_BLOCKS], 2u);

	/* A setting changed: occupancy is asked again, fixed attributes are not. */
	CHECK_EQ(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 4096),
	    CUDA_SUCCESS);
	CHECK_EQ(cuOccupancyMaxActiveBlocksPerMultiprocessor(&v, f, 256, 0), CUDA_SUCCESS);
	CHECK_EQ(calls[CU_OCCUPANCY_MAX_ACTIVE_BLOCKS], 3u);
	CHECK_EQ(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, f), CUDA_SUCCESS);
	CHECK_EQ(calls[CU_FUNC_GET_ATTRIBUTE], 3u);

	/* Unloading forgets everything about functions; devices stay. */
	answer_cache_forget_functions();
	CHECK_EQ(cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_NUM_REGS, f), CUDA_SUCCESS);
	CHECK_EQ(v, function_answer(CU_FUNC_ATTRIBUTE_NUM_REGS, (uintptr_t)f));
	CHECK_EQ(calls[CU_FUNC_GET_ATTRIBUTE], 4u);
	CHECK_EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0), CUDA_SUCCESS);
	CHECK_EQ(calls[CU_DEVICE_GET_ATTRIBUTE], 6u);
}

/* What a context is: kept per context, a NULL one being the current one. */
static void context_answers(void)
{
	CUcontext a = (CUcontext)(uintptr_t)0x7f0000002123ull;
	CUcontext b = (CUcontext)(uintptr_t)0x7f0000003456ull;
	unsigned long long id = 0;
	CUdevice d = -1;

	for (int i = 0; i < 3; i++) {
		CHECK_EQ(cuCtxGetDevice_v2(&d, a), CUDA_SUCCESS);
		CHECK_EQ(d, 2);
		CHECK_EQ(cuCtxGetId(a, &id), CUDA_SUCCESS);
		CHECK_EQ(id, 0x2123);
	}
	CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 1u);
	CHECK_EQ(calls[CU_CTX_GET_ID], 1u);
	CHECK_EQ(cuCtxGetDevice_v2(&d, b), CUDA_SUCCESS);
	CHECK_EQ(d, 3);
	CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 2u);

	/* No current context: an error, not kept. */
	for (int i = 0; i < 2; i++)
		CHECK_EQ(cuCtxGetDevice_v2(&d, NULL), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 4u);
	/* With b current, NULL is b: already known. */
	CHECK(ctxstack_set_current(b));
	current_on_server = (cu_handle)(uintptr_t)b;
	CHECK_EQ(cuCtxGetDevice_v2(&d, NULL), CUDA_SUCCESS);
	CHECK_EQ(d, 3);
	CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 4u);

	/* A context went away: its handle may name another one next. */
	answer_cache_forget_contexts();
	CHECK_EQ(cuCtxGetDevice_v2(&d, a), CUDA_SUCCESS);
	CHECK_EQ(cuCtxGetId(a, &id), CUDA_SUCCESS);
	CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 5u);
	CHECK_EQ(calls[CU_CTX_GET_ID], 2u);

	/* An answer asked before something was forgotten is not kept. */
	{
		const uint64_t key[] = { (uint64_t)(uintptr_t)b };
		uint64_t asked_at = answer_cache_epoch(), v;

		answer_cache_forget_contexts();
		answer_cache_put(CU_CTX_GET_ID, key, 1, 99, asked_at);
		CHECK(!answer_cache_get(CU_CTX_GET_ID, key, 1, &v));
		answer_cache_put(CU_CTX_GET_ID, key, 1, 99, answer_cache_epoch());
		CHECK(answer_cache_get(CU_CTX_GET_ID, key, 1, &v) && v == 99);
	}

	/* The primary context's state: kept per device until a change. */
	{
		const uint64_t dev0[] = { 0 };
		uint64_t v;

		CHECK_EQ(cuCtxGetDevice_v2(&d, a), CUDA_SUCCESS);	/* asked again */
		CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 6u);
		answer_cache_put(CU_DEVICE_PRIMARY_CTX_GET_STATE, dev0, 1,
		    1ull << 32 | 4, answer_cache_epoch());
		CHECK(answer_cache_get(CU_DEVICE_PRIMARY_CTX_GET_STATE, dev0, 1, &v) &&
		    v == (1ull << 32 | 4));
		answer_cache_changed(CU_DEVICE_PRIMARY_CTX_SET_FLAGS, dev0, 1);
		CHECK(!answer_cache_get(CU_DEVICE_PRIMARY_CTX_GET_STATE, dev0, 1, &v));
		/* ...which leaves what contexts are. */
		CHECK_EQ(cuCtxGetDevice_v2(&d, a), CUDA_SUCCESS);
		CHECK_EQ(calls[CU_CTX_GET_DEVICE_V2], 6u);
	}
	CHECK(ctxstack_set_current(NULL));
	current_on_server = 0;
}

/* A child's session is new: it asks again. */
static void after_fork(void)
{
	pid_t child = fork();
	int status = 0, v = 0;

	CHECK(child >= 0);
	if (child == 0) {
		unsigned int before = calls[CU_DEVICE_GET_ATTRIBUTE];

		if (cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0) != CUDA_SUCCESS)
			_exit(2);
		_exit(calls[CU_DEVICE_GET_ATTRIBUTE] == before + 1 ? 0 : 1);
	}
	CHECK(waitpid(child, &status, 0) == child);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void)
{
	device_attributes();
	function_answers();
	context_answers();
	after_fork();
	return unit_report("test_answer_cache");
}
