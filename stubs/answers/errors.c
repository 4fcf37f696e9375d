/*
 * errors.c -- cuGetErrorName and cuGetErrorString, answered in the client.
 *
 * They work without a connection (a program reports why cuInit failed
 * with them), and with the driver's own words: error_strings.inc is what
 * the real driver says for each code it knows (tools/errtable.c).
 */
#include <stdbool.h>
#include <stddef.h>

#include <cuda.h>

#include "stubs/link/say.h"

_Static_assert(ONCUDA_NOT_SUPPORTED == CUDA_ERROR_NOT_SUPPORTED,
    "say.h and cuda.h disagree on CUDA_ERROR_NOT_SUPPORTED");

struct error_text {
	CUresult code;
	const char *name;
	const char *text;
};

static const struct error_text errors[] = {
#define ONCUDA_ERROR(code, text) { code, #code, text },
#include "stubs/answers/error_strings.inc"
#undef ONCUDA_ERROR
};

static const struct error_text *find(CUresult code)
{
	for (size_t i = 0; i < sizeof(errors) / sizeof(errors[0]); i++)
		if (errors[i].code == code)
			return &errors[i];
	return NULL;
}

/* As the driver: a code it does not know is CUDA_ERROR_INVALID_VALUE with
 * *pStr set to NULL. */
static CUresult describe(CUresult error, const char **pStr, bool want_text)
{
	const struct error_text *e;

	if (pStr == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	e = find(error);
	if (e == NULL) {
		*pStr = NULL;
		return CUDA_ERROR_INVALID_VALUE;
	}
	*pStr = want_text ? e->text : e->name;
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuGetErrorName(CUresult error, const char **pStr)
{
	return describe(error, pStr, false);
}

ONCUDA_API CUresult cuGetErrorString(CUresult error, const char **pStr)
{
	return describe(error, pStr, true);
}
