/*
 * params.cu - kernels of every kind of parameter, for the unit test of the
 * PTX .entry reader (tests/unit/test_ptx_entries.c): nvcc writes them as
 * PTX (params.ptx) and as a cubin (params.cubin), and what the PTX
 * declares must be what the cubin's .nv.info states.  Never launched.
 */
#include <cuda_fp16.h>

struct small { char c; };
struct pair { float x; double y; };
struct __align__(16) aligned16 { int a; char b; };
struct big { char bytes[5000]; };
struct mixed { char c; short s; int i; long long l; float f; double d; };

extern "C" __global__ void no_params(void) {}

extern "C" __global__ void scalars(char c, unsigned char uc, short s, int i,
				   long long l, float f, double d, bool b)
{
	(void)c; (void)uc; (void)s; (void)i; (void)l; (void)f; (void)d; (void)b;
}

extern "C" __global__ void pointers(const float *__restrict__ in,
				    float *__restrict__ out, int n)
{
	if (n > 0)
		out[0] = in[0];
}

extern "C" __global__ void structs(char c, struct small s, struct pair p,
				  char c2, struct aligned16 a, struct mixed m)
{
	(void)c; (void)s; (void)p; (void)c2; (void)a; (void)m;
}

extern "C" __global__ void vectors(char c, float2 f2, char c2, int4 i4,
				   char c3, double2 d2, __half h, char c4,
				   __half2 h2)
{
	(void)c; (void)f2; (void)c2; (void)i4; (void)c3; (void)d2; (void)h;
	(void)c4; (void)h2;
}

extern "C" __global__ void large(int first, struct big b, char last)
{
	(void)first; (void)b; (void)last;
}

extern "C" __global__ void grid_constant(char c,
					 const __grid_constant__ struct mixed m)
{
	(void)c; (void)m;
}

#define P8(t, n) t n##0, t n##1, t n##2, t n##3, t n##4, t n##5, t n##6, t n##7
extern "C" __global__ void many(P8(char, a), P8(double, b), P8(short, c),
				P8(int, d), P8(char, e), P8(long long, f),
				P8(float, g), P8(char, h), P8(void *, i),
				P8(char, j), P8(double, k), P8(char, l))
{
}

template <typename T, int N>
__global__ void templated(T *out, T value, char pad[N])
{
	(void)pad;
	out[0] = value;
}
template __global__ void templated<double, 3>(double *, double, char *);
template __global__ void templated<char, 7>(char *, char, char *);

/* A device function's parameters are not a kernel's. */
__device__ __noinline__ int helper(int a, double b) { return a + (int)b; }

extern "C" __global__ void calls(int *out, int a, double b)
{
	out[0] = helper(a, b);
}
