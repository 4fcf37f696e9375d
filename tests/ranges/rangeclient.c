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
 *
 * Each prints "PASS owner" or "PASS intruder: ..." and exits 0, or says what
 * went wrong and exits 1.  The intruder also checks that copies and memsets
 * inside its own memory still work, so a server refusing everything fails.
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
	fprintf(stderr, "intruder: %s returned %s (%d), expected "
	    "CUDA_ERROR_INVALID_VALUE\n", what, result_name(got), (int)got);
	failures++;
}

#define REFUSED(call) expect_refused((call), #call)

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
	REFUSED(cuMemcpyHtoDAsync(theirs, host, PROBE, stream));
	REFUSED(cuMemcpyDtoDAsync(theirs, own, PROBE, stream));
	REFUSED(cuMemsetD16Async(theirs, 0xeeee, PROBE / 2, stream));
	REFUSED(cuMemsetD32(theirs, 0xeeeeeeee, PROBE / 4));

	/* From inside its own allocation to past its end. */
	past = own + OWN_BYTES - PROBE / 2;
	REFUSED(cuMemcpyDtoH(host, past, PROBE));
	REFUSED(cuMemcpyHtoD(past, host, PROBE));
	REFUSED(cuMemsetD8(past, 0xee, PROBE));
	REFUSED(cuMemcpyDtoD(other, past, PROBE));
	REFUSED(cuMemcpyDtoD(past, other, PROBE));
	REFUSED(cuMemsetD32Async(own + OWN_BYTES - 4, 0, 2, stream));
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

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "owner") == 0)
		return owner(argv[2]);
	if (argc == 3 && strcmp(argv[1], "intruder") == 0)
		return intruder(argv[2]);
	fprintf(stderr, "usage: rangeclient owner|intruder FILE\n");
	return 2;
}
