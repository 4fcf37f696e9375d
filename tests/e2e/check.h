/*
 * The e2e test framework: assertion macros, the cleanup list and helpers.
 *
 * A test is a function `int test_x(void)` that returns 0 when it passed.
 * Assertions return early from it with the first failure recorded; whatever
 * the test registered with e2e_defer_*() is released by the runner after the
 * test, whether it passed or not, so a failing test leaks nothing either.
 *
 * This program is an ordinary CUDA driver-API client: it knows nothing of
 * oncuda and must behave the same on the real driver, through oncuda on a
 * GPU, and through oncuda on the CPU stand-in.
 */
#ifndef E2E_CHECK_H
#define E2E_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include <cuda.h>

/* Returned by a test that did not run at all (after e2e_skip()). */
#define E2E_SKIPPED 1

/* Record a failure (the first one of a test wins) and return -1. */
int e2e_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int e2e_fail_cu(const char *file, int line, const char *call, CUresult got,
		const char *expected);

/* Print "SKIP test: reason" for one assertion the test leaves out. */
void e2e_skip_note(const char *reason);
/* Skip the whole test: print the reason and return E2E_SKIPPED. */
int e2e_skip(const char *reason);

/* Name of a CUresult, for messages ("CUDA_ERROR_INVALID_VALUE"). */
const char *e2e_cu_name(CUresult r);

#define CHECK_CU(call, expected) do {					\
	CUresult got_ = (call);						\
	if (got_ != (expected))						\
		return e2e_fail_cu(__FILE__, __LINE__, #call, got_,	\
				   #expected);				\
} while (0)

/* For calls where the real driver may answer with either of two codes. */
#define CHECK_CU2(call, expected1, expected2) do {			\
	CUresult got_ = (call);						\
	if (got_ != (expected1) && got_ != (expected2))			\
		return e2e_fail_cu(__FILE__, __LINE__, #call, got_,	\
				   #expected1 " or " #expected2);	\
} while (0)

/*
 * For calls that queue work (launches, asynchronous copies and memsets,
 * event records): the driver may refuse at the call, or report the error
 * at the next synchronizing call, as oncuda does for the calls it sends
 * without waiting for a reply.  Then the next cuCtxSynchronize must return
 * it, and only that one: such an error leaves the context usable.
 */
#define CHECK_CU_ASYNC(call, expected) do {				\
	if (e2e_check_async((call), (expected), __FILE__, __LINE__,	\
			    #call, #expected) != 0)			\
		return -1;						\
} while (0)

int e2e_check_async(CUresult got, CUresult expected, const char *file,
		    int line, const char *call, const char *expected_name);

#define CHECK(cond) do {						\
	if (!(cond))							\
		return e2e_fail(__FILE__, __LINE__, "%s", #cond);	\
} while (0)

/* Calls a helper below, which recorded why when it failed. */
#define TRY(helper) do {						\
	if ((helper) != 0)						\
		return -1;						\
} while (0)

/* Equality of integers, printing both values when they differ. */
#define CHECK_EQ(a, b) do {						\
	unsigned long long a_ = (unsigned long long)(a);		\
	unsigned long long b_ = (unsigned long long)(b);		\
	if (a_ != b_)							\
		return e2e_fail(__FILE__, __LINE__,			\
		    "%s == %s: got %llu (0x%llx), expected %llu (0x%llx)", \
		    #a, #b, a_, a_, b_, b_);				\
} while (0)

/* Byte-for-byte equality, naming the first offset that differs. */
#define CHECK_MEM(got, expected, n) do {				\
	size_t at_ = e2e_mismatch((got), (expected), (n));		\
	if (at_ != (size_t)-1)						\
		return e2e_fail(__FILE__, __LINE__,			\
		    "%s differs from %s at byte %zu of %zu",		\
		    #got, #expected, at_, (size_t)(n));			\
} while (0)

size_t e2e_mismatch(const void *got, const void *expected, size_t n);

/*
 * The cleanup list.  Each entry remembers the context that was current when
 * it was registered and makes it current again to release the resource.
 * Entries are released last-in first-out, after the test returns.
 */
void e2e_defer_mem(CUdeviceptr p);
void e2e_defer_host(void *p);		/* cuMemFreeHost */
void e2e_defer_unregister(void *p);	/* cuMemHostUnregister */
void e2e_defer_free(void *p);		/* free() */
void e2e_defer_module(CUmodule m);
void e2e_defer_library(CUlibrary l);
void e2e_defer_stream(CUstream s);
void e2e_defer_event(CUevent e);
void e2e_defer_ctx(CUcontext c);	/* cuCtxDestroy */
void e2e_defer_primary(CUdevice d);	/* cuDevicePrimaryCtxRelease */
/* A test that released something itself takes it off the list (the
 * handle as a number: (uintptr_t)ctx, or the CUdeviceptr). */
void e2e_forget(uint64_t handle);
void e2e_cleanup(void);

/* Helpers that check, register their cleanup, and return 0 or -1. */
int e2e_primary_ctx(CUdevice *dev, CUcontext *ctx);
/* e2e_primary_ctx, then E2E_SKIPPED (said) where the device has no
 * managed memory: a caller returns what is not 0. */
int e2e_managed_ctx(CUdevice *dev, CUcontext *ctx);
int e2e_dalloc(CUdeviceptr *p, size_t bytes);
int e2e_stream(CUstream *s);
int e2e_load_module(CUmodule *m, const char *image);
int e2e_get_function(CUfunction *f, CUmodule m, const char *name);
/* src into d1 and back into back, then d1 into d2 and back: bytes each. */
int e2e_copy_round_trip(CUdeviceptr d1, CUdeviceptr d2, const void *src,
			void *back, size_t bytes);

/* Memory from malloc, freed after the test; exits when out of memory. */
/* All n 32-bit words at d equal v (a failure naming what otherwise). */
int e2e_words_are(CUdeviceptr d, size_t n, unsigned int v, const char *what);
/* The same of host words p[from, to). */
int e2e_host_words_are(const unsigned int *p, size_t from, size_t to,
		       unsigned int v, const char *what);
/* tests/kernels' fill_u32 of n words at p with v, queued on s. */
int e2e_fill_u32(CUfunction fill_u32, CUdeviceptr p, unsigned int v,
		 unsigned long long n, CUstream s);
void *e2e_malloc(size_t bytes);
/* The path of a kernel image ("kernels.cubin"), freed after the test. */
char *e2e_kernel_path(const char *image);
/* A whole file plus a NUL (PTX must end in one), freed after the test. */
void *e2e_read_file(const char *path, size_t *size);

/* Deterministic pseudo-random bytes (xorshift64), same on every host. */
void e2e_fill_random(void *buf, size_t bytes, uint64_t seed);

/* True when device 0 is the CPU stand-in, which cannot run anything
 * concurrently with the host (so nothing is ever NOT_READY there). */
int e2e_on_stand_in(void);

/* The test running now, for SKIP lines; set by the runner. */
extern const char *e2e_current_test;

#endif
