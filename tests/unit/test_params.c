/*
 * test_params.c - unit test of stubs/code/params.c: packing kernel arguments by
 * their layout, the layout cache, cuFuncGetParamInfo / cuKernelGetParamInfo,
 * and the `extra` buffer, over the fake connection of fake_conn.c.
 * Exits 0 when every check passed.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/image.h"
#include "fake_conn.h"
#include "kernel_images.h"
#include "stubs/code/declared.h"
#include "stubs/code/linked.h"
#include "stubs/code/params.h"
#include "unit_check.h"

static CUfunction fn(uint64_t handle)
{
	return (CUfunction)(uintptr_t)handle;
}

/* ---------------------------------------------------------------- tests */

static void test_pack_vec_add(void)
{
	uint64_t a = 0x1111, b = 0x2222, c = 0x3333;
	int n = 1000;
	void *params[] = { &a, &b, &c, &n };
	kernel_args args;
	unsigned int before = fake_layout_calls();

	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), params, NULL, &args),
		 CUDA_SUCCESS);
	CHECK_EQ(args.by_extra, FALSE);
	CHECK_EQ(args.bytes.bytes_len, 28);
	CHECK_EQ(args.offsets.offsets_len, 4);
	CHECK_EQ(args.offsets.offsets_val[0], 0);
	CHECK_EQ(args.offsets.offsets_val[3], 24);
	CHECK(memcmp(args.bytes.bytes_val + 8, &b, 8) == 0);
	CHECK(memcmp(args.bytes.bytes_val + 24, &n, 4) == 0);
	params_release(&args);
	CHECK_EQ(fake_layout_calls(), before + 1);

	/* Asked once: the second launch uses the cache. */
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), params, NULL, &args),
		 CUDA_SUCCESS);
	params_release(&args);
	CHECK_EQ(fake_layout_calls(), before + 1);
}

/* Arguments of awkward sizes land at their offsets, padding is zero. */
static void test_pack_mixed_args(void)
{
	struct mixed { char c; double d; int i[3]; } m;
	char c = 'c';
	short s = -7;
	double d = 0.125;
	unsigned long long *out = (void *)(uintptr_t)0xdeadbeef000ull;
	void *params[] = { &c, &m, &s, &d, &out };
	static const char zeros[8];
	kernel_args args;

	/* Field by field: an initializer may leave the padding undefined. */
	memset(&m, 0, sizeof(m));
	m.c = 'm';
	m.d = 2.5;
	m.i[0] = 1;
	m.i[1] = 2;
	m.i[2] = 3;
	CHECK_EQ(sizeof(m), 32);
	CHECK_EQ(params_pack(fn(FAKE_MIXED_ARGS), params, NULL, &args),
		 CUDA_SUCCESS);
	CHECK_EQ(args.bytes.bytes_len, 64);
	CHECK_EQ(args.offsets.offsets_len, 5);
	CHECK_EQ(args.bytes.bytes_val[0], 'c');
	CHECK(memcmp(args.bytes.bytes_val + 1, zeros, 7) == 0);
	CHECK(memcmp(args.bytes.bytes_val + 8, &m, 32) == 0);
	CHECK(memcmp(args.bytes.bytes_val + 40, &s, 2) == 0);
	CHECK(memcmp(args.bytes.bytes_val + 42, zeros, 6) == 0);
	CHECK(memcmp(args.bytes.bytes_val + 48, &d, 8) == 0);
	CHECK(memcmp(args.bytes.bytes_val + 56, &out, 8) == 0);
	CHECK_EQ(args.offsets.offsets_val[1], 8);
	CHECK_EQ(args.offsets.offsets_val[2], 40);
	CHECK_EQ(args.offsets.offsets_val[4], 56);
	params_release(&args);
}

static void test_pack_errors(void)
{
	uint64_t p = 0;
	void *params[] = { &p, &p, NULL, &p };
	size_t size = 8;
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &p,
			  CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			  CU_LAUNCH_PARAM_END };
	kernel_args args;
	unsigned int before;

	/* Both ways of passing arguments at once: refused before any call. */
	before = fake_layout_calls();
	CHECK_EQ(params_pack(fn(FAKE_UNKNOWN), params, extra, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(fake_layout_calls(), before);

	/* A parameter without an argument. */
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), params, NULL, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, NULL, &args),
		 CUDA_ERROR_INVALID_VALUE);

	/* No parameters, no arguments needed. */
	CHECK_EQ(params_pack(fn(FAKE_NO_PARAMS), NULL, NULL, &args),
		 CUDA_SUCCESS);
	CHECK_EQ(args.bytes.bytes_len, 0);
	CHECK_EQ(args.offsets.offsets_len, 0);
	params_release(&args);

	/* The server's error for a bad handle, not cached. */
	before = fake_layout_calls();
	CHECK_EQ(params_pack(fn(FAKE_UNKNOWN), params, NULL, &args),
		 CUDA_ERROR_INVALID_HANDLE);
	CHECK_EQ(params_pack(fn(FAKE_UNKNOWN), params, NULL, &args),
		 CUDA_ERROR_INVALID_HANDLE);
	CHECK_EQ(fake_layout_calls(), before + 2);

	/* Layouts no kernel can have (a damaged or tampered reply): refused
	 * before a byte of the program's memory is read, said once each. */
	before = fake_said;
	CHECK_EQ(params_pack(fn(FAKE_TOO_BIG), params, NULL, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(params_pack(fn(FAKE_OVERLAP), params, NULL, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(params_pack(fn(FAKE_EMPTY_PARAM), params, NULL, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(fake_said, (int)before + 3);
	/* A layout that fits the parameter space is packed. */
	{
		static char big[32744];
		void *one[] = { big };

		big[32743] = 7;
		CHECK_EQ(params_pack(fn(FAKE_HUGE_PARAM), one, NULL, &args),
			 CUDA_SUCCESS);
		CHECK_EQ(args.bytes.bytes_len, 32744);
		CHECK_EQ(args.bytes.bytes_val[32743], 7);
		params_release(&args);
	}

	/* A lost connection. */
	params_forget_all();
	fake_layout_status = RPC_TIMEDOUT;
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), params, NULL, &args),
		 CUDA_ERROR_DEVICE_UNAVAILABLE);
	fake_layout_status = RPC_SUCCESS;
}

static void test_extra(void)
{
	unsigned char buffer[40] = { 1, 2, 3 };
	size_t size = sizeof(buffer), zero = 0, huge = 40000;
	void *full[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buffer,
			 CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			 CU_LAUNCH_PARAM_END };
	void *size_first[] = { CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			       CU_LAUNCH_PARAM_BUFFER_POINTER, buffer, NULL };
	void *no_size[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buffer,
			    CU_LAUNCH_PARAM_END };
	void *no_buffer[] = { CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			      CU_LAUNCH_PARAM_END };
	void *zero_no_buffer[] = { CU_LAUNCH_PARAM_BUFFER_SIZE, &zero,
				   CU_LAUNCH_PARAM_END };
	void *null_size[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buffer,
			      CU_LAUNCH_PARAM_BUFFER_SIZE, NULL,
			      CU_LAUNCH_PARAM_END };
	void *too_big[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buffer,
			    CU_LAUNCH_PARAM_BUFFER_SIZE, &huge,
			    CU_LAUNCH_PARAM_END };
	void *unknown[] = { (void *)(uintptr_t)7, buffer, CU_LAUNCH_PARAM_END };
	void *empty[] = { CU_LAUNCH_PARAM_END };
	kernel_args args;
	unsigned int before = fake_layout_calls();

	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, full, &args),
		 CUDA_SUCCESS);
	CHECK_EQ(args.by_extra, TRUE);
	CHECK(args.bytes.bytes_val == (char *)buffer);
	CHECK_EQ(args.bytes.bytes_len, sizeof(buffer));
	CHECK_EQ(args.offsets.offsets_len, 0);
	params_release(&args);
	CHECK_EQ(buffer[2], 3);	/* the program's buffer, untouched */

	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, size_first, &args),
		 CUDA_SUCCESS);
	CHECK_EQ(args.bytes.bytes_len, sizeof(buffer));
	params_release(&args);

	/* A buffer without a size has no effect, as the driver documents. */
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, no_size, &args),
		 CUDA_SUCCESS);
	CHECK_EQ(args.by_extra, TRUE);
	CHECK_EQ(args.bytes.bytes_len, 0);
	params_release(&args);
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, zero_no_buffer, &args),
		 CUDA_SUCCESS);
	params_release(&args);
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, empty, &args),
		 CUDA_SUCCESS);
	params_release(&args);

	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, no_buffer, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, null_size, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, too_big, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), NULL, unknown, &args),
		 CUDA_ERROR_INVALID_VALUE);

	/* The server checks an extra buffer; the client asks nothing. */
	CHECK_EQ(fake_layout_calls(), before);
}

static void test_param_info(void)
{
	size_t offset = 99, size = 99;
	unsigned int before;

	params_forget_all();
	before = fake_layout_calls();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 1, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(offset, 8);
	CHECK_EQ(size, 32);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 2, &offset, NULL),
		 CUDA_SUCCESS);
	CHECK_EQ(offset, 40);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 5, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), (size_t)-1, &offset,
				    &size), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 0, NULL, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(fake_layout_calls(), before + 1);

	CHECK_EQ(cuKernelGetParamInfo((CUkernel)(uintptr_t)FAKE_KERNEL, 2,
				      &offset, &size), CUDA_SUCCESS);
	CHECK_EQ(offset, 12);
	CHECK_EQ(size, 4);
	CHECK_EQ(cuKernelGetParamInfo((CUkernel)(uintptr_t)FAKE_KERNEL, 3,
				      &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_NO_PARAMS), 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_UNKNOWN), 0, &offset, &size),
		 CUDA_ERROR_INVALID_HANDLE);
	/* NULL is the driver's INVALID_VALUE, answered without a question. */
	before = fake_layout_calls();
	CHECK_EQ(cuFuncGetParamInfo(NULL, 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuKernelGetParamInfo(NULL, 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(fake_layout_calls(), before);

	/* An unload empties the cache: the next question goes to the server. */
	before = fake_layout_calls();
	params_forget_all();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 1, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 1);
}

/*
 * An unload while the question is out may make the answer stale (the
 * handle reused): it must serve that one call and not be cached.
 */
static void test_unload_during_question(void)
{
	size_t offset, size;
	unsigned int before;

	params_forget_all();
	before = fake_layout_calls();
	fake_during_layout = params_forget_all;
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(offset, 24);
	fake_during_layout = NULL;
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 2);
}

static void kill_a_context(void)
{
	fake_context_deaths++;
}

/*
 * A context's death empties the cache as an unload does, seen at the next
 * lookup (stubs/context/context.h); one while the question is out keeps
 * the answer from being cached.
 */
static void test_context_death(void)
{
	size_t offset, size;
	unsigned int before;

	params_forget_all();
	before = fake_layout_calls();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 1);
	kill_a_context();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 2);

	fake_during_layout = kill_a_context;
	kill_a_context();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(offset, 24);
	fake_during_layout = NULL;
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(fake_layout_calls(), before + 4);
}

/* Threads packing while another empties the cache (for ASan, TSan). */
#define PACKERS 4
#define PACKS 3000

static void *packer(void *arg)
{
	uint64_t a = 1, b = 2, c = 3;
	int n = (int)(uintptr_t)arg;
	void *params[] = { &a, &b, &c, &n };
	kernel_args args;
	long bad = 0;
	int i;

	for (i = 0; i < PACKS; i++) {
		if (params_pack(fn(FAKE_VEC_ADD), params, NULL, &args) !=
			    CUDA_SUCCESS ||
		    args.bytes.bytes_len != 28 ||
		    memcmp(args.bytes.bytes_val + 24, &n, 4) != 0)
			bad++;
		else
			params_release(&args);
	}
	return (void *)bad;
}

static void *emptier(void *arg)
{
	int i;

	(void)arg;
	for (i = 0; i < PACKS; i++)
		params_forget_all();
	return NULL;
}

static void test_threads(void)
{
	pthread_t packers[PACKERS], forget;
	void *bad;
	int i;

	for (i = 0; i < PACKERS; i++)
		if (pthread_create(&packers[i], NULL, packer,
				   (void *)(uintptr_t)(i + 100)) != 0)
			abort();
	if (pthread_create(&forget, NULL, emptier, NULL) != 0)
		abort();
	for (i = 0; i < PACKERS; i++) {
		pthread_join(packers[i], &bad);
		CHECK_EQ((uintptr_t)bad, 0);
	}
	pthread_join(forget, NULL);
	params_forget_all();
}

/*
 * Layouts held against the image the client loaded (declared.h), with the
 * real cubin and fatbin of tests/kernels (run from the repository root).
 */
#define MODULE  0x7f00000b0000ull
#define LIBRARY 0x7f00000c0000ull

static void *read_image(const char *path, size_t *size)
{
	void *data = NULL;

	CHECK_EQ(image_read_file(path, &data, size), CUDA_SUCCESS);
	return data;
}

static void test_declared(void)
{
	uint64_t a = 1, b = 2, c = 3;
	int n = 4;
	void *params[] = { &a, &b, &c, &n };
	size_t cubin_size, fatbin_size, offset, size;
	void *cubin = read_image("tests/kernels/kernels.cubin", &cubin_size);
	void *fatbin = read_image("tests/kernels/kernels.fatbin", &fatbin_size);
	kernel_args args;
	int said;

	if (cubin == NULL || fatbin == NULL)
		return;
	params_forget_all();
	declared_image(MODULE, false, cubin, cubin_size);
	declared_image(LIBRARY, true, fatbin, fatbin_size);
	/* The program's image may be gone once loaded. */
	memset(cubin, 0, cubin_size);
	free(cubin);

	/* Layouts that agree with the image's .nv.info pass. */
	declared_bind(FAKE_VEC_ADD, MODULE, "vec_add");
	declared_bind(FAKE_MIXED_ARGS, MODULE, "mixed_args");
	declared_bind(FAKE_KERNEL, LIBRARY, "scale_dyn_smem");
	CHECK_EQ(params_pack(fn(FAKE_VEC_ADD), params, NULL, &args),
		 CUDA_SUCCESS);
	params_release(&args);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 1, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(size, 32);
	CHECK_EQ(cuKernelGetParamInfo((CUkernel)(uintptr_t)FAKE_KERNEL, 2,
				      &offset, &size), CUDA_SUCCESS);
	CHECK_EQ(offset, 12);

	/* A tampered layout is refused with one line, at launch and query,
	 * and nothing of the program's memory is copied. */
	declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
	said = fake_said;
	memset(&args, 0x5a, sizeof(args));
	CHECK_EQ(params_pack(fn(FAKE_TAMPERED), params, NULL, &args),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK(args.bytes.bytes_val == NULL);
	CHECK_EQ(fake_said, said + 1);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	/* A kernel's layout given for another the program named. */
	declared_bind(FAKE_MIXED_ARGS, MODULE, "vec_add");
	params_forget_all();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	/* A kernel's function (cuKernelGetFunction) is held as the kernel. */
	declared_bind(FAKE_KERNEL, LIBRARY, "vec_add");
	declared_alias(FAKE_MIXED_ARGS, FAKE_KERNEL);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);

	/* A name the image does not state, and an unloaded image, leave the
	 * layout to params.c's bounds alone. */
	declared_bind(FAKE_TAMPERED, MODULE, "no_such_kernel");
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(size, 8);
	params_forget_all();
	declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
	declared_forget(MODULE);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset, &size),
		 CUDA_SUCCESS);

	/* A context's death forgets modules' functions, not libraries'. */
	params_forget_all();
	declared_image(MODULE, false, fatbin, fatbin_size);
	declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
	kill_a_context();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset, &size),
		 CUDA_SUCCESS);
	declared_bind(FAKE_TAMPERED, LIBRARY, "vec_add");
	params_forget_all();
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	declared_forget(LIBRARY);
	declared_forget(MODULE);
	params_forget_all();
	free(fatbin);
}

/* The same for a module loaded as PTX: its .entry declarations. */
static void test_declared_ptx(void)
{
	size_t ptx_size, offset, size;
	void *ptx = read_image("tests/kernels/kernels.ptx", &ptx_size);
	int said;

	if (ptx == NULL)
		return;
	params_forget_all();
	declared_image(MODULE, false, ptx, ptx_size);
	free(ptx);
	declared_bind(FAKE_VEC_ADD, MODULE, "vec_add");
	declared_bind(FAKE_MIXED_ARGS, MODULE, "mixed_args");
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_VEC_ADD), 3, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(size, 4);
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_MIXED_ARGS), 1, &offset, &size),
		 CUDA_SUCCESS);
	CHECK_EQ(offset, 8);
	/* vec_add's last parameter said to be 8 bytes, not 4. */
	declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
	said = fake_said;
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 0, &offset, &size),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(fake_said, said + 1);
	declared_forget(MODULE);
	params_forget_all();
}

/*
 * The cubin a link made, rewritten by whoever sent it to say what a
 * tampered layout says (vec_add's last parameter 8 bytes): held against
 * what the link's PTX input declared, wherever the program copied it.
 */
static void test_declared_linked(void)
{
	static const int link, object_link;
	size_t ptx_size, cubin_size, offset, size;
	void *ptx = read_image("tests/kernels/kernels.ptx", &ptx_size);
	unsigned char *cubin = vec_add_said_8(&cubin_size), *copy = NULL;
	int said;

	if (ptx == NULL || cubin == NULL)
		goto out;

	/* Loaded as any image, the rewritten cubin agrees with the layout. */
	params_forget_all();
	declared_image(MODULE, false, cubin, cubin_size);
	declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset, &size),
		 CUDA_SUCCESS);
	declared_forget(MODULE);
	params_forget_all();

	/* As the output of a link of the PTX, in a copy, it does not; nor
	 * after the link is destroyed, nor from a file (its NUL). */
	linked_input(&link, CU_JIT_INPUT_PTX, ptx, ptx_size);
	linked_output(&link, cubin, cubin_size);
	linked_forget(&link);
	if ((copy = malloc(cubin_size + 1)) == NULL)
		goto out;
	memcpy(copy, cubin, cubin_size);
	copy[cubin_size] = '\0';
	for (int with_nul = 0; with_nul < 2; with_nul++) {
		declared_image(MODULE, false, copy, cubin_size + with_nul);
		declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
		said = fake_said;
		CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset,
					    &size), CUDA_ERROR_INVALID_VALUE);
		CHECK_EQ(fake_said, said + 1);
		declared_forget(MODULE);
		params_forget_all();
	}

	/* LTO IR is not read: its kernels answer to the cubin. */
	linked_input(&object_link, CU_JIT_INPUT_NVVM, ptx, ptx_size);
	copy[cubin_size - 1] ^= 0x01;	/* another cubin's digest */
	linked_output(&object_link, copy, cubin_size);
	linked_forget(&object_link);
	declared_image(MODULE, false, copy, cubin_size);
	declared_bind(FAKE_TAMPERED, MODULE, "vec_add");
	CHECK_EQ(cuFuncGetParamInfo(fn(FAKE_TAMPERED), 3, &offset, &size),
		 CUDA_SUCCESS);
	declared_forget(MODULE);
	params_forget_all();
out:
	free(copy);
	free(cubin);
	free(ptx);
}

int main(void)
{
	test_pack_vec_add();
	test_pack_mixed_args();
	test_pack_errors();
	test_extra();
	test_param_info();
	test_unload_during_question();
	test_context_death();
	test_declared();
	test_declared_ptx();
	test_declared_linked();
	test_threads();
	params_forget_all();	/* leave nothing for leak checkers */
	return unit_report("test_params");
}
