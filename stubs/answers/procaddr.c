/*
 * procaddr.c -- cuGetProcAddress: the entry points of this library by the
 * name and CUDA version a program asks for.
 *
 * The CUDA runtime finds every driver entry point this way (several
 * hundred requests at start-up; a NULL answer stops it), so the answers
 * must be the ones the NVIDIA driver gives, pointing at our functions of
 * the same names.  The table, stubs/answers/procaddr-580.tsv (built into
 * gen/procaddr_580.inc by stubs/build.mk), is what tools/procaddr-probe
 * writes on a machine with driver 580: it asks the real driver every
 * exported name x every CUDA version x flags 0, 1, 2, keeps the versions
 * where an answer changes, and checks the table against every answer
 * with procaddr_rules.c, the rules used here.  For a new driver, run it
 * there and commit its stubs/procaddr-<driver>.tsv (the tool says how);
 * tools/procaddr-check.py asks this library what real programs asked.
 * Entry points oncuda does not implement are answered too: they are the
 * CUDA_ERROR_NOT_SUPPORTED stubs of gen/unsupported.c.
 */
#include <dlfcn.h>
#include <pthread.h>

#include "stubs/answers/procaddr.h"
#include "stubs/link/say.h"

/* cuda.h maps cuGetProcAddress to _v2; the driver exports both names. */
#undef cuGetProcAddress
ONCUDA_API CUresult cuGetProcAddress(const char *symbol, void **pfn,
    int cudaVersion, cuuint64_t flags);

static const struct procaddr_row driver_580[] = {
#include "gen/procaddr_580.inc"
};

static pthread_once_t self_once = PTHREAD_ONCE_INIT;
static void *self;

static void anchor(void)
{
}

/*
 * This library's own handle, so that dlsym finds our functions and not
 * those of another libcuda.so.1 the process may hold.  The reference it
 * takes keeps the library loaded for the life of the process.
 */
static void find_self(void)
{
	Dl_info info;

	if (dladdr((void *)anchor, &info) != 0 && info.dli_fname != NULL)
		self = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
}

static bool defined_here(const char *symbol)
{
	return self != NULL && dlsym(self, symbol) != NULL;
}

ONCUDA_API CUresult cuGetProcAddress_v2(const char *symbol, void **pfn,
    int cudaVersion, cuuint64_t flags,
    CUdriverProcAddressQueryResult *symbolStatus)
{
	CUdriverProcAddressQueryResult status;
	char name[256];

	if (symbol == NULL || pfn == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	*pfn = NULL;
	/* As documented: a version beyond the driver's is an invalid value. */
	if (cudaVersion > CUDA_VERSION)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_once(&self_once, find_self);
	status = procaddr_resolve(driver_580,
	    sizeof(driver_580) / sizeof(driver_580[0]), symbol, cudaVersion,
	    flags, defined_here, name, sizeof(name));
	if (status == CU_GET_PROC_ADDRESS_SUCCESS &&
	    (*pfn = dlsym(self, name)) == NULL)
		status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	if (symbolStatus != NULL)
		*symbolStatus = status;
	/*
	 * Not finding a symbol is not an error of the call: driver 580 answers
	 * CUDA_SUCCESS with *pfn NULL, as cuda.h documents, and the status says
	 * why (the CUDA runtime's first request, for "" at version 0, is
	 * answered so; reference/dark-api.md).
	 */
	return CUDA_SUCCESS;
}

/* The CUDA 11.3 signature, without the status. */
ONCUDA_API CUresult cuGetProcAddress(const char *symbol, void **pfn,
    int cudaVersion, cuuint64_t flags)
{
	return cuGetProcAddress_v2(symbol, pfn, cudaVersion, flags, NULL);
}
