/*
 * export_probe.c -- observes, against NVIDIA's driver, the two export
 * tables oncuda does not answer yet (stubs/answers/export_tables.c says
 * what is known and what is not):
 *
 *   6e163fbe-b958-444d-835c-e182aff1991e  cuFFT calls slot 7 (3 times)
 *   da9151d3-3ae6-cc41-a5c0-4f26d533e328  NVRTC/CuPy call slots 1 to 4
 *
 * A measuring instrument for the GPU machine, not part of oncuda.  Build
 * and run it there, with the real driver:
 *
 *   gcc -std=c11 -D_GNU_SOURCE -I/usr/local/cuda/include \
 *       -o /tmp/export_probe tests/probe/export_probe.c \
 *       -L/usr/local/cuda/lib64/stubs -lcuda -ldl
 *   /tmp/export_probe tests/kernels/kernels.cubin
 *
 * It prints each table's size and slots (with the symbol dladdr finds),
 * then calls 6e163fbe slot 7 in a child process (a wrong guess at its
 * arguments may crash it) in the shape a public remoting project calls it
 * -- (context, module, callback, opaque, module, 0) -- and in a shape
 * without the fifth argument, and prints every callback it gets: its
 * six register arguments, whether the second is one of the module's
 * CUfunction handles (cuModuleEnumerateFunctions) and the first 64 bytes
 * it points to, and the slot's return value.  What answers the question
 * "can oncuda implement slot 7 with cuModuleEnumerateFunctions": the
 * callback's object is the module's CUfunction, or it is not.  The slots
 * of da9151d3 are only listed: called blind they could corrupt the
 * process; their arguments are best seen by wrapping them under a real
 * caller (tools/drvtrace on a CuPy run, with its slot thunks extended to
 * log rdi, rsi, rdx, rcx, r8, r9 and the return value).
 */
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cuda.h>

static const CUuuid tools_module = { {
	0x6e, 0x16, 0x3f, 0xbe, 0xb9, 0x58, 0x44, 0x4d,
	0x83, 0x5c, 0xe1, 0x82, 0xaf, 0xf1, 0x99, 0x1e } };
static const CUuuid nvrtc_table = { {
	(char)0xda, (char)0x91, 0x51, (char)0xd3, 0x3a, (char)0xe6,
	(char)0xcc, 0x41, (char)0xa5, (char)0xc0, 0x4f, 0x26, (char)0xd5,
	0x33, (char)0xe3, 0x28 } };

#define FUNCTIONS_MAX 64

static CUfunction functions[FUNCTIONS_MAX];
static unsigned function_count;
static int callbacks;

#define CHECK(call) do {						\
	CUresult e_ = (call);						\
	if (e_ != CUDA_SUCCESS) {					\
		fprintf(stderr, "%s: %d\n", #call, (int)e_);		\
		exit(2);						\
	}								\
} while (0)

/* Whether n bytes at p can be read, without faulting. */
static bool readable(const void *p, size_t n)
{
	int fd[2];
	bool ok;

	if (p == NULL || pipe(fd) != 0)
		return false;
	ok = write(fd[1], p, n) == (ssize_t)n;
	close(fd[0]);
	close(fd[1]);
	return ok;
}

static void dump(const char *what, const void *p)
{
	const unsigned char *b = p;

	if (!readable(p, 64)) {
		printf("      %s %p: not readable\n", what, p);
		return;
	}
	printf("      %s %p:", what, p);
	for (int i = 0; i < 64; i++)
		printf("%s%02x", i % 16 == 0 ? "\n        " : " ", b[i]);
	printf("\n");
}

static void name_of(const void *p)
{
	Dl_info info;

	if (dladdr(p, &info) && info.dli_fname != NULL)
		printf(" (%s %s+%#lx)", info.dli_fname,
		    info.dli_sname != NULL ? info.dli_sname : "?",
		    (unsigned long)((const char *)p -
		    (const char *)(info.dli_saddr != NULL ? info.dli_saddr :
		    info.dli_fbase)));
}

static const void *const *list_table(const char *label, const CUuuid *id)
{
	const void *const *t = NULL;
	CUresult e = cuGetExportTable((const void **)&t, id);
	uintptr_t size;

	printf("%s: cuGetExportTable -> %d, table %p\n", label, (int)e,
	    (const void *)t);
	if (e != CUDA_SUCCESS || t == NULL)
		return NULL;
	size = (uintptr_t)t[0];
	printf("  word 0 = %" PRIuPTR " (%" PRIuPTR " slots of 8 bytes)\n",
	    size, size / 8);
	for (uintptr_t i = 1; i < size / 8 && i < 64; i++) {
		printf("  [%" PRIuPTR "] %p", i, t[i]);
		name_of(t[i]);
		printf("\n");
	}
	return t;
}

static uint64_t callback(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
    uint64_t a4, uint64_t a5)
{
	bool known = false;

	callbacks++;
	for (unsigned i = 0; i < function_count; i++)
		known |= (uint64_t)(uintptr_t)functions[i] == a1;
	printf("    callback %d: %#" PRIx64 " %#" PRIx64 " %#" PRIx64 " %#"
	    PRIx64 " %#" PRIx64 " %#" PRIx64 "; second is %s\n", callbacks,
	    a0, a1, a2, a3, a4, a5, known ? "a CUfunction of the module" :
	    "NOT a CUfunction of the module");
	dump("object at the second", (const void *)(uintptr_t)a1);
	return 0;
}

typedef uint64_t (*slot_fn)(uint64_t, uint64_t, uint64_t, uint64_t,
    uint64_t, uint64_t);

/* Calls slot 7 in a child, which may crash on a wrong guess. */
static void try_slot7(const void *slot, CUcontext ctx, CUmodule mod,
    bool module_twice)
{
	uint64_t opaque = 0x0dd0c0de;
	pid_t pid;
	int status;

	printf("  slot 7 (context, module, callback, opaque, %s, 0):\n",
	    module_twice ? "module" : "0");
	fflush(stdout);
	if ((pid = fork()) == 0) {
		uint64_t r = ((slot_fn)slot)((uint64_t)(uintptr_t)ctx,
		    (uint64_t)(uintptr_t)mod, (uint64_t)(uintptr_t)callback,
		    (uint64_t)(uintptr_t)&opaque,
		    module_twice ? (uint64_t)(uintptr_t)mod : 0, 0);
		printf("    returned %#" PRIx64 " (%" PRIu64 ") after %d "
		    "callbacks; opaque was %p\n", r, r, callbacks,
		    (void *)&opaque);
		fflush(stdout);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		printf("    fork failed: %s\n", strerror(errno));
	else if (WIFSIGNALED(status))
		printf("    the child died of signal %d\n", WTERMSIG(status));
}

int main(int argc, char **argv)
{
	const void *const *t;
	CUcontext ctx;
	CUdevice dev;
	CUmodule mod;
	unsigned n;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CUBIN\n", argv[0]);
		return 2;
	}
	CHECK(cuInit(0));
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	CHECK(cuCtxSetCurrent(ctx));
	CHECK(cuModuleLoad(&mod, argv[1]));
	CHECK(cuModuleGetFunctionCount(&n, mod));
	function_count = n < FUNCTIONS_MAX ? n : FUNCTIONS_MAX;
	CHECK(cuModuleEnumerateFunctions(functions, function_count, mod));
	printf("context %p, module %p, %u functions:\n", (void *)ctx,
	    (void *)mod, n);
	for (unsigned i = 0; i < function_count; i++) {
		const char *name = "?";

		cuFuncGetName(&name, functions[i]);
		printf("  %p %s\n", (void *)functions[i], name);
		dump("function", functions[i]);
	}

	if ((t = list_table("6e163fbe (tools module)", &tools_module)) !=
	    NULL && (uintptr_t)t[0] > 7 * 8) {
		try_slot7(t[7], ctx, mod, true);
		try_slot7(t[7], ctx, mod, false);
	}
	list_table("da9151d3 (NVRTC)", &nvrtc_table);
	return 0;
}
