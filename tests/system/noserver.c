/*
 * noserver: prints the name of what cuInit returns, nothing else.
 *
 * Run with ONCUDA_SERVER pointing where no oncudad answers, it shows what a
 * program sees then: the test runner expects CUDA_ERROR_NO_DEVICE here and
 * the client library's explanation on stderr.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cuda.h>

int main(void)
{
	CUresult result = cuInit(0);
	const char *name = NULL;

	if (cuGetErrorName(result, &name) == CUDA_SUCCESS && name != NULL)
		printf("%s\n", name);
	else
		printf("CUresult %d\n", (int)result);
	return EXIT_SUCCESS;
}
