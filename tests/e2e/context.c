/*
 * Created contexts: the per-thread stack of current contexts, limits,
 * and what a context handle the driver never gave out does.
 */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

int test_context(void)
{
	CUcontext a = NULL, b = NULL, current = NULL, popped = NULL;
	CUdeviceptr p;
	CUdevice dev, got;
	unsigned version = 0, flags = 0;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == NULL);
	/* With no context current, context calls say so. */
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuMemAlloc(&p, 64), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuCtxPopCurrent(&popped), CUDA_ERROR_INVALID_CONTEXT);

	/* Creating a context pushes it: the stack is now [a]. */
	CHECK_CU(cuCtxCreate(&a, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(a);
	CHECK(a != NULL);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == a);
	CHECK_CU(cuCtxGetDevice(&got), CUDA_SUCCESS);
	CHECK_EQ(got, dev);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetApiVersion(a, &version), CUDA_SUCCESS);
	CHECK(version >= 3020);	/* the first version with this context ABI */
	CHECK_CU(cuCtxGetFlags(&flags), CUDA_SUCCESS);
	CHECK_EQ(flags & CU_CTX_SCHED_MASK, CU_CTX_SCHED_AUTO);

	/* [a, b] */
	CHECK_CU(cuCtxCreate(&b, NULL, CU_CTX_SCHED_SPIN, dev), CUDA_SUCCESS);
	e2e_defer_ctx(b);
	CHECK(b != a);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == b);
	CHECK_CU(cuCtxGetFlags(&flags), CUDA_SUCCESS);
	CHECK_EQ(flags & CU_CTX_SCHED_MASK, CU_CTX_SCHED_SPIN);

	/* Pop gives back the top and uncovers the one below: [a]. */
	CHECK_CU(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
	CHECK(popped == b);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == a);
	/* [a, b] again, then SetCurrent replaces the top: [a, a]. */
	CHECK_CU(cuCtxPushCurrent(b), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == b);
	CHECK_CU(cuCtxSetCurrent(a), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == a);
	CHECK_CU(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
	CHECK(popped == a);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == a);

	/* [a, b]; destroying the current context pops it: [a]. */
	CHECK_CU(cuCtxPushCurrent(b), CUDA_SUCCESS);
	CHECK_CU(cuMemAlloc(&p, 4096), CUDA_SUCCESS);
	CHECK_CU(cuMemFree(p), CUDA_SUCCESS);
	CHECK_CU(cuCtxDestroy(b), CUDA_SUCCESS);
	e2e_forget((uintptr_t)b);
	CHECK_CU(cuCtxGetCurrent(&current), CUDA_SUCCESS);
	CHECK(current == a);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

int test_context_limits(void)
{
	CUcontext ctx = NULL;
	CUdevice dev;
	size_t value = 0;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	/* A fresh context: the printf FIFO can only change before the
	 * first launch that uses it. */
	CHECK_CU(cuCtxCreate(&ctx, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(ctx);

	CHECK_CU(cuCtxGetLimit(&value, CU_LIMIT_STACK_SIZE), CUDA_SUCCESS);
	CHECK(value > 0);
	CHECK_CU(cuCtxGetLimit(&value, CU_LIMIT_MAX), CUDA_ERROR_INVALID_VALUE);
	/* The driver may round a limit up, never down. */
	CHECK_CU(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 8192), CUDA_SUCCESS);
	CHECK_CU(cuCtxGetLimit(&value, CU_LIMIT_STACK_SIZE), CUDA_SUCCESS);
	CHECK(value >= 8192);

	CHECK_CU(cuCtxSetLimit(CU_LIMIT_PRINTF_FIFO_SIZE, 4 << 20),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxGetLimit(&value, CU_LIMIT_PRINTF_FIFO_SIZE),
		 CUDA_SUCCESS);
	CHECK(value >= 4 << 20);

	CHECK_CU(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 16 << 20),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxGetLimit(&value, CU_LIMIT_MALLOC_HEAP_SIZE),
		 CUDA_SUCCESS);
	CHECK(value >= 16 << 20);
	return 0;
}

/* What the real driver does with these is undefined (it may follow the
 * pointer), which is why this test is remote-only.  oncuda must answer
 * with an error and stay usable. */
#define CHECK_BOGUS(call) do {						\
	CUresult got_ = (call);						\
	if (got_ != CUDA_ERROR_INVALID_CONTEXT &&			\
	    got_ != CUDA_ERROR_INVALID_VALUE &&				\
	    got_ != CUDA_ERROR_INVALID_HANDLE)				\
		return e2e_fail_cu(__FILE__, __LINE__, #call, got_,	\
				   "an invalid-handle error");		\
} while (0)

/* A call that queues work may report it at the next synchronizing call
 * instead (oncuda does, see CHECK_CU_ASYNC), and only there. */
#define CHECK_BOGUS_QUEUED(call) do {					\
	CUresult queued_ = (call);					\
	CHECK_BOGUS(queued_ == CUDA_SUCCESS ? cuCtxSynchronize() : queued_); \
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);			\
} while (0)

int test_handles(void)
{
	CUcontext ctx, bogus = (CUcontext)(uintptr_t)0x1234;
	CUdeviceptr p;
	CUfunction f;
	CUdevice dev;
	int value = 1234;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU2(cuCtxSetCurrent(bogus), CUDA_ERROR_INVALID_CONTEXT,
		  CUDA_ERROR_INVALID_VALUE);
	CHECK_CU2(cuCtxPushCurrent(bogus), CUDA_ERROR_INVALID_CONTEXT,
		  CUDA_ERROR_INVALID_VALUE);
	CHECK_BOGUS(cuCtxDestroy(bogus));
	CHECK_BOGUS(cuStreamSynchronize((CUstream)(uintptr_t)0x1234));
	CHECK_BOGUS_QUEUED(cuEventRecord((CUevent)(uintptr_t)0x1234, NULL));
	CHECK_BOGUS(cuModuleGetFunction(&f, (CUmodule)(uintptr_t)0x1234,
					"vec_add"));
	CHECK_BOGUS_QUEUED(cuLaunchKernel((CUfunction)(uintptr_t)0x1234, 1, 1,
					  1, 1, 1, 1, 0, NULL, NULL, NULL));

	/* Still usable, with the same context current. */
	CHECK_CU(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
	TRY(e2e_dalloc(&p, sizeof(value)));
	CHECK_CU(cuMemcpyHtoD(p, &value, sizeof(value)), CUDA_SUCCESS);
	value = 0;
	CHECK_CU(cuMemcpyDtoH(&value, p, sizeof(value)), CUDA_SUCCESS);
	CHECK_EQ(value, 1234);
	return 0;
}

/*
 * Setting the context that is current already, as the CUDA runtime does on
 * every cudaSetDevice: it stays current and calls run in it, on two
 * threads, and after another context dies.  Through oncuda,
 * tests/trace/check.sh runs this under ONCUDA_TRACE and counts the
 * CU_CTX_SET_CURRENT that cross the wire: such a set tells the server
 * nothing new.
 */
#define SET_AGAIN_ROUNDS 500

static CUresult set_again_in(CUcontext ctx)
{
	CUcontext current = NULL, owner = NULL;
	CUdeviceptr p;
	CUresult e;

	for (int i = 0; i < SET_AGAIN_ROUNDS; i++)
		if ((e = cuCtxSetCurrent(ctx)) != CUDA_SUCCESS)
			return e;
	if ((e = cuCtxGetCurrent(&current)) != CUDA_SUCCESS)
		return e;
	if (current != ctx)
		return CUDA_ERROR_INVALID_CONTEXT;
	if ((e = cuMemAlloc(&p, 256)) != CUDA_SUCCESS)
		return e;
	e = cuPointerGetAttribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, p);
	if (e == CUDA_SUCCESS && owner != ctx)
		e = CUDA_ERROR_INVALID_CONTEXT;
	cuMemFree(p);
	return e;
}

static void *set_again_thread(void *ctx)
{
	return (void *)(intptr_t)set_again_in(ctx);
}

int test_set_current_again(void)
{
	CUcontext a = NULL, b = NULL;
	CUdevice dev;
	pthread_t t;
	void *status;

	CHECK_CU(cuDeviceGet(&dev, 0), CUDA_SUCCESS);
	CHECK_CU(cuCtxCreate(&a, NULL, 0, dev), CUDA_SUCCESS);
	e2e_defer_ctx(a);
	CHECK_CU(cuCtxCreate(&b, NULL, 0, dev), CUDA_SUCCESS);
	CHECK_CU(set_again_in(b), CUDA_SUCCESS);
	CHECK_CU(set_again_in(a), CUDA_SUCCESS);
	CHECK(pthread_create(&t, NULL, set_again_thread, a) == 0);
	CHECK(pthread_join(t, &status) == 0);
	CHECK_CU((CUresult)(intptr_t)status, CUDA_SUCCESS);
	/* b dies while a is current: a must still be set, and used. */
	CHECK_CU(cuCtxDestroy(b), CUDA_SUCCESS);
	CHECK_CU(set_again_in(a), CUDA_SUCCESS);
	CHECK_CU(cuCtxSetCurrent(NULL), CUDA_SUCCESS);
	return 0;
}
