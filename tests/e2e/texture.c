/*
 * Texture and surface objects: a kernel reads a 2D array of floats and
 * pitched device memory through texture objects (point filtering,
 * unnormalized coordinates), another reads and writes the array through a
 * surface object, and the host checks every element.  The descriptors
 * come back as given, and the 2D memsets fill pitched memory row by row
 * and nothing between the rows.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { W = 37, H = 23 };

static int launch_2d(CUfunction f, void **params)
{
	CHECK_CU(cuLaunchKernel(f, (W + 15) / 16, (H + 7) / 8, 1, 16, 8, 1, 0,
				NULL, params, NULL), CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

static void point_sampling(CUDA_TEXTURE_DESC *t)
{
	memset(t, 0, sizeof *t);
	t->addressMode[0] = CU_TR_ADDRESS_MODE_CLAMP;
	t->addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
	t->addressMode[2] = CU_TR_ADDRESS_MODE_CLAMP;
	t->filterMode = CU_TR_FILTER_MODE_POINT;
}

/* Reads every element of tex with tex_fetch_2d and compares with want. */
static int fetch_all(CUfunction fetch, CUtexObject tex, const float *want)
{
	float back[W * H];
	CUdeviceptr out;
	int w = W, h = H;
	void *params[] = { &tex, &out, &w, &h };

	TRY(e2e_dalloc(&out, sizeof back));
	CHECK_CU(cuMemsetD8(out, 0, sizeof back), CUDA_SUCCESS);
	TRY(launch_2d(fetch, params));
	CHECK_CU(cuMemcpyDtoH(back, out, sizeof back), CUDA_SUCCESS);
	CHECK_MEM(back, want, sizeof back);
	return 0;
}

static int objects(CUmodule m)
{
	float in[W * H], want[W * H], back[W * H];
	CUDA_ARRAY3D_DESCRIPTOR desc;
	CUDA_RESOURCE_DESC res, got;
	CUDA_TEXTURE_DESC tex, tgot;
	CUDA_RESOURCE_VIEW_DESC view;
	CUDA_MEMCPY2D c;
	CUfunction fetch, scale;
	CUtexObject t;
	CUsurfObject s;
	CUarray a, plain;
	int w = W, h = H;
	float f = 3.0f;
	void *scale_params[] = { &s, &w, &h, &f };

	TRY(e2e_get_function(&fetch, m, "tex_fetch_2d"));
	TRY(e2e_get_function(&scale, m, "surf_scale_2d"));
	memset(&desc, 0, sizeof desc);
	desc.Width = W;
	desc.Height = H;
	desc.Format = CU_AD_FORMAT_FLOAT;
	desc.NumChannels = 1;
	desc.Flags = CUDA_ARRAY3D_SURFACE_LDST;
	CHECK_CU(cuArray3DCreate(&a, &desc), CUDA_SUCCESS);
	for (int i = 0; i < W * H; i++)
		in[i] = (float)i * 0.5f - 100.0f;
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = in;
	c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	c.dstArray = a;
	c.WidthInBytes = W * sizeof(float);
	c.Height = H;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);

	/* A texture over the array: the kernel reads back what was copied in. */
	memset(&res, 0, sizeof res);
	res.resType = CU_RESOURCE_TYPE_ARRAY;
	res.res.array.hArray = a;
	point_sampling(&tex);
	CHECK_CU(cuTexObjectCreate(&t, &res, &tex, NULL), CUDA_SUCCESS);
	CHECK(t != 0);
	TRY(fetch_all(fetch, t, in));
	CHECK_CU(cuTexObjectGetResourceDesc(&got, t), CUDA_SUCCESS);
	CHECK(got.resType == CU_RESOURCE_TYPE_ARRAY && got.res.array.hArray == a);
	CHECK_CU(cuTexObjectGetTextureDesc(&tgot, t), CUDA_SUCCESS);
	CHECK(tgot.filterMode == CU_TR_FILTER_MODE_POINT &&
	      tgot.addressMode[0] == CU_TR_ADDRESS_MODE_CLAMP &&
	      tgot.addressMode[1] == CU_TR_ADDRESS_MODE_CLAMP);
	/* No view was given: the H200's driver answers CUDA_SUCCESS (and
	 * leaves the program's descriptor as it was; oncuda writes an empty
	 * one). */
	CHECK_CU(cuTexObjectGetResourceViewDesc(&view, t), CUDA_SUCCESS);

	/* A surface over the same array: each element becomes v * 3 + 1. */
	CHECK_CU(cuSurfObjectCreate(&s, &res), CUDA_SUCCESS);
	CHECK(s != 0);
	CHECK_CU(cuSurfObjectGetResourceDesc(&got, s), CUDA_SUCCESS);
	CHECK(got.resType == CU_RESOURCE_TYPE_ARRAY && got.res.array.hArray == a);
	TRY(launch_2d(scale, scale_params));
	for (int i = 0; i < W * H; i++)
		want[i] = in[i] * 3.0f + 1.0f;
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
	c.srcArray = a;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.WidthInBytes = W * sizeof(float);
	c.Height = H;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);
	CHECK_MEM(back, want, sizeof back);
	/* The texture sees what the surface wrote. */
	TRY(fetch_all(fetch, t, want));
	CHECK_CU(cuSurfObjectDestroy(s), CUDA_SUCCESS);
	CHECK_CU(cuTexObjectDestroy(t), CUDA_SUCCESS);

	/* cuda.h asks for an array made for surface loads and stores, but
	 * the H200's driver makes a surface over a plain one too. */
	desc.Flags = 0;
	CHECK_CU(cuArray3DCreate(&plain, &desc), CUDA_SUCCESS);
	res.res.array.hArray = plain;
	CHECK_CU(cuSurfObjectCreate(&s, &res), CUDA_SUCCESS);
	CHECK_CU(cuSurfObjectDestroy(s), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(plain), CUDA_SUCCESS);
	CHECK_CU(cuArrayDestroy(a), CUDA_SUCCESS);
	return 0;
}

/* A texture over pitched device memory, filled with cuMemcpy2D. */
static int pitched(CUmodule m)
{
	float in[W * H];
	CUDA_RESOURCE_DESC res;
	CUDA_TEXTURE_DESC tex;
	CUDA_MEMCPY2D c;
	CUfunction fetch;
	CUtexObject t;
	CUdeviceptr d;
	size_t pitch, width = 0, width4 = 0;
	int align = 0;
	CUdevice dev;

	TRY(e2e_get_function(&fetch, m, "tex_fetch_2d"));
	CHECK_CU(cuCtxGetDevice(&dev), CUDA_SUCCESS);
	CHECK_CU(cuDeviceGetAttribute(&align,
		 CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, dev), CUDA_SUCCESS);
	CHECK(align > 0);
	CHECK_CU(cuMemAllocPitch(&d, &pitch, W * sizeof(float), H, 4),
		 CUDA_SUCCESS);
	e2e_defer_mem(d);
	CHECK(pitch % (size_t)align == 0);
	/* A linear texture of floats may be far wider than this one. */
	CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width, CU_AD_FORMAT_FLOAT,
		 1, dev), CUDA_SUCCESS);
	CHECK(width >= 65536 && width <= ((size_t)1 << 40));
	CHECK_CU(cuDeviceGetTexture1DLinearMaxWidth(&width4, CU_AD_FORMAT_FLOAT,
		 4, dev), CUDA_SUCCESS);
	CHECK(width4 > 0 && width4 <= width);
	for (int i = 0; i < W * H; i++)
		in[i] = 1000.0f - (float)i;
	memset(&c, 0, sizeof c);
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = in;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = d;
	c.dstPitch = pitch;
	c.WidthInBytes = W * sizeof(float);
	c.Height = H;
	CHECK_CU(cuMemcpy2D(&c), CUDA_SUCCESS);
	memset(&res, 0, sizeof res);
	res.resType = CU_RESOURCE_TYPE_PITCH2D;
	res.res.pitch2D.devPtr = d;
	res.res.pitch2D.format = CU_AD_FORMAT_FLOAT;
	res.res.pitch2D.numChannels = 1;
	res.res.pitch2D.width = W;
	res.res.pitch2D.height = H;
	res.res.pitch2D.pitchInBytes = pitch;
	point_sampling(&tex);
	CHECK_CU(cuTexObjectCreate(&t, &res, &tex, NULL), CUDA_SUCCESS);
	TRY(fetch_all(fetch, t, in));
	CHECK_CU(cuTexObjectDestroy(t), CUDA_SUCCESS);
	return 0;
}

/* cuMemsetD2D8/16/32 and the Async forms on pitched memory. */
static int memsets(void)
{
	enum { PITCH = 512, ROWS = 9, SIZE = PITCH * ROWS };
	unsigned char model[SIZE], back[SIZE];
	CUdeviceptr d;
	CUstream s;

	TRY(e2e_stream(&s));
	TRY(e2e_dalloc(&d, SIZE));
	e2e_fill_random(model, SIZE, 71);
	CHECK_CU(cuMemcpyHtoD(d, model, SIZE), CUDA_SUCCESS);
	CHECK_CU(cuMemsetD2D8(d + 3, PITCH, 0xab, 100, ROWS), CUDA_SUCCESS);
	for (int y = 0; y < ROWS; y++)
		memset(model + y * PITCH + 3, 0xab, 100);
	CHECK_CU(cuMemsetD2D16(d + 120, PITCH, 0x1234, 20, 4), CUDA_SUCCESS);
	for (int y = 0; y < 4; y++)
		for (int i = 0; i < 20; i++)
			memcpy(model + y * PITCH + 120 + 2 * i,
			       &(uint16_t){ 0x1234 }, 2);
	CHECK_CU(cuMemsetD2D32Async(d + 200, PITCH, 0xdeadbeef, 30, 7, s),
		 CUDA_SUCCESS);
	for (int y = 0; y < 7; y++)
		for (int i = 0; i < 30; i++)
			memcpy(model + y * PITCH + 200 + 4 * i,
			       &(uint32_t){ 0xdeadbeef }, 4);
	CHECK_CU(cuMemsetD2D8Async(d + 400, PITCH, 0x5a, 50, 2, s), CUDA_SUCCESS);
	for (int y = 0; y < 2; y++)
		memset(model + y * PITCH + 400, 0x5a, 50);
	CHECK_CU(cuMemsetD2D16Async(d + 460, PITCH, 0xbeef, 10, 3, s),
		 CUDA_SUCCESS);
	for (int y = 0; y < 3; y++)
		for (int i = 0; i < 10; i++)
			memcpy(model + y * PITCH + 460 + 2 * i,
			       &(uint16_t){ 0xbeef }, 2);
	CHECK_CU(cuStreamSynchronize(s), CUDA_SUCCESS);
	CHECK_CU(cuMemcpyDtoH(back, d, SIZE), CUDA_SUCCESS);
	CHECK_MEM(back, model, SIZE);

	/* Through oncuda, rows past the allocation are refused before the
	 * driver sees them (the driver itself would write past it). */
	if (getenv("ONCUDA_TEST_REMOTE") != NULL) {
		CHECK_CU(cuMemsetD2D8(d, PITCH, 0, 10, ROWS + 1),
			 CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuMemsetD2D32(d + SIZE - 8, PITCH, 0, 4, 1),
			 CUDA_ERROR_INVALID_VALUE);
		CHECK_CU(cuMemcpyDtoH(back, d, SIZE), CUDA_SUCCESS);
		CHECK_MEM(back, model, SIZE);
	}
	return 0;
}

int test_texture_objects(void)
{
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	TRY(objects(m));
	TRY(pitched(m));
	return 0;
}

int test_memset_2d(void)
{
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(memsets());
	return 0;
}
