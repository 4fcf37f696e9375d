/*
 * Kernels for the end-to-end tests (tests/e2e).
 *
 * The contract is /work/notes/kernels.md: the CPU stand-in (tests/fakecuda)
 * emulates each of these by name, so a change here must be made there too.
 * Everything is extern "C" so the names in the module are not mangled.
 */

#include <cassert>
#include <cstdio>

extern "C" {

__device__ int g_value = 42;

/* Managed memory the host reads and writes at its address
 * (cuLibraryGetManaged). */
__managed__ int g_managed = 7;

/* 1 + 7 padding + 8 + 12 + 4 padding = 32 bytes, aligned to 8. */
struct mixed {
	char c;
	double d;
	int i[3];
};

__global__ void vec_add(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}

/* Grid-stride loop, so any grid size covers any n. */
__global__ void fill_u32(unsigned int *p, unsigned int v, unsigned long long n)
{
	unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
	unsigned long long i;

	for (i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
	     i < n; i += stride)
		p[i] = v;
}

/*
 * Arguments of every awkward size and alignment: the parameter buffer is
 * (0,1) (8,32) (40,2) (48,8) (56,8), so a forwarder that packs it wrongly
 * shows up as a wrong out[] value.
 */
__global__ void mixed_args(char c, struct mixed m, short s, double d,
			   unsigned long long *out)
{
	if (blockIdx.x != 0 || threadIdx.x != 0)
		return;
	out[0] = c;
	out[1] = m.c;
	out[2] = (unsigned long long)(m.d * 1000);
	out[3] = m.i[0] + m.i[1] + m.i[2];
	out[4] = s;
	out[5] = (unsigned long long)(d * 1000);
}

__global__ void read_global(int *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		out[0] = g_value;
}

__global__ void add_managed(int add)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		g_managed += add;
}

/* Needs blockDim.x * 4 bytes of dynamic shared memory. */
__global__ void scale_dyn_smem(float *p, float f, int n)
{
	extern __shared__ float buf[];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;

	if (i < n)
		buf[t] = p[i];
	__syncthreads();
	if (i < n)
		p[i] = buf[t] * f;
}

/* Address 8 is never mapped: the context gets a sticky ILLEGAL_ADDRESS. */
__global__ void fault(int *p)
{
	(void)p;
	*(volatile int *)8 = 1;
}

/* Keeps the GPU busy so that streams and events are observably NOT_READY. */
__global__ void spin(unsigned long long cycles)
{
	long long start = clock64();

	while ((unsigned long long)(clock64() - start) < cycles)
		;
}

/*
 * Reads a 2D texture of floats, element (x, y) by point sampling at the
 * texel's centre, into out[y * w + x].
 */
__global__ void tex_fetch_2d(unsigned long long tex, float *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < w && y < h)
		out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

/* Each float of a 2D surface becomes v * f + 1, read and written through it. */
__global__ void surf_scale_2d(unsigned long long surf, int w, int h, float f)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	float v;

	if (x < w && y < h) {
		surf2Dread(&v, surf, x * (int)sizeof(float), y);
		surf2Dwrite(v * f + 1.0f, surf, x * (int)sizeof(float), y);
	}
}

/*
 * One turn of a loop a conditional WHILE node runs on the device: counts
 * and keeps the loop going until the count reaches limit.
 */
__global__ void cond_step(cudaGraphConditionalHandle handle,
			  unsigned int *counter, unsigned int limit)
{
	unsigned int v;

	if (blockIdx.x != 0 || threadIdx.x != 0)
		return;
	v = ++*counter;
	cudaGraphSetConditional(handle, v < limit ? 1 : 0);
}

/* Prints one line per thread; the driver prints them at the next
 * synchronization, to the program's stdout. */
__global__ void say_hello(int tag)
{
	printf("hello from thread %d of block %d, tag %d\n", (int)threadIdx.x,
	    (int)blockIdx.x, tag);
}

/* Fails its assert() where v is 0: the driver prints the failure (file,
 * line, function, block, thread, condition) to the program's stderr, and
 * the context is lost: CUDA_ERROR_ASSERT from every later call. */
__global__ void assert_nonzero(int v)
{
	assert(v != 0);
}

} /* extern "C" */
