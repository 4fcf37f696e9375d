/*
 * server/copy/managed_hash.c -- the GPU's hashes of managed memory's
 * blocks (managed_hash.h).
 *
 * The kernel.  Hand-written PTX, below, rather than CUDA C compiled by
 * nvcc: oncudad then builds, and its packages too, where the toolkit's
 * headers are but no compiler is; the kernel is some forty instructions.
 * ISA 7.0 for sm_70, which every driver since CUDA 11 compiles for the
 * GPU it has (sm_90 on an H200) when the module is loaded.  One block of
 * 256 threads a block of memory: thread t adds the terms of words t,
 * t + 256, ... (neighbouring threads read neighbouring words), the last
 * word of the memory, if partial, a byte at a time so that nothing past
 * its end is read; thread 0 then adds the 256 shares from shared memory
 * and stores the block's two lanes.  block_hash.h's sum and exclusive or
 * do not depend on the order of the terms, which is what lets the
 * threads share the work.
 *
 * The check.  Before the kernel of a context is used, it hashes a buffer
 * of known bytes, a block and a partial one ending in a partial word, and
 * the hashes must be block_hash's: a kernel that disagreed with the CPU
 * would make every block look changed (slow) or, worse, hash unlike
 * contents alike.
 *
 * Kept per context as managed_copy.c keeps its streams: the module, its
 * function and the device buffer the hashes land in before their copy to
 * this host, which grows to the largest memory hashed.  Calls down only:
 * managed_copy.c (the series' stream) and the session's log.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "server/copy/managed_copy.h"
#include "server/copy/managed_hash.h"
#include "server/session/log.h"

static const char kernel_ptx[] =
	".version 7.0\n"
	".target sm_70\n"
	".address_size 64\n"
	"\n"
	".visible .entry oncuda_block_hash(\n"
	"\t.param .u64 base_param,\n"
	"\t.param .u64 size_param,\n"
	"\t.param .u64 out_param\n"
	")\n"
	"{\n"
	"\t.reg .pred %p<8>;\n"
	"\t.reg .b16 %h<2>;\n"
	"\t.reg .b32 %r<8>;\n"
	"\t.reg .b64 %rd<48>;\n"
	"\t.shared .align 8 .b64 sums[256];\n"
	"\t.shared .align 8 .b64 xors[256];\n"
	"\n"
	"\tld.param.u64 %rd1, [base_param];\n"
	"\tld.param.u64 %rd2, [size_param];\n"
	"\tld.param.u64 %rd3, [out_param];\n"
	"\tcvta.to.global.u64 %rd1, %rd1;\n"
	"\tcvta.to.global.u64 %rd3, %rd3;\n"
	"\tmov.u32 %r1, %ctaid.x;\n"
	"\tmov.u32 %r2, %tid.x;\n"
	"\tmov.u32 %r3, %ntid.x;\n"
	"\tcvt.u64.u32 %rd4, %r1;\n"
	"\tshl.b64 %rd5, %rd4, 16;\n"
	"\tsub.u64 %rd6, %rd2, %rd5;\n"
	"\tmin.u64 %rd6, %rd6, 65536;\n"
	"\tadd.u64 %rd7, %rd1, %rd5;\n"
	"\tmov.u64 %rd10, 0;\n"
	"\tmov.u64 %rd11, 0;\n"
	"\tcvt.u64.u32 %rd8, %r2;\n"
	"\tcvt.u64.u32 %rd9, %r3;\n"
	"WORD:\n"
	"\tshl.b64 %rd12, %rd8, 3;\n"
	"\tsetp.ge.u64 %p1, %rd12, %rd6;\n"
	"\t@%p1 bra REDUCE;\n"
	"\tadd.u64 %rd13, %rd7, %rd12;\n"
	"\tsub.u64 %rd14, %rd6, %rd12;\n"
	"\tsetp.lt.u64 %p2, %rd14, 8;\n"
	"\t@%p2 bra TAIL;\n"
	"\tld.global.u64 %rd15, [%rd13];\n"
	"\tbra MIX;\n"
	"TAIL:\n"
	"\tmov.u64 %rd15, 0;\n"
	"\tmov.u64 %rd16, 0;\n"
	"TAIL_BYTE:\n"
	"\tsetp.ge.u64 %p3, %rd16, %rd14;\n"
	"\t@%p3 bra MIX;\n"
	"\tadd.u64 %rd17, %rd13, %rd16;\n"
	"\tld.global.u8 %h1, [%rd17];\n"
	"\tcvt.u64.u16 %rd18, %h1;\n"
	"\tcvt.u32.u64 %r4, %rd16;\n"
	"\tshl.b32 %r4, %r4, 3;\n"
	"\tshl.b64 %rd18, %rd18, %r4;\n"
	"\tor.b64 %rd15, %rd15, %rd18;\n"
	"\tadd.u64 %rd16, %rd16, 1;\n"
	"\tbra TAIL_BYTE;\n"
	"MIX:\n"
	"\tadd.u64 %rd19, %rd8, 1;\n"
	"\tmul.lo.u64 %rd20, %rd19, 0x9e3779b97f4a7c15U;\n"
	"\tadd.u64 %rd20, %rd20, %rd15;\n"
	"\tshr.u64 %rd21, %rd20, 30;\n"
	"\txor.b64 %rd20, %rd20, %rd21;\n"
	"\tmul.lo.u64 %rd20, %rd20, 0xbf58476d1ce4e5b9U;\n"
	"\tshr.u64 %rd21, %rd20, 27;\n"
	"\txor.b64 %rd20, %rd20, %rd21;\n"
	"\tmul.lo.u64 %rd20, %rd20, 0x94d049bb133111ebU;\n"
	"\tshr.u64 %rd21, %rd20, 31;\n"
	"\txor.b64 %rd20, %rd20, %rd21;\n"
	"\tadd.u64 %rd10, %rd10, %rd20;\n"
	"\tmul.lo.u64 %rd22, %rd19, 0xc2b2ae3d27d4eb4fU;\n"
	"\txor.b64 %rd22, %rd22, %rd15;\n"
	"\tshr.u64 %rd21, %rd22, 33;\n"
	"\txor.b64 %rd22, %rd22, %rd21;\n"
	"\tmul.lo.u64 %rd22, %rd22, 0xff51afd7ed558ccdU;\n"
	"\tshr.u64 %rd21, %rd22, 33;\n"
	"\txor.b64 %rd22, %rd22, %rd21;\n"
	"\tmul.lo.u64 %rd22, %rd22, 0xc4ceb9fe1a85ec53U;\n"
	"\tshr.u64 %rd21, %rd22, 33;\n"
	"\txor.b64 %rd22, %rd22, %rd21;\n"
	"\txor.b64 %rd11, %rd11, %rd22;\n"
	"\tadd.u64 %rd8, %rd8, %rd9;\n"
	"\tbra WORD;\n"
	"REDUCE:\n"
	"\tmov.u64 %rd30, sums;\n"
	"\tmov.u64 %rd31, xors;\n"
	"\tcvt.u64.u32 %rd32, %r2;\n"
	"\tshl.b64 %rd32, %rd32, 3;\n"
	"\tadd.u64 %rd33, %rd30, %rd32;\n"
	"\tst.shared.u64 [%rd33], %rd10;\n"
	"\tadd.u64 %rd33, %rd31, %rd32;\n"
	"\tst.shared.u64 [%rd33], %rd11;\n"
	"\tbar.sync 0;\n"
	"\tsetp.ne.u32 %p4, %r2, 0;\n"
	"\t@%p4 bra END;\n"
	"\tmov.u64 %rd10, 0;\n"
	"\tmov.u64 %rd11, 0;\n"
	"\tmov.u64 %rd35, 0;\n"
	"SHARE:\n"
	"\tsetp.ge.u64 %p5, %rd35, %rd9;\n"
	"\t@%p5 bra STORE;\n"
	"\tshl.b64 %rd36, %rd35, 3;\n"
	"\tadd.u64 %rd37, %rd30, %rd36;\n"
	"\tld.shared.u64 %rd38, [%rd37];\n"
	"\tadd.u64 %rd10, %rd10, %rd38;\n"
	"\tadd.u64 %rd37, %rd31, %rd36;\n"
	"\tld.shared.u64 %rd38, [%rd37];\n"
	"\txor.b64 %rd11, %rd11, %rd38;\n"
	"\tadd.u64 %rd35, %rd35, 1;\n"
	"\tbra SHARE;\n"
	"STORE:\n"
	"\tshl.b64 %rd39, %rd4, 4;\n"
	"\tadd.u64 %rd40, %rd3, %rd39;\n"
	"\tst.global.u64 [%rd40], %rd10;\n"
	"\tst.global.u64 [%rd40+8], %rd11;\n"
	"END:\n"
	"\tret;\n"
	"}\n";

#define THREADS 256

/* The kept contexts; past CONTEXTS_MAX at once, memory is read whole. */
#define CONTEXTS_MAX 16

enum state { UNTRIED, READY, BROKEN };

static struct kept {
	CUcontext ctx;		/* NULL: a free entry */
	enum state state;
	CUmodule module;
	CUfunction kernel;
	CUdeviceptr out;	/* the hashes, on the device */
	size_t out_bytes;
} contexts[CONTEXTS_MAX];

/* Said once: the filter is off, and why. */
static void say_once(const char *why, CUresult err)
{
	static bool said;

	if (said)
		return;
	said = true;
	log_msg(LOG_INFO, "managed memory: %s (error %d), so each pull reads "
	    "and compares all of it instead of the blocks the GPU changed",
	    why, (int)err);
}

/* Runs the kernel over size bytes at src into k's buffer, and copies the
 * hashes to out; waits for them. */
static CUresult run(struct kept *k, CUdeviceptr src, size_t size,
    struct block_hash *out)
{
	CUstream stream = managed_copy_stream();
	size_t count = block_hash_count(size), bytes = count * sizeof(*out);
	uint64_t base = src, length = size, dst;
	void *params[] = { &base, &length, &dst };
	CUresult err;

	if (count > 0x7fffffffu)
		return CUDA_ERROR_INVALID_VALUE;	/* past a grid's x */
	if (k->out_bytes < bytes) {
		if (k->out != 0)
			(void)cuMemFree(k->out);
		k->out = 0;
		k->out_bytes = 0;
		if ((err = cuMemAlloc(&k->out, bytes)) != CUDA_SUCCESS)
			return err;
		k->out_bytes = bytes;
	}
	dst = k->out;
	err = cuLaunchKernel(k->kernel, (unsigned int)count, 1, 1, THREADS,
	    1, 1, 0, stream, params, NULL);
	if (err == CUDA_SUCCESS)
		err = cuMemcpyDtoHAsync(out, k->out, bytes, stream);
	if (err == CUDA_SUCCESS)
		err = cuStreamSynchronize(stream);
	return err;
}

/*
 * Hashes known bytes on the device: a block, then a partial one of 13
 * bytes (a word and 5 bytes).  CUDA_SUCCESS with *agree set.
 */
static CUresult check(struct kept *k, bool *agree)
{
	enum { SIZE = BLOCK_HASH_BYTES + 13 };
	CUstream stream = managed_copy_stream();
	unsigned char *bytes = malloc(SIZE);
	struct block_hash got[2], want[2];
	CUdeviceptr test = 0;
	uint64_t x = 0x0123456789abcdefu;
	CUresult err;

	*agree = false;
	if (bytes == NULL)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (size_t i = 0; i < SIZE; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		bytes[i] = (unsigned char)x;
	}
	want[0] = block_hash(bytes, BLOCK_HASH_BYTES);
	want[1] = block_hash(bytes + BLOCK_HASH_BYTES, SIZE - BLOCK_HASH_BYTES);
	if ((err = cuMemAlloc(&test, SIZE)) == CUDA_SUCCESS) {
		err = cuMemcpyHtoDAsync(test, bytes, SIZE, stream);
		if (err == CUDA_SUCCESS)
			err = run(k, test, SIZE, got);
		(void)cuMemFree(test);
	}
	*agree = err == CUDA_SUCCESS && memcmp(got, want, sizeof(got)) == 0;
	free(bytes);
	return err;
}

/* Loads and checks the kernel in the current context, for k. */
static void load(struct kept *k)
{
	CUresult err;
	bool agree;

	k->state = BROKEN;
	if ((err = cuModuleLoadData(&k->module, kernel_ptx)) != CUDA_SUCCESS) {
		say_once("the hashing kernel does not load", err);
		return;
	}
	if ((err = cuModuleGetFunction(&k->kernel, k->module,
	    "oncuda_block_hash")) != CUDA_SUCCESS) {
		say_once("the hashing kernel is not in its module", err);
		return;
	}
	if ((err = check(k, &agree)) != CUDA_SUCCESS) {
		say_once("the hashing kernel failed its check", err);
		return;
	}
	if (!agree) {
		say_once("the hashing kernel disagrees with the CPU's hashes",
		    CUDA_ERROR_UNKNOWN);
		return;
	}
	k->state = READY;
}

/* The kept entry of the current context, made now if it has none. */
static struct kept *current(void)
{
	struct kept *free_entry = NULL;
	CUcontext ctx = NULL;

	if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || ctx == NULL)
		return NULL;
	for (unsigned int i = 0; i < CONTEXTS_MAX; i++) {
		if (contexts[i].ctx == ctx)
			return &contexts[i];
		if (contexts[i].ctx == NULL && free_entry == NULL)
			free_entry = &contexts[i];
	}
	if (free_entry == NULL)
		return NULL;
	memset(free_entry, 0, sizeof(*free_entry));
	free_entry->ctx = ctx;
	load(free_entry);
	return free_entry;
}

bool managed_hash(CUdeviceptr mirror, size_t size, struct block_hash *out)
{
	struct kept *k;
	CUresult err;

	/* The series began only with the client's streams idle
	 * (managed_copy_begin), so neither the kernel nor its load and check
	 * at the first use in a context wait behind a kernel of the
	 * program's. */
	if (size == 0 || mirror % 8 != 0)
		return false;
	if ((k = current()) == NULL || k->state != READY)
		return false;
	if ((err = run(k, mirror, size, out)) != CUDA_SUCCESS) {
		say_once("the hashing kernel failed", err);
		k->state = BROKEN;
		return false;
	}
	return true;
}

void managed_hash_context_gone(CUcontext ctx)
{
	for (unsigned int i = 0; i < CONTEXTS_MAX; i++)
		if (contexts[i].ctx == ctx)
			contexts[i].ctx = NULL;	/* all destroyed with ctx */
}
