/*
 * selftest.c - checks the stand-in's driver-level behaviour: devices,
 * contexts, memory and memory accounting across processes.  The calls
 * that run code are checked in selftest_launch.c and selftest_streams.c.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "selftest.h"

#define GiB (1ULL << 30)
#define MiB (1ULL << 20)

int selftest_failures;

static void
test_before_init(void)
{
	CUdeviceptr p;
	int count, version;

	EXPECT(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
	EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_NOT_INITIALIZED);
	OK(cuDriverGetVersion(&version));
	CHECK(version == 13000);
	EXPECT(cuInit(1), CUDA_ERROR_INVALID_VALUE);
	OK(cuInit(0));
}

static void
test_device(void)
{
	char name[64], bus[32];
	int count, value;
	CUdevice dev;
	CUuuid uuid;
	size_t total;

	OK(cuDeviceGetCount(&count));
	CHECK(count == 1);
	EXPECT(cuDeviceGet(&dev, 1), CUDA_ERROR_INVALID_DEVICE);
	OK(cuDeviceGet(&dev, 0));
	OK(cuDeviceGetName(name, sizeof(name), dev));
	CHECK(strcmp(name, "oncuda CPU stand-in") == 0);
	OK(cuDeviceGetUuid(&uuid, dev));
	OK(cuDeviceTotalMem(&total, dev));
	CHECK(total == 16 * GiB);
	for (int a = 1; a < CU_DEVICE_ATTRIBUTE_MAX; a++)
		OK(cuDeviceGetAttribute(&value, (CUdevice_attribute)a, dev));
	EXPECT(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_MAX, dev),
	    CUDA_ERROR_INVALID_VALUE);
	OK(cuDeviceGetAttribute(&value,
	    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
	CHECK(value == 9);
	OK(cuDeviceGetAttribute(&value,
	    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
	CHECK(value == 132);
	OK(cuDeviceGetPCIBusId(bus, sizeof(bus), dev));
	CHECK(strcmp(bus, "0000:00:00.0") == 0);
	OK(cuDeviceGetByPCIBusId(&dev, "00:00.0"));
	EXPECT(cuDeviceGetByPCIBusId(&dev, "0000:41:00.0"),
	    CUDA_ERROR_INVALID_DEVICE);
	EXPECT(cuDeviceGetByPCIBusId(&dev, "nonsense"),
	    CUDA_ERROR_INVALID_VALUE);
}

static void
test_contexts(void)
{
	CUcontext ctx, other, primary, again, current;
	unsigned int flags, version;
	CUdeviceptr p;
	size_t limit;
	int active;

	EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_INVALID_CONTEXT);
	EXPECT(cuCtxCreate(&ctx, NULL, 0x100, 0), CUDA_ERROR_INVALID_VALUE);
	OK(cuCtxCreate(&ctx, NULL, CU_CTX_SCHED_YIELD, 0));
	OK(cuCtxGetCurrent(&current));
	CHECK(current == ctx);
	OK(cuCtxGetFlags(&flags));
	CHECK(flags == CU_CTX_SCHED_YIELD);
	OK(cuCtxGetApiVersion(NULL, &version));
	CHECK(version == 13000);
	OK(cuCtxGetLimit(&limit, CU_LIMIT_MALLOC_HEAP_SIZE));
	CHECK(limit == 8 * MiB);
	OK(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 64 * MiB));
	OK(cuCtxGetLimit(&limit, CU_LIMIT_MALLOC_HEAP_SIZE));
	CHECK(limit == 64 * MiB);

	OK(cuCtxCreate(&other, NULL, 0, 0));
	OK(cuCtxPopCurrent(&current));
	CHECK(current == other);
	OK(cuCtxGetCurrent(&current));
	CHECK(current == ctx);
	OK(cuCtxDestroy(other));
	EXPECT(cuCtxPushCurrent(other), CUDA_ERROR_INVALID_CONTEXT);

	OK(cuDevicePrimaryCtxGetState(0, &flags, &active));
	CHECK(active == 0);
	OK(cuDevicePrimaryCtxRetain(&primary, 0));
	OK(cuDevicePrimaryCtxRetain(&again, 0));
	CHECK(primary == again);
	EXPECT(cuCtxDestroy(primary), CUDA_ERROR_INVALID_CONTEXT);
	OK(cuDevicePrimaryCtxRelease(0));
	OK(cuDevicePrimaryCtxGetState(0, &flags, &active));
	CHECK(active == 1);
	OK(cuCtxPushCurrent(primary));
	OK(cuDevicePrimaryCtxRelease(0));
	EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_CONTEXT_IS_DESTROYED);
	EXPECT(cuDevicePrimaryCtxRelease(0), CUDA_ERROR_INVALID_CONTEXT);
	OK(cuCtxPopCurrent(NULL));
	OK(cuCtxDestroy(ctx));
	EXPECT(cuCtxPopCurrent(NULL), CUDA_ERROR_INVALID_CONTEXT);
}

static void
test_memory(void)
{
	unsigned int words[64], value, memtype;
	CUdeviceptr p, q, base, dptr;
	size_t free_before, free_now, total, size, pitch;
	CUDA_MEMCPY2D copy;
	CUcontext ctx, owner;
	void *host, *registered;
	CUpointer_attribute attrs[2] = {
		CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_CONTEXT
	};
	void *values[2] = { &memtype, &owner };

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuMemGetInfo(&free_before, &total));
	OK(cuMemAlloc(&p, GiB));
	OK(cuMemGetInfo(&free_now, &total));
	CHECK(free_before - free_now == GiB);
	EXPECT(cuMemAlloc(&q, 32 * GiB), CUDA_ERROR_OUT_OF_MEMORY);
	OK(cuMemGetAddressRange(&base, &size, p + 4096));
	CHECK(base == p && size == GiB);

	OK(cuMemsetD32(p + GiB - 256, 0xabcdef01, 64));
	OK(cuMemcpyDtoH(words, p + GiB - 256, sizeof(words)));
	CHECK(words[0] == 0xabcdef01 && words[63] == 0xabcdef01);
	EXPECT(cuMemcpyDtoH(words, p + GiB - 4, 8), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuMemsetD8(p + GiB, 0, 1), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuMemsetD32(p + 2, 0, 1), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuMemcpyHtoD(0x1000, words, 4), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemFree(p));
	EXPECT(cuMemFree(p), CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuMemcpyDtoH(words, p, 4), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemGetInfo(&free_now, &total));
	CHECK(free_now == free_before);

	/* A 2D copy into the middle of a pitched allocation and back. */
	OK(cuMemAllocPitch(&p, &pitch, 100, 8, 4));
	CHECK(pitch == 512);
	for (unsigned int i = 0; i < 64; i++)
		words[i] = i;
	memset(&copy, 0, sizeof(copy));
	copy.srcMemoryType = CU_MEMORYTYPE_HOST;
	copy.srcHost = words;
	copy.srcPitch = 32;
	copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	copy.dstDevice = p;
	copy.dstXInBytes = 16;
	copy.dstY = 2;
	copy.dstPitch = pitch;
	copy.WidthInBytes = 32;
	copy.Height = 6;
	OK(cuMemcpy2D(&copy));
	OK(cuMemcpyDtoH(&value, p + 3 * pitch + 16 + 4, 4));
	CHECK(value == 9);
	copy.Height = 7;
	EXPECT(cuMemcpy2D(&copy), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemFree(p));

	OK(cuMemAllocHost(&host, 4096));
	OK(cuMemHostGetDevicePointer(&dptr, host, 0));
	CHECK(dptr == (CUdeviceptr)host);
	OK(cuMemHostGetFlags(&value, host));
	OK(cuPointerGetAttributes(2, attrs, values, (CUdeviceptr)host));
	CHECK(memtype == CU_MEMORYTYPE_HOST && owner == ctx);
	OK(cuMemFreeHost(host));
	registered = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	OK(cuMemHostRegister(registered, 8192, 0));
	EXPECT(cuMemHostRegister(registered, 4096, 0),
	    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
	OK(cuMemcpyHtoD((CUdeviceptr)registered + 8188, words, 4));
	OK(cuMemHostUnregister(registered));
	EXPECT(cuMemHostUnregister(registered),
	    CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED);
	munmap(registered, 8192);

	OK(cuMemAlloc(&p, 256));
	OK(cuPointerGetAttribute(&memtype, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
	    p + 8));
	CHECK(memtype == CU_MEMORYTYPE_DEVICE);
	OK(cuPointerGetAttribute(&base, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
	    p + 8));
	CHECK(base == p);
	EXPECT(cuPointerGetAttribute(&host, CU_POINTER_ATTRIBUTE_HOST_POINTER,
	    p), CUDA_ERROR_INVALID_VALUE);
	OK(cuPointerGetAttributes(2, attrs, values, 0x1000));
	CHECK(memtype == 0 && owner == NULL);
	/* Destroying the context frees what it still holds. */
	OK(cuCtxDestroy(ctx));
	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuMemGetInfo(&free_now, &total));
	CHECK(free_now == free_before);
	OK(cuCtxDestroy(ctx));
}

/*
 * Another process's context and allocation must show in this process's
 * cuMemGetInfo, and vanish when that process exits.
 */
static void
test_accounting_across_processes(void)
{
	size_t free_before, free_during, free_after, total;
	int ready[2], done[2], status;
	CUdeviceptr p;
	CUcontext ctx;
	pid_t child;
	char byte = 0;

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuMemGetInfo(&free_before, &total));
	if (pipe(ready) != 0 || pipe(done) != 0) {
		perror("selftest: pipe");
		exit(1);
	}
	child = fork();
	if (child == 0) {
		CUcontext child_ctx;

		if (cuCtxCreate(&child_ctx, NULL, 0, 0) != CUDA_SUCCESS ||
		    cuMemAlloc(&p, GiB) != CUDA_SUCCESS)
			_exit(1);
		if (write(ready[1], &byte, 1) != 1 ||
		    read(done[0], &byte, 1) != 1)
			_exit(1);
		exit(0);
	}
	CHECK(read(ready[0], &byte, 1) == 1);
	OK(cuMemGetInfo(&free_during, &total));
	CHECK(free_before - free_during == GiB + 64 * MiB);
	CHECK(write(done[1], &byte, 1) == 1);
	CHECK(waitpid(child, &status, 0) == child && status == 0);
	OK(cuMemGetInfo(&free_after, &total));
	CHECK(free_after == free_before);
	OK(cuCtxDestroy(ctx));
}

int
main(void)
{
	const char *shm = getenv("FAKECUDA_SHM");

	test_before_init();
	test_device();
	test_contexts();
	test_memory();
	test_accounting_across_processes();
	selftest_modules();
	selftest_launches();
	selftest_streams_and_events();
	selftest_occupancy();
	selftest_graphs();
	if (shm != NULL)
		shm_unlink(shm);
	if (selftest_failures > 0) {
		fprintf(stderr, "fakecuda selftest: %d failure(s)\n",
		    selftest_failures);
		return 1;
	}
	printf("fakecuda selftest: all checks passed\n");
	return 0;
}
