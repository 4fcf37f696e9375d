/*
 * selftest_launch.c - checks modules, libraries and kernel launches of the
 * stand-in.
 */
#include <elf.h>
#include <stdint.h>
#include <string.h>

#include "common/image.h"
#include "selftest.h"

/* kernels.md's parameter layouts, as (offset, size) pairs. */
static const struct {
	const char *name;
	int count;
	size_t layout[5][2];
} param_layouts[] = {
	{ "vec_add", 4, { { 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 4 } } },
	{ "fill_u32", 3, { { 0, 8 }, { 8, 4 }, { 16, 8 } } },
	{ "mixed_args", 5,
	    { { 0, 1 }, { 8, 32 }, { 40, 2 }, { 48, 8 }, { 56, 8 } } },
	{ "read_global", 1, { { 0, 8 } } },
	{ "scale_dyn_smem", 3, { { 0, 8 }, { 8, 4 }, { 12, 4 } } },
	{ "fault", 1, { { 0, 8 } } },
	{ "spin", 1, { { 0, 8 } } },
	{ "vectorAdd", 4, { { 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 4 } } },
	{ "matrixMul", 5,
	    { { 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 4 }, { 28, 4 } } },
};

struct mixed {
	char c;
	double d;
	int i[3];
};

static void
check_param_layouts(CUmodule mod)
{
	size_t offset, size;
	CUfunction f;

	for (size_t k = 0; k < sizeof(param_layouts) / sizeof(*param_layouts);
	    k++) {
		OK(cuModuleGetFunction(&f, mod, param_layouts[k].name));
		for (int i = 0; i < param_layouts[k].count; i++) {
			OK(cuFuncGetParamInfo(f, (size_t)i, &offset, &size));
			CHECK(offset == param_layouts[k].layout[i][0]);
			CHECK(size == param_layouts[k].layout[i][1]);
		}
		EXPECT(cuFuncGetParamInfo(f, (size_t)param_layouts[k].count,
		    &offset, &size), CUDA_ERROR_INVALID_VALUE);
	}
}

/* Option values are passed by value; the sizes come back rewritten. */
static void
set_log_options(void **values, char *info, char *error)
{
	values[0] = info;
	values[1] = (void *)(uintptr_t)128;
	values[2] = error;
	values[3] = (void *)(uintptr_t)128;
	values[4] = (void *)(uintptr_t)1;
}

void
selftest_modules(void)
{
	struct image_fatbin_header fatbin = { IMAGE_FATBIN_MAGIC, 1,
	    IMAGE_FATBIN_HEADER, 64 };
	struct image_fatbin_wrapper wrapper = { IMAGE_WRAPPER_MAGIC, 1, &fatbin,
	    NULL };
	char info[128], error[128], expected[128];
	CUjit_option options[] = {
		CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
		CU_JIT_LOG_VERBOSE
	};
	void *values[5];
	CUmodule a, b, c;
	CUcontext ctx;
	CUfunction f;
	CUdeviceptr g;
	struct {
		Elf64_Ehdr header;
		Elf64_Shdr sections[2];
	} cubin;
	size_t bytes;
	int value;

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	EXPECT(cuModuleLoadData(&a, "not an image"), CUDA_ERROR_INVALID_IMAGE);
	set_log_options(values, info, error);
	EXPECT(cuModuleLoadDataEx(&a, "junk", 5, options, values),
	    CUDA_ERROR_INVALID_IMAGE);
	CHECK(strstr(error, "not a cubin") != NULL);
	CHECK((uintptr_t)values[3] == strlen(error) + 1);
	set_log_options(values, info, error);
	OK(cuModuleLoadDataEx(&a, SELFTEST_PTX, 5, options, values));
	snprintf(expected, sizeof(expected), "fakecuda: loaded %zu-byte image",
	    sizeof(SELFTEST_PTX));
	CHECK(strcmp(info, expected) == 0);
	CHECK((uintptr_t)values[1] == strlen(info) + 1);
	CHECK((uintptr_t)values[3] == 0 && error[0] == '\0');

	OK(cuModuleLoadFatBinary(&b, &fatbin));
	OK(cuModuleUnload(b));
	OK(cuModuleLoadData(&b, &wrapper));
	/* The smallest cubin: an ELF header and a section-name table. */
	memset(&cubin, 0, sizeof(cubin));
	memcpy(cubin.header.e_ident, ELFMAG, SELFMAG);
	cubin.header.e_ident[EI_CLASS] = ELFCLASS64;
	cubin.header.e_ident[EI_DATA] = ELFDATA2LSB;
	cubin.header.e_machine = EM_CUDA;
	EXPECT(cuModuleLoadData(&c, &cubin), CUDA_ERROR_INVALID_IMAGE);
	cubin.header.e_shoff = sizeof(cubin.header);
	cubin.header.e_shentsize = sizeof(Elf64_Shdr);
	cubin.header.e_shnum = 2;
	cubin.header.e_shstrndx = 1;
	cubin.sections[1].sh_type = SHT_STRTAB;
	OK(cuModuleLoadData(&c, &cubin));
	OK(cuModuleUnload(c));
	EXPECT(cuModuleGetFunction(&f, c, "vec_add"),
	    CUDA_ERROR_INVALID_HANDLE);
	EXPECT(cuModuleGetFunction(&f, a, "no_such_kernel"),
	    CUDA_ERROR_NOT_FOUND);
	EXPECT(cuModuleGetGlobal(&g, &bytes, a, "no_such_global"),
	    CUDA_ERROR_NOT_FOUND);
	check_param_layouts(a);

	/* Each module has its own g_value. */
	OK(cuModuleGetGlobal(&g, &bytes, a, "g_value"));
	CHECK(bytes == 4);
	value = 7;
	OK(cuMemcpyHtoD(g, &value, sizeof(value)));
	OK(cuModuleGetGlobal(&g, NULL, b, "g_value"));
	OK(cuMemcpyDtoH(&value, g, sizeof(value)));
	CHECK(value == 42);
	OK(cuModuleGetFunction(&f, a, "read_global"));
	OK(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
	CHECK(value == 16);
	EXPECT(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NUM_REGS, 8),
	    CUDA_ERROR_INVALID_VALUE);
	OK(cuCtxDestroy(ctx));
}

static void
check_faults_are_sticky(void)
{
	CUcontext ctx;
	CUmodule mod;
	CUfunction f;
	CUdeviceptr p;
	int *null = NULL;
	void *args[] = { &null };

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuModuleLoadData(&mod, SELFTEST_PTX));
	OK(cuModuleGetFunction(&f, mod, "fault"));
	OK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
	EXPECT(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
	EXPECT(cuMemAlloc(&p, 16), CUDA_ERROR_ILLEGAL_ADDRESS);
	EXPECT(cuStreamSynchronize(NULL), CUDA_ERROR_ILLEGAL_ADDRESS);
	OK(cuCtxDestroy(ctx));
	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuMemAlloc(&p, 16));
	OK(cuCtxDestroy(ctx));
}

static void
check_matrix_mul(CUmodule mod)
{
	enum { HA = 32, WA = 16, WB = 32 };
	static float a[HA * WA], b[WA * WB], c[HA * WB];
	CUdeviceptr da, db, dc;
	int wa = WA, wb = WB;
	void *args[] = { &dc, &da, &db, &wa, &wb };
	CUfunction f;

	for (int i = 0; i < HA * WA; i++)
		a[i] = (float)(i % 7);
	for (int i = 0; i < WA * WB; i++)
		b[i] = (float)(i % 5);
	OK(cuMemAlloc(&da, sizeof(a)));
	OK(cuMemAlloc(&db, sizeof(b)));
	OK(cuMemAlloc(&dc, sizeof(c)));
	OK(cuMemcpyHtoD(da, a, sizeof(a)));
	OK(cuMemcpyHtoD(db, b, sizeof(b)));
	OK(cuModuleGetFunction(&f, mod, "matrixMul"));
	OK(cuLaunchKernel(f, WB / 16, HA / 16, 1, 16, 16, 1, 0, NULL, args,
	    NULL));
	OK(cuMemcpyDtoH(c, dc, sizeof(c)));
	for (int row = 0; row < HA; row++) {
		for (int col = 0; col < WB; col++) {
			float sum = 0;

			for (int k = 0; k < WA; k++)
				sum += a[row * WA + k] * b[k * WB + col];
			CHECK(c[row * WB + col] == sum);
		}
	}
}

void
selftest_launches(void)
{
	enum { N = 1000 };
	static float x[N], y[N], z[N];
	unsigned long long out[6];
	CUdeviceptr dx, dy, dz, dout, g;
	struct mixed m = { 'b', 2.5, { 1, 2, -10 } };
	char ch = 'A';
	short s = -3;
	double d = 1.25;
	int n = N;
	void *vec_args[] = { &dx, &dy, &dz, &n };
	void *mixed_args[] = { &ch, &m, &s, &d, &dout };
	void *global_args[] = { &dout };
	void *scale_args[3];
	struct { CUdeviceptr p; unsigned int v; unsigned long long n; } fill;
	size_t fill_size = sizeof(fill);
	void *extra[] = {
		CU_LAUNCH_PARAM_BUFFER_POINTER, &fill,
		CU_LAUNCH_PARAM_BUFFER_SIZE, &fill_size, CU_LAUNCH_PARAM_END
	};
	CUlaunchAttribute attr;
	CUlaunchConfig config;
	float factor = 2.0f;
	CUcontext ctx;
	CUmodule mod;
	CUlibrary lib;
	CUkernel kernel;
	CUfunction f;
	int value;

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuModuleLoadData(&mod, SELFTEST_PTX));
	for (int i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 0.5f;
	}
	OK(cuMemAlloc(&dx, sizeof(x)));
	OK(cuMemAlloc(&dy, sizeof(y)));
	OK(cuMemAlloc(&dz, sizeof(z)));
	OK(cuMemcpyHtoD(dx, x, sizeof(x)));
	OK(cuMemcpyHtoD(dy, y, sizeof(y)));
	OK(cuModuleGetFunction(&f, mod, "vec_add"));
	EXPECT(cuLaunchKernel(f, 1, 1, 1, 32, 33, 1, 0, NULL, vec_args, NULL),
	    CUDA_ERROR_INVALID_VALUE);
	EXPECT(cuLaunchKernel(f, 4, 1, 1, 256, 1, 1, 0, NULL, vec_args, extra),
	    CUDA_ERROR_INVALID_VALUE);
	OK(cuLaunchKernel(f, 4, 1, 1, 256, 1, 1, 0, NULL, vec_args, NULL));
	OK(cuMemcpyDtoH(z, dz, sizeof(z)));
	CHECK(z[0] == 0.5f && z[N - 1] == N - 0.5f);

	/* A grid-stride fill through `extra`, and through cuLaunchKernelEx. */
	fill.p = dz;
	fill.v = 0x01020304;
	fill.n = N;
	OK(cuModuleGetFunction(&f, mod, "fill_u32"));
	memset(&attr, 0, sizeof(attr));
	attr.id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
	memset(&config, 0, sizeof(config));
	config.gridDimX = 2;
	config.gridDimY = config.gridDimZ = 1;
	config.blockDimX = 128;
	config.blockDimY = config.blockDimZ = 1;
	config.attrs = &attr;
	config.numAttrs = 1;
	OK(cuLaunchKernelEx(&config, f, NULL, extra));
	OK(cuMemcpyDtoH(&value, dz + (N - 1) * 4, 4));
	CHECK(value == 0x01020304);
	fill.n = N + 1;
	OK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra));
	EXPECT(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
	OK(cuCtxDestroy(ctx));

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuModuleLoadData(&mod, SELFTEST_PTX));
	OK(cuMemAlloc(&dout, sizeof(out)));
	OK(cuModuleGetFunction(&f, mod, "mixed_args"));
	OK(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, mixed_args, NULL));
	OK(cuMemcpyDtoH(out, dout, sizeof(out)));
	CHECK(out[0] == 'A' && out[1] == 'b' && out[2] == 2500);
	CHECK(out[3] == (unsigned long long)-7 && out[5] == 1250);
	CHECK(out[4] == (unsigned long long)-3);

	/* More than 48 KiB of dynamic shared memory needs an opt-in. */
	OK(cuMemAlloc(&dx, sizeof(x)));
	OK(cuMemcpyHtoD(dx, x, sizeof(x)));
	scale_args[0] = &dx;
	scale_args[1] = &factor;
	scale_args[2] = &n;
	OK(cuModuleGetFunction(&f, mod, "scale_dyn_smem"));
	EXPECT(cuLaunchKernel(f, 1, 1, 1, 1024, 1, 1, 64 << 10, NULL,
	    scale_args, NULL), CUDA_ERROR_INVALID_VALUE);
	OK(cuFuncSetAttribute(f,
	    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 64 << 10));
	OK(cuLaunchKernel(f, 1, 1, 1, 1024, 1, 1, 64 << 10, NULL, scale_args,
	    NULL));
	OK(cuMemcpyDtoH(z, dx, sizeof(z)));
	CHECK(z[1] == 2.0f && z[N - 1] == 2.0f * (N - 1));
	check_matrix_mul(mod);

	/* Library kernels launch by CUkernel and share their attributes. */
	OK(cuLibraryLoadData(&lib, SELFTEST_PTX, NULL, NULL, 0, NULL, NULL, 0));
	OK(cuLibraryGetKernel(&kernel, lib, "read_global"));
	OK(cuLibraryGetGlobal(&g, NULL, lib, "g_value"));
	value = 5;
	OK(cuMemcpyHtoD(g, &value, sizeof(value)));
	OK(cuLaunchKernel((CUfunction)kernel, 1, 1, 1, 1, 1, 1, 0, NULL,
	    global_args, NULL));
	OK(cuMemcpyDtoH(&value, dout, sizeof(value)));
	CHECK(value == 5);
	OK(cuLibraryGetKernel(&kernel, lib, "scale_dyn_smem"));
	OK(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
	    100 << 10, kernel, 0));
	OK(cuKernelGetFunction(&f, kernel));
	OK(cuFuncGetAttribute(&value,
	    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f));
	CHECK(value == 100 << 10);
	OK(cuLibraryUnload(lib));
	EXPECT(cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_NUM_REGS, f),
	    CUDA_ERROR_INVALID_HANDLE);
	OK(cuCtxDestroy(ctx));
	check_faults_are_sticky();
}
