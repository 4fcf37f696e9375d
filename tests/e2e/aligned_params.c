/*
 * Kernels whose parameters are aligned above 16 bytes, from nvcc's
 * default fatbin (tests/kernels/aligned.fatbin: an sm_75 cubin and
 * compressed PTX).  A newer GPU compiles the PTX, and ptxas places such
 * a parameter by its address in the constant bank, whose start differs
 * by architecture: on the H200 (sm_90) the layout is not the sm_75
 * cubin's.  The client holds the server's layout against what the image
 * states (stubs/code/declared.c); this is the case it once refused
 * wrongly.  Each kernel must launch and finish, natively and through
 * oncuda.  The CPU stand-in has none of these kernels.
 */
#include <string.h>

#include "check.h"

struct __attribute__((aligned(32))) a32 { char c; };
struct __attribute__((aligned(64))) a64 { int x; };
struct __attribute__((aligned(128))) a128 { int x; };
struct __attribute__((aligned(16))) int4_like { int x, y, z, w; };

static int launched(CUmodule m, const char *name, void **params)
{
	CUfunction f;

	TRY(e2e_get_function(&f, m, name));
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
		 CUDA_SUCCESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS);
	return 0;
}

int test_aligned_params(void)
{
	CUdevice dev;
	CUcontext ctx;
	CUmodule m;
	char c = 1, d = 2;
	int ints[5] = { 1, 2, 3, 4, 5 };
	double x = 1.5;
	struct a32 s32;
	struct a64 s64;
	struct a128 s128;
	struct int4_like v;

	if (e2e_on_stand_in())
		return e2e_skip("the CPU stand-in runs none of aligned.fatbin's "
				"kernels (tests/unit/test_declared checks "
				"their layouts)");
	memset(&s32, 0, sizeof s32);
	memset(&s64, 0, sizeof s64);
	memset(&s128, 0, sizeof s128);
	memset(&v, 0, sizeof v);
	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "aligned.fatbin"));
	{
		void *p[] = { &c, &s32 };
		TRY(launched(m, "after_byte", p));
	}
	{
		void *p[] = { &s64, &c };
		TRY(launched(m, "first", p));
	}
	{
		void *p[] = { &c, &s64, &d, &s32, &v };
		TRY(launched(m, "mixed", p));
	}
	{
		void *p[] = { &s32, &s64 };
		TRY(launched(m, "growing", p));
	}
	{
		void *p[] = { &ints[0], &ints[1], &ints[2], &ints[3], &ints[4],
			      &s32 };
		TRY(launched(m, "after_ints", p));
	}
	{
		void *p[] = { &x, &s128, &c, &s32 };
		TRY(launched(m, "widest", p));
	}
	return 0;
}
