/*
 * errtable -- print the real driver's names and texts for every CUresult.
 *
 * oncuda answers cuGetErrorName and cuGetErrorString in the client, without a
 * connection, with the driver's own words.  Those words are not in cuda.h, so
 * we ask a real driver once per CUDA version and commit what it says:
 *
 *     tools/errtable > stubs/answers/error_strings.inc      (on a machine with the driver)
 *
 * Every code from 0 to 1023 is tried; the driver knows a few dozen of them.
 */
#include <cuda.h>
#include <stdio.h>

static void print_c_string(const char *s)
{
	putchar('"');
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		if (*s == '\n')
			fputs("\\n", stdout);
		else
			putchar(*s);
	}
	putchar('"');
}

int main(void)
{
	int version = 0;

	cuDriverGetVersion(&version);
	printf("/* CUresult names and texts of the NVIDIA driver (API version %d),\n"
	    " * printed by tools/errtable.c.  Do not edit: regenerate. */\n", version);
	for (int code = 0; code < 1024; code++) {
		const char *name = NULL, *text = NULL;

		if (cuGetErrorName((CUresult)code, &name) != CUDA_SUCCESS || name == NULL)
			continue;
		if (cuGetErrorString((CUresult)code, &text) != CUDA_SUCCESS || text == NULL)
			continue;
		printf("ONCUDA_ERROR(%s, ", name);
		print_c_string(text);
		printf(") /* %d */\n", code);
	}
	return 0;
}
