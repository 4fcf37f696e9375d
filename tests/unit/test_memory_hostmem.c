/*
 * tests/unit/test_memory_hostmem.c -- page-locked host memory and pointer
 * attributes (stubs/mem/hostmem.c, pointer.c) against the loopback server
 * (memory_loopback.h): the mapping between the program's memory and the
 * server's mirror, the driver's errors, and how pointers are classified.
 *
 * Prints each failed check and exits 1 if there was one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stubs/context/answer_cache.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/device_ranges.h"
#include "stubs/mem/memory.h"
#include "stubs/route/ctxstack.h"
#include "memory_loopback.h"
#include "unit_check.h"

#define ADDR(p) ((CUdeviceptr)(uintptr_t)(p))

static const struct logged_call *last_call(void)
{
	return &loopback.log[loopback.calls - 1];
}

static void test_allocated(void)
{
	unsigned char *p = NULL;
	uint64_t server = 0;
	void *back = NULL, *zero = (void *)1;
	CUdeviceptr dptr = 0;
	unsigned int flags = 0;

	loopback_reset();
	CHECK(cuMemHostAlloc((void **)&p, 10000, CU_MEMHOSTALLOC_DEVICEMAP) == CUDA_SUCCESS);
	CHECK(p != NULL && (uintptr_t)p % 4096 == 0);
	memset(p, 0x5A, 10000);			/* the program's to use */
	CHECK(last_call()->proc == CU_MEM_HOST_ALLOC && last_call()->len == 10000);

	/* An address at offset k in the program's memory is offset k in the mirror. */
	CHECK(hostmem_contains(p) && hostmem_contains(p + 9999) && !hostmem_contains(p + 10000));
	CHECK(hostmem_to_server(p + 100, &server) && server == FAKE_MIRROR_BASE + 100);
	CHECK(hostmem_to_client(FAKE_MIRROR_BASE + 100, &back) && back == p + 100);
	CHECK(!hostmem_to_client(FAKE_MIRROR_BASE + 10000, &back));
	CHECK(!memory_is_device(ADDR(p)));

	CHECK(cuMemHostGetFlags(&flags, p + 5) == CUDA_SUCCESS && flags == CU_MEMHOSTALLOC_DEVICEMAP);
	CHECK(last_call()->addr == FAKE_MIRROR_BASE + 5);
	CHECK(cuMemHostGetFlags(&flags, &flags) == CUDA_ERROR_INVALID_VALUE);

	/* The mapped device range becomes device memory for cuMemcpy, interior pointers too. */
	CHECK(cuMemHostGetDevicePointer(&dptr, p + 100, 0) == CUDA_SUCCESS);
	CHECK(dptr == FAKE_MIRROR_BASE + 100);
	CHECK(memory_is_device(FAKE_MIRROR_BASE) && memory_is_device(FAKE_MIRROR_BASE + 9999));
	CHECK(!memory_is_device(FAKE_MIRROR_BASE + 10000));
	CHECK(cuMemHostGetDevicePointer(&dptr, p, 1) == CUDA_ERROR_INVALID_VALUE);	/* server's call */
	CHECK(cuMemHostGetDevicePointer(&dptr, &dptr, 0) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemHostGetDevicePointer(NULL, p, 0) == CUDA_ERROR_INVALID_VALUE);

	/* Only the start of the memory frees it, and unregistering is for registered memory. */
	CHECK(cuMemFreeHost(p + 1) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemHostUnregister(p) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemHostRegister(p + 10, 10, 0) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemFreeHost(p) == CUDA_SUCCESS && last_call()->addr == FAKE_MIRROR_BASE);
	CHECK(!hostmem_contains(p) && !memory_is_device(FAKE_MIRROR_BASE));
	CHECK(cuMemFreeHost(p) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemFreeHost(NULL) == CUDA_SUCCESS);

	/* 0 bytes: success and NULL, as the driver answers. */
	CHECK(cuMemAllocHost(&zero, 0) == CUDA_SUCCESS && zero == NULL);
	CHECK(cuMemAllocHost(NULL, 10) == CUDA_ERROR_INVALID_VALUE);
	loopback.offline = true;
	CHECK(cuMemAllocHost(&back, 10) == CUDA_ERROR_DEVICE_UNAVAILABLE);
	loopback.offline = false;
}

static void test_registered(void)
{
	unsigned char *q = malloc(10000);
	uint64_t server = 0;
	CUdeviceptr dptr = 0;

	loopback_reset();
	/* Any alignment, as the driver allows. */
	CHECK(cuMemHostRegister(q + 3, 1000, CU_MEMHOSTREGISTER_DEVICEMAP) == CUDA_SUCCESS);
	CHECK(last_call()->proc == CU_MEM_HOST_REGISTER && last_call()->len == 1000);
	CHECK(hostmem_to_server(q + 3, &server) && server == FAKE_MIRROR_BASE);
	CHECK(hostmem_contains(q + 1002) && !hostmem_contains(q + 1003) && !hostmem_contains(q + 2));

	CHECK(cuMemHostRegister(q + 500, 1000, 0) == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
	CHECK(cuMemHostRegister(q, 4, 0) == CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
	CHECK(cuMemHostRegister(q, 3, 0) == CUDA_SUCCESS);	/* touches, does not overlap */
	CHECK(cuMemHostUnregister(q) == CUDA_SUCCESS);
	CHECK(cuMemHostRegister(q + 2000, 0, 0) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemHostRegister(NULL, 100, 0) == CUDA_ERROR_INVALID_VALUE);

	CHECK(cuMemHostGetDevicePointer(&dptr, q + 10, 0) == CUDA_SUCCESS);
	CHECK(dptr == FAKE_MIRROR_BASE + 7 && memory_is_device(FAKE_MIRROR_BASE));

	/*
	 * The server's device addresses may happen to equal the program's: then
	 * memory the client mirrors is host memory, the rest of the range device.
	 */
	CHECK(devmem_note(ADDR(q), 10000));
	CHECK(!memory_is_device(ADDR(q + 3)) && !memory_is_device(ADDR(q + 1002)));
	CHECK(memory_is_device(ADDR(q + 2)) && memory_is_device(ADDR(q + 1003)));
	devmem_forget(ADDR(q));

	CHECK(cuMemFreeHost(q + 3) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemHostUnregister(q + 4) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuMemHostUnregister(q + 5000) == CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	CHECK(cuMemHostUnregister(q + 3) == CUDA_SUCCESS);
	CHECK(!hostmem_contains(q + 3) && !memory_is_device(FAKE_MIRROR_BASE));
	CHECK(cuMemHostUnregister(q + 3) == CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	free(q);
}

static void test_copies_with_host_memory(void)
{
	unsigned char *p = NULL, *out = calloc(64, 1);
	CUdeviceptr d = 0;

	loopback_reset();
	CHECK(cuMemAlloc(&d, 64) == CUDA_SUCCESS);
	CHECK(cuMemAllocHost((void **)&p, 64) == CUDA_SUCCESS);
	memset(p, 0x42, 64);
	/* The program's page-locked memory is host memory: its bytes travel. */
	CHECK(cuMemcpy(d, ADDR(p), 64) == CUDA_SUCCESS && last_call()->proc == CU_MEMCPY_HTOD);
	CHECK(cuMemcpy(ADDR(out), d, 64) == CUDA_SUCCESS && memcmp(out, p, 64) == 0);
	CHECK(cuMemFreeHost(p) == CUDA_SUCCESS);
	free(out);
}

static void test_pointer_attributes(void)
{
	unsigned char *p = NULL;
	void *host = NULL, *start = NULL;
	CUdeviceptr dev = 0, d = 0, d_start = 0;
	CUcontext ctx = NULL;
	unsigned int type = 0;
	size_t size = 0;
	unsigned int calls;

	loopback_reset();
	CHECK(cuMemAlloc(&d, 256) == CUDA_SUCCESS);
	CHECK(cuMemHostAlloc((void **)&p, 8192, CU_MEMHOSTALLOC_DEVICEMAP) == CUDA_SUCCESS);

	/* Host memory: asked about through the mirror, host addresses answered as the program's. */
	CHECK(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, ADDR(p + 100)) == CUDA_SUCCESS);
	CHECK(last_call()->addr == FAKE_MIRROR_BASE + 100 && host == p + 100);
	CHECK(cuPointerGetAttribute(&start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, ADDR(p + 100)) == CUDA_SUCCESS);
	CHECK(start == p);
	CHECK(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, ADDR(p + 100)) == CUDA_SUCCESS);
	CHECK(size == 8192);
	CHECK(cuPointerGetAttribute(&ctx, CU_POINTER_ATTRIBUTE_CONTEXT, ADDR(p)) == CUDA_SUCCESS);
	CHECK((uintptr_t)ctx == FAKE_CONTEXT);
	type = 0xFFFFFFFF;
	CHECK(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ADDR(p)) == CUDA_SUCCESS);
	CHECK(type == CU_MEMORYTYPE_HOST);

	/* The device pointer of host memory is the server's, and is device memory from now on. */
	CHECK(!memory_is_device(FAKE_MIRROR_BASE + 100));
	CHECK(cuPointerGetAttribute(&dev, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, ADDR(p + 100)) == CUDA_SUCCESS);
	CHECK(dev == FAKE_MIRROR_BASE + 100 && memory_is_device(dev));
	/* Its host pointer is the program's memory again. */
	CHECK(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, dev) == CUDA_SUCCESS);
	CHECK(host == p + 100);

	/* Device memory and unknown pointers go as they are. */
	CHECK(cuPointerGetAttribute(&d_start, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, d + 8) == CUDA_SUCCESS);
	CHECK(d_start == d && last_call()->addr == d + 8);
	CHECK(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER, d + 8) == CUDA_ERROR_INVALID_VALUE);
	CHECK(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ADDR(&type)) == CUDA_ERROR_INVALID_VALUE);
	CHECK(last_call()->addr == ADDR(&type));
	CHECK(cuPointerGetAttribute(NULL, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d) == CUDA_ERROR_INVALID_VALUE);

	/* Several at once; P2P tokens are not supported and never sent. */
	{
		CUpointer_attribute attrs[3] = { CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
		    CU_POINTER_ATTRIBUTE_HOST_POINTER, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR };
		void *data[3] = { &type, &host, &start };
		CUpointer_attribute p2p[2] = { CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_P2P_TOKENS };

		type = 0;
		host = start = NULL;
		CHECK(cuPointerGetAttributes(3, attrs, data, ADDR(p + 8)) == CUDA_SUCCESS);
		CHECK(type == CU_MEMORYTYPE_HOST && host == p + 8 && start == p);
		CHECK(cuPointerGetAttributes(3, attrs, data, ADDR(&type)) == CUDA_SUCCESS);
		CHECK(type == 0 && host == NULL && start == NULL);	/* unknown: zeros */
		CHECK(cuPointerGetAttributes(3, NULL, data, d) == CUDA_ERROR_INVALID_VALUE);
		CHECK(cuPointerGetAttributes(3, attrs, NULL, d) == CUDA_ERROR_INVALID_VALUE);
		calls = loopback.calls;
		CHECK(cuPointerGetAttributes(2, p2p, data, d) == CUDA_ERROR_NOT_SUPPORTED);
		CHECK(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_P2P_TOKENS, d) == CUDA_ERROR_NOT_SUPPORTED);
		CHECK(loopback.calls == calls);
	}
	/* More than one message holds: cut in two, stored in order. */
	{
		CUpointer_attribute attrs[40];
		CUdeviceptr values[40];
		void *data[40];

		for (int i = 0; i < 40; i++) {
			attrs[i] = i % 2 ? CU_POINTER_ATTRIBUTE_RANGE_START_ADDR : CU_POINTER_ATTRIBUTE_RANGE_SIZE;
			values[i] = 0;
			data[i] = &values[i];
		}
		calls = loopback.calls;
		CHECK(cuPointerGetAttributes(40, attrs, data, d + 1) == CUDA_SUCCESS);
		CHECK(loopback.calls == calls + 2 && last_call()->len == 40 - ONCUDA_POINTER_ATTRS_MAX);
		CHECK(values[0] == 256 && values[1] == d && values[38] == 256 && values[39] == d);
	}
	CHECK(cuMemFreeHost(p) == CUDA_SUCCESS && !memory_is_device(dev));
}

/* Asks for one attribute; true when the server was asked. */
static bool asked(CUresult want, void *data, CUpointer_attribute attribute,
    CUdeviceptr ptr)
{
	unsigned int calls = loopback.calls;

	CHECK(cuPointerGetAttribute(data, attribute, ptr) == want);
	return loopback.calls != calls;
}

/*
 * The server's answers about the program's own allocations are kept and
 * given again without a round trip, for a thread with a current context,
 * until the memory is freed or a context goes away; errors, changeable
 * attributes and host memory's mirrors are always asked about.
 */
static void test_kept_pointer_attributes(void)
{
	CUpointer_attribute two[2] = { CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
	    CU_POINTER_ATTRIBUTE_DEVICE_POINTER };
	CUpointer_attribute with_host[2] = { CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
	    CU_POINTER_ATTRIBUTE_HOST_POINTER };
	unsigned int type = 0, flags = 0, calls;
	CUdeviceptr d = 0, got = 0, dev = 0;
	void *data[2] = { &type, &got };
	void *host = NULL, *host_data[2] = { &got, &host };
	unsigned char *p = NULL;
	CUcontext ctx = NULL;

	loopback_reset();
	CHECK(cuMemAlloc(&d, 4096) == CUDA_SUCCESS);
	/* No current context: the server is asked each time (and its answer kept). */
	CHECK(asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d));
	CHECK(asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d));
	CHECK(ctxstack_push((CUcontext)(uintptr_t)FAKE_CONTEXT));

	/* Asked once; addresses follow the pointer asked about. */
	CHECK(!asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 16) && got == d + 16);
	CHECK(!asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 32) && got == d + 32);
	CHECK(asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, d + 5) && got == d);
	CHECK(!asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, d + 4095) && got == d);
	CHECK(asked(CUDA_SUCCESS, &ctx, CU_POINTER_ATTRIBUTE_CONTEXT, d) && (uintptr_t)ctx == FAKE_CONTEXT);
	ctx = NULL;
	CHECK(!asked(CUDA_SUCCESS, &ctx, CU_POINTER_ATTRIBUTE_CONTEXT, d + 1) && (uintptr_t)ctx == FAKE_CONTEXT);
	/* Past the end is not the allocation's. */
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 4096));
	/* Errors are not kept, nor what may change. */
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, d));
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, d));
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &flags, CU_POINTER_ATTRIBUTE_ACCESS_FLAGS, d));
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &flags, CU_POINTER_ATTRIBUTE_ACCESS_FLAGS, d));

	/* Several: asked while one is missing, then answered whole here, in
	 * the sizes the server gave. */
	calls = loopback.calls;
	type = 0xFFFFFFFF;
	CHECK(cuPointerGetAttributes(2, two, data, d + 8) == CUDA_SUCCESS);
	CHECK(loopback.calls == calls + 1 && type == CU_MEMORYTYPE_DEVICE && got == d + 8);
	type = 0xFFFFFFFF;
	CHECK(cuPointerGetAttributes(2, two, data, d + 64) == CUDA_SUCCESS);
	CHECK(loopback.calls == calls + 1 && type == CU_MEMORYTYPE_DEVICE && got == d + 64);
	/* cuPointerGetAttributes answers zero where cuPointerGetAttribute
	 * fails: its answer serves only itself. */
	host = &type;
	CHECK(cuPointerGetAttributes(2, with_host, host_data, d) == CUDA_SUCCESS);
	CHECK(loopback.calls == calls + 2 && host == NULL && got == d);
	CHECK(cuPointerGetAttributes(2, with_host, host_data, d + 1) == CUDA_SUCCESS);
	CHECK(loopback.calls == calls + 2 && host == NULL && got == d + 1);
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, d));
	CHECK(asked(CUDA_SUCCESS, &type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, d) && type == CU_MEMORYTYPE_DEVICE);
	/* cuPointerGetAttribute's answers serve several. */
	{
		CUpointer_attribute singles[2] = { CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
		    CU_POINTER_ATTRIBUTE_CONTEXT };
		void *single_data[2] = { &got, &ctx };

		calls = loopback.calls;
		got = 0;
		ctx = NULL;
		CHECK(cuPointerGetAttributes(2, singles, single_data, d + 3) == CUDA_SUCCESS);
		CHECK(loopback.calls == calls && got == d && (uintptr_t)ctx == FAKE_CONTEXT);
	}

	/* A context went away (its memory with it): asked again. */
	answer_cache_forget_contexts();
	CHECK(asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 16) && got == d + 16);
	CHECK(!asked(CUDA_SUCCESS, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 16));
	/* Freed: the server's answer, an error. */
	CHECK(cuMemFree(d) == CUDA_SUCCESS);
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &got, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, d + 16));
	calls = loopback.calls;
	type = 99;
	CHECK(cuPointerGetAttributes(2, two, data, d) == CUDA_SUCCESS);
	CHECK(loopback.calls == calls + 1 && type == 0);

	/* Page-locked memory: the program's pointer is always asked about (its
	 * mirror's address goes); the device side is kept like device memory,
	 * its host pointer answered as the program's. */
	CHECK(cuMemHostAlloc((void **)&p, 8192, CU_MEMHOSTALLOC_DEVICEMAP) == CUDA_SUCCESS);
	CHECK(asked(CUDA_SUCCESS, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, ADDR(p + 8)) && host == p + 8);
	CHECK(asked(CUDA_SUCCESS, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, ADDR(p + 8)) && host == p + 8);
	CHECK(asked(CUDA_SUCCESS, &dev, CU_POINTER_ATTRIBUTE_DEVICE_POINTER, ADDR(p)));
	CHECK(asked(CUDA_SUCCESS, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, dev + 8) && host == p + 8);
	CHECK(!asked(CUDA_SUCCESS, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, dev + 100) && host == p + 100);
	CHECK(cuMemFreeHost(p) == CUDA_SUCCESS);
	CHECK(asked(CUDA_ERROR_INVALID_VALUE, &host, CU_POINTER_ATTRIBUTE_HOST_POINTER, dev + 100));
	CHECK(ctxstack_pop(&ctx) && ctx == (CUcontext)(uintptr_t)FAKE_CONTEXT);
}

int main(void)
{
	test_allocated();
	test_registered();
	test_copies_with_host_memory();
	test_pointer_attributes();
	test_kept_pointer_attributes();
	return unit_report("test_memory_hostmem");
}
