/*
 * tools_module.c -- the export table cuFFT asks for, UUID
 * 6e163fbe-b958-444d-835c-e182aff1991e (a tools-side name for it is
 * CU_ETID_ToolsModule).  Without it every cuFFT plan fails with
 * CUFFT_INTERNAL_ERROR: this is how cuFFT finds the kernels of the modules
 * it loads.
 *
 * What each slot below rests on, observed on the H200 (driver 580):
 * - tests/probe/export_probe.c: the table has 99 entries, the first its
 *   size in bytes (792).  Slot 7 called as (context, module, callback,
 *   opaque, module, 0) calls callback once per function of the module,
 *   with (opaque, function, name) first: the function is one of the
 *   module's CUfunctions (cuModuleEnumerateFunctions), the name a pointer
 *   the driver keeps (the function object holds it at byte 8).  The slot
 *   returns the number of functions (10 of 10 for tests/kernels).
 * - A run of torch.fft with the slot wrapped, the callback's function
 *   object page-protected and every access logged: cuFFT calls slot 7 as
 *   (context, module, callback, opaque, module, a pointer into cuFFT's own
 *   data), its callback is called with (opaque, function, mangled name,
 *   0, 0, module) and returns 0, the slot returns 1 (that module's one
 *   kernel), and cuFFT never reads the function object's memory: it keeps
 *   the handle for cuLaunchKernel and the name.  (A public remoting
 *   project fabricated fields of that object for an older cuFFT; none is
 *   read by this one.)
 * So slot 7 is built from public calls, remoted as usual: the module's
 * functions (cuModuleGetFunctionCount, cuModuleEnumerateFunctions) and
 * their names (cuFuncGetName, whose strings the client keeps for the
 * module's life, as the driver keeps its own).  What the sixth argument
 * selects is not known; every function is offered, as to the probe, which
 * passed 0.  What a callback's nonzero return would mean is not known
 * either; none was seen, and every function is offered all the same.
 * Past the name the driver's callbacks carry nothing certain (the probe's
 * saw other values in those registers); cuFFT's saw 0, 0 and the module,
 * which is what this slot passes.
 * Every other slot is an UNSEEN stub (export_table_slots.h).
 */
#include <stdint.h>
#include <stdlib.h>

#include "stubs/answers/export_table_slots.h"
#include "stubs/answers/tools_module.h"

#define TOOLS_MODULE_SLOTS 99

typedef int (*function_visitor)(void *opaque, CUfunction function,
    const char *name, void *reserved1, void *reserved2, CUmodule module);

/*
 * [7](CUcontext ctx, CUmodule module, visitor, void *opaque, CUmodule
 * again, const void *selector): offers every function of module to the
 * visitor and returns how many there were; 0 when the module's functions
 * cannot be listed (said each time).
 */
static int tools_module_functions(void *ctx, CUmodule module,
    function_visitor visit, void *opaque, void *again, const void *selector)
{
	CUfunction *functions = NULL;
	unsigned int count = 0, i;
	const char *name;
	CUresult e;

	(void)ctx;
	(void)again;
	(void)selector;
	if (visit == NULL)
		return 0;
	e = cuModuleGetFunctionCount(&count, module);
	if (e == CUDA_SUCCESS && count > 0 &&
	    (functions = calloc(count, sizeof(*functions))) == NULL)
		e = CUDA_ERROR_OUT_OF_MEMORY;
	if (e == CUDA_SUCCESS && count > 0)
		e = cuModuleEnumerateFunctions(functions, count, module);
	for (i = 0; e == CUDA_SUCCESS && i < count; i++)
		if ((e = cuFuncGetName(&name, functions[i])) == CUDA_SUCCESS)
			(void)visit(opaque, functions[i], name, NULL, NULL,
			    module);
	free(functions);
	if (e != CUDA_SUCCESS) {
		oncuda_say("export table 6e163fbe slot 7: the functions of "
		    "module %p cannot be listed (CUresult %d); none offered",
		    (void *)module, (int)e);
		return 0;
	}
	return (int)count;
}

#define UNSEEN_TEN(d)							\
	UNSEEN(TOOLS_MODULE, d##0) UNSEEN(TOOLS_MODULE, d##1)		\
	UNSEEN(TOOLS_MODULE, d##2) UNSEEN(TOOLS_MODULE, d##3)		\
	UNSEEN(TOOLS_MODULE, d##4) UNSEEN(TOOLS_MODULE, d##5)		\
	UNSEEN(TOOLS_MODULE, d##6) UNSEEN(TOOLS_MODULE, d##7)		\
	UNSEEN(TOOLS_MODULE, d##8) UNSEEN(TOOLS_MODULE, d##9)
#define SLOTS_TEN(d)							\
	SLOT(TOOLS_MODULE_##d##0), SLOT(TOOLS_MODULE_##d##1),		\
	SLOT(TOOLS_MODULE_##d##2), SLOT(TOOLS_MODULE_##d##3),		\
	SLOT(TOOLS_MODULE_##d##4), SLOT(TOOLS_MODULE_##d##5),		\
	SLOT(TOOLS_MODULE_##d##6), SLOT(TOOLS_MODULE_##d##7),		\
	SLOT(TOOLS_MODULE_##d##8), SLOT(TOOLS_MODULE_##d##9)

UNSEEN(TOOLS_MODULE, 1) UNSEEN(TOOLS_MODULE, 2) UNSEEN(TOOLS_MODULE, 3)
UNSEEN(TOOLS_MODULE, 4) UNSEEN(TOOLS_MODULE, 5) UNSEEN(TOOLS_MODULE, 6)
UNSEEN(TOOLS_MODULE, 8) UNSEEN(TOOLS_MODULE, 9)
UNSEEN_TEN(1) UNSEEN_TEN(2) UNSEEN_TEN(3) UNSEEN_TEN(4) UNSEEN_TEN(5)
UNSEEN_TEN(6) UNSEEN_TEN(7) UNSEEN_TEN(8)
UNSEEN(TOOLS_MODULE, 90) UNSEEN(TOOLS_MODULE, 91) UNSEEN(TOOLS_MODULE, 92)
UNSEEN(TOOLS_MODULE, 93) UNSEEN(TOOLS_MODULE, 94) UNSEEN(TOOLS_MODULE, 95)
UNSEEN(TOOLS_MODULE, 96) UNSEEN(TOOLS_MODULE, 97) UNSEEN(TOOLS_MODULE, 98)

/* 99 entries (792 bytes) on 580. */
const void *const tools_module_table[] = {
	SIZE_HEADER(TOOLS_MODULE_SLOTS),
	SLOT(TOOLS_MODULE_1), SLOT(TOOLS_MODULE_2), SLOT(TOOLS_MODULE_3),
	SLOT(TOOLS_MODULE_4), SLOT(TOOLS_MODULE_5), SLOT(TOOLS_MODULE_6),
	SLOT(tools_module_functions), SLOT(TOOLS_MODULE_8),
	SLOT(TOOLS_MODULE_9),
	SLOTS_TEN(1), SLOTS_TEN(2), SLOTS_TEN(3), SLOTS_TEN(4), SLOTS_TEN(5),
	SLOTS_TEN(6), SLOTS_TEN(7), SLOTS_TEN(8),
	SLOT(TOOLS_MODULE_90), SLOT(TOOLS_MODULE_91), SLOT(TOOLS_MODULE_92),
	SLOT(TOOLS_MODULE_93), SLOT(TOOLS_MODULE_94), SLOT(TOOLS_MODULE_95),
	SLOT(TOOLS_MODULE_96), SLOT(TOOLS_MODULE_97), SLOT(TOOLS_MODULE_98),
};

_Static_assert(sizeof(tools_module_table) / sizeof(tools_module_table[0]) ==
    TOOLS_MODULE_SLOTS, "the ToolsModule table has 99 entries");
