/*
 * server/copy/dma_mark.c -- knowing when a queued DMA is over (dma_mark.h).
 */
#include <stddef.h>

#include "server/copy/dma_mark.h"

CUresult dma_mark(CUevent *mark, CUstream stream)
{
	if (cuEventCreate(mark, CU_EVENT_DISABLE_TIMING) != CUDA_SUCCESS) {
		*mark = NULL;
		return cuStreamSynchronize(stream);
	}
	if (cuEventRecord(*mark, stream) != CUDA_SUCCESS) {
		(void)cuEventDestroy(*mark);
		*mark = NULL;
		return cuStreamSynchronize(stream);
	}
	return CUDA_SUCCESS;
}

CUresult dma_wait(CUevent *mark)
{
	CUresult err;

	if (*mark == NULL)
		return CUDA_SUCCESS;
	err = cuEventSynchronize(*mark);
	(void)cuEventDestroy(*mark);
	*mark = NULL;
	return err;
}
