/*
 * The export table cuFFT finds its kernels with (6e163fbe-..., slot 7):
 * every function of a module is offered to a callback with its name, and
 * the count comes back, as NVIDIA's driver does it (the arguments are
 * those cuFFT passes; stubs/answers/tools_module.c says how they were
 * observed).
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

#define OFFERED_MAX 64

static const CUuuid tools_module = { {
	0x6e, 0x16, 0x3f, (char)0xbe, (char)0xb9, 0x58, 0x44, 0x4d,
	(char)0x83, 0x5c, (char)0xe1, (char)0x82, (char)0xaf, (char)0xf1,
	(char)0x99, 0x1e } };

struct offered {
	unsigned count;
	CUfunction functions[OFFERED_MAX];
	const char *names[OFFERED_MAX];
};

typedef int (*visitor)(void *, CUfunction, const char *, void *, void *,
    CUmodule);
typedef int (*enumerate)(void *, CUmodule, visitor, void *, CUmodule,
    const void *);

static int note_function(void *opaque, CUfunction f, const char *name,
    void *r1, void *r2, CUmodule m)
{
	struct offered *o = opaque;

	/* The driver's callbacks carry nothing certain past the name. */
	(void)r1;
	(void)r2;
	(void)m;
	if (o->count < OFFERED_MAX) {
		o->functions[o->count] = f;
		o->names[o->count] = name;
	}
	o->count++;
	return 0;
}

int test_export_tools_module(void)
{
	static struct offered offered;
	CUfunction listed[OFFERED_MAX], byname;
	const void *const *table = NULL;
	const char *name;
	unsigned count = 0, i, j;
	CUcontext ctx;
	CUdevice dev;
	CUmodule m;
	int n;

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_load_module(&m, "kernels.cubin"));
	CHECK_CU(cuGetExportTable((const void **)&table, &tools_module),
		 CUDA_SUCCESS);
	CHECK(table != NULL && (uintptr_t)table[0] >= 8 * sizeof(void *));
	CHECK_CU(cuModuleGetFunctionCount(&count, m), CUDA_SUCCESS);
	CHECK(count > 0 && count <= OFFERED_MAX);
	CHECK_CU(cuModuleEnumerateFunctions(listed, count, m), CUDA_SUCCESS);

	n = ((enumerate)(uintptr_t)table[7])(ctx, m, note_function, &offered,
	    m, NULL);
	CHECK_EQ((unsigned)n, count);
	CHECK_EQ(offered.count, count);
	/* Each function once, named as cuFuncGetName and cuModuleGetFunction
	 * name it. */
	for (i = 0; i < count; i++) {
		for (j = 0; j < count && listed[j] != offered.functions[i]; j++)
			;
		CHECK(j < count);
		CHECK_CU(cuFuncGetName(&name, offered.functions[i]),
			 CUDA_SUCCESS);
		CHECK(strcmp(name, offered.names[i]) == 0);
		CHECK_CU(cuModuleGetFunction(&byname, m, name), CUDA_SUCCESS);
		CHECK(byname == offered.functions[i]);
	}
	return 0;
}

/*
 * cuBLASLt's table (1734dc26-...): cuBLASLt dereferences it unchecked, so
 * it must be given, 17 entries long as driver 580's (its first word is its
 * size in bytes).
 */
int test_export_blaslt(void)
{
	static const CUuuid blaslt = { {
		0x17, 0x34, (char)0xdc, 0x26, (char)0x80, 0x0d, 0x47, 0x45,
		(char)0x87, 0x26, (char)0xc0, (char)0xf1, (char)0xe7,
		(char)0xdd, (char)0x8b, (char)0xca } };
	const void *const *table = NULL;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));
	CHECK_CU(cuGetExportTable((const void **)&table, &blaslt),
		 CUDA_SUCCESS);
	CHECK(table != NULL);
	CHECK_EQ((uintptr_t)table[0], 17 * sizeof(void *));
	for (unsigned i = 1; i < 17; i++)
		CHECK(table[i] != NULL);
	return 0;
}
