/*
 * Error names and descriptions, and looking driver entry points up by
 * name (which the CUDA runtime does for nearly every call it makes).
 */
#include <string.h>

#include "check.h"

static const struct {
	CUresult code;
	const char *name;
} names[] = {
	{ CUDA_SUCCESS, "CUDA_SUCCESS" },
	{ CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE" },
	{ CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS" },
	{ CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND" },
};

int test_error_strings(void)
{
	const char *s;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		s = NULL;
		CHECK_CU(cuGetErrorName(names[i].code, &s), CUDA_SUCCESS);
		if (s == NULL || strcmp(s, names[i].name) != 0)
			return e2e_fail(__FILE__, __LINE__, "cuGetErrorName(%d)"
					" gave \"%s\", expected \"%s\"",
					(int)names[i].code, s ? s : "(null)",
					names[i].name);
		s = NULL;
		CHECK_CU(cuGetErrorString(names[i].code, &s), CUDA_SUCCESS);
		CHECK(s != NULL && s[0] != '\0');
	}

	/* A code the driver does not know: an error, and no text. */
	s = "unchanged";
	CHECK_CU(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
	CHECK(s == NULL);
	s = "unchanged";
	CHECK_CU(cuGetErrorString((CUresult)12345, &s),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK(s == NULL);
	return 0;
}

/* The signature cuMemAlloc has had since CUDA 3.2 (cuMemAlloc_v2). */
typedef CUresult (*mem_alloc_fn)(CUdeviceptr *, size_t);

int test_proc_address(void)
{
	CUdriverProcAddressQueryResult status;
	void *pfn = NULL;
	mem_alloc_fn mem_alloc;
	CUdeviceptr p = 0;
	CUcontext ctx;
	CUdevice dev;

	TRY(e2e_primary_ctx(&dev, &ctx));

	status = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	CHECK_CU(cuGetProcAddress("cuMemAlloc", &pfn, 13000,
				  CU_GET_PROC_ADDRESS_DEFAULT, &status),
		 CUDA_SUCCESS);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SUCCESS);
	CHECK(pfn != NULL);
	/* It is the real thing: call it. */
	mem_alloc = (mem_alloc_fn)pfn;
	CHECK_CU(mem_alloc(&p, 4096), CUDA_SUCCESS);
	CHECK(p != 0);
	e2e_defer_mem(p);

	/* An unknown name is not an error of the call: the driver (580)
	 * answers CUDA_SUCCESS, a NULL pointer and, in the status, why.
	 * (Its documentation suggests CUDA_ERROR_NOT_FOUND; it does not.) */
	pfn = (void *)&status;
	CHECK_CU(cuGetProcAddress("cuNoSuchFunction", &pfn, 13000,
				  CU_GET_PROC_ADDRESS_DEFAULT, &status),
		 CUDA_SUCCESS);
	CHECK_EQ(status, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
	CHECK(pfn == NULL);
	/* The same without a status to fill in. */
	pfn = (void *)&status;
	CHECK_CU(cuGetProcAddress("cuNoSuchFunction", &pfn, 13000,
				  CU_GET_PROC_ADDRESS_DEFAULT, NULL),
		 CUDA_SUCCESS);
	CHECK(pfn == NULL);
	return 0;
}
