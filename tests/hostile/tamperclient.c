/*
 * tamperclient: launches vec_add (tests/kernels/kernels.cu) from a module
 * loaded as a cubin, from one loaded as PTX, from one loaded as a fatbin
 * whose every entry is compressed (nvcc -Xfatbin -compress-all: the
 * client inflates them to check), and from the cubin that a cuLink* of
 * that PTX made (the server's driver links it, so the client
 * holds it against the PTX it gave the link), for tests/hostile/tamper.py,
 * which sits between this program and oncudad and may rewrite the
 * server's parameter layouts (issue 17, finding 3).
 *
 *   tamperclient KERNELS_DIR
 *
 * For each it prints one line, "IMAGE RESULT" (IMAGE: kernels.cubin,
 * kernels.ptx, kernels_zstd.fatbin, linked), where RESULT is the name of
 * what cuLaunchKernel returned, or "wrong-sums" when the launch succeeded
 * and c is not a + b.
 * The kernel's last argument, n, lies just before 32 KiB of a marker
 * string: a client that copied more of n than its 4 bytes would send the
 * marker to the server, where the proxy looks for it.  Exits 0 once the
 * four lines are printed; 1 when something before a launch failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "tests/system/check.h"

#define N 256
/* tamper.py looks for this in what the client sends. */
#define MARKER "oncuda-tamper-marker:the-program's-own-memory;"

/* vec_add's last argument, and what lies after it in the program. */
struct after_n {
	int n;
	char secret[32768];
};

static struct after_n arg;

static const char *launch(CUmodule module)
{
	float a[N], b[N], c[N];
	CUdeviceptr da, db, dc;
	CUfunction f;
	CUresult e;
	void *params[4];

	CHECK(cuModuleGetFunction(&f, module, "vec_add"));
	for (int i = 0; i < N; i++) {
		a[i] = (float)i;
		b[i] = (float)(2 * i);
	}
	CHECK(cuMemAlloc(&da, sizeof(a)));
	CHECK(cuMemAlloc(&db, sizeof(b)));
	CHECK(cuMemAlloc(&dc, sizeof(c)));
	CHECK(cuMemcpyHtoD(da, a, sizeof(a)));
	CHECK(cuMemcpyHtoD(db, b, sizeof(b)));
	CHECK(cuMemsetD8(dc, 0, sizeof(c)));
	params[0] = &da;
	params[1] = &db;
	params[2] = &dc;
	params[3] = &arg.n;
	arg.n = N;
	e = cuLaunchKernel(f, 1, 1, 1, N, 1, 1, 0, NULL, params, NULL);
	if (e == CUDA_SUCCESS) {
		CHECK(cuMemcpyDtoH(c, dc, sizeof(c)));
		for (int i = 0; i < N; i++)
			if (c[i] != a[i] + b[i])
				return "wrong-sums";
	}
	CHECK(cuMemFree(da));
	CHECK(cuMemFree(db));
	CHECK(cuMemFree(dc));
	return result_name(e);
}

int main(int argc, char **argv)
{
	static const char *const images[] = { "kernels.cubin", "kernels.ptx",
					      "kernels_zstd.fatbin" };
	char path[4096];
	CUcontext ctx;
	CUdevice dev;

	if (argc != 2) {
		fprintf(stderr, "usage: tamperclient KERNELS_DIR\n");
		return 1;
	}
	for (size_t i = 0; i + sizeof(MARKER) <= sizeof(arg.secret);
	     i += sizeof(MARKER) - 1)
		memcpy(arg.secret + i, MARKER, sizeof(MARKER) - 1);
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));
	for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		CUmodule module;

		snprintf(path, sizeof(path), "%s/%s", argv[1], images[i]);
		CHECK(cuModuleLoad(&module, path));
		printf("%s %s\n", images[i], launch(module));
		fflush(stdout);
		CHECK(cuModuleUnload(module));
	}
	/* The cubin a link of the PTX made on the server, loaded from a
	 * copy, as numba does. */
	{
		CUlinkState link;
		CUmodule module;
		void *cubin, *copy;
		size_t size;

		snprintf(path, sizeof(path), "%s/kernels.ptx", argv[1]);
		CHECK(cuLinkCreate(0, NULL, NULL, &link));
		CHECK(cuLinkAddFile(link, CU_JIT_INPUT_PTX, path, 0, NULL,
				    NULL));
		CHECK(cuLinkComplete(link, &cubin, &size));
		if ((copy = malloc(size)) == NULL)
			return 1;
		memcpy(copy, cubin, size);
		CHECK(cuLinkDestroy(link));
		CHECK(cuModuleLoadData(&module, copy));
		printf("linked %s\n", launch(module));
		fflush(stdout);
		CHECK(cuModuleUnload(module));
		free(copy);
	}
	CHECK(cuCtxDestroy(ctx));
	return 0;
}
