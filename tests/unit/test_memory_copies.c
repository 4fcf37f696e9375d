/*
 * tests/unit/test_memory_copies.c -- device memory and linear copies of the
 * client library (stubs/mem/memory.c, copy.c, copy_wire.c) against the loopback
 * server (memory_loopback.h): what goes on the wire, in which pieces, and
 * what lands where.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/mem/memory.h"
#include "memory_loopback.h"
#include "unit_check.h"

#define CHUNK ((size_t)ONCUDA_CHUNK_DEFAULT)
#define GUARD 64

static CUdeviceptr alloc(size_t n)
{
	CUdeviceptr d = 0;

	CHECK(cuMemAlloc(&d, n) == CUDA_SUCCESS);
	return d;
}

/* A host buffer of n bytes of a pattern, followed by GUARD bytes of 0xAA. */
static unsigned char *patterned(size_t n, unsigned int seed)
{
	unsigned char *p = malloc(n + GUARD);

	if (p == NULL)
		abort();
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(i * 31 + seed + i / 4093);
	memset(p + n, 0xAA, GUARD);
	return p;
}

static bool guard_intact(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < GUARD; i++)
		if (p[n + i] != 0xAA)
			return false;
	return true;
}

static const struct logged_call *call(unsigned int i)
{
	return &loopback.log[i];
}

static void test_device_memory(void)
{
	CUdeviceptr d, p, base = 0;
	size_t pitch = 0, total = 0;

	loopback_reset();
	d = alloc(1000);
	CHECK(d == FAKE_DEVICE_BASE);
	CHECK(memory_is_device(d) && memory_is_device(d + 999));
	CHECK(!memory_is_device(d + 1000) && !memory_is_device(d - 1));
	CHECK(cuMemAlloc(&p, 0) == CUDA_ERROR_INVALID_VALUE);	/* the server's answer */
	CHECK(cuMemAlloc(NULL, 1) == CUDA_ERROR_INVALID_VALUE);

	CHECK(cuMemGetAddressRange(&base, NULL, d + 5) == CUDA_SUCCESS && base == d);
	CHECK(cuMemGetAddressRange(NULL, NULL, d + 5) == CUDA_SUCCESS);
	CHECK(cuMemGetInfo(NULL, &total) == CUDA_SUCCESS && total == 2000);

	CHECK(cuMemFree(d) == CUDA_SUCCESS);
	CHECK(!memory_is_device(d));
	CHECK(cuMemFree(d) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemFree(0) == CUDA_SUCCESS);

	CHECK(cuMemAllocPitch(&p, &pitch, 100, 3, 4) == CUDA_SUCCESS && pitch == FAKE_PITCH_ALIGN);
	CHECK(memory_is_device(p) && memory_is_device(p + 3 * pitch - 1));
	CHECK(!memory_is_device(p + 3 * pitch));
	CHECK(cuMemAllocPitch(&p, NULL, 100, 3, 4) == CUDA_ERROR_INVALID_VALUE);

	loopback.offline = true;
	CHECK(cuMemAlloc(&p, 10) == CUDA_ERROR_DEVICE_UNAVAILABLE);
	loopback.offline = false;
}

static void test_linear_copies(void)
{
	const size_t n = 2 * CHUNK + 3;
	unsigned char *src = patterned(n, 1), *back = patterned(n, 2);
	CUdeviceptr d, d2;
	unsigned int first;

	loopback_reset();
	d = alloc(n);
	d2 = alloc(n);

	first = loopback.calls;
	CHECK(cuMemcpyHtoD(d, src, n) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 3 && loopback_count(CU_MEMCPY_HTOD) == 3);
	CHECK(call(first)->addr == d && call(first)->len == CHUNK);
	CHECK(call(first + 1)->addr == d + CHUNK && call(first + 1)->len == CHUNK);
	CHECK(call(first + 2)->addr == d + 2 * CHUNK && call(first + 2)->len == 3);
	CHECK(memcmp(loopback_device(d), src, n) == 0);

	first = loopback.calls;
	CHECK(cuMemcpyDtoH(back, d, n) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 3 && call(first + 2)->proc == CU_MEMCPY_DTOH);
	CHECK(call(first + 2)->addr == d + 2 * CHUNK && call(first + 2)->len == 3);
	CHECK(memcmp(back, src, n) == 0 && guard_intact(back, n));

	first = loopback.calls;
	CHECK(cuMemcpyDtoD(d2, d, n) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 1 && call(first)->proc == CU_MEMCPY_DTOD);
	CHECK(memcmp(loopback_device(d2), src, n) == 0);

	/* The stream goes with every piece of an asynchronous copy. */
	memset(loopback_device(d), 0, n);
	first = loopback.calls;
	CHECK(cuMemcpyHtoDAsync(d, src, n, (CUstream)0x1234) == CUDA_SUCCESS);
	CHECK(loopback_count(CU_MEMCPY_HTOD_ASYNC) == 3);
	for (unsigned int i = first; i < first + 3; i++)
		CHECK(call(i)->stream == 0x1234 && call(i)->async);
	CHECK(memcmp(loopback_device(d), src, n) == 0);
	memset(back, 0, n);
	CHECK(cuMemcpyDtoHAsync(back, d, n, (CUstream)0x1234) == CUDA_SUCCESS);
	CHECK(loopback_count(CU_MEMCPY_DTOH_ASYNC) == 3 && call(loopback.calls - 1)->stream == 0x1234);
	CHECK(memcmp(back, src, n) == 0 && guard_intact(back, n));

	/* 0 bytes still ask the server once; a NULL host pointer with bytes never does. */
	first = loopback.calls;
	CHECK(cuMemcpyHtoD(d, NULL, 0) == CUDA_SUCCESS);
	CHECK(cuMemcpyDtoH(NULL, d, 0) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 2 && call(first)->len == 0 && call(first + 1)->len == 0);
	CHECK(cuMemcpyHtoD(d, NULL, 1) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemcpyDtoH(NULL, d, 1) == CUDA_ERROR_INVALID_VALUE);
	CHECK(loopback.calls == first + 2);

	/* Device memory that is not there: the server's error comes back. */
	CHECK(cuMemcpyHtoD(d + n, src, 1) == CUDA_ERROR_INVALID_VALUE);
	free(src);
	free(back);
}

static void test_errors_end_copies(void)
{
	const size_t n = 2 * CHUNK + 3;
	unsigned char *src = patterned(n, 3), *back = patterned(n, 4);
	unsigned int first;
	CUdeviceptr d;

	loopback_reset();
	d = alloc(n);

	loopback.data_calls_before_failure = 1;
	first = loopback.calls;
	CHECK(cuMemcpyHtoD(d, src, n) == CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK(loopback.calls == first + 2);

	loopback.data_calls_before_failure = 0;
	first = loopback.calls;
	CHECK(cuMemcpyDtoH(back, d, n) == CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK(loopback.calls == first + 1);

	/*
	 * A server that answers with more bytes than asked breaks the protocol.
	 * The answer must be refused before any byte is stored: libtirpc's
	 * xdr_bytes would write them all into a buffer sized for the request.
	 */
	memset(back, 0xAA, n + GUARD);
	loopback.dtoh_extra_bytes = 8;
	CHECK(cuMemcpyDtoH(back, d, 100) == CUDA_ERROR_DEVICE_UNAVAILABLE);
	CHECK(cuMemcpyDtoH(back, d, n) == CUDA_ERROR_DEVICE_UNAVAILABLE);
	loopback.dtoh_extra_bytes = 0;
	for (size_t i = 0; i < n + GUARD; i++)
		if (back[i] != 0xAA) {
			CHECK(back[i] == 0xAA);
			break;
		}
	free(src);
	free(back);
}

static void test_unified_copies(void)
{
	const size_t n = CHUNK + 5;
	unsigned char *a = patterned(n, 5), *b = patterned(n, 6);
	CUdeviceptr d1, d2;
	unsigned int first;

	loopback_reset();
	d1 = alloc(n);
	d2 = alloc(n);

	CHECK(cuMemcpy(d1, (CUdeviceptr)(uintptr_t)a, n) == CUDA_SUCCESS);
	CHECK(loopback_count(CU_MEMCPY_HTOD) == 2);
	CHECK(memcmp(loopback_device(d1), a, n) == 0);
	CHECK(cuMemcpy(d2, d1, n) == CUDA_SUCCESS && loopback_count(CU_MEMCPY_DTOD) == 1);
	CHECK(cuMemcpy((CUdeviceptr)(uintptr_t)b, d2 + 1, n - 1) == CUDA_SUCCESS);
	CHECK(loopback_count(CU_MEMCPY_DTOH) == 2 && memcmp(b, a + 1, n - 1) == 0);

	/* Host to host: the program's own memory, after the NULL stream's work. */
	first = loopback.calls;
	CHECK(cuMemcpy((CUdeviceptr)(uintptr_t)b, (CUdeviceptr)(uintptr_t)(a + 7), 100) == CUDA_SUCCESS);
	CHECK(loopback.calls == first + 1 && call(first)->proc == CU_STREAM_SYNCHRONIZE);
	CHECK(call(first)->stream == 0 && memcmp(b, a + 7, 100) == 0);
	CHECK(cuMemcpy((CUdeviceptr)(uintptr_t)b, 0, 1) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemcpy(0, 0, 0) == CUDA_SUCCESS);

	first = loopback.calls;
	CHECK(cuMemcpyAsync(d1, d2, 10, (CUstream)0x99) == CUDA_SUCCESS);
	CHECK(call(first)->proc == CU_MEMCPY_DTOD_ASYNC && call(first)->stream == 0x99);
	CHECK(cuMemcpyAsync(d1, (CUdeviceptr)(uintptr_t)a, 10, (CUstream)0x99) == CUDA_SUCCESS);
	CHECK(call(first + 1)->proc == CU_MEMCPY_HTOD_ASYNC && call(first + 1)->stream == 0x99);
	CHECK(cuMemcpyAsync((CUdeviceptr)(uintptr_t)b, d1, 10, (CUstream)0x99) == CUDA_SUCCESS);
	CHECK(call(first + 2)->proc == CU_MEMCPY_DTOH_ASYNC);
	CHECK(cuMemcpyAsync((CUdeviceptr)(uintptr_t)b, (CUdeviceptr)(uintptr_t)a, 10,
	    (CUstream)0x99) == CUDA_SUCCESS);
	CHECK(call(first + 3)->proc == CU_STREAM_SYNCHRONIZE && call(first + 3)->stream == 0x99);
	free(a);
	free(b);
}

/* Each thread's copy must reach the server in one run, not interleaved with another's. */
struct copier {
	CUdeviceptr dst;
	unsigned char *src;
	size_t n;
	int errors;
};

static void *copy_repeatedly(void *arg)
{
	struct copier *c = arg;

	for (int i = 0; i < 20; i++)
		c->errors += cuMemcpyHtoD(c->dst, c->src, c->n) != CUDA_SUCCESS;
	return NULL;
}

static void test_copies_do_not_interleave(void)
{
	const size_t n = 2 * CHUNK + 1;
	struct copier copiers[2];
	pthread_t threads[2];
	unsigned int runs_broken = 0;

	loopback_reset();
	for (int i = 0; i < 2; i++)
		copiers[i] = (struct copier){ alloc(n), patterned(n, 10 + (unsigned int)i), n, 0 };
	for (int i = 0; i < 2; i++)
		CHECK(pthread_create(&threads[i], NULL, copy_repeatedly, &copiers[i]) == 0);
	for (int i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	CHECK(copiers[0].errors == 0 && copiers[1].errors == 0);
	CHECK(loopback.calls == 2 + 2 * 20 * 3);
	/* After the two allocations, calls come in threes from one thread, in order. */
	for (unsigned int i = 2; i + 2 < loopback.calls; i += 3) {
		runs_broken += !pthread_equal(call(i)->thread, call(i + 1)->thread) ||
		    !pthread_equal(call(i)->thread, call(i + 2)->thread);
		runs_broken += call(i + 1)->addr != call(i)->addr + CHUNK ||
		    call(i + 2)->addr != call(i)->addr + 2 * CHUNK;
	}
	CHECK(runs_broken == 0);
	for (int i = 0; i < 2; i++) {
		CHECK(memcmp(loopback_device(copiers[i].dst), copiers[i].src, n) == 0);
		free(copiers[i].src);
	}
}

int main(void)
{
	test_device_memory();
	test_linear_copies();
	test_errors_end_copies();
	test_unified_copies();
	test_copies_do_not_interleave();
	return unit_report("test_memory_copies");
}
