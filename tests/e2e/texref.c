/*
 * Texture and surface references, as programs of the driver API before
 * texture objects use them: a module (PTX, which the driver compiles:
 * nvcc no longer writes texture<> references, ptxas still compiles them
 * for sm_90) declares texref_lin, texref_2d and surfref_2d; the program
 * binds them to linear memory, to a CUDA array and to pitched memory,
 * sets how they sample, launches kernels that read through them and
 * checks every element, and the getters give back what was set.  Through
 * oncuda a reference the server never gave out, or whose module is gone,
 * and memory outside the program's, stop at the server.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Texture references are deprecated, not gone. */
#define CUDA_ENABLE_DEPRECATED 1
#include "check.h"

enum { N = 300, W = 37, H = 23 };

/*
 * texref_fetch_1d(out, n): out[i] = the first channel of
 * tex1Dfetch(texref_lin, i) as an unsigned int.
 * texref_sample_2d(out, w, h, dx): out[y * w + x] = tex2D(texref_2d,
 * x + dx, y + 0.5).
 * surfref_write_2d(w, h, f): element (x, y) of surfref_2d = (y * w + x) * f.
 */
static const char ptx[] =
	".version 7.8\n"
	".target sm_90\n"
	".address_size 64\n"
	"\n"
	".global .texref texref_lin;\n"
	".global .texref texref_2d;\n"
	".global .surfref surfref_2d;\n"
	"\n"
	".visible .entry texref_fetch_1d(.param .u64 out, .param .u32 n)\n"
	"{\n"
	"\t.reg .pred %p<2>;\n"
	"\t.reg .b32 %r<10>;\n"
	"\t.reg .b64 %rd<5>;\n"
	"\n"
	"\tld.param.u64 %rd1, [out];\n"
	"\tld.param.u32 %r1, [n];\n"
	"\tmov.u32 %r2, %ctaid.x;\n"
	"\tmov.u32 %r3, %ntid.x;\n"
	"\tmov.u32 %r4, %tid.x;\n"
	"\tmad.lo.s32 %r5, %r2, %r3, %r4;\n"
	"\tsetp.ge.u32 %p1, %r5, %r1;\n"
	"\t@%p1 bra DONE;\n"
	"\ttex.1d.v4.u32.s32 {%r6, %r7, %r8, %r9}, [texref_lin, {%r5}];\n"
	"\tcvta.to.global.u64 %rd2, %rd1;\n"
	"\tmul.wide.u32 %rd3, %r5, 4;\n"
	"\tadd.s64 %rd4, %rd2, %rd3;\n"
	"\tst.global.u32 [%rd4], %r6;\n"
	"DONE:\n"
	"\tret;\n"
	"}\n"
	"\n"
	".visible .entry texref_sample_2d(.param .u64 out, .param .u32 w,\n"
	"    .param .u32 h, .param .f32 dx)\n"
	"{\n"
	"\t.reg .pred %p<3>;\n"
	"\t.reg .b32 %r<16>;\n"
	"\t.reg .f32 %f<10>;\n"
	"\t.reg .b64 %rd<5>;\n"
	"\n"
	"\tld.param.u64 %rd1, [out];\n"
	"\tld.param.u32 %r1, [w];\n"
	"\tld.param.u32 %r2, [h];\n"
	"\tld.param.f32 %f1, [dx];\n"
	"\tmov.u32 %r3, %ctaid.x;\n"
	"\tmov.u32 %r4, %ntid.x;\n"
	"\tmov.u32 %r5, %tid.x;\n"
	"\tmad.lo.s32 %r6, %r3, %r4, %r5;\n"
	"\tmov.u32 %r7, %ctaid.y;\n"
	"\tmov.u32 %r8, %ntid.y;\n"
	"\tmov.u32 %r9, %tid.y;\n"
	"\tmad.lo.s32 %r10, %r7, %r8, %r9;\n"
	"\tsetp.ge.u32 %p1, %r6, %r1;\n"
	"\tsetp.ge.u32 %p2, %r10, %r2;\n"
	"\tor.pred %p1, %p1, %p2;\n"
	"\t@%p1 bra DONE;\n"
	"\tcvt.rn.f32.u32 %f2, %r6;\n"
	"\tadd.f32 %f2, %f2, %f1;\n"
	"\tcvt.rn.f32.u32 %f3, %r10;\n"
	"\tadd.f32 %f3, %f3, 0f3F000000;\n"
	"\ttex.2d.v4.f32.f32 {%f4, %f5, %f6, %f7}, [texref_2d, {%f2, %f3}];\n"
	"\tmad.lo.s32 %r11, %r10, %r1, %r6;\n"
	"\tcvta.to.global.u64 %rd2, %rd1;\n"
	"\tmul.wide.u32 %rd3, %r11, 4;\n"
	"\tadd.s64 %rd4, %rd2, %rd3;\n"
	"\tst.global.f32 [%rd4], %f4;\n"
	"DONE:\n"
	"\tret;\n"
	"}\n"
	"\n"
	".visible .entry surfref_write_2d(.param .u32 w, .param .u32 h,\n"
	"    .param .f32 f)\n"
	"{\n"
	"\t.reg .pred %p<3>;\n"
	"\t.reg .b32 %r<16>;\n"
	"\t.reg .f32 %f<4>;\n"
	"\n"
	"\tld.param.u32 %r1, [w];\n"
	"\tld.param.u32 %r2, [h];\n"
	"\tld.param.f32 %f1, [f];\n"
	"\tmov.u32 %r3, %ctaid.x;\n"
	"\tmov.u32 %r4, %ntid.x;\n"
	"\tmov.u32 %r5, %tid.x;\n"
	"\tmad.lo.s32 %r6, %r3, %r4, %r5;\n"
	"\tmov.u32 %r7, %ctaid.y;\n"
	"\tmov.u32 %r8, %ntid.y;\n"
	"\tmov.u32 %r9, %tid.y;\n"
	"\tmad.lo.s32 %r10, %r7, %r8, %r9;\n"
	"\tsetp.ge.u32 %p1, %r6, %r1;\n"
	"\tsetp.ge.u32 %p2, %r10, %r2;\n"
	"\tor.pred %p1, %p1, %p2;\n"
	"\t@%p1 bra DONE;\n"
	"\tmad.lo.s32 %r11, %r10, %r1, %r6;\n"
	"\tcvt.rn.f32.u32 %f2, %r11;\n"
	"\tmul.f32 %f3, %f2, %f1;\n"
	"\tmov.b32 %r12, %f3;\n"
	"\tshl.b32 %r13, %r6, 2;\n"
	"\tsust.b.2d.b32.trap [surfref_2d, {%r13, %r10}], {%r12};\n"
	"DONE:\n"
	"\tret;\n"
	"}\n";

static int load(CUmodule *m)
{
	CHECK_CU(cuModuleLoadData(m, ptx), CUDA_SUCCESS);
	e2e_defer_module(*m);
	return 0;
}

static int launch_2d(CUfunction f, void **params)
{
	CHECK_CU(cuLaunchKernel(f, (W + 15) / 16, (H + 7) / 8, 1, 16, 8, 1, 0,
				NULL, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

/* Runs texref_sample_2d with dx and compares with want, to 1/1000. */
static int sample_all(CUfunction sample, float dx, const float *want)
{
	float back[W * H];
	CUdeviceptr out;
	unsigned int w = W, h = H;
	void *params[] = { &out, &w, &h, &dx };

	TRY(e2e_dalloc(&out, sizeof back));
	CHECK_CU(cuMemsetD8(out, 0, sizeof back), CUDA_SUCCESS);
	TRY(launch_2d(sample, params));
	CHECK_CU(cuMemcpyDtoH(back, out, sizeof back), CUDA_SUCCESS);
	for (int i = 0; i < W * H; i++)
		if (back[i] - want[i] > 1e-3f || want[i] - back[i] > 1e-3f)
			return e2e_fail(__FILE__, __LINE__, "element (%d, %d) "
					"is %g, not %g", i % W, i / W,
					(double)back[i], (double)want[i]);
	return 0;
}

/* Element (x, y) of the test's 2D data: small whole numbers. */
static float value_at(int x, int y)
{
	return (float)((x * 7 + y * 3) % 41);
}

/* in, W x H packed, into array a, or into pitched memory p when a is NULL. */
static int copy_in(const float *in, CUarray a, CUdeviceptr p, size_t pitch)
{
	CUDA_MEMCPY2D c;

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = in;
	c.srcPitch = W * sizeof(float);
	c.dstMemoryType = a != NULL ? CU_MEMORYTYPE_ARRAY : CU_MEMORYTYPE_DEVICE;
	c.dstArray = a;
	c.dstDevice = p;
	c.dstPitch = pitch;
	c.WidthInBytes = W * sizeof(float);
	c.Height = H;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);
	return 0;
}

static int float_array(CUarray *a, unsigned int flags)
{
	CUDA_ARRAY3D_DESCRIPTOR d;

	memset(&d, 0, sizeof d);
	d.Width = W;
	d.Height = H;
	d.Format = CU_AD_FORMAT_FLOAT;
	d.NumChannels = 1;
	d.Flags = flags;
	CHECK_CU(cuArray3DCreate(a, &d), CUDA_SUCCESS);
	return 0;
}

/*
 * 16-bit elements in linear memory, read as integers: were the flag lost
 * on the way, the texture unit would hand the kernel floats in [0, 1].
 */
int test_texref_linear(void)
{
	unsigned short in[N];
	unsigned int back[N];
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUfunction fetch;
	CUtexref t, again;
	CUdeviceptr d, out, got;
	CUarray_format format;
	int channels;
	unsigned int flags, n = N;
	size_t offset = 1;
	void *params[] = { &out, &n };

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(load(&m));
	TRY(e2e_get_function(&fetch, m, "texref_fetch_1d"));
	CHECK_CU(cuModuleGetTexRef(&t, m, "texref_lin"), CUDA_SUCCESS);
	CHECK(t != NULL);
	CHECK_CU(cuModuleGetTexRef(&again, m, "texref_lin"), CUDA_SUCCESS);
	CHECK(again == t);
	CHECK_CU(cuModuleGetTexRef(&again, m, "no_such_texref"),
		 CUDA_ERROR_NOT_FOUND);

	for (int i = 0; i < N; i++)
		in[i] = (unsigned short)(i * 211 + 5);
	TRY(e2e_dalloc(&d, sizeof in));
	TRY(e2e_dalloc(&out, sizeof back));
	CHECK_CU(cuMemcpyHtoD(d, in, sizeof in), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD8(out, 0xff, sizeof back), CUDA_SUCCESS);
	/* An allocation's start is aligned for the texture unit. */
	CHECK_CU(cuTexRefSetAddress(&offset, t, d, sizeof in), CUDA_SUCCESS);
	CHECK_EQ(offset, 0);
	CHECK_CU(cuTexRefSetFormat(t, CU_AD_FORMAT_UNSIGNED_INT16, 1),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFlags(t, CU_TRSF_READ_AS_INTEGER), CUDA_SUCCESS);
	/* The launch API of CUDA 2 named the references a kernel reads. */
	CHECK_CU(cuParamSetTexRef(fetch, CU_PARAM_TR_DEFAULT, t), CUDA_SUCCESS);

	CHECK_CU(cuLaunchKernel(fetch, (N + 127) / 128, 1, 1, 128, 1, 1, 0,
				NULL, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, out, sizeof back), CUDA_SUCCESS);
	for (int i = 0; i < N; i++)
		CHECK_EQ(back[i], in[i]);

	CHECK_CU(cuTexRefGetAddress(&got, t), CUDA_SUCCESS);
	CHECK_EQ(got, d);
	CHECK_CU(cuTexRefGetFormat(&format, &channels, t), CUDA_SUCCESS);
	CHECK_EQ(format, CU_AD_FORMAT_UNSIGNED_INT16);
	CHECK_EQ(channels, 1);
	CHECK_CU(cuTexRefGetFlags(&flags, t), CUDA_SUCCESS);
	CHECK_EQ(flags, CU_TRSF_READ_AS_INTEGER);
	return 0;
}

/* The sampling state a program sets comes back as set. */
static int state_round_trip(CUtexref t)
{
	CUfilter_mode fm;
	float bias, lo, hi;
	int aniso;

	CHECK_CU(cuTexRefSetMaxAnisotropy(t, 4), CUDA_SUCCESS);
	CHECK_CU(cuTexRefGetMaxAnisotropy(&aniso, t), CUDA_SUCCESS);
	CHECK_EQ(aniso, 4);
	CHECK_CU(cuTexRefSetMipmapFilterMode(t, CU_TR_FILTER_MODE_LINEAR),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefGetMipmapFilterMode(&fm, t), CUDA_SUCCESS);
	CHECK_EQ(fm, CU_TR_FILTER_MODE_LINEAR);
	CHECK_CU(cuTexRefSetMipmapLevelBias(t, 0.5f), CUDA_SUCCESS);
	CHECK_CU(cuTexRefGetMipmapLevelBias(&bias, t), CUDA_SUCCESS);
	CHECK(bias == 0.5f);
	CHECK_CU(cuTexRefSetMipmapLevelClamp(t, 1.0f, 3.0f), CUDA_SUCCESS);
	CHECK_CU(cuTexRefGetMipmapLevelClamp(&lo, &hi, t), CUDA_SUCCESS);
	CHECK(lo == 1.0f && hi == 3.0f);
	return 0;
}

/*
 * A 2D array through texref_2d: linear filtering with clamping halves
 * each element with its right neighbour (the last column with itself);
 * point sampling with a border reads past the right edge as the border
 * color.  Then pitched memory bound with cuTexRefSetAddress2D.
 */
int test_texref_array(void)
{
	float in[W * H], want[W * H], border[4] = { 7.5f, 1, 2, 3 }, bc[4];
	CUDA_ARRAY_DESCRIPTOR desc;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUfunction sample;
	CUtexref t;
	CUarray a, got;
	CUdeviceptr p, gotp;
	CUaddress_mode am;
	CUfilter_mode fm;
	CUarray_format format;
	int channels;
	size_t pitch;
	CUresult (*set_2d_v2)(CUtexref, const CUDA_ARRAY_DESCRIPTOR *,
			      CUdeviceptr, size_t);
	CUdriverProcAddressQueryResult found;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(load(&m));
	TRY(e2e_get_function(&sample, m, "texref_sample_2d"));
	CHECK_CU(cuModuleGetTexRef(&t, m, "texref_2d"), CUDA_SUCCESS);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			in[y * W + x] = value_at(x, y);
	TRY(float_array(&a, 0));
	TRY(copy_in(in, a, 0, 0));

	CHECK_CU(cuTexRefSetArray(t, a, CU_TRSA_OVERRIDE_FORMAT), CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFlags(t, 0), CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFilterMode(t, CU_TR_FILTER_MODE_LINEAR),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 0, CU_TR_ADDRESS_MODE_CLAMP),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 1, CU_TR_ADDRESS_MODE_CLAMP),
		 CUDA_SUCCESS);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			want[y * W + x] = (value_at(x, y) +
			    value_at(x + 1 < W ? x + 1 : x, y)) / 2;
	TRY(sample_all(sample, 1.0f, want));

	CHECK_CU(cuTexRefSetFilterMode(t, CU_TR_FILTER_MODE_POINT),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 0, CU_TR_ADDRESS_MODE_BORDER),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 1, CU_TR_ADDRESS_MODE_BORDER),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetBorderColor(t, border), CUDA_SUCCESS);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			want[y * W + x] = x + 2 < W ? value_at(x + 2, y) : 7.5f;
	TRY(sample_all(sample, 2.5f, want));

	CHECK_CU(cuTexRefGetArray(&got, t), CUDA_SUCCESS);
	CHECK(got == a);
	CHECK_CU(cuTexRefGetFilterMode(&fm, t), CUDA_SUCCESS);
	CHECK_EQ(fm, CU_TR_FILTER_MODE_POINT);
	CHECK_CU(cuTexRefGetAddressMode(&am, t, 0), CUDA_SUCCESS);
	CHECK_EQ(am, CU_TR_ADDRESS_MODE_BORDER);
	CHECK_CU(cuTexRefGetBorderColor(bc, t), CUDA_SUCCESS);
	CHECK_MEM(bc, border, sizeof bc);
	CHECK_CU(cuTexRefGetFormat(&format, &channels, t), CUDA_SUCCESS);
	CHECK_EQ(format, CU_AD_FORMAT_FLOAT);
	CHECK_EQ(channels, 1);
	TRY(state_round_trip(t));

	/* Pitched memory, point-sampled at element centres: the input. */
	CHECK_CU(cuMemAllocPitch(&p, &pitch, W * sizeof(float), H, 4),
		 CUDA_SUCCESS);
	e2e_defer_mem(p);
	TRY(copy_in(in, NULL, p, pitch));
	memset(&desc, 0, sizeof desc);
	desc.Width = W;
	desc.Height = H;
	desc.Format = CU_AD_FORMAT_FLOAT;
	desc.NumChannels = 1;
	CHECK_CU(cuTexRefSetAddress2D(t, &desc, p, pitch), CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 0, CU_TR_ADDRESS_MODE_CLAMP),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 1, CU_TR_ADDRESS_MODE_CLAMP),
		 CUDA_SUCCESS);
	TRY(sample_all(sample, 0.5f, in));
	CHECK_CU(cuTexRefGetAddress(&gotp, t), CUDA_SUCCESS);
	CHECK_EQ(gotp, p);

	/* The form of CUDA 4.0 (cuTexRefSetAddress2D_v2) binds alike. */
	CHECK_CU(cuTexRefSetArray(t, a, CU_TRSA_OVERRIDE_FORMAT), CUDA_SUCCESS);
	CHECK_CU(cuGetProcAddress("cuTexRefSetAddress2D", (void **)&set_2d_v2,
				  3020, 0, &found), CUDA_SUCCESS);
	CHECK_EQ(found, CU_GET_PROC_ADDRESS_SUCCESS);
	CHECK_CU(set_2d_v2(t, &desc, p, pitch), CUDA_SUCCESS);
	TRY(sample_all(sample, 0.5f, in));

	CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
	return 0;
}

/* surfref_2d bound to an array made for surface stores, then read back. */
int test_surfref(void)
{
	float want[W * H], back[W * H];
	CUDA_MEMCPY2D c;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUfunction write;
	CUsurfref s;
	CUarray a, got;
	unsigned int w = W, h = H;
	float f = 0.5f;
	void *params[] = { &w, &h, &f };

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(load(&m));
	TRY(e2e_get_function(&write, m, "surfref_write_2d"));
	CHECK_CU(cuModuleGetSurfRef(&s, m, "surfref_2d"), CUDA_SUCCESS);
	CHECK(s != NULL);
	TRY(float_array(&a, CUDA_ARRAY3D_SURFACE_LDST));
	CHECK_CU(cuSurfRefSetArray(s, a, 0), CUDA_SUCCESS);
	CHECK_CU(cuSurfRefGetArray(&got, s), CUDA_SUCCESS);
	CHECK(got == a);
	TRY(launch_2d(write, params));

	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
	c.srcArray = a;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.dstPitch = W * sizeof(float);
	c.WidthInBytes = W * sizeof(float);
	c.Height = H;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);
	for (int i = 0; i < W * H; i++)
		want[i] = (float)i * 0.5f;
	CHECK_MEM(back, want, sizeof back);
	CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
	return 0;
}

/* A reference of no module holds a binding and a state until destroyed. */
int test_texref_create(void)
{
	CUcontext ctx;
	CUdevice dev;
	CUtexref t;
	CUdeviceptr d, got;
	CUaddress_mode am;
	CUfilter_mode fm;
	CUarray_format format;
	int channels;
	unsigned int flags;
	size_t offset;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuTexRefCreate(&t), CUDA_SUCCESS);
	CHECK(t != NULL);
	CHECK_CU(cuTexRefSetFormat(t, CU_AD_FORMAT_FLOAT, 2), CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetAddressMode(t, 1, CU_TR_ADDRESS_MODE_MIRROR),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFilterMode(t, CU_TR_FILTER_MODE_LINEAR),
		 CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFlags(t, CU_TRSF_NORMALIZED_COORDINATES),
		 CUDA_SUCCESS);
	TRY(e2e_dalloc(&d, 4096));
	CHECK_CU(cuTexRefSetAddress(&offset, t, d, 4096), CUDA_SUCCESS);
	CHECK_EQ(offset, 0);

	CHECK_CU(cuTexRefGetFormat(&format, &channels, t), CUDA_SUCCESS);
	CHECK_EQ(format, CU_AD_FORMAT_FLOAT);
	CHECK_EQ(channels, 2);
	CHECK_CU(cuTexRefGetAddressMode(&am, t, 1), CUDA_SUCCESS);
	CHECK_EQ(am, CU_TR_ADDRESS_MODE_MIRROR);
	CHECK_CU(cuTexRefGetFilterMode(&fm, t), CUDA_SUCCESS);
	CHECK_EQ(fm, CU_TR_FILTER_MODE_LINEAR);
	CHECK_CU(cuTexRefGetFlags(&flags, t), CUDA_SUCCESS);
	CHECK_EQ(flags, CU_TRSF_NORMALIZED_COORDINATES);
	CHECK_CU(cuTexRefGetAddress(&got, t), CUDA_SUCCESS);
	CHECK_EQ(got, d);
	TRY(state_round_trip(t));
	CHECK_CU(cuTexRefDestroy(t), CUDA_SUCCESS);
	return 0;
}

/*
 * Through oncuda only (natively each would be a wild pointer inside the
 * driver): references the server never gave out, of a module unloaded,
 * destroyed, or of the other kind, and memory that is not the program's.
 */
int test_texref_handles(void)
{
	CUtexref forged = (CUtexref)(uintptr_t)0x7f0000002000, t, made;
	CUsurfref s;
	CUDA_ARRAY_DESCRIPTOR desc;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	CUdeviceptr d;
	CUarray a;
	size_t offset;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuTexRefSetFilterMode(forged, CU_TR_FILTER_MODE_POINT),
		 CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuTexRefGetArray(&a, forged), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuTexRefDestroy(forged), CUDA_ERROR_INVALID_HANDLE);

	CHECK_CU(cuModuleLoadData(&m, ptx), CUDA_SUCCESS);
	CHECK_CU(cuModuleGetTexRef(&t, m, "texref_lin"), CUDA_SUCCESS);
	CHECK_CU(cuModuleGetSurfRef(&s, m, "surfref_2d"), CUDA_SUCCESS);
	/* A surface reference is no texture reference. */
	CHECK_CU(cuTexRefSetFlags((CUtexref)(void *)s, 0),
		 CUDA_ERROR_INVALID_HANDLE);
	/* A module's reference is the module's to free. */
	CHECK_CU(cuTexRefDestroy(t), CUDA_ERROR_INVALID_HANDLE);

	/* Memory past an allocation, or none of the program's. */
	TRY(e2e_dalloc(&d, 4096));
	CHECK_CU(cuTexRefSetAddress(&offset, t, d, 4097),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuTexRefSetAddress(&offset, t, 0x7f0000100000ull, 256),
		 CUDA_ERROR_INVALID_VALUE);
	memset(&desc, 0, sizeof desc);
	desc.Width = 64;
	desc.Height = 17;
	desc.Format = CU_AD_FORMAT_FLOAT;
	desc.NumChannels = 1;
	CHECK_CU(cuTexRefSetAddress2D(t, &desc, d, 256),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuTexRefSetAddress(&offset, t, d, 4096), CUDA_SUCCESS);

	/* The module's references die with it. */
	CHECK_CU(cuModuleUnload(m), CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFlags(t, 0), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuSurfRefGetArray(&a, s), CUDA_ERROR_INVALID_HANDLE);

	/* A created reference is gone once destroyed. */
	CHECK_CU(cuTexRefCreate(&made), CUDA_SUCCESS);
	CHECK_CU(cuTexRefDestroy(made), CUDA_SUCCESS);
	CHECK_CU(cuTexRefSetFlags(made, 0), CUDA_ERROR_INVALID_HANDLE);
	return 0;
}
