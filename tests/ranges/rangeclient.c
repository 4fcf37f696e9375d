/*
 * rangeclient: the two clients of tests/ranges/check.sh, which checks that
 * oncudad lets a client copy and memset only device memory it owns.
 *
 *   rangeclient owner FILE      allocate and fill OWNER_BYTES, write the
 *                               address to FILE, print READY, wait for
 *                               FILE.done, then check the bytes are intact
 *   rangeclient intruder FILE   from a second connection, copy and memset
 *                               the owner's memory and past the end of its
 *                               own: every call must fail with
 *                               CUDA_ERROR_INVALID_VALUE
 *   rangeclient lifecycle MODULE
 *                               memory a client owned and gave back (freed,
 *                               unloaded, its context destroyed) is refused
 *                               like any other; pitched allocations, globals
 *                               and the device alias of page-locked memory
 *                               are owned exactly as far as they reach
 *
 * Each prints "PASS <mode>..." and exits 0, or says what went wrong and
 * exits 1.  Every mode also checks that copies and memsets inside memory it
 * owns work, so a server refusing everything fails.  These are misuses no
 * native driver is guaranteed to survive: run them through oncuda only.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

#include "check.h"

#define OWNER_BYTES 65536
#define OWN_BYTES 4096
#define PROBE 256		/* bytes each refused call names */
#define WAIT_SECONDS 120
#define TRIES 64		/* allocations to find two apart from the owner's */

static unsigned char pattern(size_t i)
{
	return (unsigned char)(i * 7 + 3);
}

static CUcontext make_context(void)
{
	CUcontext ctx;
	CUdevice dev;

	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	return ctx;
}

static int owner(const char *file)
{
	static unsigned char bytes[OWNER_BYTES];
	char tmp[4096], done[4096];
	CUdeviceptr mine;
	FILE *f;
	int waited;

	make_context();
	for (size_t i = 0; i < OWNER_BYTES; i++)
		bytes[i] = pattern(i);
	CHECK(cuMemAlloc(&mine, OWNER_BYTES));
	CHECK(cuMemcpyHtoD(mine, bytes, OWNER_BYTES));
	snprintf(tmp, sizeof tmp, "%s.tmp", file);
	snprintf(done, sizeof done, "%s.done", file);
	if ((f = fopen(tmp, "w")) == NULL) {
		perror(tmp);
		return 1;
	}
	fprintf(f, "0x%llx %d\n", (unsigned long long)mine, OWNER_BYTES);
	if (fclose(f) != 0 || rename(tmp, file) != 0) {
		perror(file);
		return 1;
	}
	printf("READY\n");
	fflush(stdout);
	for (waited = 0; access(done, F_OK) != 0; waited++) {
		if (waited == WAIT_SECONDS * 10) {
			fprintf(stderr, "owner: no %s after %d s\n", done,
			    WAIT_SECONDS);
			return 1;
		}
		nanosleep(&(struct timespec){ .tv_nsec = 100000000 }, NULL);
	}
	memset(bytes, 0, sizeof bytes);
	CHECK(cuMemcpyDtoH(bytes, mine, OWNER_BYTES));
	for (size_t i = 0; i < OWNER_BYTES; i++) {
		if (bytes[i] != pattern(i)) {
			fprintf(stderr, "owner: byte %zu is 0x%02x, expected "
			    "0x%02x: another client changed it\n", i, bytes[i],
			    pattern(i));
			return 1;
		}
	}
	CHECK(cuMemFree(mine));
	printf("PASS owner: %d bytes intact\n", OWNER_BYTES);
	return 0;
}

static int refusals, failures;

/* A call that names memory the intruder does not own. */
static void expect_refused(CUresult got, const char *what)
{
	if (got == CUDA_ERROR_INVALID_VALUE) {
		refusals++;
		return;
	}
	fprintf(stderr, "rangeclient: %s returned %s (%d), expected "
	    "CUDA_ERROR_INVALID_VALUE\n", what, result_name(got), (int)got);
	failures++;
}

#define REFUSED(call) expect_refused((call), #call)

/*
 * The same for a call oncuda sends without waiting for a reply (idl/cuda.x,
 * "one-way"): the refusal comes with the next synchronizing call, here a
 * synchronize of the stream, which must follow before the next refusal.
 */
static CUresult queued_result(CUresult got, CUstream stream)
{
	return got == CUDA_SUCCESS ? cuStreamSynchronize(stream) : got;
}

#define REFUSED_QUEUED(call, stream) \
	expect_refused(queued_result((call), (stream)), #call)

/* [a, a + n) and [b, b + m) share a byte. */
static int overlap(CUdeviceptr a, size_t n, CUdeviceptr b, size_t m)
{
	return a < b + m && b < a + n;
}

static int intruder(const char *file)
{
	static unsigned char host[OWN_BYTES];
	unsigned long long theirs_value;
	CUdeviceptr theirs, own, other, past, tried[TRIES];
	int n, kept = 0, i;
	CUDA_MEMCPY2D copy;
	CUstream stream;
	int theirs_size;
	FILE *f;

	if ((f = fopen(file, "r")) == NULL ||
	    fscanf(f, "%llx %d", &theirs_value, &theirs_size) != 2) {
		fprintf(stderr, "intruder: cannot read an address from %s\n",
		    file);
		return 1;
	}
	fclose(f);
	theirs = (CUdeviceptr)theirs_value;
	make_context();
	/*
	 * Each server process has an address space of its own, so this
	 * client's allocations may land where the owner's did: that memory
	 * would then be this client's own.  Keep two that do not, and free
	 * the others, leaving the owner's addresses unallocated here.
	 */
	n = 0;
	while (n < TRIES) {
		CHECK(cuMemAlloc(&tried[n], OWN_BYTES));
		n++;
		for (kept = 0, i = 0; i < n; i++)
			if (!overlap(tried[i], OWN_BYTES, theirs,
			    (size_t)theirs_size))
				kept++;
		if (kept == 2)
			break;
	}
	if (kept < 2) {
		fprintf(stderr, "intruder: could not allocate outside the "
		    "owner's addresses\n");
		return 1;
	}
	own = other = 0;
	for (i = 0; i < n; i++) {
		if (overlap(tried[i], OWN_BYTES, theirs, (size_t)theirs_size))
			CHECK(cuMemFree(tried[i]));
		else if (own == 0)
			own = tried[i];
		else
			other = tried[i];
	}
	CHECK(cuStreamCreate(&stream, 0));

	/* What it owns works. */
	memset(host, 0x5a, sizeof host);
	CHECK(cuMemcpyHtoD(own, host, OWN_BYTES));
	CHECK(cuMemsetD32(own, 0x01020304, OWN_BYTES / 4));
	CHECK(cuMemcpyDtoD(other, own, OWN_BYTES));
	CHECK(cuMemcpyDtoH(host, other + OWN_BYTES - PROBE, PROBE));

	/* The owner's memory. */
	REFUSED(cuMemcpyDtoH(host, theirs, PROBE));
	REFUSED(cuMemcpyHtoD(theirs, host, PROBE));
	REFUSED(cuMemsetD8(theirs, 0xee, PROBE));
	REFUSED(cuMemcpyDtoD(own, theirs, PROBE));
	REFUSED(cuMemcpyDtoD(theirs, own, PROBE));
	REFUSED(cuMemcpyDtoHAsync(host, theirs, PROBE, stream));
	REFUSED_QUEUED(cuMemcpyHtoDAsync(theirs, host, PROBE, stream), stream);
	REFUSED_QUEUED(cuMemcpyDtoDAsync(theirs, own, PROBE, stream), stream);
	REFUSED_QUEUED(cuMemsetD16Async(theirs, 0xeeee, PROBE / 2, stream),
	    stream);
	REFUSED(cuMemsetD32(theirs, 0xeeeeeeee, PROBE / 4));

	/* From inside its own allocation to past its end. */
	past = own + OWN_BYTES - PROBE / 2;
	REFUSED(cuMemcpyDtoH(host, past, PROBE));
	REFUSED(cuMemcpyHtoD(past, host, PROBE));
	REFUSED(cuMemsetD8(past, 0xee, PROBE));
	REFUSED(cuMemcpyDtoD(other, past, PROBE));
	REFUSED(cuMemcpyDtoD(past, other, PROBE));
	REFUSED_QUEUED(cuMemsetD32Async(own + OWN_BYTES - 4, 0, 2, stream),
	    stream);
	REFUSED(cuMemsetD16(own + OWN_BYTES - 2, 0, 2));

	/* A pitched region whose last row runs past the end. */
	memset(&copy, 0, sizeof copy);
	copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	copy.srcDevice = own;
	copy.srcPitch = 1024;
	copy.dstMemoryType = CU_MEMORYTYPE_HOST;
	copy.dstHost = host;
	copy.dstPitch = 64;
	copy.WidthInBytes = 64;
	copy.Height = 4;
	CHECK(cuMemcpy2D(&copy));	/* rows at 0, 1024, 2048, 3072: fits */
	copy.srcXInBytes = 1024 - 32;
	REFUSED(cuMemcpy2D(&copy));	/* the last row ends 32 bytes past */

	CHECK(cuStreamSynchronize(stream));
	CHECK(cuStreamDestroy(stream));
	CHECK(cuMemFree(own));
	CHECK(cuMemFree(other));
	if (failures > 0)
		return 1;
	printf("PASS intruder: %d calls refused\n", refusals);
	return 0;
}

#define OWNED(call) check_result((call), #call)

/* A pitched allocation owns pitch * height bytes, no more. */
static void pitched(void)
{
	CUdeviceptr p;
	size_t pitch;

	CHECK(cuMemAllocPitch(&p, &pitch, 100, 3, 4));
	OWNED(cuMemsetD8(p, 1, pitch * 3));
	REFUSED(cuMemsetD8(p, 1, pitch * 3 + 1));
	CHECK(cuMemFree(p));
	REFUSED(cuMemsetD8(p, 1, 1));
}

/* A global is owned to its last byte while its module lives. */
static void module_global(const char *path)
{
	CUdeviceptr g;
	CUmodule m;
	size_t bytes;
	int value = 7;

	CHECK(cuModuleLoad(&m, path));
	CHECK(cuModuleGetGlobal(&g, &bytes, m, "g_value"));
	OWNED(cuMemcpyHtoD(g, &value, sizeof value));
	REFUSED(cuMemcpyHtoD(g + bytes - 1, &value, 2));
	CHECK(cuModuleUnload(m));
	REFUSED(cuMemcpyHtoD(g, &value, sizeof value));
}

/* A library's globals, also through its module, live as long as it. */
static void library_global(const char *path)
{
	CUdeviceptr g, via_module;
	CUlibrary lib;
	CUmodule m;
	size_t bytes;
	int value = 0;

	CHECK(cuLibraryLoadFromFile(&lib, path, NULL, NULL, 0, NULL, NULL, 0));
	CHECK(cuLibraryGetModule(&m, lib));
	CHECK(cuModuleGetGlobal(&via_module, &bytes, m, "g_value"));
	CHECK(cuLibraryGetGlobal(&g, &bytes, lib, "g_value"));
	OWNED(cuMemcpyDtoH(&value, via_module, sizeof value));
	OWNED(cuMemcpyDtoH(&value, g, sizeof value));
	CHECK(cuLibraryUnload(lib));
	REFUSED(cuMemcpyDtoH(&value, g, sizeof value));
	REFUSED(cuMemcpyDtoH(&value, via_module, sizeof value));
}

/* Page-locked memory's device alias covers it all, until it is freed. */
static void host_alias(void)
{
	CUdeviceptr alias, attr;
	void *host;

	CHECK(cuMemHostAlloc(&host, OWN_BYTES, CU_MEMHOSTALLOC_DEVICEMAP));
	CHECK(cuMemHostGetDevicePointer(&alias, host, 0));
	OWNED(cuMemsetD32(alias, 0x01010101, OWN_BYTES / 4));
	REFUSED(cuMemsetD32(alias, 0, OWN_BYTES / 4 + 1));
	CHECK(cuPointerGetAttribute(&attr, CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
	    (CUdeviceptr)(uintptr_t)host + 16));
	OWNED(cuMemsetD8(attr, 2, OWN_BYTES - 16));
	REFUSED(cuMemsetD8(attr, 2, OWN_BYTES - 15));
	CHECK(cuMemFreeHost(host));
	REFUSED(cuMemsetD8(alias, 0, 1));
}

/* What was made in a context goes with it. */
static void context_gone(CUcontext home)
{
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr p;

	CHECK(cuCtxGetDevice(&dev));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	CHECK(cuMemAlloc(&p, OWN_BYTES));
	OWNED(cuMemsetD8(p, 0, OWN_BYTES));
	CHECK(cuCtxDestroy(ctx));
	CHECK(cuCtxSetCurrent(home));
	REFUSED(cuMemsetD8(p, 0, 1));
}

static int lifecycle(const char *module_path)
{
	CUcontext home = make_context();
	CUdeviceptr p;

	CHECK(cuMemAlloc(&p, OWN_BYTES));
	OWNED(cuMemsetD16(p, 0xabcd, OWN_BYTES / 2));
	CHECK(cuMemFree(p));
	REFUSED(cuMemsetD16(p, 0xabcd, 1));
	pitched();
	module_global(module_path);
	library_global(module_path);
	host_alias();
	context_gone(home);
	if (failures > 0)
		return 1;
	printf("PASS lifecycle: %d calls refused\n", refusals);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "owner") == 0)
		return owner(argv[2]);
	if (argc == 3 && strcmp(argv[1], "intruder") == 0)
		return intruder(argv[2]);
	if (argc == 3 && strcmp(argv[1], "lifecycle") == 0)
		return lifecycle(argv[2]);
	fprintf(stderr, "usage: rangeclient owner|intruder FILE, "
	    "rangeclient lifecycle MODULE\n");
	return 2;
}
