/*
 * kernels.c - the stand-in's whole instruction set: host versions of the
 * kernels in tests/kernels/kernels.cu and examples/, by name.
 *
 * Modules are never decoded; whatever image is loaded, its functions are
 * these.  Each host version emulates the entire grid at once.  Before
 * touching memory it checks that the ranges the real kernel would touch
 * lie in live allocations, and answers CUDA_ERROR_ILLEGAL_ADDRESS where a
 * GPU would fault, so a bad pointer poisons the context instead of
 * crashing the process.
 *
 * On x86-64 the C structs below lay their members out exactly as the
 * device ABI lays out the kernels' parameters (see notes/kernels.md), so
 * a packed parameter buffer can be copied straight into them.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/block_hash.h"
#include "fakecuda.h"
#include "kernels_graph.h"
#include "kernels_runtime.h"
#include "kernels_texture.h"
#include "kernels_texref.h"

#define MATRIX_TILE 16

struct mixed {
	char c;
	double d;
	int i[3];
};

struct vec_add_params {
	const float *a;
	const float *b;
	float *c;
	int n;
};

struct fill_u32_params {
	unsigned int *p;
	unsigned int v;
	unsigned long long n;
};

struct mixed_args_params {
	char c;
	struct mixed m;
	short s;
	double d;
	unsigned long long *out;
};

struct pointer_params {
	int *p;
};

struct scale_dyn_smem_params {
	float *p;
	float f;
	int n;
};

struct spin_params {
	unsigned long long cycles;
};

struct say_hello_params {
	int tag;
};

struct assert_nonzero_params {
	int v;
};

struct block_hash_params {
	const unsigned char *base;
	unsigned long long size;
	struct block_hash *out;
};

struct matrix_mul_params {
	float *c;
	const float *a;
	const float *b;
	int wa;
	int wb;
};

_Static_assert(sizeof(struct mixed) == 32,
    "struct mixed must match kernels.cu");
_Static_assert(sizeof(struct mixed_args_params) <= FC_PARAM_BUFFER_MAX,
    "parameter buffer too small");

/* Threads along x: the kernels index with blockIdx.x * blockDim.x + tid. */
static unsigned long long
threads_x(const struct fc_launch *l)
{
	return (unsigned long long)l->grid[0] * l->block[0];
}

static bool
device_ok(const void *p, unsigned long long count, size_t element_size)
{
	size_t bytes;

	if (__builtin_mul_overflow(count, element_size, &bytes))
		return false;
	return fc_alloc_covers((uintptr_t)p, bytes);
}

/* Converts like the GPU's cvt.rzi.u64.f64: truncate, and saturate. */
static unsigned long long
to_u64(double v)
{
	if (isnan(v) || v <= 0.0)
		return 0;
	if (v >= 18446744073709551616.0)
		return UINT64_MAX;
	return (unsigned long long)v;
}

static CUresult
run_vec_add(const struct fc_launch *l)
{
	struct vec_add_params p;
	unsigned long long n;

	memcpy(&p, l->params, sizeof(p));
	n = p.n > 0 ? (unsigned long long)p.n : 0;
	if (n > threads_x(l))
		n = threads_x(l);
	if (n == 0)
		return CUDA_SUCCESS;
	if (!device_ok(p.a, n, sizeof(float)) ||
	    !device_ok(p.b, n, sizeof(float)) ||
	    !device_ok(p.c, n, sizeof(float)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long i = 0; i < n; i++)
		p.c[i] = p.a[i] + p.b[i];
	return CUDA_SUCCESS;
}

/* A grid-stride loop: every element is written whatever the grid. */
static CUresult
run_fill_u32(const struct fc_launch *l)
{
	struct fill_u32_params p;

	memcpy(&p, l->params, sizeof(p));
	if (p.n == 0)
		return CUDA_SUCCESS;
	if (!device_ok(p.p, p.n, sizeof(unsigned int)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long i = 0; i < p.n; i++)
		p.p[i] = p.v;
	return CUDA_SUCCESS;
}

static CUresult
run_mixed_args(const struct fc_launch *l)
{
	struct mixed_args_params p;
	unsigned int sum;

	memcpy(&p, l->params, sizeof(p));
	if (!device_ok(p.out, 6, sizeof(unsigned long long)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	/* int arithmetic wraps on the GPU; do it unsigned to stay defined. */
	sum = (unsigned int)p.m.i[0] + (unsigned int)p.m.i[1] +
	    (unsigned int)p.m.i[2];
	p.out[0] = (unsigned long long)p.c;
	p.out[1] = (unsigned long long)p.m.c;
	p.out[2] = to_u64(p.m.d * 1000);
	p.out[3] = (unsigned long long)(int)sum;
	p.out[4] = (unsigned long long)p.s;
	p.out[5] = to_u64(p.d * 1000);
	return CUDA_SUCCESS;
}

static CUresult
run_read_global(const struct fc_launch *l)
{
	struct pointer_params p;

	memcpy(&p, l->params, sizeof(p));
	if (!device_ok(p.p, 1, sizeof(int)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	memcpy(p.p, l->globals + fc_global_defs[0].offset, sizeof(int));
	return CUDA_SUCCESS;
}

static CUresult
run_add_managed(const struct fc_launch *l)
{
	int32_t add, now;

	memcpy(&add, l->params, sizeof(add));
	memcpy(&now, l->managed + fc_global_defs[1].offset, sizeof(now));
	now += add;
	memcpy(l->managed + fc_global_defs[1].offset, &now, sizeof(now));
	return CUDA_SUCCESS;
}

static CUresult
run_scale_dyn_smem(const struct fc_launch *l)
{
	struct scale_dyn_smem_params p;
	unsigned long long n;

	memcpy(&p, l->params, sizeof(p));
	n = p.n > 0 ? (unsigned long long)p.n : 0;
	if (n > threads_x(l))
		n = threads_x(l);
	if (n == 0)
		return CUDA_SUCCESS;
	/* buf[threadIdx.x] past the end of shared memory faults. */
	if ((unsigned long long)l->block[0] * sizeof(float) >
	    l->dynamic_shared_bytes || !device_ok(p.p, n, sizeof(float)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long i = 0; i < n; i++)
		p.p[i] = p.p[i] * p.f;
	return CUDA_SUCCESS;
}

static CUresult
run_fault(const struct fc_launch *l)
{
	(void)l;
	return CUDA_ERROR_ILLEGAL_ADDRESS;
}

/* Time means nothing to a synchronous stand-in. */
static CUresult
run_spin(const struct fc_launch *l)
{
	(void)l;
	return CUDA_SUCCESS;
}

/*
 * The driver prints a kernel's printf at the next synchronization, with
 * stdio, to stdout; a stand-in that runs kernels at once prints at once,
 * which no test can tell apart when it reads the output after a
 * synchronization.  Threads in order, which the GPU does not promise.
 */
static CUresult
run_say_hello(const struct fc_launch *l)
{
	struct say_hello_params p;

	memcpy(&p, l->params, sizeof(p));
	for (unsigned int b = 0; b < l->grid[0] * l->grid[1] * l->grid[2]; b++)
		for (unsigned int t = 0; t < l->block[0] * l->block[1] *
		    l->block[2]; t++)
			printf("hello from thread %u of block %u, tag %d\n",
			    t % l->block[0], b % l->grid[0], p.tag);
	return CUDA_SUCCESS;
}

/*
 * A failed device assert(): the driver prints one line for it to stderr,
 * with stdio, in this form, and the context is lost.  The real kernel's
 * every thread fails; one line is what the tests look for.
 */
static CUresult
run_assert_nonzero(const struct fc_launch *l)
{
	struct assert_nonzero_params p;

	memcpy(&p, l->params, sizeof(p));
	if (p.v != 0)
		return CUDA_SUCCESS;
	fprintf(stderr, "tests/kernels/kernels.cu:160: void assert_nonzero(int): "
	    "block: [0,0,0], thread: [0,0,0] Assertion `v != 0` failed.\n");
	return CUDA_ERROR_ASSERT;
}

/*
 * C = A * B in 16x16 tiles: block (bx, by) thread (tx, ty) computes
 * C[row][col] for row = 16 * by + ty and col = 16 * bx + tx.
 */
static CUresult
run_matrix_mul(const struct fc_launch *l)
{
	struct matrix_mul_params p;
	unsigned long long rows, cols, wa, wb;
	unsigned int tile_x, tile_y;

	memcpy(&p, l->params, sizeof(p));
	if (p.wa < 0 || p.wb < 0)
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	wa = (unsigned long long)p.wa;
	wb = (unsigned long long)p.wb;
	tile_x = l->block[0] < MATRIX_TILE ? l->block[0] : MATRIX_TILE;
	tile_y = l->block[1] < MATRIX_TILE ? l->block[1] : MATRIX_TILE;
	rows = (unsigned long long)l->grid[1] * MATRIX_TILE;
	cols = (unsigned long long)l->grid[0] * MATRIX_TILE;
	if (wb == 0 || cols > wb ||
	    !device_ok(p.c, (rows - 1) * wb + cols, sizeof(float)) ||
	    (wa > 0 && (!device_ok(p.a, rows * wa, sizeof(float)) ||
	    !device_ok(p.b, (wa - 1) * wb + cols, sizeof(float)))))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long row = 0; row < rows; row++) {
		if (row % MATRIX_TILE >= tile_y)
			continue;
		for (unsigned long long col = 0; col < cols; col++) {
			float sum = 0.0f;

			if (col % MATRIX_TILE >= tile_x)
				continue;
			for (unsigned long long k = 0; k < wa; k++)
				sum += p.a[row * wa + k] * p.b[k * wb + col];
			p.c[row * wb + col] = sum;
		}
	}
	return CUDA_SUCCESS;
}

/*
 * oncudad's kernel (server/copy/managed_hash.c), which hashes managed
 * memory for its pulls: block b of the grid hashes the bytes from b * 64
 * KiB, with the function the server's CPU uses, so that the server's
 * filtered pulls run here too.
 */
static CUresult
run_block_hash(const struct fc_launch *l)
{
	struct block_hash_params p;
	unsigned long long count;

	memcpy(&p, l->params, sizeof(p));
	count = block_hash_count(p.size);
	if (count > l->grid[0])
		count = l->grid[0];
	if (count == 0)
		return CUDA_SUCCESS;
	if (!device_ok(p.base, p.size, 1) ||
	    !device_ok(p.out, count, sizeof(struct block_hash)))
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	for (unsigned long long b = 0; b < count; b++) {
		size_t at = b * BLOCK_HASH_BYTES;

		p.out[b] = block_hash(p.base + at, p.size - at <
		    BLOCK_HASH_BYTES ? p.size - at : BLOCK_HASH_BYTES);
	}
	return CUDA_SUCCESS;
}

#define PARAM(type, member) \
	{ offsetof(type, member), sizeof(((type *)0)->member) }

const struct fc_kernel_def fc_kernel_defs[FC_KERNEL_COUNT] = {
	{ "vec_add", run_vec_add, 4, {
		PARAM(struct vec_add_params, a),
		PARAM(struct vec_add_params, b),
		PARAM(struct vec_add_params, c),
		PARAM(struct vec_add_params, n) }, 0 },
	{ "fill_u32", run_fill_u32, 3, {
		PARAM(struct fill_u32_params, p),
		PARAM(struct fill_u32_params, v),
		PARAM(struct fill_u32_params, n) }, 0 },
	{ "mixed_args", run_mixed_args, 5, {
		PARAM(struct mixed_args_params, c),
		PARAM(struct mixed_args_params, m),
		PARAM(struct mixed_args_params, s),
		PARAM(struct mixed_args_params, d),
		PARAM(struct mixed_args_params, out) }, 0 },
	{ "read_global", run_read_global, 1, {
		PARAM(struct pointer_params, p) }, 0 },
	{ "add_managed", run_add_managed, 1, {
		{ 0, sizeof(int32_t) } }, 0 },
	{ "scale_dyn_smem", run_scale_dyn_smem, 3, {
		PARAM(struct scale_dyn_smem_params, p),
		PARAM(struct scale_dyn_smem_params, f),
		PARAM(struct scale_dyn_smem_params, n) }, 0 },
	{ "fault", run_fault, 1, {
		PARAM(struct pointer_params, p) }, 0 },
	{ "spin", run_spin, 1, {
		PARAM(struct spin_params, cycles) }, 0 },
	{ "say_hello", run_say_hello, 1, {
		PARAM(struct say_hello_params, tag) }, 0 },
	{ "assert_nonzero", run_assert_nonzero, 1, {
		PARAM(struct assert_nonzero_params, v) }, 0 },
	{ "vectorAdd", run_vec_add, 4, {
		PARAM(struct vec_add_params, a),
		PARAM(struct vec_add_params, b),
		PARAM(struct vec_add_params, c),
		PARAM(struct vec_add_params, n) }, 0 },
	{ "matrixMul", run_matrix_mul, 5, {
		PARAM(struct matrix_mul_params, c),
		PARAM(struct matrix_mul_params, a),
		PARAM(struct matrix_mul_params, b),
		PARAM(struct matrix_mul_params, wa),
		PARAM(struct matrix_mul_params, wb) },
		2 * MATRIX_TILE * MATRIX_TILE * sizeof(float) },
	{ "oncuda_block_hash", run_block_hash, 3, {
		PARAM(struct block_hash_params, base),
		PARAM(struct block_hash_params, size),
		PARAM(struct block_hash_params, out) }, 0 },
	FC_RUNTIME_KERNEL_DEFS,
	FC_TEXTURE_KERNEL_DEFS,
	FC_GRAPH_KERNEL_DEFS,
	FC_TEXREF_KERNEL_DEFS,
};

const struct fc_global_def fc_global_defs[] = {
	{ "g_value", 0, sizeof(int32_t), 42, false },
	{ "g_managed", 0, sizeof(int32_t), 7, true },
};

const size_t fc_global_count = sizeof(fc_global_defs) /
    sizeof(fc_global_defs[0]);

int
fc_kernel_index(const char *name)
{
	for (int i = 0; i < FC_KERNEL_COUNT; i++) {
		if (strcmp(fc_kernel_defs[i].name, name) == 0)
			return i;
	}
	return -1;
}

size_t
fc_kernel_params_end(const struct fc_kernel_def *def)
{
	size_t end = 0;

	for (unsigned int i = 0; i < def->param_count; i++) {
		if (def->params[i].offset + def->params[i].size > end)
			end = def->params[i].offset + def->params[i].size;
	}
	return end;
}
