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

ONCUDA_API CUresult cuArray3DCreate(void);
ONCUDA_API CUresult cuArray3DCreate(void)
{
	oncuda_unsupported("cuArray3DCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArray3DCreate_v2(void);
ONCUDA_API CUresult cuArray3DCreate_v2(void)
{
	oncuda_unsupported("cuArray3DCreate_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArray3DGetDescriptor(void);
ONCUDA_API CUresult cuArray3DGetDescriptor(void)
{
	oncuda_unsupported("cuArray3DGetDescriptor");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArray3DGetDescriptor_v2(void);
ONCUDA_API CUresult cuArray3DGetDescriptor_v2(void)
{
	oncuda_unsupported("cuArray3DGetDescriptor_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayCreate(void);
ONCUDA_API CUresult cuArrayCreate(void)
{
	oncuda_unsupported("cuArrayCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayCreate_v2(void);
ONCUDA_API CUresult cuArrayCreate_v2(void)
{
	oncuda_unsupported("cuArrayCreate_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayDestroy(void);
ONCUDA_API CUresult cuArrayDestroy(void)
{
	oncuda_unsupported("cuArrayDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayGetDescriptor(void);
ONCUDA_API CUresult cuArrayGetDescriptor(void)
{
	oncuda_unsupported("cuArrayGetDescriptor");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayGetDescriptor_v2(void);
ONCUDA_API CUresult cuArrayGetDescriptor_v2(void)
{
	oncuda_unsupported("cuArrayGetDescriptor_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayGetMemoryRequirements(void);
ONCUDA_API CUresult cuArrayGetMemoryRequirements(void)
{
	oncuda_unsupported("cuArrayGetMemoryRequirements");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayGetPlane(void);
ONCUDA_API CUresult cuArrayGetPlane(void)
{
	oncuda_unsupported("cuArrayGetPlane");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuArrayGetSparseProperties(void);
ONCUDA_API CUresult cuArrayGetSparseProperties(void)
{
	oncuda_unsupported("cuArrayGetSparseProperties");
	return ONCUDA_NOT_SUPPORTED;
}

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

ONCUDA_API CUresult cuCoredumpGetAttribute(void);
ONCUDA_API CUresult cuCoredumpGetAttribute(void)
{
	oncuda_unsupported("cuCoredumpGetAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCoredumpGetAttributeGlobal(void);
ONCUDA_API CUresult cuCoredumpGetAttributeGlobal(void)
{
	oncuda_unsupported("cuCoredumpGetAttributeGlobal");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCoredumpSetAttribute(void);
ONCUDA_API CUresult cuCoredumpSetAttribute(void)
{
	oncuda_unsupported("cuCoredumpSetAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCoredumpSetAttributeGlobal(void);
ONCUDA_API CUresult cuCoredumpSetAttributeGlobal(void)
{
	oncuda_unsupported("cuCoredumpSetAttributeGlobal");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxAttach(void);
ONCUDA_API CUresult cuCtxAttach(void)
{
	oncuda_unsupported("cuCtxAttach");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxDestroy(void);
ONCUDA_API CUresult cuCtxDestroy(void)
{
	oncuda_unsupported("cuCtxDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxDetach(void);
ONCUDA_API CUresult cuCtxDetach(void)
{
	oncuda_unsupported("cuCtxDetach");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxDisablePeerAccess(void);
ONCUDA_API CUresult cuCtxDisablePeerAccess(void)
{
	oncuda_unsupported("cuCtxDisablePeerAccess");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxEnablePeerAccess(void);
ONCUDA_API CUresult cuCtxEnablePeerAccess(void)
{
	oncuda_unsupported("cuCtxEnablePeerAccess");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxFromGreenCtx(void);
ONCUDA_API CUresult cuCtxFromGreenCtx(void)
{
	oncuda_unsupported("cuCtxFromGreenCtx");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxGetDevResource(void);
ONCUDA_API CUresult cuCtxGetDevResource(void)
{
	oncuda_unsupported("cuCtxGetDevResource");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxPopCurrent(void);
ONCUDA_API CUresult cuCtxPopCurrent(void)
{
	oncuda_unsupported("cuCtxPopCurrent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuCtxPushCurrent(void);
ONCUDA_API CUresult cuCtxPushCurrent(void)
{
	oncuda_unsupported("cuCtxPushCurrent");
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

ONCUDA_API CUresult cuDevResourceGenerateDesc(void);
ONCUDA_API CUresult cuDevResourceGenerateDesc(void)
{
	oncuda_unsupported("cuDevResourceGenerateDesc");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDevSmResourceSplitByCount(void);
ONCUDA_API CUresult cuDevSmResourceSplitByCount(void)
{
	oncuda_unsupported("cuDevSmResourceSplitByCount");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceCanAccessPeer(void);
ONCUDA_API CUresult cuDeviceCanAccessPeer(void)
{
	oncuda_unsupported("cuDeviceCanAccessPeer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetDevResource(void);
ONCUDA_API CUresult cuDeviceGetDevResource(void)
{
	oncuda_unsupported("cuDeviceGetDevResource");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetGraphMemAttribute(void);
ONCUDA_API CUresult cuDeviceGetGraphMemAttribute(void)
{
	oncuda_unsupported("cuDeviceGetGraphMemAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetHostAtomicCapabilities(void);
ONCUDA_API CUresult cuDeviceGetHostAtomicCapabilities(void)
{
	oncuda_unsupported("cuDeviceGetHostAtomicCapabilities");
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

ONCUDA_API CUresult cuDeviceGetP2PAtomicCapabilities(void);
ONCUDA_API CUresult cuDeviceGetP2PAtomicCapabilities(void)
{
	oncuda_unsupported("cuDeviceGetP2PAtomicCapabilities");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetP2PAttribute(void);
ONCUDA_API CUresult cuDeviceGetP2PAttribute(void)
{
	oncuda_unsupported("cuDeviceGetP2PAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGetTexture1DLinearMaxWidth(void);
ONCUDA_API CUresult cuDeviceGetTexture1DLinearMaxWidth(void)
{
	oncuda_unsupported("cuDeviceGetTexture1DLinearMaxWidth");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceGraphMemTrim(void);
ONCUDA_API CUresult cuDeviceGraphMemTrim(void)
{
	oncuda_unsupported("cuDeviceGraphMemTrim");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDevicePrimaryCtxSetFlags(void);
ONCUDA_API CUresult cuDevicePrimaryCtxSetFlags(void)
{
	oncuda_unsupported("cuDevicePrimaryCtxSetFlags");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceRegisterAsyncNotification(void);
ONCUDA_API CUresult cuDeviceRegisterAsyncNotification(void)
{
	oncuda_unsupported("cuDeviceRegisterAsyncNotification");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceSetGraphMemAttribute(void);
ONCUDA_API CUresult cuDeviceSetGraphMemAttribute(void)
{
	oncuda_unsupported("cuDeviceSetGraphMemAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceTotalMem(void);
ONCUDA_API CUresult cuDeviceTotalMem(void)
{
	oncuda_unsupported("cuDeviceTotalMem");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuDeviceUnregisterAsyncNotification(void);
ONCUDA_API CUresult cuDeviceUnregisterAsyncNotification(void)
{
	oncuda_unsupported("cuDeviceUnregisterAsyncNotification");
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

ONCUDA_API CUresult cuEventDestroy(void);
ONCUDA_API CUresult cuEventDestroy(void)
{
	oncuda_unsupported("cuEventDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEventElapsedTime(void);
ONCUDA_API CUresult cuEventElapsedTime(void)
{
	oncuda_unsupported("cuEventElapsedTime");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEventRecordWithFlags_ptsz(void);
ONCUDA_API CUresult cuEventRecordWithFlags_ptsz(void)
{
	oncuda_unsupported("cuEventRecordWithFlags_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuEventRecord_ptsz(void);
ONCUDA_API CUresult cuEventRecord_ptsz(void)
{
	oncuda_unsupported("cuEventRecord_ptsz");
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

ONCUDA_API CUresult cuFlushGPUDirectRDMAWrites(void);
ONCUDA_API CUresult cuFlushGPUDirectRDMAWrites(void)
{
	oncuda_unsupported("cuFlushGPUDirectRDMAWrites");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuFuncSetBlockShape(void);
ONCUDA_API CUresult cuFuncSetBlockShape(void)
{
	oncuda_unsupported("cuFuncSetBlockShape");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuFuncSetSharedSize(void);
ONCUDA_API CUresult cuFuncSetSharedSize(void)
{
	oncuda_unsupported("cuFuncSetSharedSize");
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

ONCUDA_API CUresult cuGraphAddBatchMemOpNode(void);
ONCUDA_API CUresult cuGraphAddBatchMemOpNode(void)
{
	oncuda_unsupported("cuGraphAddBatchMemOpNode");
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

ONCUDA_API CUresult cuGraphAddMemAllocNode(void);
ONCUDA_API CUresult cuGraphAddMemAllocNode(void)
{
	oncuda_unsupported("cuGraphAddMemAllocNode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphAddMemFreeNode(void);
ONCUDA_API CUresult cuGraphAddMemFreeNode(void)
{
	oncuda_unsupported("cuGraphAddMemFreeNode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphAddNode(void);
ONCUDA_API CUresult cuGraphAddNode(void)
{
	oncuda_unsupported("cuGraphAddNode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphAddNode_v2(void);
ONCUDA_API CUresult cuGraphAddNode_v2(void)
{
	oncuda_unsupported("cuGraphAddNode_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphBatchMemOpNodeGetParams(void);
ONCUDA_API CUresult cuGraphBatchMemOpNodeGetParams(void)
{
	oncuda_unsupported("cuGraphBatchMemOpNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphBatchMemOpNodeSetParams(void);
ONCUDA_API CUresult cuGraphBatchMemOpNodeSetParams(void)
{
	oncuda_unsupported("cuGraphBatchMemOpNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphChildGraphNodeGetGraph(void);
ONCUDA_API CUresult cuGraphChildGraphNodeGetGraph(void)
{
	oncuda_unsupported("cuGraphChildGraphNodeGetGraph");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphConditionalHandleCreate(void);
ONCUDA_API CUresult cuGraphConditionalHandleCreate(void)
{
	oncuda_unsupported("cuGraphConditionalHandleCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphEventRecordNodeGetEvent(void);
ONCUDA_API CUresult cuGraphEventRecordNodeGetEvent(void)
{
	oncuda_unsupported("cuGraphEventRecordNodeGetEvent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphEventRecordNodeSetEvent(void);
ONCUDA_API CUresult cuGraphEventRecordNodeSetEvent(void)
{
	oncuda_unsupported("cuGraphEventRecordNodeSetEvent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphEventWaitNodeGetEvent(void);
ONCUDA_API CUresult cuGraphEventWaitNodeGetEvent(void)
{
	oncuda_unsupported("cuGraphEventWaitNodeGetEvent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphEventWaitNodeSetEvent(void);
ONCUDA_API CUresult cuGraphEventWaitNodeSetEvent(void)
{
	oncuda_unsupported("cuGraphEventWaitNodeSetEvent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExecBatchMemOpNodeSetParams(void);
ONCUDA_API CUresult cuGraphExecBatchMemOpNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExecBatchMemOpNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExecChildGraphNodeSetParams(void);
ONCUDA_API CUresult cuGraphExecChildGraphNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExecChildGraphNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExecEventRecordNodeSetEvent(void);
ONCUDA_API CUresult cuGraphExecEventRecordNodeSetEvent(void)
{
	oncuda_unsupported("cuGraphExecEventRecordNodeSetEvent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphExecEventWaitNodeSetEvent(void);
ONCUDA_API CUresult cuGraphExecEventWaitNodeSetEvent(void)
{
	oncuda_unsupported("cuGraphExecEventWaitNodeSetEvent");
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

ONCUDA_API CUresult cuGraphExecNodeSetParams(void);
ONCUDA_API CUresult cuGraphExecNodeSetParams(void)
{
	oncuda_unsupported("cuGraphExecNodeSetParams");
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

ONCUDA_API CUresult cuGraphInstantiateWithParams_ptsz(void);
ONCUDA_API CUresult cuGraphInstantiateWithParams_ptsz(void)
{
	oncuda_unsupported("cuGraphInstantiateWithParams_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphKernelNodeCopyAttributes(void);
ONCUDA_API CUresult cuGraphKernelNodeCopyAttributes(void)
{
	oncuda_unsupported("cuGraphKernelNodeCopyAttributes");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphKernelNodeGetAttribute(void);
ONCUDA_API CUresult cuGraphKernelNodeGetAttribute(void)
{
	oncuda_unsupported("cuGraphKernelNodeGetAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphKernelNodeGetParams(void);
ONCUDA_API CUresult cuGraphKernelNodeGetParams(void)
{
	oncuda_unsupported("cuGraphKernelNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphKernelNodeGetParams_v2(void);
ONCUDA_API CUresult cuGraphKernelNodeGetParams_v2(void)
{
	oncuda_unsupported("cuGraphKernelNodeGetParams_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphKernelNodeSetAttribute(void);
ONCUDA_API CUresult cuGraphKernelNodeSetAttribute(void)
{
	oncuda_unsupported("cuGraphKernelNodeSetAttribute");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphLaunch_ptsz(void);
ONCUDA_API CUresult cuGraphLaunch_ptsz(void)
{
	oncuda_unsupported("cuGraphLaunch_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphMemAllocNodeGetParams(void);
ONCUDA_API CUresult cuGraphMemAllocNodeGetParams(void)
{
	oncuda_unsupported("cuGraphMemAllocNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphMemFreeNodeGetParams(void);
ONCUDA_API CUresult cuGraphMemFreeNodeGetParams(void)
{
	oncuda_unsupported("cuGraphMemFreeNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphMemcpyNodeGetParams(void);
ONCUDA_API CUresult cuGraphMemcpyNodeGetParams(void)
{
	oncuda_unsupported("cuGraphMemcpyNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphMemsetNodeGetParams(void);
ONCUDA_API CUresult cuGraphMemsetNodeGetParams(void)
{
	oncuda_unsupported("cuGraphMemsetNodeGetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphNodeFindInClone(void);
ONCUDA_API CUresult cuGraphNodeFindInClone(void)
{
	oncuda_unsupported("cuGraphNodeFindInClone");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphNodeSetParams(void);
ONCUDA_API CUresult cuGraphNodeSetParams(void)
{
	oncuda_unsupported("cuGraphNodeSetParams");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGraphUpload_ptsz(void);
ONCUDA_API CUresult cuGraphUpload_ptsz(void)
{
	oncuda_unsupported("cuGraphUpload_ptsz");
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

ONCUDA_API CUresult cuGreenCtxCreate(void);
ONCUDA_API CUresult cuGreenCtxCreate(void)
{
	oncuda_unsupported("cuGreenCtxCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGreenCtxDestroy(void);
ONCUDA_API CUresult cuGreenCtxDestroy(void)
{
	oncuda_unsupported("cuGreenCtxDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGreenCtxGetDevResource(void);
ONCUDA_API CUresult cuGreenCtxGetDevResource(void)
{
	oncuda_unsupported("cuGreenCtxGetDevResource");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGreenCtxGetId(void);
ONCUDA_API CUresult cuGreenCtxGetId(void)
{
	oncuda_unsupported("cuGreenCtxGetId");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGreenCtxRecordEvent(void);
ONCUDA_API CUresult cuGreenCtxRecordEvent(void)
{
	oncuda_unsupported("cuGreenCtxRecordEvent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGreenCtxStreamCreate(void);
ONCUDA_API CUresult cuGreenCtxStreamCreate(void)
{
	oncuda_unsupported("cuGreenCtxStreamCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuGreenCtxWaitEvent(void);
ONCUDA_API CUresult cuGreenCtxWaitEvent(void)
{
	oncuda_unsupported("cuGreenCtxWaitEvent");
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

ONCUDA_API CUresult cuIpcCloseMemHandle(void);
ONCUDA_API CUresult cuIpcCloseMemHandle(void)
{
	oncuda_unsupported("cuIpcCloseMemHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuIpcGetEventHandle(void);
ONCUDA_API CUresult cuIpcGetEventHandle(void)
{
	oncuda_unsupported("cuIpcGetEventHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuIpcGetMemHandle(void);
ONCUDA_API CUresult cuIpcGetMemHandle(void)
{
	oncuda_unsupported("cuIpcGetMemHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuIpcOpenEventHandle(void);
ONCUDA_API CUresult cuIpcOpenEventHandle(void)
{
	oncuda_unsupported("cuIpcOpenEventHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuIpcOpenMemHandle(void);
ONCUDA_API CUresult cuIpcOpenMemHandle(void)
{
	oncuda_unsupported("cuIpcOpenMemHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuIpcOpenMemHandle_v2(void);
ONCUDA_API CUresult cuIpcOpenMemHandle_v2(void)
{
	oncuda_unsupported("cuIpcOpenMemHandle_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLaunch(void);
ONCUDA_API CUresult cuLaunch(void)
{
	oncuda_unsupported("cuLaunch");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLaunchCooperativeKernelMultiDevice(void);
ONCUDA_API CUresult cuLaunchCooperativeKernelMultiDevice(void)
{
	oncuda_unsupported("cuLaunchCooperativeKernelMultiDevice");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLaunchCooperativeKernel_ptsz(void);
ONCUDA_API CUresult cuLaunchCooperativeKernel_ptsz(void)
{
	oncuda_unsupported("cuLaunchCooperativeKernel_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLaunchGrid(void);
ONCUDA_API CUresult cuLaunchGrid(void)
{
	oncuda_unsupported("cuLaunchGrid");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLaunchGridAsync(void);
ONCUDA_API CUresult cuLaunchGridAsync(void)
{
	oncuda_unsupported("cuLaunchGridAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLibraryGetManaged(void);
ONCUDA_API CUresult cuLibraryGetManaged(void)
{
	oncuda_unsupported("cuLibraryGetManaged");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLibraryGetUnifiedFunction(void);
ONCUDA_API CUresult cuLibraryGetUnifiedFunction(void)
{
	oncuda_unsupported("cuLibraryGetUnifiedFunction");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkAddData(void);
ONCUDA_API CUresult cuLinkAddData(void)
{
	oncuda_unsupported("cuLinkAddData");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkAddData_v2(void);
ONCUDA_API CUresult cuLinkAddData_v2(void)
{
	oncuda_unsupported("cuLinkAddData_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkAddFile(void);
ONCUDA_API CUresult cuLinkAddFile(void)
{
	oncuda_unsupported("cuLinkAddFile");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkAddFile_v2(void);
ONCUDA_API CUresult cuLinkAddFile_v2(void)
{
	oncuda_unsupported("cuLinkAddFile_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkComplete(void);
ONCUDA_API CUresult cuLinkComplete(void)
{
	oncuda_unsupported("cuLinkComplete");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkCreate(void);
ONCUDA_API CUresult cuLinkCreate(void)
{
	oncuda_unsupported("cuLinkCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkCreate_v2(void);
ONCUDA_API CUresult cuLinkCreate_v2(void)
{
	oncuda_unsupported("cuLinkCreate_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLinkDestroy(void);
ONCUDA_API CUresult cuLinkDestroy(void)
{
	oncuda_unsupported("cuLinkDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLogsCurrent(void);
ONCUDA_API CUresult cuLogsCurrent(void)
{
	oncuda_unsupported("cuLogsCurrent");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLogsDumpToFile(void);
ONCUDA_API CUresult cuLogsDumpToFile(void)
{
	oncuda_unsupported("cuLogsDumpToFile");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLogsDumpToMemory(void);
ONCUDA_API CUresult cuLogsDumpToMemory(void)
{
	oncuda_unsupported("cuLogsDumpToMemory");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLogsRegisterCallback(void);
ONCUDA_API CUresult cuLogsRegisterCallback(void)
{
	oncuda_unsupported("cuLogsRegisterCallback");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuLogsUnregisterCallback(void);
ONCUDA_API CUresult cuLogsUnregisterCallback(void)
{
	oncuda_unsupported("cuLogsUnregisterCallback");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemAlloc(void);
ONCUDA_API CUresult cuMemAlloc(void)
{
	oncuda_unsupported("cuMemAlloc");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemAllocHost(void);
ONCUDA_API CUresult cuMemAllocHost(void)
{
	oncuda_unsupported("cuMemAllocHost");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemAllocPitch(void);
ONCUDA_API CUresult cuMemAllocPitch(void)
{
	oncuda_unsupported("cuMemAllocPitch");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemBatchDecompressAsync(void);
ONCUDA_API CUresult cuMemBatchDecompressAsync(void)
{
	oncuda_unsupported("cuMemBatchDecompressAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemBatchDecompressAsync_ptsz(void);
ONCUDA_API CUresult cuMemBatchDecompressAsync_ptsz(void)
{
	oncuda_unsupported("cuMemBatchDecompressAsync_ptsz");
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

ONCUDA_API CUresult cuMemFree(void);
ONCUDA_API CUresult cuMemFree(void)
{
	oncuda_unsupported("cuMemFree");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetAddressRange(void);
ONCUDA_API CUresult cuMemGetAddressRange(void)
{
	oncuda_unsupported("cuMemGetAddressRange");
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

ONCUDA_API CUresult cuMemGetDefaultMemPool(void);
ONCUDA_API CUresult cuMemGetDefaultMemPool(void)
{
	oncuda_unsupported("cuMemGetDefaultMemPool");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetHandleForAddressRange(void);
ONCUDA_API CUresult cuMemGetHandleForAddressRange(void)
{
	oncuda_unsupported("cuMemGetHandleForAddressRange");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetInfo(void);
ONCUDA_API CUresult cuMemGetInfo(void)
{
	oncuda_unsupported("cuMemGetInfo");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemGetMemPool(void);
ONCUDA_API CUresult cuMemGetMemPool(void)
{
	oncuda_unsupported("cuMemGetMemPool");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemHostGetDevicePointer(void);
ONCUDA_API CUresult cuMemHostGetDevicePointer(void)
{
	oncuda_unsupported("cuMemHostGetDevicePointer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemHostRegister(void);
ONCUDA_API CUresult cuMemHostRegister(void)
{
	oncuda_unsupported("cuMemHostRegister");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemImportFromShareableHandle(void);
ONCUDA_API CUresult cuMemImportFromShareableHandle(void)
{
	oncuda_unsupported("cuMemImportFromShareableHandle");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemMapArrayAsync(void);
ONCUDA_API CUresult cuMemMapArrayAsync(void)
{
	oncuda_unsupported("cuMemMapArrayAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemMapArrayAsync_ptsz(void);
ONCUDA_API CUresult cuMemMapArrayAsync_ptsz(void)
{
	oncuda_unsupported("cuMemMapArrayAsync_ptsz");
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

ONCUDA_API CUresult cuMemSetMemPool(void);
ONCUDA_API CUresult cuMemSetMemPool(void)
{
	oncuda_unsupported("cuMemSetMemPool");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy2D(void);
ONCUDA_API CUresult cuMemcpy2D(void)
{
	oncuda_unsupported("cuMemcpy2D");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy2DAsync(void);
ONCUDA_API CUresult cuMemcpy2DAsync(void)
{
	oncuda_unsupported("cuMemcpy2DAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy2DAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpy2DAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpy2DAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy2DUnaligned(void);
ONCUDA_API CUresult cuMemcpy2DUnaligned(void)
{
	oncuda_unsupported("cuMemcpy2DUnaligned");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy2DUnaligned_v2_ptds(void);
ONCUDA_API CUresult cuMemcpy2DUnaligned_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpy2DUnaligned_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy2D_v2_ptds(void);
ONCUDA_API CUresult cuMemcpy2D_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpy2D_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3D(void);
ONCUDA_API CUresult cuMemcpy3D(void)
{
	oncuda_unsupported("cuMemcpy3D");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DAsync(void);
ONCUDA_API CUresult cuMemcpy3DAsync(void)
{
	oncuda_unsupported("cuMemcpy3DAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DAsync_v2(void);
ONCUDA_API CUresult cuMemcpy3DAsync_v2(void)
{
	oncuda_unsupported("cuMemcpy3DAsync_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpy3DAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpy3DAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync(void);
ONCUDA_API CUresult cuMemcpy3DBatchAsync(void)
{
	oncuda_unsupported("cuMemcpy3DBatchAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync_ptsz(void);
ONCUDA_API CUresult cuMemcpy3DBatchAsync_ptsz(void)
{
	oncuda_unsupported("cuMemcpy3DBatchAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync_v2(void);
ONCUDA_API CUresult cuMemcpy3DBatchAsync_v2(void)
{
	oncuda_unsupported("cuMemcpy3DBatchAsync_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DBatchAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpy3DBatchAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpy3DBatchAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DPeer(void);
ONCUDA_API CUresult cuMemcpy3DPeer(void)
{
	oncuda_unsupported("cuMemcpy3DPeer");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DPeerAsync(void);
ONCUDA_API CUresult cuMemcpy3DPeerAsync(void)
{
	oncuda_unsupported("cuMemcpy3DPeerAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DPeerAsync_ptsz(void);
ONCUDA_API CUresult cuMemcpy3DPeerAsync_ptsz(void)
{
	oncuda_unsupported("cuMemcpy3DPeerAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3DPeer_ptds(void);
ONCUDA_API CUresult cuMemcpy3DPeer_ptds(void)
{
	oncuda_unsupported("cuMemcpy3DPeer_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3D_v2(void);
ONCUDA_API CUresult cuMemcpy3D_v2(void)
{
	oncuda_unsupported("cuMemcpy3D_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy3D_v2_ptds(void);
ONCUDA_API CUresult cuMemcpy3D_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpy3D_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAsync_ptsz(void);
ONCUDA_API CUresult cuMemcpyAsync_ptsz(void)
{
	oncuda_unsupported("cuMemcpyAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoA(void);
ONCUDA_API CUresult cuMemcpyAtoA(void)
{
	oncuda_unsupported("cuMemcpyAtoA");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoA_v2(void);
ONCUDA_API CUresult cuMemcpyAtoA_v2(void)
{
	oncuda_unsupported("cuMemcpyAtoA_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoA_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyAtoA_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyAtoA_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoD(void);
ONCUDA_API CUresult cuMemcpyAtoD(void)
{
	oncuda_unsupported("cuMemcpyAtoD");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoD_v2(void);
ONCUDA_API CUresult cuMemcpyAtoD_v2(void)
{
	oncuda_unsupported("cuMemcpyAtoD_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoD_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyAtoD_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyAtoD_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoH(void);
ONCUDA_API CUresult cuMemcpyAtoH(void)
{
	oncuda_unsupported("cuMemcpyAtoH");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoHAsync(void);
ONCUDA_API CUresult cuMemcpyAtoHAsync(void)
{
	oncuda_unsupported("cuMemcpyAtoHAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoHAsync_v2(void);
ONCUDA_API CUresult cuMemcpyAtoHAsync_v2(void)
{
	oncuda_unsupported("cuMemcpyAtoHAsync_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoHAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpyAtoHAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpyAtoHAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoH_v2(void);
ONCUDA_API CUresult cuMemcpyAtoH_v2(void)
{
	oncuda_unsupported("cuMemcpyAtoH_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyAtoH_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyAtoH_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyAtoH_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyBatchAsync(void);
ONCUDA_API CUresult cuMemcpyBatchAsync(void)
{
	oncuda_unsupported("cuMemcpyBatchAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyBatchAsync_ptsz(void);
ONCUDA_API CUresult cuMemcpyBatchAsync_ptsz(void)
{
	oncuda_unsupported("cuMemcpyBatchAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyBatchAsync_v2(void);
ONCUDA_API CUresult cuMemcpyBatchAsync_v2(void)
{
	oncuda_unsupported("cuMemcpyBatchAsync_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyBatchAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpyBatchAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpyBatchAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoA(void);
ONCUDA_API CUresult cuMemcpyDtoA(void)
{
	oncuda_unsupported("cuMemcpyDtoA");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoA_v2(void);
ONCUDA_API CUresult cuMemcpyDtoA_v2(void)
{
	oncuda_unsupported("cuMemcpyDtoA_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoA_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyDtoA_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyDtoA_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoD(void);
ONCUDA_API CUresult cuMemcpyDtoD(void)
{
	oncuda_unsupported("cuMemcpyDtoD");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoDAsync(void);
ONCUDA_API CUresult cuMemcpyDtoDAsync(void)
{
	oncuda_unsupported("cuMemcpyDtoDAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoDAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpyDtoDAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpyDtoDAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoD_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyDtoD_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyDtoD_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoH(void);
ONCUDA_API CUresult cuMemcpyDtoH(void)
{
	oncuda_unsupported("cuMemcpyDtoH");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoHAsync(void);
ONCUDA_API CUresult cuMemcpyDtoHAsync(void)
{
	oncuda_unsupported("cuMemcpyDtoHAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoHAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpyDtoHAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpyDtoHAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyDtoH_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyDtoH_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyDtoH_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoA(void);
ONCUDA_API CUresult cuMemcpyHtoA(void)
{
	oncuda_unsupported("cuMemcpyHtoA");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoAAsync(void);
ONCUDA_API CUresult cuMemcpyHtoAAsync(void)
{
	oncuda_unsupported("cuMemcpyHtoAAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoAAsync_v2(void);
ONCUDA_API CUresult cuMemcpyHtoAAsync_v2(void)
{
	oncuda_unsupported("cuMemcpyHtoAAsync_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoAAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpyHtoAAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpyHtoAAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoA_v2(void);
ONCUDA_API CUresult cuMemcpyHtoA_v2(void)
{
	oncuda_unsupported("cuMemcpyHtoA_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoA_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyHtoA_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyHtoA_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoD(void);
ONCUDA_API CUresult cuMemcpyHtoD(void)
{
	oncuda_unsupported("cuMemcpyHtoD");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoDAsync(void);
ONCUDA_API CUresult cuMemcpyHtoDAsync(void)
{
	oncuda_unsupported("cuMemcpyHtoDAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoDAsync_v2_ptsz(void);
ONCUDA_API CUresult cuMemcpyHtoDAsync_v2_ptsz(void)
{
	oncuda_unsupported("cuMemcpyHtoDAsync_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyHtoD_v2_ptds(void);
ONCUDA_API CUresult cuMemcpyHtoD_v2_ptds(void)
{
	oncuda_unsupported("cuMemcpyHtoD_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyPeerAsync(void);
ONCUDA_API CUresult cuMemcpyPeerAsync(void)
{
	oncuda_unsupported("cuMemcpyPeerAsync");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyPeerAsync_ptsz(void);
ONCUDA_API CUresult cuMemcpyPeerAsync_ptsz(void)
{
	oncuda_unsupported("cuMemcpyPeerAsync_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpyPeer_ptds(void);
ONCUDA_API CUresult cuMemcpyPeer_ptds(void)
{
	oncuda_unsupported("cuMemcpyPeer_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemcpy_ptds(void);
ONCUDA_API CUresult cuMemcpy_ptds(void)
{
	oncuda_unsupported("cuMemcpy_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD16(void);
ONCUDA_API CUresult cuMemsetD16(void)
{
	oncuda_unsupported("cuMemsetD16");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD16Async_ptsz(void);
ONCUDA_API CUresult cuMemsetD16Async_ptsz(void)
{
	oncuda_unsupported("cuMemsetD16Async_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD16_v2_ptds(void);
ONCUDA_API CUresult cuMemsetD16_v2_ptds(void)
{
	oncuda_unsupported("cuMemsetD16_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D16(void);
ONCUDA_API CUresult cuMemsetD2D16(void)
{
	oncuda_unsupported("cuMemsetD2D16");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D16Async(void);
ONCUDA_API CUresult cuMemsetD2D16Async(void)
{
	oncuda_unsupported("cuMemsetD2D16Async");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D16Async_ptsz(void);
ONCUDA_API CUresult cuMemsetD2D16Async_ptsz(void)
{
	oncuda_unsupported("cuMemsetD2D16Async_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D16_v2(void);
ONCUDA_API CUresult cuMemsetD2D16_v2(void)
{
	oncuda_unsupported("cuMemsetD2D16_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D16_v2_ptds(void);
ONCUDA_API CUresult cuMemsetD2D16_v2_ptds(void)
{
	oncuda_unsupported("cuMemsetD2D16_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D32(void);
ONCUDA_API CUresult cuMemsetD2D32(void)
{
	oncuda_unsupported("cuMemsetD2D32");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D32Async(void);
ONCUDA_API CUresult cuMemsetD2D32Async(void)
{
	oncuda_unsupported("cuMemsetD2D32Async");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D32Async_ptsz(void);
ONCUDA_API CUresult cuMemsetD2D32Async_ptsz(void)
{
	oncuda_unsupported("cuMemsetD2D32Async_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D32_v2(void);
ONCUDA_API CUresult cuMemsetD2D32_v2(void)
{
	oncuda_unsupported("cuMemsetD2D32_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D32_v2_ptds(void);
ONCUDA_API CUresult cuMemsetD2D32_v2_ptds(void)
{
	oncuda_unsupported("cuMemsetD2D32_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D8(void);
ONCUDA_API CUresult cuMemsetD2D8(void)
{
	oncuda_unsupported("cuMemsetD2D8");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D8Async(void);
ONCUDA_API CUresult cuMemsetD2D8Async(void)
{
	oncuda_unsupported("cuMemsetD2D8Async");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D8Async_ptsz(void);
ONCUDA_API CUresult cuMemsetD2D8Async_ptsz(void)
{
	oncuda_unsupported("cuMemsetD2D8Async_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D8_v2(void);
ONCUDA_API CUresult cuMemsetD2D8_v2(void)
{
	oncuda_unsupported("cuMemsetD2D8_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD2D8_v2_ptds(void);
ONCUDA_API CUresult cuMemsetD2D8_v2_ptds(void)
{
	oncuda_unsupported("cuMemsetD2D8_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD32(void);
ONCUDA_API CUresult cuMemsetD32(void)
{
	oncuda_unsupported("cuMemsetD32");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD32Async_ptsz(void);
ONCUDA_API CUresult cuMemsetD32Async_ptsz(void)
{
	oncuda_unsupported("cuMemsetD32Async_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD32_v2_ptds(void);
ONCUDA_API CUresult cuMemsetD32_v2_ptds(void)
{
	oncuda_unsupported("cuMemsetD32_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD8(void);
ONCUDA_API CUresult cuMemsetD8(void)
{
	oncuda_unsupported("cuMemsetD8");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD8Async_ptsz(void);
ONCUDA_API CUresult cuMemsetD8Async_ptsz(void)
{
	oncuda_unsupported("cuMemsetD8Async_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMemsetD8_v2_ptds(void);
ONCUDA_API CUresult cuMemsetD8_v2_ptds(void)
{
	oncuda_unsupported("cuMemsetD8_v2_ptds");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMipmappedArrayCreate(void);
ONCUDA_API CUresult cuMipmappedArrayCreate(void)
{
	oncuda_unsupported("cuMipmappedArrayCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMipmappedArrayDestroy(void);
ONCUDA_API CUresult cuMipmappedArrayDestroy(void)
{
	oncuda_unsupported("cuMipmappedArrayDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMipmappedArrayGetLevel(void);
ONCUDA_API CUresult cuMipmappedArrayGetLevel(void)
{
	oncuda_unsupported("cuMipmappedArrayGetLevel");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMipmappedArrayGetMemoryRequirements(void);
ONCUDA_API CUresult cuMipmappedArrayGetMemoryRequirements(void)
{
	oncuda_unsupported("cuMipmappedArrayGetMemoryRequirements");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuMipmappedArrayGetSparseProperties(void);
ONCUDA_API CUresult cuMipmappedArrayGetSparseProperties(void)
{
	oncuda_unsupported("cuMipmappedArrayGetSparseProperties");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuModuleGetGlobal(void);
ONCUDA_API CUresult cuModuleGetGlobal(void)
{
	oncuda_unsupported("cuModuleGetGlobal");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuModuleGetSurfRef(void);
ONCUDA_API CUresult cuModuleGetSurfRef(void)
{
	oncuda_unsupported("cuModuleGetSurfRef");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuModuleGetTexRef(void);
ONCUDA_API CUresult cuModuleGetTexRef(void)
{
	oncuda_unsupported("cuModuleGetTexRef");
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

ONCUDA_API CUresult cuParamSetSize(void);
ONCUDA_API CUresult cuParamSetSize(void)
{
	oncuda_unsupported("cuParamSetSize");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuParamSetTexRef(void);
ONCUDA_API CUresult cuParamSetTexRef(void)
{
	oncuda_unsupported("cuParamSetTexRef");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuParamSetf(void);
ONCUDA_API CUresult cuParamSetf(void)
{
	oncuda_unsupported("cuParamSetf");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuParamSeti(void);
ONCUDA_API CUresult cuParamSeti(void)
{
	oncuda_unsupported("cuParamSeti");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuParamSetv(void);
ONCUDA_API CUresult cuParamSetv(void)
{
	oncuda_unsupported("cuParamSetv");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuPointerSetAttribute(void);
ONCUDA_API CUresult cuPointerSetAttribute(void)
{
	oncuda_unsupported("cuPointerSetAttribute");
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

ONCUDA_API CUresult cuStreamBatchMemOp_ptsz(void);
ONCUDA_API CUresult cuStreamBatchMemOp_ptsz(void)
{
	oncuda_unsupported("cuStreamBatchMemOp_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamBatchMemOp_v2_ptsz(void);
ONCUDA_API CUresult cuStreamBatchMemOp_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamBatchMemOp_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamBeginCapture(void);
ONCUDA_API CUresult cuStreamBeginCapture(void)
{
	oncuda_unsupported("cuStreamBeginCapture");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamBeginCaptureToGraph(void);
ONCUDA_API CUresult cuStreamBeginCaptureToGraph(void)
{
	oncuda_unsupported("cuStreamBeginCaptureToGraph");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamBeginCaptureToGraph_ptsz(void);
ONCUDA_API CUresult cuStreamBeginCaptureToGraph_ptsz(void)
{
	oncuda_unsupported("cuStreamBeginCaptureToGraph_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamBeginCapture_ptsz(void);
ONCUDA_API CUresult cuStreamBeginCapture_ptsz(void)
{
	oncuda_unsupported("cuStreamBeginCapture_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamBeginCapture_v2_ptsz(void);
ONCUDA_API CUresult cuStreamBeginCapture_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamBeginCapture_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamCopyAttributes_ptsz(void);
ONCUDA_API CUresult cuStreamCopyAttributes_ptsz(void)
{
	oncuda_unsupported("cuStreamCopyAttributes_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamDestroy(void);
ONCUDA_API CUresult cuStreamDestroy(void)
{
	oncuda_unsupported("cuStreamDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamEndCapture_ptsz(void);
ONCUDA_API CUresult cuStreamEndCapture_ptsz(void)
{
	oncuda_unsupported("cuStreamEndCapture_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetAttribute_ptsz(void);
ONCUDA_API CUresult cuStreamGetAttribute_ptsz(void)
{
	oncuda_unsupported("cuStreamGetAttribute_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_ptsz(void);
ONCUDA_API CUresult cuStreamGetCaptureInfo_ptsz(void)
{
	oncuda_unsupported("cuStreamGetCaptureInfo_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v2_ptsz(void);
ONCUDA_API CUresult cuStreamGetCaptureInfo_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamGetCaptureInfo_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetCaptureInfo_v3_ptsz(void);
ONCUDA_API CUresult cuStreamGetCaptureInfo_v3_ptsz(void)
{
	oncuda_unsupported("cuStreamGetCaptureInfo_v3_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetCtx_ptsz(void);
ONCUDA_API CUresult cuStreamGetCtx_ptsz(void)
{
	oncuda_unsupported("cuStreamGetCtx_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetCtx_v2_ptsz(void);
ONCUDA_API CUresult cuStreamGetCtx_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamGetCtx_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetDevice_ptsz(void);
ONCUDA_API CUresult cuStreamGetDevice_ptsz(void)
{
	oncuda_unsupported("cuStreamGetDevice_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetFlags_ptsz(void);
ONCUDA_API CUresult cuStreamGetFlags_ptsz(void)
{
	oncuda_unsupported("cuStreamGetFlags_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetGreenCtx(void);
ONCUDA_API CUresult cuStreamGetGreenCtx(void)
{
	oncuda_unsupported("cuStreamGetGreenCtx");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetId_ptsz(void);
ONCUDA_API CUresult cuStreamGetId_ptsz(void)
{
	oncuda_unsupported("cuStreamGetId_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamGetPriority_ptsz(void);
ONCUDA_API CUresult cuStreamGetPriority_ptsz(void)
{
	oncuda_unsupported("cuStreamGetPriority_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamIsCapturing_ptsz(void);
ONCUDA_API CUresult cuStreamIsCapturing_ptsz(void)
{
	oncuda_unsupported("cuStreamIsCapturing_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamQuery_ptsz(void);
ONCUDA_API CUresult cuStreamQuery_ptsz(void)
{
	oncuda_unsupported("cuStreamQuery_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamSetAttribute_ptsz(void);
ONCUDA_API CUresult cuStreamSetAttribute_ptsz(void)
{
	oncuda_unsupported("cuStreamSetAttribute_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamSynchronize_ptsz(void);
ONCUDA_API CUresult cuStreamSynchronize_ptsz(void)
{
	oncuda_unsupported("cuStreamSynchronize_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_ptsz(void);
ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_ptsz(void)
{
	oncuda_unsupported("cuStreamUpdateCaptureDependencies_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_v2_ptsz(void);
ONCUDA_API CUresult cuStreamUpdateCaptureDependencies_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamUpdateCaptureDependencies_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWaitEvent_ptsz(void);
ONCUDA_API CUresult cuStreamWaitEvent_ptsz(void)
{
	oncuda_unsupported("cuStreamWaitEvent_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWaitValue32_ptsz(void);
ONCUDA_API CUresult cuStreamWaitValue32_ptsz(void)
{
	oncuda_unsupported("cuStreamWaitValue32_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWaitValue32_v2_ptsz(void);
ONCUDA_API CUresult cuStreamWaitValue32_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamWaitValue32_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWaitValue64_ptsz(void);
ONCUDA_API CUresult cuStreamWaitValue64_ptsz(void)
{
	oncuda_unsupported("cuStreamWaitValue64_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWaitValue64_v2_ptsz(void);
ONCUDA_API CUresult cuStreamWaitValue64_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamWaitValue64_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWriteValue32_ptsz(void);
ONCUDA_API CUresult cuStreamWriteValue32_ptsz(void)
{
	oncuda_unsupported("cuStreamWriteValue32_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWriteValue32_v2_ptsz(void);
ONCUDA_API CUresult cuStreamWriteValue32_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamWriteValue32_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWriteValue64_ptsz(void);
ONCUDA_API CUresult cuStreamWriteValue64_ptsz(void)
{
	oncuda_unsupported("cuStreamWriteValue64_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuStreamWriteValue64_v2_ptsz(void);
ONCUDA_API CUresult cuStreamWriteValue64_v2_ptsz(void)
{
	oncuda_unsupported("cuStreamWriteValue64_v2_ptsz");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSurfObjectCreate(void);
ONCUDA_API CUresult cuSurfObjectCreate(void)
{
	oncuda_unsupported("cuSurfObjectCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSurfObjectDestroy(void);
ONCUDA_API CUresult cuSurfObjectDestroy(void)
{
	oncuda_unsupported("cuSurfObjectDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSurfObjectGetResourceDesc(void);
ONCUDA_API CUresult cuSurfObjectGetResourceDesc(void)
{
	oncuda_unsupported("cuSurfObjectGetResourceDesc");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSurfRefGetArray(void);
ONCUDA_API CUresult cuSurfRefGetArray(void)
{
	oncuda_unsupported("cuSurfRefGetArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuSurfRefSetArray(void);
ONCUDA_API CUresult cuSurfRefSetArray(void)
{
	oncuda_unsupported("cuSurfRefSetArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTensorMapEncodeIm2col(void);
ONCUDA_API CUresult cuTensorMapEncodeIm2col(void)
{
	oncuda_unsupported("cuTensorMapEncodeIm2col");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTensorMapEncodeIm2colWide(void);
ONCUDA_API CUresult cuTensorMapEncodeIm2colWide(void)
{
	oncuda_unsupported("cuTensorMapEncodeIm2colWide");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTensorMapEncodeTiled(void);
ONCUDA_API CUresult cuTensorMapEncodeTiled(void)
{
	oncuda_unsupported("cuTensorMapEncodeTiled");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTensorMapReplaceAddress(void);
ONCUDA_API CUresult cuTensorMapReplaceAddress(void)
{
	oncuda_unsupported("cuTensorMapReplaceAddress");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexObjectCreate(void);
ONCUDA_API CUresult cuTexObjectCreate(void)
{
	oncuda_unsupported("cuTexObjectCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexObjectDestroy(void);
ONCUDA_API CUresult cuTexObjectDestroy(void)
{
	oncuda_unsupported("cuTexObjectDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexObjectGetResourceDesc(void);
ONCUDA_API CUresult cuTexObjectGetResourceDesc(void)
{
	oncuda_unsupported("cuTexObjectGetResourceDesc");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexObjectGetResourceViewDesc(void);
ONCUDA_API CUresult cuTexObjectGetResourceViewDesc(void)
{
	oncuda_unsupported("cuTexObjectGetResourceViewDesc");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexObjectGetTextureDesc(void);
ONCUDA_API CUresult cuTexObjectGetTextureDesc(void)
{
	oncuda_unsupported("cuTexObjectGetTextureDesc");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefCreate(void);
ONCUDA_API CUresult cuTexRefCreate(void)
{
	oncuda_unsupported("cuTexRefCreate");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefDestroy(void);
ONCUDA_API CUresult cuTexRefDestroy(void)
{
	oncuda_unsupported("cuTexRefDestroy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetAddress(void);
ONCUDA_API CUresult cuTexRefGetAddress(void)
{
	oncuda_unsupported("cuTexRefGetAddress");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetAddressMode(void);
ONCUDA_API CUresult cuTexRefGetAddressMode(void)
{
	oncuda_unsupported("cuTexRefGetAddressMode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetAddress_v2(void);
ONCUDA_API CUresult cuTexRefGetAddress_v2(void)
{
	oncuda_unsupported("cuTexRefGetAddress_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetArray(void);
ONCUDA_API CUresult cuTexRefGetArray(void)
{
	oncuda_unsupported("cuTexRefGetArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetBorderColor(void);
ONCUDA_API CUresult cuTexRefGetBorderColor(void)
{
	oncuda_unsupported("cuTexRefGetBorderColor");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetFilterMode(void);
ONCUDA_API CUresult cuTexRefGetFilterMode(void)
{
	oncuda_unsupported("cuTexRefGetFilterMode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetFlags(void);
ONCUDA_API CUresult cuTexRefGetFlags(void)
{
	oncuda_unsupported("cuTexRefGetFlags");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetFormat(void);
ONCUDA_API CUresult cuTexRefGetFormat(void)
{
	oncuda_unsupported("cuTexRefGetFormat");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetMaxAnisotropy(void);
ONCUDA_API CUresult cuTexRefGetMaxAnisotropy(void)
{
	oncuda_unsupported("cuTexRefGetMaxAnisotropy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetMipmapFilterMode(void);
ONCUDA_API CUresult cuTexRefGetMipmapFilterMode(void)
{
	oncuda_unsupported("cuTexRefGetMipmapFilterMode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetMipmapLevelBias(void);
ONCUDA_API CUresult cuTexRefGetMipmapLevelBias(void)
{
	oncuda_unsupported("cuTexRefGetMipmapLevelBias");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetMipmapLevelClamp(void);
ONCUDA_API CUresult cuTexRefGetMipmapLevelClamp(void)
{
	oncuda_unsupported("cuTexRefGetMipmapLevelClamp");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefGetMipmappedArray(void);
ONCUDA_API CUresult cuTexRefGetMipmappedArray(void)
{
	oncuda_unsupported("cuTexRefGetMipmappedArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetAddress(void);
ONCUDA_API CUresult cuTexRefSetAddress(void)
{
	oncuda_unsupported("cuTexRefSetAddress");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetAddress2D(void);
ONCUDA_API CUresult cuTexRefSetAddress2D(void)
{
	oncuda_unsupported("cuTexRefSetAddress2D");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetAddress2D_v2(void);
ONCUDA_API CUresult cuTexRefSetAddress2D_v2(void)
{
	oncuda_unsupported("cuTexRefSetAddress2D_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetAddress2D_v3(void);
ONCUDA_API CUresult cuTexRefSetAddress2D_v3(void)
{
	oncuda_unsupported("cuTexRefSetAddress2D_v3");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetAddressMode(void);
ONCUDA_API CUresult cuTexRefSetAddressMode(void)
{
	oncuda_unsupported("cuTexRefSetAddressMode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetAddress_v2(void);
ONCUDA_API CUresult cuTexRefSetAddress_v2(void)
{
	oncuda_unsupported("cuTexRefSetAddress_v2");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetArray(void);
ONCUDA_API CUresult cuTexRefSetArray(void)
{
	oncuda_unsupported("cuTexRefSetArray");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetBorderColor(void);
ONCUDA_API CUresult cuTexRefSetBorderColor(void)
{
	oncuda_unsupported("cuTexRefSetBorderColor");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetFilterMode(void);
ONCUDA_API CUresult cuTexRefSetFilterMode(void)
{
	oncuda_unsupported("cuTexRefSetFilterMode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetFlags(void);
ONCUDA_API CUresult cuTexRefSetFlags(void)
{
	oncuda_unsupported("cuTexRefSetFlags");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetFormat(void);
ONCUDA_API CUresult cuTexRefSetFormat(void)
{
	oncuda_unsupported("cuTexRefSetFormat");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetMaxAnisotropy(void);
ONCUDA_API CUresult cuTexRefSetMaxAnisotropy(void)
{
	oncuda_unsupported("cuTexRefSetMaxAnisotropy");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetMipmapFilterMode(void);
ONCUDA_API CUresult cuTexRefSetMipmapFilterMode(void)
{
	oncuda_unsupported("cuTexRefSetMipmapFilterMode");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetMipmapLevelBias(void);
ONCUDA_API CUresult cuTexRefSetMipmapLevelBias(void)
{
	oncuda_unsupported("cuTexRefSetMipmapLevelBias");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetMipmapLevelClamp(void);
ONCUDA_API CUresult cuTexRefSetMipmapLevelClamp(void)
{
	oncuda_unsupported("cuTexRefSetMipmapLevelClamp");
	return ONCUDA_NOT_SUPPORTED;
}

ONCUDA_API CUresult cuTexRefSetMipmappedArray(void);
ONCUDA_API CUresult cuTexRefSetMipmappedArray(void)
{
	oncuda_unsupported("cuTexRefSetMipmappedArray");
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
