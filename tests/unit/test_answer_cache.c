/*
 * test_answer_cache: the client's cache of answers that cannot change
 * (stubs/answer_cache.c), through the generated glue (gen/glue_client.c).
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

#include "cuda_rpc.h"
#include "rpc.h"
#include "unit_check.h"

static unsigned int calls[256];	/* by procedure */

static int attribute_answer(int attrib, int dev) { return attrib * 100 + dev; }
static int function_answer(int attrib, cu_handle f) { return attrib * 10 + (int)(f & 0xff); }
static int occupancy_answer(int block, cu_size smem) { return block / 32 + (int)smem; }

static enum clnt_stat fake_call(CLIENT *cl, rpcproc_t proc, xdrproc_t xargs,
    void *args, xdrproc_t xres, void *res, struct timeval timeout)
{
	(void)cl; (void)xargs; (void)xres; (void)timeout;
	calls[proc & 0xff]++;
	switch (proc) {
	case CU_DEVICE_GET_ATTRIBUTE: {
		cu_device_get_attribute_13000_argument *a = args;
		res_int *r = res;

		r->err = a->dev == 7 ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
		r->res_int_u.value = attribute_answer(a->attrib, a->dev);
		return RPC_SUCCESS;
	}
	case CU_FUNC_GET_ATTRIBUTE: {
		cu_func_get_attribute_13000_argument *a = args;
		res_int *r = res;

		r->err = CUDA_SUCCESS;
		r->res_int_u.value = function_answer(a->attrib, a->func);
		return RPC_SUCCESS;
	}
	case CU_OCCUPANCY_MAX_ACTIVE_BLOCKS: {
		cu_occupancy_max_active_blocks_13000_argument *a = args;
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
	}
	return RPC_PROCUNAVAIL;
}

static struct clnt_ops fake_ops = { .cl_call = fake_call };
static CLIENT fake = { .cl_ops = &fake_ops };

CLIENT *rpc_begin(void) { return &fake; }
CUresult rpc_end(enum clnt_stat st) { return st == RPC_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_DEVICE_UNAVAILABLE; }
CUresult rpc_unavailable(void) { return CUDA_ERROR_NOT_INITIALIZED; }
enum clnt_stat batch_send(CLIENT *c, rpcproc_t proc, xdrproc_t xa, void *a) { (void)c; (void)proc; (void)xa; (void)a; return RPC_SUCCESS; }

/* What the answer cache forgets on unload (stubs/answer_cache.h). */
void answer_cache_forget_functions(void);

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
	after_fork();
	return unit_report("test_answer_cache");
}
