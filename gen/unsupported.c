/*
 * gen/unsupported.c -- made by tools/gen-unsupported.sh; do not edit.
 *
 * One stub per entry point of the NVIDIA driver (stubs/answers/driver-exports.txt,
 * and every symbol stubs/answers/procaddr-580.tsv can answer) that oncuda does not
 * implement, so that a program finds every name it expects; calling one
 * says so on stderr once and returns CUDA_ERROR_NOT_SUPPORTED.
 *
 * They are declared here without cuda.h and without parameters, whatever
 * the driver's signature: under the x86-64 System V ABI the caller passes
 * arguments in registers and on its own stack, which a function that
 * takes none leaves alone, and CUresult, an enum, comes back in %eax as an
 * int does.
 */
#include "stubs/link/say.h"

typedef int CUresult;

ONCUDA_API CUresult cuCheckpointProcessCheckpoint(void);
ONCUDA_API CUresult cuCheckpointProcessCheckpoint(void)
{
	oncuda_unsupported("cuCheckpointProcessCheckpoint");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCheckpointProcessGetRestoreThreadId(void);
ONCUDA_API CUresult cuCheckpointProcessGetRestoreThreadId(void)
{
	oncuda_unsupported("cuCheckpointProcessGetRestoreThreadId");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCheckpointProcessGetState(void);
ONCUDA_API CUresult cuCheckpointProcessGetState(void)
{
	oncuda_unsupported("cuCheckpointProcessGetState");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCheckpointProcessLock(void);
ONCUDA_API CUresult cuCheckpointProcessLock(void)
{
	oncuda_unsupported("cuCheckpointProcessLock");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCheckpointProcessRestore(void);
ONCUDA_API CUresult cuCheckpointProcessRestore(void)
{
	oncuda_unsupported("cuCheckpointProcessRestore");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCheckpointProcessUnlock(void);
ONCUDA_API CUresult cuCheckpointProcessUnlock(void)
{
	oncuda_unsupported("cuCheckpointProcessUnlock");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDestroyExternalMemory(void);
ONCUDA_API CUresult cuDestroyExternalMemory(void)
{
	oncuda_unsupported("cuDestroyExternalMemory");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDestroyExternalSemaphore(void);
ONCUDA_API CUresult cuDestroyExternalSemaphore(void)
{
	oncuda_unsupported("cuDestroyExternalSemaphore");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetLuid(void);
ONCUDA_API CUresult cuDeviceGetLuid(void)
{
	oncuda_unsupported("cuDeviceGetLuid");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetNvSciSyncAttributes(void);
ONCUDA_API CUresult cuDeviceGetNvSciSyncAttributes(void)
{
	oncuda_unsupported("cuDeviceGetNvSciSyncAttributes");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLApiInit(void);
ONCUDA_API CUresult cuEGLApiInit(void)
{
	oncuda_unsupported("cuEGLApiInit");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamConsumerAcquireFrame(void);
ONCUDA_API CUresult cuEGLStreamConsumerAcquireFrame(void)
{
	oncuda_unsupported("cuEGLStreamConsumerAcquireFrame");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamConsumerConnect(void);
ONCUDA_API CUresult cuEGLStreamConsumerConnect(void)
{
	oncuda_unsupported("cuEGLStreamConsumerConnect");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamConsumerConnectWithFlags(void);
ONCUDA_API CUresult cuEGLStreamConsumerConnectWithFlags(void)
{
	oncuda_unsupported("cuEGLStreamConsumerConnectWithFlags");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamConsumerDisconnect(void);
ONCUDA_API CUresult cuEGLStreamConsumerDisconnect(void)
{
	oncuda_unsupported("cuEGLStreamConsumerDisconnect");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamConsumerReleaseFrame(void);
ONCUDA_API CUresult cuEGLStreamConsumerReleaseFrame(void)
{
	oncuda_unsupported("cuEGLStreamConsumerReleaseFrame");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamProducerConnect(void);
ONCUDA_API CUresult cuEGLStreamProducerConnect(void)
{
	oncuda_unsupported("cuEGLStreamProducerConnect");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamProducerDisconnect(void);
ONCUDA_API CUresult cuEGLStreamProducerDisconnect(void)
{
	oncuda_unsupported("cuEGLStreamProducerDisconnect");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamProducerPresentFrame(void);
ONCUDA_API CUresult cuEGLStreamProducerPresentFrame(void)
{
	oncuda_unsupported("cuEGLStreamProducerPresentFrame");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEGLStreamProducerReturnFrame(void);
ONCUDA_API CUresult cuEGLStreamProducerReturnFrame(void)
{
	oncuda_unsupported("cuEGLStreamProducerReturnFrame");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuExternalMemoryGetMappedBuffer(void);
ONCUDA_API CUresult cuExternalMemoryGetMappedBuffer(void)
{
	oncuda_unsupported("cuExternalMemoryGetMappedBuffer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuExternalMemoryGetMappedMipmappedArray(void);
ONCUDA_API CUresult cuExternalMemoryGetMappedMipmappedArray(void)
{
	oncuda_unsupported("cuExternalMemoryGetMappedMipmappedArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLCtxCreate(void);
ONCUDA_API CUresult cuGLCtxCreate(void)
{
	oncuda_unsupported("cuGLCtxCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLCtxCreate_v2(void);
ONCUDA_API CUresult cuGLCtxCreate_v2(void)
{
	oncuda_unsupported("cuGLCtxCreate_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLGetDevices(void);
ONCUDA_API CUresult cuGLGetDevices(void)
{
	oncuda_unsupported("cuGLGetDevices");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLGetDevices_v2(void);
ONCUDA_API CUresult cuGLGetDevices_v2(void)
{
	oncuda_unsupported("cuGLGetDevices_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLInit(void);
ONCUDA_API CUresult cuGLInit(void)
{
	oncuda_unsupported("cuGLInit");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLMapBufferObject(void);
ONCUDA_API CUresult cuGLMapBufferObject(void)
{
	oncuda_unsupported("cuGLMapBufferObject");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLMapBufferObjectAsync(void);
ONCUDA_API CUresult cuGLMapBufferObjectAsync(void)
{
	oncuda_unsupported("cuGLMapBufferObjectAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLMapBufferObjectAsync_v2(void);
ONCUDA_API CUresult cuGLMapBufferObjectAsync_v2(void)
{
	oncuda_unsupported("cuGLMapBufferObjectAsync_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLMapBufferObjectAsync_v2_ptsz(void);
ONCUDA_API CUresult cuGLMapBufferObjectAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuGLMapBufferObjectAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLMapBufferObject_v2(void);
ONCUDA_API CUresult cuGLMapBufferObject_v2(void)
{
	oncuda_unsupported("cuGLMapBufferObject_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLMapBufferObject_v2_ptds(void);
ONCUDA_API CUresult cuGLMapBufferObject_v2_ptds(void)
{
	oncuda_unsupported("cuGLMapBufferObject_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLRegisterBufferObject(void);
ONCUDA_API CUresult cuGLRegisterBufferObject(void)
{
	oncuda_unsupported("cuGLRegisterBufferObject");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLSetBufferObjectMapFlags(void);
ONCUDA_API CUresult cuGLSetBufferObjectMapFlags(void)
{
	oncuda_unsupported("cuGLSetBufferObjectMapFlags");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLUnmapBufferObject(void);
ONCUDA_API CUresult cuGLUnmapBufferObject(void)
{
	oncuda_unsupported("cuGLUnmapBufferObject");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLUnmapBufferObjectAsync(void);
ONCUDA_API CUresult cuGLUnmapBufferObjectAsync(void)
{
	oncuda_unsupported("cuGLUnmapBufferObjectAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGLUnregisterBufferObject(void);
ONCUDA_API CUresult cuGLUnregisterBufferObject(void)
{
	oncuda_unsupported("cuGLUnregisterBufferObject");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphAddExternalSemaphoresSignalNode(void);
ONCUDA_API CUresult cuGraphAddExternalSemaphoresSignalNode(void)
{
	oncuda_unsupported("cuGraphAddExternalSemaphoresSignalNode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphAddExternalSemaphoresWaitNode(void);
ONCUDA_API CUresult cuGraphAddExternalSemaphoresWaitNode(void)
{
	oncuda_unsupported("cuGraphAddExternalSemaphoresWaitNode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams(void);
ONCUDA_API CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExecExternalSemaphoresSignalNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams(void);
ONCUDA_API CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExecExternalSemaphoresWaitNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExternalSemaphoresSignalNodeGetParams(void);
ONCUDA_API CUresult cuGraphExternalSemaphoresSignalNodeGetParams(void)
{
	oncuda_unsupported("cuGraphExternalSemaphoresSignalNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExternalSemaphoresSignalNodeSetParams(void);
ONCUDA_API CUresult cuGraphExternalSemaphoresSignalNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExternalSemaphoresSignalNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExternalSemaphoresWaitNodeGetParams(void);
ONCUDA_API CUresult cuGraphExternalSemaphoresWaitNodeGetParams(void)
{
	oncuda_unsupported("cuGraphExternalSemaphoresWaitNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExternalSemaphoresWaitNodeSetParams(void);
ONCUDA_API CUresult cuGraphExternalSemaphoresWaitNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExternalSemaphoresWaitNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsEGLRegisterImage(void);
ONCUDA_API CUresult cuGraphicsEGLRegisterImage(void)
{
	oncuda_unsupported("cuGraphicsEGLRegisterImage");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsGLRegisterBuffer(void);
ONCUDA_API CUresult cuGraphicsGLRegisterBuffer(void)
{
	oncuda_unsupported("cuGraphicsGLRegisterBuffer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsGLRegisterImage(void);
ONCUDA_API CUresult cuGraphicsGLRegisterImage(void)
{
	oncuda_unsupported("cuGraphicsGLRegisterImage");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsMapResources(void);
ONCUDA_API CUresult cuGraphicsMapResources(void)
{
	oncuda_unsupported("cuGraphicsMapResources");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsMapResources_ptsz(void);
ONCUDA_API CUresult cuGraphicsMapResources_ptsz(void)
{
	oncuda_unsupported("cuGraphicsMapResources_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsResourceGetMappedEglFrame(void);
ONCUDA_API CUresult cuGraphicsResourceGetMappedEglFrame(void)
{
	oncuda_unsupported("cuGraphicsResourceGetMappedEglFrame");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsResourceGetMappedMipmappedArray(void);
ONCUDA_API CUresult cuGraphicsResourceGetMappedMipmappedArray(void)
{
	oncuda_unsupported("cuGraphicsResourceGetMappedMipmappedArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsResourceGetMappedPointer(void);
ONCUDA_API CUresult cuGraphicsResourceGetMappedPointer(void)
{
	oncuda_unsupported("cuGraphicsResourceGetMappedPointer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsResourceGetMappedPointer_v2(void);
ONCUDA_API CUresult cuGraphicsResourceGetMappedPointer_v2(void)
{
	oncuda_unsupported("cuGraphicsResourceGetMappedPointer_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsResourceSetMapFlags(void);
ONCUDA_API CUresult cuGraphicsResourceSetMapFlags(void)
{
	oncuda_unsupported("cuGraphicsResourceSetMapFlags");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsResourceSetMapFlags_v2(void);
ONCUDA_API CUresult cuGraphicsResourceSetMapFlags_v2(void)
{
	oncuda_unsupported("cuGraphicsResourceSetMapFlags_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsSubResourceGetMappedArray(void);
ONCUDA_API CUresult cuGraphicsSubResourceGetMappedArray(void)
{
	oncuda_unsupported("cuGraphicsSubResourceGetMappedArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsUnmapResources(void);
ONCUDA_API CUresult cuGraphicsUnmapResources(void)
{
	oncuda_unsupported("cuGraphicsUnmapResources");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsUnmapResources_ptsz(void);
ONCUDA_API CUresult cuGraphicsUnmapResources_ptsz(void)
{
	oncuda_unsupported("cuGraphicsUnmapResources_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsUnregisterResource(void);
ONCUDA_API CUresult cuGraphicsUnregisterResource(void)
{
	oncuda_unsupported("cuGraphicsUnregisterResource");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsVDPAURegisterOutputSurface(void);
ONCUDA_API CUresult cuGraphicsVDPAURegisterOutputSurface(void)
{
	oncuda_unsupported("cuGraphicsVDPAURegisterOutputSurface");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphicsVDPAURegisterVideoSurface(void);
ONCUDA_API CUresult cuGraphicsVDPAURegisterVideoSurface(void)
{
	oncuda_unsupported("cuGraphicsVDPAURegisterVideoSurface");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuImportExternalMemory(void);
ONCUDA_API CUresult cuImportExternalMemory(void)
{
	oncuda_unsupported("cuImportExternalMemory");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuImportExternalSemaphore(void);
ONCUDA_API CUresult cuImportExternalSemaphore(void)
{
	oncuda_unsupported("cuImportExternalSemaphore");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLibraryGetUnifiedFunction(void);
ONCUDA_API CUresult cuLibraryGetUnifiedFunction(void)
{
	oncuda_unsupported("cuLibraryGetUnifiedFunction");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemDiscardAndPrefetchBatchAsync(void);
ONCUDA_API CUresult cuMemDiscardAndPrefetchBatchAsync(void)
{
	oncuda_unsupported("cuMemDiscardAndPrefetchBatchAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemDiscardAndPrefetchBatchAsync_ptsz(void);
ONCUDA_API CUresult cuMemDiscardAndPrefetchBatchAsync_ptsz(void)
{
	oncuda_unsupported("cuMemDiscardAndPrefetchBatchAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemDiscardBatchAsync(void);
ONCUDA_API CUresult cuMemDiscardBatchAsync(void)
{
	oncuda_unsupported("cuMemDiscardBatchAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemDiscardBatchAsync_ptsz(void);
ONCUDA_API CUresult cuMemDiscardBatchAsync_ptsz(void)
{
	oncuda_unsupported("cuMemDiscardBatchAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemExportToShareableHandle(void);
ONCUDA_API CUresult cuMemExportToShareableHandle(void)
{
	oncuda_unsupported("cuMemExportToShareableHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetAttribute(void);
ONCUDA_API CUresult cuMemGetAttribute(void)
{
	oncuda_unsupported("cuMemGetAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetAttribute_v2(void);
ONCUDA_API CUresult cuMemGetAttribute_v2(void)
{
	oncuda_unsupported("cuMemGetAttribute_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetHandleForAddressRange(void);
ONCUDA_API CUresult cuMemGetHandleForAddressRange(void)
{
	oncuda_unsupported("cuMemGetHandleForAddressRange");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemImportFromShareableHandle(void);
ONCUDA_API CUresult cuMemImportFromShareableHandle(void)
{
	oncuda_unsupported("cuMemImportFromShareableHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemPoolExportPointer(void);
ONCUDA_API CUresult cuMemPoolExportPointer(void)
{
	oncuda_unsupported("cuMemPoolExportPointer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemPoolExportToShareableHandle(void);
ONCUDA_API CUresult cuMemPoolExportToShareableHandle(void)
{
	oncuda_unsupported("cuMemPoolExportToShareableHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemPoolImportFromShareableHandle(void);
ONCUDA_API CUresult cuMemPoolImportFromShareableHandle(void)
{
	oncuda_unsupported("cuMemPoolImportFromShareableHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemPoolImportPointer(void);
ONCUDA_API CUresult cuMemPoolImportPointer(void)
{
	oncuda_unsupported("cuMemPoolImportPointer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemPrefetchBatchAsync(void);
ONCUDA_API CUresult cuMemPrefetchBatchAsync(void)
{
	oncuda_unsupported("cuMemPrefetchBatchAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemPrefetchBatchAsync_ptsz(void);
ONCUDA_API CUresult cuMemPrefetchBatchAsync_ptsz(void)
{
	oncuda_unsupported("cuMemPrefetchBatchAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMulticastAddDevice(void);
ONCUDA_API CUresult cuMulticastAddDevice(void)
{
	oncuda_unsupported("cuMulticastAddDevice");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMulticastBindAddr(void);
ONCUDA_API CUresult cuMulticastBindAddr(void)
{
	oncuda_unsupported("cuMulticastBindAddr");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMulticastBindMem(void);
ONCUDA_API CUresult cuMulticastBindMem(void)
{
	oncuda_unsupported("cuMulticastBindMem");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMulticastCreate(void);
ONCUDA_API CUresult cuMulticastCreate(void)
{
	oncuda_unsupported("cuMulticastCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMulticastGetGranularity(void);
ONCUDA_API CUresult cuMulticastGetGranularity(void)
{
	oncuda_unsupported("cuMulticastGetGranularity");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMulticastUnbind(void);
ONCUDA_API CUresult cuMulticastUnbind(void)
{
	oncuda_unsupported("cuMulticastUnbind");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuProfilerInitialize(void);
ONCUDA_API CUresult cuProfilerInitialize(void)
{
	oncuda_unsupported("cuProfilerInitialize");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSignalExternalSemaphoresAsync(void);
ONCUDA_API CUresult cuSignalExternalSemaphoresAsync(void)
{
	oncuda_unsupported("cuSignalExternalSemaphoresAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSignalExternalSemaphoresAsync_ptsz(void);
ONCUDA_API CUresult cuSignalExternalSemaphoresAsync_ptsz(void)
{
	oncuda_unsupported("cuSignalExternalSemaphoresAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuVDPAUCtxCreate(void);
ONCUDA_API CUresult cuVDPAUCtxCreate(void)
{
	oncuda_unsupported("cuVDPAUCtxCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuVDPAUCtxCreate_v2(void);
ONCUDA_API CUresult cuVDPAUCtxCreate_v2(void)
{
	oncuda_unsupported("cuVDPAUCtxCreate_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuVDPAUGetDevice(void);
ONCUDA_API CUresult cuVDPAUGetDevice(void)
{
	oncuda_unsupported("cuVDPAUGetDevice");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuWaitExternalSemaphoresAsync(void);
ONCUDA_API CUresult cuWaitExternalSemaphoresAsync(void)
{
	oncuda_unsupported("cuWaitExternalSemaphoresAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuWaitExternalSemaphoresAsync_ptsz(void);
ONCUDA_API CUresult cuWaitExternalSemaphoresAsync_ptsz(void)
{
	oncuda_unsupported("cuWaitExternalSemaphoresAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}
