/*
 * holder.c -- a client that holds known amounts and then waits, so that
 * tests/sessions/check.sh can compare what oncuda-ls -v and the metrics
 * file say of its session with what it did.
 *
 *   tests/sessions/holder DEVICE_BYTES PINNED_BYTES COPY_BYTES GO_FILE
 *
 * Makes a context, allocates DEVICE_BYTES of device memory and
 * PINNED_BYTES of page-locked host memory, copies COPY_BYTES from pageable
 * memory to the device and back (so that they cross the connection each
 * way) and checks them; prints "READY" and waits until GO_FILE exists
 * (two minutes at most); then frees it all and prints "PASS holder".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

static int failed(const char *what, CUresult rc)
{
	const char *name = "?";

	cuGetErrorName(rc, &name);
	fprintf(stderr, "holder: %s: %s\n", what, name);
	return 1;
}

#define TRY(call) do { CUresult rc_ = (call); \
	if (rc_ != CUDA_SUCCESS) return failed(#call, rc_); } while (0)

int main(int argc, char **argv)
{
	size_t device_bytes, pinned_bytes, copy_bytes;
	unsigned char *out, *back;
	CUdeviceptr dptr;
	CUcontext ctx;
	CUdevice dev;
	void *pinned;

	if (argc != 5) {
		fprintf(stderr, "usage: holder DEVICE_BYTES PINNED_BYTES "
		    "COPY_BYTES GO_FILE\n");
		return 2;
	}
	device_bytes = strtoul(argv[1], NULL, 0);
	pinned_bytes = strtoul(argv[2], NULL, 0);
	copy_bytes = strtoul(argv[3], NULL, 0);
	if (copy_bytes > device_bytes || (out = malloc(copy_bytes)) == NULL ||
	    (back = malloc(copy_bytes)) == NULL) {
		fprintf(stderr, "holder: COPY_BYTES must fit in DEVICE_BYTES\n");
		return 2;
	}
	for (size_t i = 0; i < copy_bytes; i++)
		out[i] = (unsigned char)(i * 7 + 3);
	memset(back, 0, copy_bytes);

	TRY(cuInit(0));
	TRY(cuDeviceGet(&dev, 0));
	TRY(cuDevicePrimaryCtxRetain(&ctx, dev));
	TRY(cuCtxSetCurrent(ctx));
	TRY(cuMemAlloc(&dptr, device_bytes));
	TRY(cuMemAllocHost(&pinned, pinned_bytes));
	TRY(cuMemcpyHtoD(dptr, out, copy_bytes));
	TRY(cuMemcpyDtoH(back, dptr, copy_bytes));
	if (memcmp(out, back, copy_bytes) != 0) {
		fprintf(stderr, "holder: the bytes came back changed\n");
		return 1;
	}
	printf("READY\n");
	fflush(stdout);

	for (int i = 0; i < 2400 && access(argv[4], F_OK) != 0; i++)
		nanosleep(&(struct timespec){ .tv_nsec = 50000000L }, NULL);

	TRY(cuMemFreeHost(pinned));
	TRY(cuMemFree(dptr));
	TRY(cuDevicePrimaryCtxRelease(dev));
	free(out);
	free(back);
	printf("PASS holder\n");
	return 0;
}
