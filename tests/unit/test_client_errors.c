/*
 * test_client_errors.c - unit test of stubs/answers/errors.c: cuGetErrorName and
 * cuGetErrorString answered from stubs/answers/error_strings.inc, with the
 * driver's behaviour for codes it does not know.  Exits 0 when every
 * check passed.
 */
#include <string.h>

#include <cuda.h>

#include "unit_check.h"

static void names(CUresult code, const char *name)
{
	const char *got = NULL;

	CHECK_EQ(cuGetErrorName(code, &got), CUDA_SUCCESS);
	if (got == NULL || strcmp(got, name) != 0) {
		fprintf(stderr, "cuGetErrorName(%d): got %s, expected %s\n",
			(int)code, got ? got : "NULL", name);
		unit_failures++;
	}
}

static void test_known(void)
{
	const char *text = NULL;

	names(CUDA_SUCCESS, "CUDA_SUCCESS");
	names(CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE");
	names(CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE");
	names(CUDA_ERROR_DEVICE_UNAVAILABLE, "CUDA_ERROR_DEVICE_UNAVAILABLE");
	names(CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED");
	CHECK_EQ(cuGetErrorString(CUDA_ERROR_INVALID_VALUE, &text),
		 CUDA_SUCCESS);
	CHECK(text != NULL && strcmp(text, "invalid argument") == 0);
}

/* Every code the table knows has a name that is a CUresult's and a text. */
static void test_table(void)
{
	int known = 0;

	for (int code = 0; code < 1024; code++) {
		const char *name = NULL, *text = NULL;
		CUresult by_name = cuGetErrorName((CUresult)code, &name);
		CUresult by_text = cuGetErrorString((CUresult)code, &text);

		CHECK_EQ(by_name, by_text);
		if (by_name != CUDA_SUCCESS) {
			CHECK(name == NULL && text == NULL);
			continue;
		}
		known++;
		CHECK(name != NULL && strncmp(name, "CUDA_", 5) == 0);
		CHECK(text != NULL && text[0] != '\0');
	}
	CHECK(known >= 10);
}

static void test_unknown(void)
{
	const char *s = "untouched";

	/* As the driver: CUDA_ERROR_INVALID_VALUE and *pStr = NULL. */
	CHECK_EQ(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
	CHECK(s == NULL);
	s = "untouched";
	CHECK_EQ(cuGetErrorString((CUresult)-1, &s), CUDA_ERROR_INVALID_VALUE);
	CHECK(s == NULL);
	CHECK_EQ(cuGetErrorName(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_EQ(cuGetErrorString(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
}

int main(void)
{
	test_known();
	test_table();
	test_unknown();
	return unit_report("test_client_errors");
}
