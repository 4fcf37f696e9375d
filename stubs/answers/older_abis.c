/*
 * older_abis.c -- the previous ABIs of carried calls, which the driver
 * still exports and cuGetProcAddress hands to a program that asks for a
 * CUDA version before the current ABI (stubs/answers/procaddr-580.tsv):
 * 4.0 for the context, stream and event calls here, 6.5 for
 * cuMemHostRegister, 11.0 for cuDevicePrimaryCtxSetFlags, 12.8 for
 * cuEventElapsedTime.
 *
 * Each takes the parameters of its current form, and the client answers
 * it with that form where the two behave alike, as the driver does.  The
 * one that differs is cuDevicePrimaryCtxSetFlags: before CUDA 11 it
 * refused to change the flags of an active primary context, with
 * CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE.
 */
#include <cuda.h>

#include "stubs/link/say.h"

#undef cuCtxDestroy
#undef cuCtxPopCurrent
#undef cuCtxPushCurrent
#undef cuStreamDestroy
#undef cuEventDestroy
#undef cuEventElapsedTime
#undef cuMemHostRegister
#undef cuDevicePrimaryCtxSetFlags
ONCUDA_API CUresult cuCtxDestroy(CUcontext ctx);
ONCUDA_API CUresult cuCtxPopCurrent(CUcontext *pctx);
ONCUDA_API CUresult cuCtxPushCurrent(CUcontext ctx);
ONCUDA_API CUresult cuStreamDestroy(CUstream hStream);
ONCUDA_API CUresult cuEventDestroy(CUevent hEvent);
ONCUDA_API CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
    CUevent hEnd);
ONCUDA_API CUresult cuMemHostRegister(void *p, size_t bytesize,
    unsigned int Flags);
ONCUDA_API CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev,
    unsigned int flags);

ONCUDA_API CUresult cuCtxDestroy(CUcontext ctx)
{
	return cuCtxDestroy_v2(ctx);
}

ONCUDA_API CUresult cuCtxPopCurrent(CUcontext *pctx)
{
	return cuCtxPopCurrent_v2(pctx);
}

ONCUDA_API CUresult cuCtxPushCurrent(CUcontext ctx)
{
	return cuCtxPushCurrent_v2(ctx);
}

ONCUDA_API CUresult cuStreamDestroy(CUstream hStream)
{
	return cuStreamDestroy_v2(hStream);
}

ONCUDA_API CUresult cuEventDestroy(CUevent hEvent)
{
	return cuEventDestroy_v2(hEvent);
}

ONCUDA_API CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
    CUevent hEnd)
{
	return cuEventElapsedTime_v2(pMilliseconds, hStart, hEnd);
}

ONCUDA_API CUresult cuMemHostRegister(void *p, size_t bytesize,
    unsigned int Flags)
{
	return cuMemHostRegister_v2(p, bytesize, Flags);
}

ONCUDA_API CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev,
    unsigned int flags)
{
	unsigned int now;
	int active;
	CUresult e;

	if ((e = cuDevicePrimaryCtxGetState(dev, &now, &active)) !=
	    CUDA_SUCCESS)
		return e;
	if (active)
		return CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE;
	return cuDevicePrimaryCtxSetFlags_v2(dev, flags);
}
