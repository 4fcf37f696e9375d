/*
 * logs.c - cuLogsCurrent and cuLogsDumpToMemory (cuLogsDumpToFile too,
 * which the driver also answers): the driver's error log.
 *
 * The stand-in logs nothing, so its log is always empty; the calls still
 * check their arguments as the driver does and answer an empty dump.
 */
#include <stdio.h>

#include "fakecuda.h"

FC_API CUresult
cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags)
{
	if (iterator_out == NULL || flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	*iterator_out = 0;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size,
    unsigned int flags)
{
	if (buffer == NULL || size == NULL || *size == 0 || flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	buffer[0] = '\0';
	*size = 0;
	if (iterator != NULL)
		*iterator = 0;
	return CUDA_SUCCESS;
}

FC_API CUresult
cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile,
    unsigned int flags)
{
	FILE *f;

	if (pathToFile == NULL || flags != 0 ||
	    (f = fopen(pathToFile, "w")) == NULL)
		return CUDA_ERROR_INVALID_VALUE;
	fclose(f);
	if (iterator != NULL)
		*iterator = 0;
	return CUDA_SUCCESS;
}
