/*
 * logs.c - cuLogsCurrent and cuLogsDumpToMemory (cuLogsDumpToFile too,
 * which the driver also answers): the driver's error log.
 *
 * The log is log_callbacks.c's; an iterator is a byte offset into it.
 */
#include <stdio.h>

#include "fakecuda.h"

FC_API CUresult
cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags)
{
	if (iterator_out == NULL || flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	*iterator_out = (CUlogIterator)fc_log_end();
	return CUDA_SUCCESS;
}

FC_API CUresult
cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size,
    unsigned int flags)
{
	size_t from = iterator != NULL ? *iterator : 0, n;

	if (buffer == NULL || size == NULL || *size == 0 || flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	n = fc_log_copy(from, buffer, *size - 1);
	buffer[n] = '\0';
	*size = n;
	if (iterator != NULL)
		*iterator = (CUlogIterator)(from + n);
	return CUDA_SUCCESS;
}

FC_API CUresult
cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile,
    unsigned int flags)
{
	size_t from = iterator != NULL ? *iterator : 0, n;
	char buffer[25600];
	FILE *f;

	if (pathToFile == NULL || flags != 0 ||
	    (f = fopen(pathToFile, "w")) == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	n = fc_log_copy(from, buffer, sizeof buffer);
	fwrite(buffer, 1, n, f);
	fclose(f);
	if (iterator != NULL)
		*iterator = (CUlogIterator)(from + n);
	return CUDA_SUCCESS;
}
