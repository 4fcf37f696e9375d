/*
 * Launching kernels: arguments through kernelParams and through a packed
 * buffer, cuLaunchKernelEx, and dynamic shared memory.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "kernel_runs.h"

/* Must match struct mixed in tests/kernels/kernels.cu. */
struct mixed {
	char c;
	double d;
	int i[3];
};
_Static_assert(sizeof(struct mixed) == 32, "struct mixed is 32 bytes");

static int setup(CUmodule *m)
{
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(m, "kernels.cubin"));
	return 0;
}

int test_launch(void)
{
	struct mixed mixed;
	char c = 'A';
	short s = 12345;
	double d = 2.5;
	unsigned long long out[6];
	CUdeviceptr dout, words;
	unsigned v = 1;
	unsigned long long count = 1;
	void *params[] = { &c, &mixed, &s, &d, &dout };
	void *fill_params[] = { &words, &v, &count };
	CUfunction f;
	CUmodule m;

	/* The padding after mixed.c is sent too: give it a value. */
	memset(&mixed, 0, sizeof mixed);
	mixed.c = 'z';
	mixed.d = 3.25;
	mixed.i[0] = 1;
	mixed.i[1] = 20;
	mixed.i[2] = 300;

	TRY(setup(&m));
	TRY(e2e_get_function(&f, m, "vec_add"));
	TRY(e2e_run_vec_add(f, 10007, NULL));

	/* Arguments of sizes 1, 32, 2, 8 and 8, each at its own alignment. */
	TRY(e2e_get_function(&f, m, "mixed_args"));
	TRY(e2e_dalloc(&dout, sizeof(out)));
	CHECK_CU(cuMemsetD8(dout, 0xff, sizeof(out)), CUDA_SUCCESS);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(out, dout, sizeof(out)), CUDA_SUCCESS);
	CHECK_EQ(out[0], 'A');
	CHECK_EQ(out[1], 'z');
	CHECK_EQ(out[2], 3250);
	CHECK_EQ(out[3], 321);
	CHECK_EQ(out[4], 12345);
	CHECK_EQ(out[5], 2500);

	/* More words than threads, so the grid-stride loop matters. */
	TRY(e2e_get_function(&f, m, "fill_u32"));
	TRY(e2e_dalloc(&words, 100001 * sizeof(unsigned)));
	TRY(e2e_run_fill(f, words, 0xfeedf00d, 100000, NULL));

	/* Shapes the device cannot run. */
	CHECK_CU(cuLaunchKernel(f, 0, 1, 1, 32, 1, 1, 0, NULL, fill_params,
				NULL), CUDA_ERROR_INVALID_VALUE);
	/* Past the device's limits: refused at the launch, as the runtime's
	 * cudaGetLastError after a kernel<<<>>> expects. */
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 2048, 1, 1, 0, NULL,
				fill_params, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 32, 2, 0, NULL,
				fill_params, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 1, 1, 128, 0, NULL,
				fill_params, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 65536, 1, 32, 1, 1, 0, NULL,
				fill_params, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 64u << 20, NULL,
				fill_params, NULL), CUDA_ERROR_INVALID_VALUE);
	/* The context is still good. */
	TRY(e2e_run_fill(f, words, 7, 100, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

int test_launch_extra(void)
{
	const int n = 777;
	float a[777], b[777], c[777];
	CUdeviceptr da, db, dc;
	/* vec_add's parameters as laid out on the device: three pointers
	 * at 0, 8 and 16, the int at 24; 28 bytes in all. */
	unsigned char buf[28];
	size_t size = sizeof(buf);
	void *extra[] = {
		CU_LAUNCH_PARAM_BUFFER_POINTER, buf,
		CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
		CU_LAUNCH_PARAM_END,
	};
	void *params[] = { &da, &db, &dc, (void *)&n };
	CUfunction f;
	CUmodule m;
	int i;

	TRY(setup(&m));
	TRY(e2e_get_function(&f, m, "vec_add"));
	for (i = 0; i < n; i++) {
		a[i] = (float)(i * 3);
		b[i] = (float)(-i);
		c[i] = 0;
	}
	TRY(e2e_dalloc(&da, sizeof(a)));
	TRY(e2e_dalloc(&db, sizeof(b)));
	TRY(e2e_dalloc(&dc, sizeof(c)));
	CHECK_CU(cuMemcpyHtoD(da, a, sizeof(a)), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyHtoD(db, b, sizeof(b)), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD32(dc, 0, n), CUDA_SUCCESS);
	memcpy(buf + 0, &da, 8);
	memcpy(buf + 8, &db, 8);
	memcpy(buf + 16, &dc, 8);
	memcpy(buf + 24, &n, 4);

	CHECK_CU(cuLaunchKernel(f, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL,
				NULL, extra), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(c, dc, sizeof(c)), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		CHECK(c[i] == (float)(2 * i));

	/* One way of passing arguments or the other, not both. */
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 128, 1, 1, 0, NULL, params, extra),
		 CUDA_ERROR_INVALID_VALUE);
	return 0;
}

int test_launch_ex(void)
{
	CUlaunchAttribute attr;
	CUlaunchConfig config;
	CUdeviceptr p;
	unsigned long long n = 100003;
	unsigned v = 0x600dcafe, *back = e2e_malloc(n * sizeof(unsigned));
	void *params[] = { &p, &v, &n };
	unsigned long long i;
	CUfunction f;
	CUstream s;
	CUmodule m;

	TRY(setup(&m));
	TRY(e2e_get_function(&f, m, "fill_u32"));
	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&p, n * sizeof(unsigned)));

	memset(&attr, 0, sizeof(attr));
	attr.id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
	attr.value.priority = 0;
	memset(&config, 0, sizeof(config));
	config.gridDimX = 7;
	config.gridDimY = config.gridDimZ = 1;
	config.blockDimX = 128;
	config.blockDimY = config.blockDimZ = 1;
	config.hStream = s;
	config.attrs = &attr;
	config.numAttrs = 1;
	CHECK_CU(cuLaunchKernelEx(&config, f, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, p, n * sizeof(unsigned)), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		CHECK_EQ(back[i], 0x600dcafe);

	/* No attributes at all. */
	v = 0x0badf00d;
	config.attrs = NULL;
	config.numAttrs = 0;
	CHECK_CU(cuLaunchKernelEx(&config, f, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, p, n * sizeof(unsigned)), CUDA_SUCCESS);
	for (i = 0; i < n; i++)
		CHECK_EQ(back[i], 0x0badf00d);
	return 0;
}

int test_dynamic_smem(void)
{
	enum { N = 5000, BLOCK = 1024, SMEM = 65536 };
	float *data = e2e_malloc(N * sizeof(float));
	float factor = 1.5f;
	int n = N, value = 0, i;
	CUdeviceptr p;
	void *params[] = { &p, &factor, &n };
	CUfunction f;
	CUmodule m;

	TRY(setup(&m));
	TRY(e2e_get_function(&f, m, "scale_dyn_smem"));
	for (i = 0; i < N; i++)
		data[i] = (float)i;
	TRY(e2e_dalloc(&p, N * sizeof(float)));
	CHECK_CU(cuMemcpyHtoD(p, data, N * sizeof(float)), CUDA_SUCCESS);

	/* Over 48 KiB of shared memory a kernel has to opt in. */
	CHECK_CU_ASYNC(cuLaunchKernel(f, (N + BLOCK - 1) / BLOCK, 1, 1, BLOCK,
				      1, 1, SMEM, NULL, params, NULL),
		       CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuFuncSetAttribute(f,
			CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, SMEM),
		 CUDA_SUCCESS);
	CHECK_CU(cuFuncGetAttribute(&value,
			CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f),
		 CUDA_SUCCESS);
	CHECK_EQ(value, SMEM);
	CHECK_CU(cuLaunchKernel(f, (N + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1,
				SMEM, NULL, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(data, p, N * sizeof(float)), CUDA_SUCCESS);
	for (i = 0; i < N; i++)
		if (data[i] != 1.5f * (float)i)
			return e2e_fail(__FILE__, __LINE__, "scale_dyn_smem: "
					"p[%d] is %g, expected %g", i,
					(double)data[i], 1.5 * i);
	return 0;
}
