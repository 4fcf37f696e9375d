/*
 * gen/driver_calls.c -- made by tools/gen-driver-calls.py; do not edit.
 *
 * The 362 driver entry points oncudad calls, each an entry that
 * server/daemon/driver.c fills from NVIDIA's libcuda.so.1 at start and a
 * function of the driver's name and prototype that calls through it.
 */
#include <cuda.h>
#include <cudaProfiler.h>

#include "server/daemon/driver.h"

/* Hidden: a library the driver loads must find the driver's own. */
#define DRIVER_CALL __attribute__((visibility("hidden")))

/* Clients may call the deprecated entry points; so the server does. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

struct driver_entry driver_entries[] = {
	{ "cuArray3DCreate_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuArray3DGetDescriptor_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuArrayCreate_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuArrayDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuArrayGetDescriptor_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuArrayGetMemoryRequirements", NULL, ATOMIC_FLAG_INIT },
	{ "cuArrayGetPlane", NULL, ATOMIC_FLAG_INIT },
	{ "cuArrayGetSparseProperties", NULL, ATOMIC_FLAG_INIT },
	{ "cuCoredumpGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuCoredumpGetAttributeGlobal", NULL, ATOMIC_FLAG_INIT },
	{ "cuCoredumpSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuCoredumpSetAttributeGlobal", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxCreate_v4", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxDestroy_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxDisablePeerAccess", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxEnablePeerAccess", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxFromGreenCtx", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetApiVersion", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetCacheConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetCurrent", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetDevResource", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetDevice", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetDevice_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetExecAffinity", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetId", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetLimit", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetSharedMemConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxGetStreamPriorityRange", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxPopCurrent_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxPushCurrent_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxRecordEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxResetPersistingL2Cache", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSetCacheConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSetCurrent", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSetLimit", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSetSharedMemConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSynchronize", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxSynchronize_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuCtxWaitEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevResourceGenerateDesc", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevSmResourceSplitByCount", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceCanAccessPeer", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGet", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetByPCIBusId", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetCount", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetDefaultMemPool", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetDevResource", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetExecAffinitySupport", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetGraphMemAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetHostAtomicCapabilities", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetMemPool", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetName", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetP2PAtomicCapabilities", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetP2PAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetPCIBusId", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetTexture1DLinearMaxWidth", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGetUuid_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceGraphMemTrim", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevicePrimaryCtxGetState", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevicePrimaryCtxRelease_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevicePrimaryCtxReset_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevicePrimaryCtxRetain", NULL, ATOMIC_FLAG_INIT },
	{ "cuDevicePrimaryCtxSetFlags_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceRegisterAsyncNotification", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceSetGraphMemAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceSetMemPool", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceTotalMem_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuDeviceUnregisterAsyncNotification", NULL, ATOMIC_FLAG_INIT },
	{ "cuDriverGetVersion", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventDestroy_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventElapsedTime_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventQuery", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventRecord", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventRecordWithFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuEventSynchronize", NULL, ATOMIC_FLAG_INIT },
	{ "cuFlushGPUDirectRDMAWrites", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncGetModule", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncGetName", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncGetParamInfo", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncIsLoaded", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncLoad", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncSetCacheConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuFuncSetSharedMemConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddBatchMemOpNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddChildGraphNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddDependencies_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddEmptyNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddEventRecordNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddEventWaitNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddHostNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddKernelNode_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddMemAllocNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddMemFreeNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddMemcpyNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddMemsetNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphAddNode_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphBatchMemOpNodeGetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphBatchMemOpNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphChildGraphNodeGetGraph", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphClone", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphConditionalHandleCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphDebugDotPrint", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphDestroyNode", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphEventRecordNodeGetEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphEventRecordNodeSetEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphEventWaitNodeGetEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphEventWaitNodeSetEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecBatchMemOpNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecChildGraphNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecEventRecordNodeSetEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecEventWaitNodeSetEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecGetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecHostNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecKernelNodeSetParams_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecMemcpyNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecMemsetNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphExecUpdate_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphGetEdges_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphGetNodes", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphGetRootNodes", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphHostNodeGetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphHostNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphInstantiateWithFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphInstantiateWithParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphKernelNodeCopyAttributes", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphKernelNodeGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphKernelNodeGetParams_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphKernelNodeSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphKernelNodeSetParams_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphLaunch", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphMemAllocNodeGetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphMemFreeNodeGetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphMemcpyNodeGetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphMemcpyNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphMemsetNodeGetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphMemsetNodeSetParams", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphNodeFindInClone", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphNodeGetDependencies_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphNodeGetDependentNodes_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphNodeGetEnabled", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphNodeGetType", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphNodeSetEnabled", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphReleaseUserObject", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphRemoveDependencies_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphRetainUserObject", NULL, ATOMIC_FLAG_INIT },
	{ "cuGraphUpload", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxGetDevResource", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxGetId", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxRecordEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxStreamCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuGreenCtxWaitEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuInit", NULL, ATOMIC_FLAG_INIT },
	{ "cuIpcCloseMemHandle", NULL, ATOMIC_FLAG_INIT },
	{ "cuIpcGetEventHandle", NULL, ATOMIC_FLAG_INIT },
	{ "cuIpcGetMemHandle", NULL, ATOMIC_FLAG_INIT },
	{ "cuIpcOpenEventHandle", NULL, ATOMIC_FLAG_INIT },
	{ "cuIpcOpenMemHandle_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelGetFunction", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelGetLibrary", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelGetName", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelGetParamInfo", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuKernelSetCacheConfig", NULL, ATOMIC_FLAG_INIT },
	{ "cuLaunchCooperativeKernel", NULL, ATOMIC_FLAG_INIT },
	{ "cuLaunchCooperativeKernelMultiDevice", NULL, ATOMIC_FLAG_INIT },
	{ "cuLaunchHostFunc", NULL, ATOMIC_FLAG_INIT },
	{ "cuLaunchKernel", NULL, ATOMIC_FLAG_INIT },
	{ "cuLaunchKernelEx", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryEnumerateKernels", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryGetGlobal", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryGetKernel", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryGetKernelCount", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryGetManaged", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryGetModule", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryLoadData", NULL, ATOMIC_FLAG_INIT },
	{ "cuLibraryUnload", NULL, ATOMIC_FLAG_INIT },
	{ "cuLinkAddData_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuLinkComplete", NULL, ATOMIC_FLAG_INIT },
	{ "cuLinkCreate_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuLinkDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuLogsCurrent", NULL, ATOMIC_FLAG_INIT },
	{ "cuLogsDumpToMemory", NULL, ATOMIC_FLAG_INIT },
	{ "cuLogsRegisterCallback", NULL, ATOMIC_FLAG_INIT },
	{ "cuLogsUnregisterCallback", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAddressFree", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAddressReserve", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAdvise_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAllocAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAllocFromPoolAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAllocManaged", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAllocPitch_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemAlloc_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemBatchDecompressAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemFreeAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemFreeHost", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemFree_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetAccess", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetAddressRange_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetAllocationGranularity", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetAllocationPropertiesFromHandle", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetDefaultMemPool", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetInfo_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemGetMemPool", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemHostAlloc", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemHostGetDevicePointer_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemHostGetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemHostRegister_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemHostUnregister", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemMap", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemMapArrayAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolGetAccess", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolSetAccess", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPoolTrimTo", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemPrefetchAsync_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemRangeGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemRelease", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemRetainAllocationHandle", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemSetAccess", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemSetMemPool", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemUnmap", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpy2DAsync_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpy2D_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpy3DAsync_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpy3DPeer", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpy3DPeerAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpy3D_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpyDtoDAsync_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpyDtoD_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpyDtoHAsync_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpyDtoH_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpyHtoDAsync_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemcpyHtoD_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD16Async", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD16_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD2D16Async", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD2D16_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD2D32Async", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD2D32_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD2D8Async", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD2D8_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD32Async", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD32_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD8Async", NULL, ATOMIC_FLAG_INIT },
	{ "cuMemsetD8_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuMipmappedArrayCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuMipmappedArrayDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuMipmappedArrayGetLevel", NULL, ATOMIC_FLAG_INIT },
	{ "cuMipmappedArrayGetMemoryRequirements", NULL, ATOMIC_FLAG_INIT },
	{ "cuMipmappedArrayGetSparseProperties", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleEnumerateFunctions", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleGetFunction", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleGetFunctionCount", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleGetGlobal_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleGetLoadingMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleGetSurfRef", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleGetTexRef", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleLoadData", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleLoadDataEx", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleLoadFatBinary", NULL, ATOMIC_FLAG_INIT },
	{ "cuModuleUnload", NULL, ATOMIC_FLAG_INIT },
	{ "cuOccupancyAvailableDynamicSMemPerBlock", NULL, ATOMIC_FLAG_INIT },
	{ "cuOccupancyMaxActiveBlocksPerMultiprocessor", NULL, ATOMIC_FLAG_INIT },
	{ "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuOccupancyMaxActiveClusters", NULL, ATOMIC_FLAG_INIT },
	{ "cuOccupancyMaxPotentialBlockSizeWithFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuOccupancyMaxPotentialClusterSize", NULL, ATOMIC_FLAG_INIT },
	{ "cuParamSetTexRef", NULL, ATOMIC_FLAG_INIT },
	{ "cuPointerGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuPointerGetAttributes", NULL, ATOMIC_FLAG_INIT },
	{ "cuPointerSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuProfilerStart", NULL, ATOMIC_FLAG_INIT },
	{ "cuProfilerStop", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamAddCallback", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamAttachMemAsync", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamBatchMemOp_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamBeginCaptureToGraph", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamBeginCapture_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamCopyAttributes", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamCreateWithPriority", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamDestroy_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamEndCapture", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetCaptureInfo_v3", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetCtx", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetDevice", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetGreenCtx", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetId", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamGetPriority", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamIsCapturing", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamQuery", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamSetAttribute", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamSynchronize", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamUpdateCaptureDependencies_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamWaitEvent", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamWaitValue32_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamWaitValue64_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamWriteValue32_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuStreamWriteValue64_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuSurfObjectCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuSurfObjectDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuSurfObjectGetResourceDesc", NULL, ATOMIC_FLAG_INIT },
	{ "cuSurfRefGetArray", NULL, ATOMIC_FLAG_INIT },
	{ "cuSurfRefSetArray", NULL, ATOMIC_FLAG_INIT },
	{ "cuTensorMapEncodeIm2col", NULL, ATOMIC_FLAG_INIT },
	{ "cuTensorMapEncodeIm2colWide", NULL, ATOMIC_FLAG_INIT },
	{ "cuTensorMapEncodeTiled", NULL, ATOMIC_FLAG_INIT },
	{ "cuTensorMapReplaceAddress", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexObjectCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexObjectDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexObjectGetResourceDesc", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexObjectGetResourceViewDesc", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexObjectGetTextureDesc", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefDestroy", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetAddressMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetAddress_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetArray", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetBorderColor", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetFilterMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetFormat", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetMaxAnisotropy", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetMipmapFilterMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetMipmapLevelBias", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetMipmapLevelClamp", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefGetMipmappedArray", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetAddress2D_v3", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetAddressMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetAddress_v2", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetArray", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetBorderColor", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetFilterMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetFlags", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetFormat", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetMaxAnisotropy", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetMipmapFilterMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetMipmapLevelBias", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetMipmapLevelClamp", NULL, ATOMIC_FLAG_INIT },
	{ "cuTexRefSetMipmappedArray", NULL, ATOMIC_FLAG_INIT },
	{ "cuThreadExchangeStreamCaptureMode", NULL, ATOMIC_FLAG_INIT },
	{ "cuUserObjectCreate", NULL, ATOMIC_FLAG_INIT },
	{ "cuUserObjectRelease", NULL, ATOMIC_FLAG_INIT },
	{ "cuUserObjectRetain", NULL, ATOMIC_FLAG_INIT },
};

const size_t driver_entry_count = sizeof driver_entries / sizeof driver_entries[0];

DRIVER_CALL CUresult cuArray3DCreate_v2(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray)
{
	__typeof__(cuArray3DCreate_v2) *call = (__typeof__(cuArray3DCreate_v2) *)driver_entries[0].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[0]);
	return call(pHandle, pAllocateArray);
}

DRIVER_CALL CUresult cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	__typeof__(cuArray3DGetDescriptor_v2) *call = (__typeof__(cuArray3DGetDescriptor_v2) *)driver_entries[1].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[1]);
	return call(pArrayDescriptor, hArray);
}

DRIVER_CALL CUresult cuArrayCreate_v2(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray)
{
	__typeof__(cuArrayCreate_v2) *call = (__typeof__(cuArrayCreate_v2) *)driver_entries[2].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[2]);
	return call(pHandle, pAllocateArray);
}

DRIVER_CALL CUresult cuArrayDestroy(CUarray hArray)
{
	__typeof__(cuArrayDestroy) *call = (__typeof__(cuArrayDestroy) *)driver_entries[3].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[3]);
	return call(hArray);
}

DRIVER_CALL CUresult cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	__typeof__(cuArrayGetDescriptor_v2) *call = (__typeof__(cuArrayGetDescriptor_v2) *)driver_entries[4].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[4]);
	return call(pArrayDescriptor, hArray);
}

DRIVER_CALL CUresult cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUarray array, CUdevice device)
{
	__typeof__(cuArrayGetMemoryRequirements) *call = (__typeof__(cuArrayGetMemoryRequirements) *)driver_entries[5].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[5]);
	return call(memoryRequirements, array, device);
}

DRIVER_CALL CUresult cuArrayGetPlane(CUarray *pPlaneArray, CUarray hArray, unsigned int planeIdx)
{
	__typeof__(cuArrayGetPlane) *call = (__typeof__(cuArrayGetPlane) *)driver_entries[6].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[6]);
	return call(pPlaneArray, hArray, planeIdx);
}

DRIVER_CALL CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUarray array)
{
	__typeof__(cuArrayGetSparseProperties) *call = (__typeof__(cuArrayGetSparseProperties) *)driver_entries[7].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[7]);
	return call(sparseProperties, array);
}

DRIVER_CALL CUresult cuCoredumpGetAttribute(CUcoredumpSettings attrib, void* value, size_t *size)
{
	__typeof__(cuCoredumpGetAttribute) *call = (__typeof__(cuCoredumpGetAttribute) *)driver_entries[8].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[8]);
	return call(attrib, value, size);
}

DRIVER_CALL CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings attrib, void *value, size_t *size)
{
	__typeof__(cuCoredumpGetAttributeGlobal) *call = (__typeof__(cuCoredumpGetAttributeGlobal) *)driver_entries[9].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[9]);
	return call(attrib, value, size);
}

DRIVER_CALL CUresult cuCoredumpSetAttribute(CUcoredumpSettings attrib, void* value, size_t *size)
{
	__typeof__(cuCoredumpSetAttribute) *call = (__typeof__(cuCoredumpSetAttribute) *)driver_entries[10].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[10]);
	return call(attrib, value, size);
}

DRIVER_CALL CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings attrib, void *value, size_t *size)
{
	__typeof__(cuCoredumpSetAttributeGlobal) *call = (__typeof__(cuCoredumpSetAttributeGlobal) *)driver_entries[11].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[11]);
	return call(attrib, value, size);
}

DRIVER_CALL CUresult cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *ctxCreateParams, unsigned int flags, CUdevice dev)
{
	__typeof__(cuCtxCreate_v4) *call = (__typeof__(cuCtxCreate_v4) *)driver_entries[12].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[12]);
	return call(pctx, ctxCreateParams, flags, dev);
}

DRIVER_CALL CUresult cuCtxDestroy_v2(CUcontext ctx)
{
	__typeof__(cuCtxDestroy_v2) *call = (__typeof__(cuCtxDestroy_v2) *)driver_entries[13].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[13]);
	return call(ctx);
}

DRIVER_CALL CUresult cuCtxDisablePeerAccess(CUcontext peerContext)
{
	__typeof__(cuCtxDisablePeerAccess) *call = (__typeof__(cuCtxDisablePeerAccess) *)driver_entries[14].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[14]);
	return call(peerContext);
}

DRIVER_CALL CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags)
{
	__typeof__(cuCtxEnablePeerAccess) *call = (__typeof__(cuCtxEnablePeerAccess) *)driver_entries[15].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[15]);
	return call(peerContext, Flags);
}

DRIVER_CALL CUresult cuCtxFromGreenCtx(CUcontext *pContext, CUgreenCtx hCtx)
{
	__typeof__(cuCtxFromGreenCtx) *call = (__typeof__(cuCtxFromGreenCtx) *)driver_entries[16].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[16]);
	return call(pContext, hCtx);
}

DRIVER_CALL CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version)
{
	__typeof__(cuCtxGetApiVersion) *call = (__typeof__(cuCtxGetApiVersion) *)driver_entries[17].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[17]);
	return call(ctx, version);
}

DRIVER_CALL CUresult cuCtxGetCacheConfig(CUfunc_cache *pconfig)
{
	__typeof__(cuCtxGetCacheConfig) *call = (__typeof__(cuCtxGetCacheConfig) *)driver_entries[18].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[18]);
	return call(pconfig);
}

DRIVER_CALL CUresult cuCtxGetCurrent(CUcontext *pctx)
{
	__typeof__(cuCtxGetCurrent) *call = (__typeof__(cuCtxGetCurrent) *)driver_entries[19].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[19]);
	return call(pctx);
}

DRIVER_CALL CUresult cuCtxGetDevResource(CUcontext hCtx, CUdevResource* resource, CUdevResourceType type)
{
	__typeof__(cuCtxGetDevResource) *call = (__typeof__(cuCtxGetDevResource) *)driver_entries[20].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[20]);
	return call(hCtx, resource, type);
}

DRIVER_CALL CUresult cuCtxGetDevice(CUdevice *device)
{
	__typeof__(cuCtxGetDevice) *call = (__typeof__(cuCtxGetDevice) *)driver_entries[21].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[21]);
	return call(device);
}

DRIVER_CALL CUresult cuCtxGetDevice_v2(CUdevice *device, CUcontext ctx)
{
	__typeof__(cuCtxGetDevice_v2) *call = (__typeof__(cuCtxGetDevice_v2) *)driver_entries[22].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[22]);
	return call(device, ctx);
}

DRIVER_CALL CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity, CUexecAffinityType type)
{
	__typeof__(cuCtxGetExecAffinity) *call = (__typeof__(cuCtxGetExecAffinity) *)driver_entries[23].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[23]);
	return call(pExecAffinity, type);
}

DRIVER_CALL CUresult cuCtxGetFlags(unsigned int *flags)
{
	__typeof__(cuCtxGetFlags) *call = (__typeof__(cuCtxGetFlags) *)driver_entries[24].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[24]);
	return call(flags);
}

DRIVER_CALL CUresult cuCtxGetId(CUcontext ctx, unsigned long long *ctxId)
{
	__typeof__(cuCtxGetId) *call = (__typeof__(cuCtxGetId) *)driver_entries[25].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[25]);
	return call(ctx, ctxId);
}

DRIVER_CALL CUresult cuCtxGetLimit(size_t *pvalue, CUlimit limit)
{
	__typeof__(cuCtxGetLimit) *call = (__typeof__(cuCtxGetLimit) *)driver_entries[26].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[26]);
	return call(pvalue, limit);
}

DRIVER_CALL CUresult cuCtxGetSharedMemConfig(CUsharedconfig *pConfig)
{
	__typeof__(cuCtxGetSharedMemConfig) *call = (__typeof__(cuCtxGetSharedMemConfig) *)driver_entries[27].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[27]);
	return call(pConfig);
}

DRIVER_CALL CUresult cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority)
{
	__typeof__(cuCtxGetStreamPriorityRange) *call = (__typeof__(cuCtxGetStreamPriorityRange) *)driver_entries[28].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[28]);
	return call(leastPriority, greatestPriority);
}

DRIVER_CALL CUresult cuCtxPopCurrent_v2(CUcontext *pctx)
{
	__typeof__(cuCtxPopCurrent_v2) *call = (__typeof__(cuCtxPopCurrent_v2) *)driver_entries[29].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[29]);
	return call(pctx);
}

DRIVER_CALL CUresult cuCtxPushCurrent_v2(CUcontext ctx)
{
	__typeof__(cuCtxPushCurrent_v2) *call = (__typeof__(cuCtxPushCurrent_v2) *)driver_entries[30].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[30]);
	return call(ctx);
}

DRIVER_CALL CUresult cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent)
{
	__typeof__(cuCtxRecordEvent) *call = (__typeof__(cuCtxRecordEvent) *)driver_entries[31].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[31]);
	return call(hCtx, hEvent);
}

DRIVER_CALL CUresult cuCtxResetPersistingL2Cache(void)
{
	__typeof__(cuCtxResetPersistingL2Cache) *call = (__typeof__(cuCtxResetPersistingL2Cache) *)driver_entries[32].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[32]);
	return call();
}

DRIVER_CALL CUresult cuCtxSetCacheConfig(CUfunc_cache config)
{
	__typeof__(cuCtxSetCacheConfig) *call = (__typeof__(cuCtxSetCacheConfig) *)driver_entries[33].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[33]);
	return call(config);
}

DRIVER_CALL CUresult cuCtxSetCurrent(CUcontext ctx)
{
	__typeof__(cuCtxSetCurrent) *call = (__typeof__(cuCtxSetCurrent) *)driver_entries[34].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[34]);
	return call(ctx);
}

DRIVER_CALL CUresult cuCtxSetFlags(unsigned int flags)
{
	__typeof__(cuCtxSetFlags) *call = (__typeof__(cuCtxSetFlags) *)driver_entries[35].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[35]);
	return call(flags);
}

DRIVER_CALL CUresult cuCtxSetLimit(CUlimit limit, size_t value)
{
	__typeof__(cuCtxSetLimit) *call = (__typeof__(cuCtxSetLimit) *)driver_entries[36].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[36]);
	return call(limit, value);
}

DRIVER_CALL CUresult cuCtxSetSharedMemConfig(CUsharedconfig config)
{
	__typeof__(cuCtxSetSharedMemConfig) *call = (__typeof__(cuCtxSetSharedMemConfig) *)driver_entries[37].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[37]);
	return call(config);
}

DRIVER_CALL CUresult cuCtxSynchronize(void)
{
	__typeof__(cuCtxSynchronize) *call = (__typeof__(cuCtxSynchronize) *)driver_entries[38].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[38]);
	return call();
}

DRIVER_CALL CUresult cuCtxSynchronize_v2(CUcontext ctx)
{
	__typeof__(cuCtxSynchronize_v2) *call = (__typeof__(cuCtxSynchronize_v2) *)driver_entries[39].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[39]);
	return call(ctx);
}

DRIVER_CALL CUresult cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent)
{
	__typeof__(cuCtxWaitEvent) *call = (__typeof__(cuCtxWaitEvent) *)driver_entries[40].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[40]);
	return call(hCtx, hEvent);
}

DRIVER_CALL CUresult cuDevResourceGenerateDesc(CUdevResourceDesc *phDesc, CUdevResource *resources, unsigned int nbResources)
{
	__typeof__(cuDevResourceGenerateDesc) *call = (__typeof__(cuDevResourceGenerateDesc) *)driver_entries[41].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[41]);
	return call(phDesc, resources, nbResources);
}

DRIVER_CALL CUresult cuDevSmResourceSplitByCount(CUdevResource* result, unsigned int* nbGroups, const CUdevResource* input, CUdevResource* remaining, unsigned int useFlags, unsigned int minCount)
{
	__typeof__(cuDevSmResourceSplitByCount) *call = (__typeof__(cuDevSmResourceSplitByCount) *)driver_entries[42].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[42]);
	return call(result, nbGroups, input, remaining, useFlags, minCount);
}

DRIVER_CALL CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev)
{
	__typeof__(cuDeviceCanAccessPeer) *call = (__typeof__(cuDeviceCanAccessPeer) *)driver_entries[43].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[43]);
	return call(canAccessPeer, dev, peerDev);
}

DRIVER_CALL CUresult cuDeviceGet(CUdevice *device, int ordinal)
{
	__typeof__(cuDeviceGet) *call = (__typeof__(cuDeviceGet) *)driver_entries[44].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[44]);
	return call(device, ordinal);
}

DRIVER_CALL CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev)
{
	__typeof__(cuDeviceGetAttribute) *call = (__typeof__(cuDeviceGetAttribute) *)driver_entries[45].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[45]);
	return call(pi, attrib, dev);
}

DRIVER_CALL CUresult cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId)
{
	__typeof__(cuDeviceGetByPCIBusId) *call = (__typeof__(cuDeviceGetByPCIBusId) *)driver_entries[46].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[46]);
	return call(dev, pciBusId);
}

DRIVER_CALL CUresult cuDeviceGetCount(int *count)
{
	__typeof__(cuDeviceGetCount) *call = (__typeof__(cuDeviceGetCount) *)driver_entries[47].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[47]);
	return call(count);
}

DRIVER_CALL CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev)
{
	__typeof__(cuDeviceGetDefaultMemPool) *call = (__typeof__(cuDeviceGetDefaultMemPool) *)driver_entries[48].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[48]);
	return call(pool_out, dev);
}

DRIVER_CALL CUresult cuDeviceGetDevResource(CUdevice device, CUdevResource* resource, CUdevResourceType type)
{
	__typeof__(cuDeviceGetDevResource) *call = (__typeof__(cuDeviceGetDevResource) *)driver_entries[49].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[49]);
	return call(device, resource, type);
}

DRIVER_CALL CUresult cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type, CUdevice dev)
{
	__typeof__(cuDeviceGetExecAffinitySupport) *call = (__typeof__(cuDeviceGetExecAffinitySupport) *)driver_entries[50].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[50]);
	return call(pi, type, dev);
}

DRIVER_CALL CUresult cuDeviceGetGraphMemAttribute(CUdevice device, CUgraphMem_attribute attr, void* value)
{
	__typeof__(cuDeviceGetGraphMemAttribute) *call = (__typeof__(cuDeviceGetGraphMemAttribute) *)driver_entries[51].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[51]);
	return call(device, attr, value);
}

DRIVER_CALL CUresult cuDeviceGetHostAtomicCapabilities(unsigned int* capabilities, const CUatomicOperation* operations, unsigned int count, CUdevice dev)
{
	__typeof__(cuDeviceGetHostAtomicCapabilities) *call = (__typeof__(cuDeviceGetHostAtomicCapabilities) *)driver_entries[52].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[52]);
	return call(capabilities, operations, count, dev);
}

DRIVER_CALL CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev)
{
	__typeof__(cuDeviceGetMemPool) *call = (__typeof__(cuDeviceGetMemPool) *)driver_entries[53].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[53]);
	return call(pool, dev);
}

DRIVER_CALL CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
	__typeof__(cuDeviceGetName) *call = (__typeof__(cuDeviceGetName) *)driver_entries[54].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[54]);
	return call(name, len, dev);
}

DRIVER_CALL CUresult cuDeviceGetP2PAtomicCapabilities(unsigned int* capabilities, const CUatomicOperation* operations, unsigned int count, CUdevice srcDevice, CUdevice dstDevice)
{
	__typeof__(cuDeviceGetP2PAtomicCapabilities) *call = (__typeof__(cuDeviceGetP2PAtomicCapabilities) *)driver_entries[55].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[55]);
	return call(capabilities, operations, count, srcDevice, dstDevice);
}

DRIVER_CALL CUresult cuDeviceGetP2PAttribute(int* value, CUdevice_P2PAttribute attrib, CUdevice srcDevice, CUdevice dstDevice)
{
	__typeof__(cuDeviceGetP2PAttribute) *call = (__typeof__(cuDeviceGetP2PAttribute) *)driver_entries[56].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[56]);
	return call(value, attrib, srcDevice, dstDevice);
}

DRIVER_CALL CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev)
{
	__typeof__(cuDeviceGetPCIBusId) *call = (__typeof__(cuDeviceGetPCIBusId) *)driver_entries[57].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[57]);
	return call(pciBusId, len, dev);
}

DRIVER_CALL CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, CUarray_format format, unsigned numChannels, CUdevice dev)
{
	__typeof__(cuDeviceGetTexture1DLinearMaxWidth) *call = (__typeof__(cuDeviceGetTexture1DLinearMaxWidth) *)driver_entries[58].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[58]);
	return call(maxWidthInElements, format, numChannels, dev);
}

DRIVER_CALL CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev)
{
	__typeof__(cuDeviceGetUuid_v2) *call = (__typeof__(cuDeviceGetUuid_v2) *)driver_entries[59].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[59]);
	return call(uuid, dev);
}

DRIVER_CALL CUresult cuDeviceGraphMemTrim(CUdevice device)
{
	__typeof__(cuDeviceGraphMemTrim) *call = (__typeof__(cuDeviceGraphMemTrim) *)driver_entries[60].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[60]);
	return call(device);
}

DRIVER_CALL CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active)
{
	__typeof__(cuDevicePrimaryCtxGetState) *call = (__typeof__(cuDevicePrimaryCtxGetState) *)driver_entries[61].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[61]);
	return call(dev, flags, active);
}

DRIVER_CALL CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev)
{
	__typeof__(cuDevicePrimaryCtxRelease_v2) *call = (__typeof__(cuDevicePrimaryCtxRelease_v2) *)driver_entries[62].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[62]);
	return call(dev);
}

DRIVER_CALL CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev)
{
	__typeof__(cuDevicePrimaryCtxReset_v2) *call = (__typeof__(cuDevicePrimaryCtxReset_v2) *)driver_entries[63].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[63]);
	return call(dev);
}

DRIVER_CALL CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)
{
	__typeof__(cuDevicePrimaryCtxRetain) *call = (__typeof__(cuDevicePrimaryCtxRetain) *)driver_entries[64].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[64]);
	return call(pctx, dev);
}

DRIVER_CALL CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice dev, unsigned int flags)
{
	__typeof__(cuDevicePrimaryCtxSetFlags_v2) *call = (__typeof__(cuDevicePrimaryCtxSetFlags_v2) *)driver_entries[65].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[65]);
	return call(dev, flags);
}

DRIVER_CALL CUresult cuDeviceRegisterAsyncNotification(CUdevice device, CUasyncCallback callbackFunc, void *userData, CUasyncCallbackHandle *callback)
{
	__typeof__(cuDeviceRegisterAsyncNotification) *call = (__typeof__(cuDeviceRegisterAsyncNotification) *)driver_entries[66].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[66]);
	return call(device, callbackFunc, userData, callback);
}

DRIVER_CALL CUresult cuDeviceSetGraphMemAttribute(CUdevice device, CUgraphMem_attribute attr, void* value)
{
	__typeof__(cuDeviceSetGraphMemAttribute) *call = (__typeof__(cuDeviceSetGraphMemAttribute) *)driver_entries[67].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[67]);
	return call(device, attr, value);
}

DRIVER_CALL CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool)
{
	__typeof__(cuDeviceSetMemPool) *call = (__typeof__(cuDeviceSetMemPool) *)driver_entries[68].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[68]);
	return call(dev, pool);
}

DRIVER_CALL CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
	__typeof__(cuDeviceTotalMem_v2) *call = (__typeof__(cuDeviceTotalMem_v2) *)driver_entries[69].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[69]);
	return call(bytes, dev);
}

DRIVER_CALL CUresult cuDeviceUnregisterAsyncNotification(CUdevice device, CUasyncCallbackHandle callback)
{
	__typeof__(cuDeviceUnregisterAsyncNotification) *call = (__typeof__(cuDeviceUnregisterAsyncNotification) *)driver_entries[70].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[70]);
	return call(device, callback);
}

DRIVER_CALL CUresult cuDriverGetVersion(int *driverVersion)
{
	__typeof__(cuDriverGetVersion) *call = (__typeof__(cuDriverGetVersion) *)driver_entries[71].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[71]);
	return call(driverVersion);
}

DRIVER_CALL CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags)
{
	__typeof__(cuEventCreate) *call = (__typeof__(cuEventCreate) *)driver_entries[72].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[72]);
	return call(phEvent, Flags);
}

DRIVER_CALL CUresult cuEventDestroy_v2(CUevent hEvent)
{
	__typeof__(cuEventDestroy_v2) *call = (__typeof__(cuEventDestroy_v2) *)driver_entries[73].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[73]);
	return call(hEvent);
}

DRIVER_CALL CUresult cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart, CUevent hEnd)
{
	__typeof__(cuEventElapsedTime_v2) *call = (__typeof__(cuEventElapsedTime_v2) *)driver_entries[74].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[74]);
	return call(pMilliseconds, hStart, hEnd);
}

DRIVER_CALL CUresult cuEventQuery(CUevent hEvent)
{
	__typeof__(cuEventQuery) *call = (__typeof__(cuEventQuery) *)driver_entries[75].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[75]);
	return call(hEvent);
}

DRIVER_CALL CUresult cuEventRecord(CUevent hEvent, CUstream hStream)
{
	__typeof__(cuEventRecord) *call = (__typeof__(cuEventRecord) *)driver_entries[76].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[76]);
	return call(hEvent, hStream);
}

DRIVER_CALL CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags)
{
	__typeof__(cuEventRecordWithFlags) *call = (__typeof__(cuEventRecordWithFlags) *)driver_entries[77].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[77]);
	return call(hEvent, hStream, flags);
}

DRIVER_CALL CUresult cuEventSynchronize(CUevent hEvent)
{
	__typeof__(cuEventSynchronize) *call = (__typeof__(cuEventSynchronize) *)driver_entries[78].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[78]);
	return call(hEvent);
}

DRIVER_CALL CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target, CUflushGPUDirectRDMAWritesScope scope)
{
	__typeof__(cuFlushGPUDirectRDMAWrites) *call = (__typeof__(cuFlushGPUDirectRDMAWrites) *)driver_entries[79].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[79]);
	return call(target, scope);
}

DRIVER_CALL CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc)
{
	__typeof__(cuFuncGetAttribute) *call = (__typeof__(cuFuncGetAttribute) *)driver_entries[80].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[80]);
	return call(pi, attrib, hfunc);
}

DRIVER_CALL CUresult cuFuncGetModule(CUmodule *hmod, CUfunction hfunc)
{
	__typeof__(cuFuncGetModule) *call = (__typeof__(cuFuncGetModule) *)driver_entries[81].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[81]);
	return call(hmod, hfunc);
}

DRIVER_CALL CUresult cuFuncGetName(const char **name, CUfunction hfunc)
{
	__typeof__(cuFuncGetName) *call = (__typeof__(cuFuncGetName) *)driver_entries[82].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[82]);
	return call(name, hfunc);
}

DRIVER_CALL CUresult cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
	__typeof__(cuFuncGetParamInfo) *call = (__typeof__(cuFuncGetParamInfo) *)driver_entries[83].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[83]);
	return call(func, paramIndex, paramOffset, paramSize);
}

DRIVER_CALL CUresult cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function)
{
	__typeof__(cuFuncIsLoaded) *call = (__typeof__(cuFuncIsLoaded) *)driver_entries[84].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[84]);
	return call(state, function);
}

DRIVER_CALL CUresult cuFuncLoad(CUfunction function)
{
	__typeof__(cuFuncLoad) *call = (__typeof__(cuFuncLoad) *)driver_entries[85].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[85]);
	return call(function);
}

DRIVER_CALL CUresult cuFuncSetAttribute(CUfunction hfunc, CUfunction_attribute attrib, int value)
{
	__typeof__(cuFuncSetAttribute) *call = (__typeof__(cuFuncSetAttribute) *)driver_entries[86].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[86]);
	return call(hfunc, attrib, value);
}

DRIVER_CALL CUresult cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config)
{
	__typeof__(cuFuncSetCacheConfig) *call = (__typeof__(cuFuncSetCacheConfig) *)driver_entries[87].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[87]);
	return call(hfunc, config);
}

DRIVER_CALL CUresult cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config)
{
	__typeof__(cuFuncSetSharedMemConfig) *call = (__typeof__(cuFuncSetSharedMemConfig) *)driver_entries[88].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[88]);
	return call(hfunc, config);
}

DRIVER_CALL CUresult cuGraphAddBatchMemOpNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphAddBatchMemOpNode) *call = (__typeof__(cuGraphAddBatchMemOpNode) *)driver_entries[89].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[89]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, nodeParams);
}

DRIVER_CALL CUresult cuGraphAddChildGraphNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, CUgraph childGraph)
{
	__typeof__(cuGraphAddChildGraphNode) *call = (__typeof__(cuGraphAddChildGraphNode) *)driver_entries[90].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[90]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, childGraph);
}

DRIVER_CALL CUresult cuGraphAddDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to, const CUgraphEdgeData *edgeData, size_t numDependencies)
{
	__typeof__(cuGraphAddDependencies_v2) *call = (__typeof__(cuGraphAddDependencies_v2) *)driver_entries[91].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[91]);
	return call(hGraph, from, to, edgeData, numDependencies);
}

DRIVER_CALL CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies)
{
	__typeof__(cuGraphAddEmptyNode) *call = (__typeof__(cuGraphAddEmptyNode) *)driver_entries[92].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[92]);
	return call(phGraphNode, hGraph, dependencies, numDependencies);
}

DRIVER_CALL CUresult cuGraphAddEventRecordNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, CUevent event)
{
	__typeof__(cuGraphAddEventRecordNode) *call = (__typeof__(cuGraphAddEventRecordNode) *)driver_entries[93].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[93]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, event);
}

DRIVER_CALL CUresult cuGraphAddEventWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, CUevent event)
{
	__typeof__(cuGraphAddEventWaitNode) *call = (__typeof__(cuGraphAddEventWaitNode) *)driver_entries[94].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[94]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, event);
}

DRIVER_CALL CUresult cuGraphAddHostNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphAddHostNode) *call = (__typeof__(cuGraphAddHostNode) *)driver_entries[95].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[95]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, nodeParams);
}

DRIVER_CALL CUresult cuGraphAddKernelNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphAddKernelNode_v2) *call = (__typeof__(cuGraphAddKernelNode_v2) *)driver_entries[96].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[96]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, nodeParams);
}

DRIVER_CALL CUresult cuGraphAddMemAllocNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, CUDA_MEM_ALLOC_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphAddMemAllocNode) *call = (__typeof__(cuGraphAddMemAllocNode) *)driver_entries[97].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[97]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, nodeParams);
}

DRIVER_CALL CUresult cuGraphAddMemFreeNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, CUdeviceptr dptr)
{
	__typeof__(cuGraphAddMemFreeNode) *call = (__typeof__(cuGraphAddMemFreeNode) *)driver_entries[98].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[98]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, dptr);
}

DRIVER_CALL CUresult cuGraphAddMemcpyNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_MEMCPY3D *copyParams, CUcontext ctx)
{
	__typeof__(cuGraphAddMemcpyNode) *call = (__typeof__(cuGraphAddMemcpyNode) *)driver_entries[99].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[99]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, copyParams, ctx);
}

DRIVER_CALL CUresult cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, size_t numDependencies, const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx)
{
	__typeof__(cuGraphAddMemsetNode) *call = (__typeof__(cuGraphAddMemsetNode) *)driver_entries[100].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[100]);
	return call(phGraphNode, hGraph, dependencies, numDependencies, memsetParams, ctx);
}

DRIVER_CALL CUresult cuGraphAddNode_v2(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData, size_t numDependencies, CUgraphNodeParams *nodeParams)
{
	__typeof__(cuGraphAddNode_v2) *call = (__typeof__(cuGraphAddNode_v2) *)driver_entries[101].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[101]);
	return call(phGraphNode, hGraph, dependencies, dependencyData, numDependencies, nodeParams);
}

DRIVER_CALL CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode hNode, CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams_out)
{
	__typeof__(cuGraphBatchMemOpNodeGetParams) *call = (__typeof__(cuGraphBatchMemOpNodeGetParams) *)driver_entries[102].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[102]);
	return call(hNode, nodeParams_out);
}

DRIVER_CALL CUresult cuGraphBatchMemOpNodeSetParams(CUgraphNode hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphBatchMemOpNodeSetParams) *call = (__typeof__(cuGraphBatchMemOpNodeSetParams) *)driver_entries[103].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[103]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode hNode, CUgraph *phGraph)
{
	__typeof__(cuGraphChildGraphNodeGetGraph) *call = (__typeof__(cuGraphChildGraphNodeGetGraph) *)driver_entries[104].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[104]);
	return call(hNode, phGraph);
}

DRIVER_CALL CUresult cuGraphClone(CUgraph *phGraphClone, CUgraph originalGraph)
{
	__typeof__(cuGraphClone) *call = (__typeof__(cuGraphClone) *)driver_entries[105].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[105]);
	return call(phGraphClone, originalGraph);
}

DRIVER_CALL CUresult cuGraphConditionalHandleCreate(CUgraphConditionalHandle *pHandle_out, CUgraph hGraph, CUcontext ctx, unsigned int defaultLaunchValue, unsigned int flags)
{
	__typeof__(cuGraphConditionalHandleCreate) *call = (__typeof__(cuGraphConditionalHandleCreate) *)driver_entries[106].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[106]);
	return call(pHandle_out, hGraph, ctx, defaultLaunchValue, flags);
}

DRIVER_CALL CUresult cuGraphCreate(CUgraph *phGraph, unsigned int flags)
{
	__typeof__(cuGraphCreate) *call = (__typeof__(cuGraphCreate) *)driver_entries[107].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[107]);
	return call(phGraph, flags);
}

DRIVER_CALL CUresult cuGraphDebugDotPrint(CUgraph hGraph, const char *path, unsigned int flags)
{
	__typeof__(cuGraphDebugDotPrint) *call = (__typeof__(cuGraphDebugDotPrint) *)driver_entries[108].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[108]);
	return call(hGraph, path, flags);
}

DRIVER_CALL CUresult cuGraphDestroy(CUgraph hGraph)
{
	__typeof__(cuGraphDestroy) *call = (__typeof__(cuGraphDestroy) *)driver_entries[109].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[109]);
	return call(hGraph);
}

DRIVER_CALL CUresult cuGraphDestroyNode(CUgraphNode hNode)
{
	__typeof__(cuGraphDestroyNode) *call = (__typeof__(cuGraphDestroyNode) *)driver_entries[110].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[110]);
	return call(hNode);
}

DRIVER_CALL CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode hNode, CUevent *event_out)
{
	__typeof__(cuGraphEventRecordNodeGetEvent) *call = (__typeof__(cuGraphEventRecordNodeGetEvent) *)driver_entries[111].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[111]);
	return call(hNode, event_out);
}

DRIVER_CALL CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode hNode, CUevent event)
{
	__typeof__(cuGraphEventRecordNodeSetEvent) *call = (__typeof__(cuGraphEventRecordNodeSetEvent) *)driver_entries[112].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[112]);
	return call(hNode, event);
}

DRIVER_CALL CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode hNode, CUevent *event_out)
{
	__typeof__(cuGraphEventWaitNodeGetEvent) *call = (__typeof__(cuGraphEventWaitNodeGetEvent) *)driver_entries[113].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[113]);
	return call(hNode, event_out);
}

DRIVER_CALL CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode hNode, CUevent event)
{
	__typeof__(cuGraphEventWaitNodeSetEvent) *call = (__typeof__(cuGraphEventWaitNodeSetEvent) *)driver_entries[114].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[114]);
	return call(hNode, event);
}

DRIVER_CALL CUresult cuGraphExecBatchMemOpNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_BATCH_MEM_OP_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphExecBatchMemOpNodeSetParams) *call = (__typeof__(cuGraphExecBatchMemOpNodeSetParams) *)driver_entries[115].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[115]);
	return call(hGraphExec, hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, CUgraph childGraph)
{
	__typeof__(cuGraphExecChildGraphNodeSetParams) *call = (__typeof__(cuGraphExecChildGraphNodeSetParams) *)driver_entries[116].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[116]);
	return call(hGraphExec, hNode, childGraph);
}

DRIVER_CALL CUresult cuGraphExecDestroy(CUgraphExec hGraphExec)
{
	__typeof__(cuGraphExecDestroy) *call = (__typeof__(cuGraphExecDestroy) *)driver_entries[117].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[117]);
	return call(hGraphExec);
}

DRIVER_CALL CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event)
{
	__typeof__(cuGraphExecEventRecordNodeSetEvent) *call = (__typeof__(cuGraphExecEventRecordNodeSetEvent) *)driver_entries[118].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[118]);
	return call(hGraphExec, hNode, event);
}

DRIVER_CALL CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event)
{
	__typeof__(cuGraphExecEventWaitNodeSetEvent) *call = (__typeof__(cuGraphExecEventWaitNodeSetEvent) *)driver_entries[119].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[119]);
	return call(hGraphExec, hNode, event);
}

DRIVER_CALL CUresult cuGraphExecGetFlags(CUgraphExec hGraphExec, cuuint64_t *flags)
{
	__typeof__(cuGraphExecGetFlags) *call = (__typeof__(cuGraphExecGetFlags) *)driver_entries[120].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[120]);
	return call(hGraphExec, flags);
}

DRIVER_CALL CUresult cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphExecHostNodeSetParams) *call = (__typeof__(cuGraphExecHostNodeSetParams) *)driver_entries[121].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[121]);
	return call(hGraphExec, hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphExecKernelNodeSetParams_v2(CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphExecKernelNodeSetParams_v2) *call = (__typeof__(cuGraphExecKernelNodeSetParams_v2) *)driver_entries[122].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[122]);
	return call(hGraphExec, hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphExecMemcpyNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_MEMCPY3D *copyParams, CUcontext ctx)
{
	__typeof__(cuGraphExecMemcpyNodeSetParams) *call = (__typeof__(cuGraphExecMemcpyNodeSetParams) *)driver_entries[123].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[123]);
	return call(hGraphExec, hNode, copyParams, ctx);
}

DRIVER_CALL CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx)
{
	__typeof__(cuGraphExecMemsetNodeSetParams) *call = (__typeof__(cuGraphExecMemsetNodeSetParams) *)driver_entries[124].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[124]);
	return call(hGraphExec, hNode, memsetParams, ctx);
}

DRIVER_CALL CUresult cuGraphExecUpdate_v2(CUgraphExec hGraphExec, CUgraph hGraph, CUgraphExecUpdateResultInfo *resultInfo)
{
	__typeof__(cuGraphExecUpdate_v2) *call = (__typeof__(cuGraphExecUpdate_v2) *)driver_entries[125].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[125]);
	return call(hGraphExec, hGraph, resultInfo);
}

DRIVER_CALL CUresult cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to, CUgraphEdgeData *edgeData, size_t *numEdges)
{
	__typeof__(cuGraphGetEdges_v2) *call = (__typeof__(cuGraphGetEdges_v2) *)driver_entries[126].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[126]);
	return call(hGraph, from, to, edgeData, numEdges);
}

DRIVER_CALL CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes)
{
	__typeof__(cuGraphGetNodes) *call = (__typeof__(cuGraphGetNodes) *)driver_entries[127].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[127]);
	return call(hGraph, nodes, numNodes);
}

DRIVER_CALL CUresult cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes, size_t *numRootNodes)
{
	__typeof__(cuGraphGetRootNodes) *call = (__typeof__(cuGraphGetRootNodes) *)driver_entries[128].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[128]);
	return call(hGraph, rootNodes, numRootNodes);
}

DRIVER_CALL CUresult cuGraphHostNodeGetParams(CUgraphNode hNode, CUDA_HOST_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphHostNodeGetParams) *call = (__typeof__(cuGraphHostNodeGetParams) *)driver_entries[129].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[129]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphHostNodeSetParams(CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphHostNodeSetParams) *call = (__typeof__(cuGraphHostNodeSetParams) *)driver_entries[130].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[130]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec, CUgraph hGraph, unsigned long long flags)
{
	__typeof__(cuGraphInstantiateWithFlags) *call = (__typeof__(cuGraphInstantiateWithFlags) *)driver_entries[131].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[131]);
	return call(phGraphExec, hGraph, flags);
}

DRIVER_CALL CUresult cuGraphInstantiateWithParams(CUgraphExec *phGraphExec, CUgraph hGraph, CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams)
{
	__typeof__(cuGraphInstantiateWithParams) *call = (__typeof__(cuGraphInstantiateWithParams) *)driver_entries[132].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[132]);
	return call(phGraphExec, hGraph, instantiateParams);
}

DRIVER_CALL CUresult cuGraphKernelNodeCopyAttributes(CUgraphNode dst, CUgraphNode src)
{
	__typeof__(cuGraphKernelNodeCopyAttributes) *call = (__typeof__(cuGraphKernelNodeCopyAttributes) *)driver_entries[133].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[133]);
	return call(dst, src);
}

DRIVER_CALL CUresult cuGraphKernelNodeGetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr, CUkernelNodeAttrValue *value_out)
{
	__typeof__(cuGraphKernelNodeGetAttribute) *call = (__typeof__(cuGraphKernelNodeGetAttribute) *)driver_entries[134].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[134]);
	return call(hNode, attr, value_out);
}

DRIVER_CALL CUresult cuGraphKernelNodeGetParams_v2(CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphKernelNodeGetParams_v2) *call = (__typeof__(cuGraphKernelNodeGetParams_v2) *)driver_entries[135].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[135]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphKernelNodeSetAttribute(CUgraphNode hNode, CUkernelNodeAttrID attr, const CUkernelNodeAttrValue *value)
{
	__typeof__(cuGraphKernelNodeSetAttribute) *call = (__typeof__(cuGraphKernelNodeSetAttribute) *)driver_entries[136].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[136]);
	return call(hNode, attr, value);
}

DRIVER_CALL CUresult cuGraphKernelNodeSetParams_v2(CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphKernelNodeSetParams_v2) *call = (__typeof__(cuGraphKernelNodeSetParams_v2) *)driver_entries[137].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[137]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream)
{
	__typeof__(cuGraphLaunch) *call = (__typeof__(cuGraphLaunch) *)driver_entries[138].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[138]);
	return call(hGraphExec, hStream);
}

DRIVER_CALL CUresult cuGraphMemAllocNodeGetParams(CUgraphNode hNode, CUDA_MEM_ALLOC_NODE_PARAMS *params_out)
{
	__typeof__(cuGraphMemAllocNodeGetParams) *call = (__typeof__(cuGraphMemAllocNodeGetParams) *)driver_entries[139].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[139]);
	return call(hNode, params_out);
}

DRIVER_CALL CUresult cuGraphMemFreeNodeGetParams(CUgraphNode hNode, CUdeviceptr *dptr_out)
{
	__typeof__(cuGraphMemFreeNodeGetParams) *call = (__typeof__(cuGraphMemFreeNodeGetParams) *)driver_entries[140].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[140]);
	return call(hNode, dptr_out);
}

DRIVER_CALL CUresult cuGraphMemcpyNodeGetParams(CUgraphNode hNode, CUDA_MEMCPY3D *nodeParams)
{
	__typeof__(cuGraphMemcpyNodeGetParams) *call = (__typeof__(cuGraphMemcpyNodeGetParams) *)driver_entries[141].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[141]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphMemcpyNodeSetParams(CUgraphNode hNode, const CUDA_MEMCPY3D *nodeParams)
{
	__typeof__(cuGraphMemcpyNodeSetParams) *call = (__typeof__(cuGraphMemcpyNodeSetParams) *)driver_entries[142].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[142]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphMemsetNodeGetParams(CUgraphNode hNode, CUDA_MEMSET_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphMemsetNodeGetParams) *call = (__typeof__(cuGraphMemsetNodeGetParams) *)driver_entries[143].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[143]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphMemsetNodeSetParams(CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *nodeParams)
{
	__typeof__(cuGraphMemsetNodeSetParams) *call = (__typeof__(cuGraphMemsetNodeSetParams) *)driver_entries[144].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[144]);
	return call(hNode, nodeParams);
}

DRIVER_CALL CUresult cuGraphNodeFindInClone(CUgraphNode *phNode, CUgraphNode hOriginalNode, CUgraph hClonedGraph)
{
	__typeof__(cuGraphNodeFindInClone) *call = (__typeof__(cuGraphNodeFindInClone) *)driver_entries[145].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[145]);
	return call(phNode, hOriginalNode, hClonedGraph);
}

DRIVER_CALL CUresult cuGraphNodeGetDependencies_v2(CUgraphNode hNode, CUgraphNode *dependencies, CUgraphEdgeData *edgeData, size_t *numDependencies)
{
	__typeof__(cuGraphNodeGetDependencies_v2) *call = (__typeof__(cuGraphNodeGetDependencies_v2) *)driver_entries[146].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[146]);
	return call(hNode, dependencies, edgeData, numDependencies);
}

DRIVER_CALL CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode, CUgraphNode *dependentNodes, CUgraphEdgeData *edgeData, size_t *numDependentNodes)
{
	__typeof__(cuGraphNodeGetDependentNodes_v2) *call = (__typeof__(cuGraphNodeGetDependentNodes_v2) *)driver_entries[147].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[147]);
	return call(hNode, dependentNodes, edgeData, numDependentNodes);
}

DRIVER_CALL CUresult cuGraphNodeGetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode, unsigned int *isEnabled)
{
	__typeof__(cuGraphNodeGetEnabled) *call = (__typeof__(cuGraphNodeGetEnabled) *)driver_entries[148].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[148]);
	return call(hGraphExec, hNode, isEnabled);
}

DRIVER_CALL CUresult cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type)
{
	__typeof__(cuGraphNodeGetType) *call = (__typeof__(cuGraphNodeGetType) *)driver_entries[149].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[149]);
	return call(hNode, type);
}

DRIVER_CALL CUresult cuGraphNodeSetEnabled(CUgraphExec hGraphExec, CUgraphNode hNode, unsigned int isEnabled)
{
	__typeof__(cuGraphNodeSetEnabled) *call = (__typeof__(cuGraphNodeSetEnabled) *)driver_entries[150].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[150]);
	return call(hGraphExec, hNode, isEnabled);
}

DRIVER_CALL CUresult cuGraphReleaseUserObject(CUgraph graph, CUuserObject object, unsigned int count)
{
	__typeof__(cuGraphReleaseUserObject) *call = (__typeof__(cuGraphReleaseUserObject) *)driver_entries[151].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[151]);
	return call(graph, object, count);
}

DRIVER_CALL CUresult cuGraphRemoveDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to, const CUgraphEdgeData *edgeData, size_t numDependencies)
{
	__typeof__(cuGraphRemoveDependencies_v2) *call = (__typeof__(cuGraphRemoveDependencies_v2) *)driver_entries[152].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[152]);
	return call(hGraph, from, to, edgeData, numDependencies);
}

DRIVER_CALL CUresult cuGraphRetainUserObject(CUgraph graph, CUuserObject object, unsigned int count, unsigned int flags)
{
	__typeof__(cuGraphRetainUserObject) *call = (__typeof__(cuGraphRetainUserObject) *)driver_entries[153].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[153]);
	return call(graph, object, count, flags);
}

DRIVER_CALL CUresult cuGraphUpload(CUgraphExec hGraphExec, CUstream hStream)
{
	__typeof__(cuGraphUpload) *call = (__typeof__(cuGraphUpload) *)driver_entries[154].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[154]);
	return call(hGraphExec, hStream);
}

DRIVER_CALL CUresult cuGreenCtxCreate(CUgreenCtx* phCtx, CUdevResourceDesc desc, CUdevice dev, unsigned int flags)
{
	__typeof__(cuGreenCtxCreate) *call = (__typeof__(cuGreenCtxCreate) *)driver_entries[155].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[155]);
	return call(phCtx, desc, dev, flags);
}

DRIVER_CALL CUresult cuGreenCtxDestroy(CUgreenCtx hCtx)
{
	__typeof__(cuGreenCtxDestroy) *call = (__typeof__(cuGreenCtxDestroy) *)driver_entries[156].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[156]);
	return call(hCtx);
}

DRIVER_CALL CUresult cuGreenCtxGetDevResource(CUgreenCtx hCtx, CUdevResource* resource, CUdevResourceType type)
{
	__typeof__(cuGreenCtxGetDevResource) *call = (__typeof__(cuGreenCtxGetDevResource) *)driver_entries[157].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[157]);
	return call(hCtx, resource, type);
}

DRIVER_CALL CUresult cuGreenCtxGetId(CUgreenCtx greenCtx, unsigned long long *greenCtxId)
{
	__typeof__(cuGreenCtxGetId) *call = (__typeof__(cuGreenCtxGetId) *)driver_entries[158].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[158]);
	return call(greenCtx, greenCtxId);
}

DRIVER_CALL CUresult cuGreenCtxRecordEvent(CUgreenCtx hCtx, CUevent hEvent)
{
	__typeof__(cuGreenCtxRecordEvent) *call = (__typeof__(cuGreenCtxRecordEvent) *)driver_entries[159].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[159]);
	return call(hCtx, hEvent);
}

DRIVER_CALL CUresult cuGreenCtxStreamCreate(CUstream* phStream, CUgreenCtx greenCtx, unsigned int flags, int priority)
{
	__typeof__(cuGreenCtxStreamCreate) *call = (__typeof__(cuGreenCtxStreamCreate) *)driver_entries[160].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[160]);
	return call(phStream, greenCtx, flags, priority);
}

DRIVER_CALL CUresult cuGreenCtxWaitEvent(CUgreenCtx hCtx, CUevent hEvent)
{
	__typeof__(cuGreenCtxWaitEvent) *call = (__typeof__(cuGreenCtxWaitEvent) *)driver_entries[161].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[161]);
	return call(hCtx, hEvent);
}

DRIVER_CALL CUresult cuInit(unsigned int Flags)
{
	__typeof__(cuInit) *call = (__typeof__(cuInit) *)driver_entries[162].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[162]);
	return call(Flags);
}

DRIVER_CALL CUresult cuIpcCloseMemHandle(CUdeviceptr dptr)
{
	__typeof__(cuIpcCloseMemHandle) *call = (__typeof__(cuIpcCloseMemHandle) *)driver_entries[163].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[163]);
	return call(dptr);
}

DRIVER_CALL CUresult cuIpcGetEventHandle(CUipcEventHandle *pHandle, CUevent event)
{
	__typeof__(cuIpcGetEventHandle) *call = (__typeof__(cuIpcGetEventHandle) *)driver_entries[164].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[164]);
	return call(pHandle, event);
}

DRIVER_CALL CUresult cuIpcGetMemHandle(CUipcMemHandle *pHandle, CUdeviceptr dptr)
{
	__typeof__(cuIpcGetMemHandle) *call = (__typeof__(cuIpcGetMemHandle) *)driver_entries[165].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[165]);
	return call(pHandle, dptr);
}

DRIVER_CALL CUresult cuIpcOpenEventHandle(CUevent *phEvent, CUipcEventHandle handle)
{
	__typeof__(cuIpcOpenEventHandle) *call = (__typeof__(cuIpcOpenEventHandle) *)driver_entries[166].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[166]);
	return call(phEvent, handle);
}

DRIVER_CALL CUresult cuIpcOpenMemHandle_v2(CUdeviceptr *pdptr, CUipcMemHandle handle, unsigned int Flags)
{
	__typeof__(cuIpcOpenMemHandle_v2) *call = (__typeof__(cuIpcOpenMemHandle_v2) *)driver_entries[167].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[167]);
	return call(pdptr, handle, Flags);
}

DRIVER_CALL CUresult cuKernelGetAttribute(int *pi, CUfunction_attribute attrib, CUkernel kernel, CUdevice dev)
{
	__typeof__(cuKernelGetAttribute) *call = (__typeof__(cuKernelGetAttribute) *)driver_entries[168].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[168]);
	return call(pi, attrib, kernel, dev);
}

DRIVER_CALL CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel)
{
	__typeof__(cuKernelGetFunction) *call = (__typeof__(cuKernelGetFunction) *)driver_entries[169].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[169]);
	return call(pFunc, kernel);
}

DRIVER_CALL CUresult cuKernelGetLibrary(CUlibrary *pLib, CUkernel kernel)
{
	__typeof__(cuKernelGetLibrary) *call = (__typeof__(cuKernelGetLibrary) *)driver_entries[170].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[170]);
	return call(pLib, kernel);
}

DRIVER_CALL CUresult cuKernelGetName(const char **name, CUkernel hfunc)
{
	__typeof__(cuKernelGetName) *call = (__typeof__(cuKernelGetName) *)driver_entries[171].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[171]);
	return call(name, hfunc);
}

DRIVER_CALL CUresult cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
	__typeof__(cuKernelGetParamInfo) *call = (__typeof__(cuKernelGetParamInfo) *)driver_entries[172].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[172]);
	return call(kernel, paramIndex, paramOffset, paramSize);
}

DRIVER_CALL CUresult cuKernelSetAttribute(CUfunction_attribute attrib, int val, CUkernel kernel, CUdevice dev)
{
	__typeof__(cuKernelSetAttribute) *call = (__typeof__(cuKernelSetAttribute) *)driver_entries[173].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[173]);
	return call(attrib, val, kernel, dev);
}

DRIVER_CALL CUresult cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config, CUdevice dev)
{
	__typeof__(cuKernelSetCacheConfig) *call = (__typeof__(cuKernelSetCacheConfig) *)driver_entries[174].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[174]);
	return call(kernel, config, dev);
}

DRIVER_CALL CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream, void **kernelParams)
{
	__typeof__(cuLaunchCooperativeKernel) *call = (__typeof__(cuLaunchCooperativeKernel) *)driver_entries[175].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[175]);
	return call(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, hStream, kernelParams);
}

DRIVER_CALL CUresult cuLaunchCooperativeKernelMultiDevice(CUDA_LAUNCH_PARAMS *launchParamsList, unsigned int numDevices, unsigned int flags)
{
	__typeof__(cuLaunchCooperativeKernelMultiDevice) *call = (__typeof__(cuLaunchCooperativeKernelMultiDevice) *)driver_entries[176].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[176]);
	return call(launchParamsList, numDevices, flags);
}

DRIVER_CALL CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData)
{
	__typeof__(cuLaunchHostFunc) *call = (__typeof__(cuLaunchHostFunc) *)driver_entries[177].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[177]);
	return call(hStream, fn, userData);
}

DRIVER_CALL CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra)
{
	__typeof__(cuLaunchKernel) *call = (__typeof__(cuLaunchKernel) *)driver_entries[178].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[178]);
	return call(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, hStream, kernelParams, extra);
}

DRIVER_CALL CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f, void **kernelParams, void **extra)
{
	__typeof__(cuLaunchKernelEx) *call = (__typeof__(cuLaunchKernelEx) *)driver_entries[179].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[179]);
	return call(config, f, kernelParams, extra);
}

DRIVER_CALL CUresult cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int numKernels, CUlibrary lib)
{
	__typeof__(cuLibraryEnumerateKernels) *call = (__typeof__(cuLibraryEnumerateKernels) *)driver_entries[180].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[180]);
	return call(kernels, numKernels, lib);
}

DRIVER_CALL CUresult cuLibraryGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name)
{
	__typeof__(cuLibraryGetGlobal) *call = (__typeof__(cuLibraryGetGlobal) *)driver_entries[181].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[181]);
	return call(dptr, bytes, library, name);
}

DRIVER_CALL CUresult cuLibraryGetKernel(CUkernel *pKernel, CUlibrary library, const char *name)
{
	__typeof__(cuLibraryGetKernel) *call = (__typeof__(cuLibraryGetKernel) *)driver_entries[182].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[182]);
	return call(pKernel, library, name);
}

DRIVER_CALL CUresult cuLibraryGetKernelCount(unsigned int *count, CUlibrary lib)
{
	__typeof__(cuLibraryGetKernelCount) *call = (__typeof__(cuLibraryGetKernelCount) *)driver_entries[183].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[183]);
	return call(count, lib);
}

DRIVER_CALL CUresult cuLibraryGetManaged(CUdeviceptr *dptr, size_t *bytes, CUlibrary library, const char *name)
{
	__typeof__(cuLibraryGetManaged) *call = (__typeof__(cuLibraryGetManaged) *)driver_entries[184].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[184]);
	return call(dptr, bytes, library, name);
}

DRIVER_CALL CUresult cuLibraryGetModule(CUmodule *pMod, CUlibrary library)
{
	__typeof__(cuLibraryGetModule) *call = (__typeof__(cuLibraryGetModule) *)driver_entries[185].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[185]);
	return call(pMod, library);
}

DRIVER_CALL CUresult cuLibraryLoadData(CUlibrary *library, const void *code, CUjit_option *jitOptions, void **jitOptionsValues, unsigned int numJitOptions, CUlibraryOption *libraryOptions, void** libraryOptionValues, unsigned int numLibraryOptions)
{
	__typeof__(cuLibraryLoadData) *call = (__typeof__(cuLibraryLoadData) *)driver_entries[186].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[186]);
	return call(library, code, jitOptions, jitOptionsValues, numJitOptions, libraryOptions, libraryOptionValues, numLibraryOptions);
}

DRIVER_CALL CUresult cuLibraryUnload(CUlibrary library)
{
	__typeof__(cuLibraryUnload) *call = (__typeof__(cuLibraryUnload) *)driver_entries[187].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[187]);
	return call(library);
}

DRIVER_CALL CUresult cuLinkAddData_v2(CUlinkState state, CUjitInputType type, void *data, size_t size, const char *name, unsigned int numOptions, CUjit_option *options, void **optionValues)
{
	__typeof__(cuLinkAddData_v2) *call = (__typeof__(cuLinkAddData_v2) *)driver_entries[188].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[188]);
	return call(state, type, data, size, name, numOptions, options, optionValues);
}

DRIVER_CALL CUresult cuLinkComplete(CUlinkState state, void **cubinOut, size_t *sizeOut)
{
	__typeof__(cuLinkComplete) *call = (__typeof__(cuLinkComplete) *)driver_entries[189].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[189]);
	return call(state, cubinOut, sizeOut);
}

DRIVER_CALL CUresult cuLinkCreate_v2(unsigned int numOptions, CUjit_option *options, void **optionValues, CUlinkState *stateOut)
{
	__typeof__(cuLinkCreate_v2) *call = (__typeof__(cuLinkCreate_v2) *)driver_entries[190].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[190]);
	return call(numOptions, options, optionValues, stateOut);
}

DRIVER_CALL CUresult cuLinkDestroy(CUlinkState state)
{
	__typeof__(cuLinkDestroy) *call = (__typeof__(cuLinkDestroy) *)driver_entries[191].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[191]);
	return call(state);
}

DRIVER_CALL CUresult cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags)
{
	__typeof__(cuLogsCurrent) *call = (__typeof__(cuLogsCurrent) *)driver_entries[192].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[192]);
	return call(iterator_out, flags);
}

DRIVER_CALL CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size, unsigned int flags)
{
	__typeof__(cuLogsDumpToMemory) *call = (__typeof__(cuLogsDumpToMemory) *)driver_entries[193].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[193]);
	return call(iterator, buffer, size, flags);
}

DRIVER_CALL CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData, CUlogsCallbackHandle *callback_out)
{
	__typeof__(cuLogsRegisterCallback) *call = (__typeof__(cuLogsRegisterCallback) *)driver_entries[194].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[194]);
	return call(callbackFunc, userData, callback_out);
}

DRIVER_CALL CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback)
{
	__typeof__(cuLogsUnregisterCallback) *call = (__typeof__(cuLogsUnregisterCallback) *)driver_entries[195].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[195]);
	return call(callback);
}

DRIVER_CALL CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size)
{
	__typeof__(cuMemAddressFree) *call = (__typeof__(cuMemAddressFree) *)driver_entries[196].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[196]);
	return call(ptr, size);
}

DRIVER_CALL CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr, unsigned long long flags)
{
	__typeof__(cuMemAddressReserve) *call = (__typeof__(cuMemAddressReserve) *)driver_entries[197].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[197]);
	return call(ptr, size, alignment, addr, flags);
}

DRIVER_CALL CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUmemLocation location)
{
	__typeof__(cuMemAdvise_v2) *call = (__typeof__(cuMemAdvise_v2) *)driver_entries[198].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[198]);
	return call(devPtr, count, advice, location);
}

DRIVER_CALL CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream)
{
	__typeof__(cuMemAllocAsync) *call = (__typeof__(cuMemAllocAsync) *)driver_entries[199].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[199]);
	return call(dptr, bytesize, hStream);
}

DRIVER_CALL CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize, CUmemoryPool pool, CUstream hStream)
{
	__typeof__(cuMemAllocFromPoolAsync) *call = (__typeof__(cuMemAllocFromPoolAsync) *)driver_entries[200].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[200]);
	return call(dptr, bytesize, pool, hStream);
}

DRIVER_CALL CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags)
{
	__typeof__(cuMemAllocManaged) *call = (__typeof__(cuMemAllocManaged) *)driver_entries[201].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[201]);
	return call(dptr, bytesize, flags);
}

DRIVER_CALL CUresult cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes, size_t Height, unsigned int ElementSizeBytes)
{
	__typeof__(cuMemAllocPitch_v2) *call = (__typeof__(cuMemAllocPitch_v2) *)driver_entries[202].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[202]);
	return call(dptr, pPitch, WidthInBytes, Height, ElementSizeBytes);
}

DRIVER_CALL CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize)
{
	__typeof__(cuMemAlloc_v2) *call = (__typeof__(cuMemAlloc_v2) *)driver_entries[203].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[203]);
	return call(dptr, bytesize);
}

DRIVER_CALL CUresult cuMemBatchDecompressAsync(CUmemDecompressParams *paramsArray, size_t count, unsigned int flags, size_t *errorIndex, CUstream stream)
{
	__typeof__(cuMemBatchDecompressAsync) *call = (__typeof__(cuMemBatchDecompressAsync) *)driver_entries[204].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[204]);
	return call(paramsArray, count, flags, errorIndex, stream);
}

DRIVER_CALL CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size, const CUmemAllocationProp *prop, unsigned long long flags)
{
	__typeof__(cuMemCreate) *call = (__typeof__(cuMemCreate) *)driver_entries[205].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[205]);
	return call(handle, size, prop, flags);
}

DRIVER_CALL CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream)
{
	__typeof__(cuMemFreeAsync) *call = (__typeof__(cuMemFreeAsync) *)driver_entries[206].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[206]);
	return call(dptr, hStream);
}

DRIVER_CALL CUresult cuMemFreeHost(void *p)
{
	__typeof__(cuMemFreeHost) *call = (__typeof__(cuMemFreeHost) *)driver_entries[207].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[207]);
	return call(p);
}

DRIVER_CALL CUresult cuMemFree_v2(CUdeviceptr dptr)
{
	__typeof__(cuMemFree_v2) *call = (__typeof__(cuMemFree_v2) *)driver_entries[208].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[208]);
	return call(dptr);
}

DRIVER_CALL CUresult cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr)
{
	__typeof__(cuMemGetAccess) *call = (__typeof__(cuMemGetAccess) *)driver_entries[209].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[209]);
	return call(flags, location, ptr);
}

DRIVER_CALL CUresult cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr)
{
	__typeof__(cuMemGetAddressRange_v2) *call = (__typeof__(cuMemGetAddressRange_v2) *)driver_entries[210].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[210]);
	return call(pbase, psize, dptr);
}

DRIVER_CALL CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop, CUmemAllocationGranularity_flags option)
{
	__typeof__(cuMemGetAllocationGranularity) *call = (__typeof__(cuMemGetAllocationGranularity) *)driver_entries[211].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[211]);
	return call(granularity, prop, option);
}

DRIVER_CALL CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop, CUmemGenericAllocationHandle handle)
{
	__typeof__(cuMemGetAllocationPropertiesFromHandle) *call = (__typeof__(cuMemGetAllocationPropertiesFromHandle) *)driver_entries[212].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[212]);
	return call(prop, handle);
}

DRIVER_CALL CUresult cuMemGetDefaultMemPool(CUmemoryPool *pool_out, CUmemLocation *location, CUmemAllocationType type)
{
	__typeof__(cuMemGetDefaultMemPool) *call = (__typeof__(cuMemGetDefaultMemPool) *)driver_entries[213].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[213]);
	return call(pool_out, location, type);
}

DRIVER_CALL CUresult cuMemGetInfo_v2(size_t *free, size_t *total)
{
	__typeof__(cuMemGetInfo_v2) *call = (__typeof__(cuMemGetInfo_v2) *)driver_entries[214].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[214]);
	return call(free, total);
}

DRIVER_CALL CUresult cuMemGetMemPool(CUmemoryPool *pool, CUmemLocation *location, CUmemAllocationType type)
{
	__typeof__(cuMemGetMemPool) *call = (__typeof__(cuMemGetMemPool) *)driver_entries[215].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[215]);
	return call(pool, location, type);
}

DRIVER_CALL CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags)
{
	__typeof__(cuMemHostAlloc) *call = (__typeof__(cuMemHostAlloc) *)driver_entries[216].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[216]);
	return call(pp, bytesize, Flags);
}

DRIVER_CALL CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p, unsigned int Flags)
{
	__typeof__(cuMemHostGetDevicePointer_v2) *call = (__typeof__(cuMemHostGetDevicePointer_v2) *)driver_entries[217].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[217]);
	return call(pdptr, p, Flags);
}

DRIVER_CALL CUresult cuMemHostGetFlags(unsigned int *pFlags, void *p)
{
	__typeof__(cuMemHostGetFlags) *call = (__typeof__(cuMemHostGetFlags) *)driver_entries[218].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[218]);
	return call(pFlags, p);
}

DRIVER_CALL CUresult cuMemHostRegister_v2(void *p, size_t bytesize, unsigned int Flags)
{
	__typeof__(cuMemHostRegister_v2) *call = (__typeof__(cuMemHostRegister_v2) *)driver_entries[219].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[219]);
	return call(p, bytesize, Flags);
}

DRIVER_CALL CUresult cuMemHostUnregister(void *p)
{
	__typeof__(cuMemHostUnregister) *call = (__typeof__(cuMemHostUnregister) *)driver_entries[220].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[220]);
	return call(p);
}

DRIVER_CALL CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle, unsigned long long flags)
{
	__typeof__(cuMemMap) *call = (__typeof__(cuMemMap) *)driver_entries[221].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[221]);
	return call(ptr, size, offset, handle, flags);
}

DRIVER_CALL CUresult cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count, CUstream hStream)
{
	__typeof__(cuMemMapArrayAsync) *call = (__typeof__(cuMemMapArrayAsync) *)driver_entries[222].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[222]);
	return call(mapInfoList, count, hStream);
}

DRIVER_CALL CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *poolProps)
{
	__typeof__(cuMemPoolCreate) *call = (__typeof__(cuMemPoolCreate) *)driver_entries[223].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[223]);
	return call(pool, poolProps);
}

DRIVER_CALL CUresult cuMemPoolDestroy(CUmemoryPool pool)
{
	__typeof__(cuMemPoolDestroy) *call = (__typeof__(cuMemPoolDestroy) *)driver_entries[224].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[224]);
	return call(pool);
}

DRIVER_CALL CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool, CUmemLocation *location)
{
	__typeof__(cuMemPoolGetAccess) *call = (__typeof__(cuMemPoolGetAccess) *)driver_entries[225].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[225]);
	return call(flags, memPool, location);
}

DRIVER_CALL CUresult cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value)
{
	__typeof__(cuMemPoolGetAttribute) *call = (__typeof__(cuMemPoolGetAttribute) *)driver_entries[226].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[226]);
	return call(pool, attr, value);
}

DRIVER_CALL CUresult cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map, size_t count)
{
	__typeof__(cuMemPoolSetAccess) *call = (__typeof__(cuMemPoolSetAccess) *)driver_entries[227].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[227]);
	return call(pool, map, count);
}

DRIVER_CALL CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value)
{
	__typeof__(cuMemPoolSetAttribute) *call = (__typeof__(cuMemPoolSetAttribute) *)driver_entries[228].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[228]);
	return call(pool, attr, value);
}

DRIVER_CALL CUresult cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep)
{
	__typeof__(cuMemPoolTrimTo) *call = (__typeof__(cuMemPoolTrimTo) *)driver_entries[229].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[229]);
	return call(pool, minBytesToKeep);
}

DRIVER_CALL CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count, CUmemLocation location, unsigned int flags, CUstream hStream)
{
	__typeof__(cuMemPrefetchAsync_v2) *call = (__typeof__(cuMemPrefetchAsync_v2) *)driver_entries[230].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[230]);
	return call(devPtr, count, location, flags, hStream);
}

DRIVER_CALL CUresult cuMemRangeGetAttribute(void *data, size_t dataSize, CUmem_range_attribute attribute, CUdeviceptr devPtr, size_t count)
{
	__typeof__(cuMemRangeGetAttribute) *call = (__typeof__(cuMemRangeGetAttribute) *)driver_entries[231].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[231]);
	return call(data, dataSize, attribute, devPtr, count);
}

DRIVER_CALL CUresult cuMemRelease(CUmemGenericAllocationHandle handle)
{
	__typeof__(cuMemRelease) *call = (__typeof__(cuMemRelease) *)driver_entries[232].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[232]);
	return call(handle);
}

DRIVER_CALL CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr)
{
	__typeof__(cuMemRetainAllocationHandle) *call = (__typeof__(cuMemRetainAllocationHandle) *)driver_entries[233].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[233]);
	return call(handle, addr);
}

DRIVER_CALL CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count)
{
	__typeof__(cuMemSetAccess) *call = (__typeof__(cuMemSetAccess) *)driver_entries[234].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[234]);
	return call(ptr, size, desc, count);
}

DRIVER_CALL CUresult cuMemSetMemPool(CUmemLocation *location, CUmemAllocationType type, CUmemoryPool pool)
{
	__typeof__(cuMemSetMemPool) *call = (__typeof__(cuMemSetMemPool) *)driver_entries[235].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[235]);
	return call(location, type, pool);
}

DRIVER_CALL CUresult cuMemUnmap(CUdeviceptr ptr, size_t size)
{
	__typeof__(cuMemUnmap) *call = (__typeof__(cuMemUnmap) *)driver_entries[236].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[236]);
	return call(ptr, size);
}

DRIVER_CALL CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy, CUstream hStream)
{
	__typeof__(cuMemcpy2DAsync_v2) *call = (__typeof__(cuMemcpy2DAsync_v2) *)driver_entries[237].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[237]);
	return call(pCopy, hStream);
}

DRIVER_CALL CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy)
{
	__typeof__(cuMemcpy2D_v2) *call = (__typeof__(cuMemcpy2D_v2) *)driver_entries[238].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[238]);
	return call(pCopy);
}

DRIVER_CALL CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy, CUstream hStream)
{
	__typeof__(cuMemcpy3DAsync_v2) *call = (__typeof__(cuMemcpy3DAsync_v2) *)driver_entries[239].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[239]);
	return call(pCopy, hStream);
}

DRIVER_CALL CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy)
{
	__typeof__(cuMemcpy3DPeer) *call = (__typeof__(cuMemcpy3DPeer) *)driver_entries[240].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[240]);
	return call(pCopy);
}

DRIVER_CALL CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy, CUstream hStream)
{
	__typeof__(cuMemcpy3DPeerAsync) *call = (__typeof__(cuMemcpy3DPeerAsync) *)driver_entries[241].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[241]);
	return call(pCopy, hStream);
}

DRIVER_CALL CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy)
{
	__typeof__(cuMemcpy3D_v2) *call = (__typeof__(cuMemcpy3D_v2) *)driver_entries[242].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[242]);
	return call(pCopy);
}

DRIVER_CALL CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)
{
	__typeof__(cuMemcpyDtoDAsync_v2) *call = (__typeof__(cuMemcpyDtoDAsync_v2) *)driver_entries[243].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[243]);
	return call(dstDevice, srcDevice, ByteCount, hStream);
}

DRIVER_CALL CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount)
{
	__typeof__(cuMemcpyDtoD_v2) *call = (__typeof__(cuMemcpyDtoD_v2) *)driver_entries[244].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[244]);
	return call(dstDevice, srcDevice, ByteCount);
}

DRIVER_CALL CUresult cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream)
{
	__typeof__(cuMemcpyDtoHAsync_v2) *call = (__typeof__(cuMemcpyDtoHAsync_v2) *)driver_entries[245].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[245]);
	return call(dstHost, srcDevice, ByteCount, hStream);
}

DRIVER_CALL CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount)
{
	__typeof__(cuMemcpyDtoH_v2) *call = (__typeof__(cuMemcpyDtoH_v2) *)driver_entries[246].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[246]);
	return call(dstHost, srcDevice, ByteCount);
}

DRIVER_CALL CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount, CUstream hStream)
{
	__typeof__(cuMemcpyHtoDAsync_v2) *call = (__typeof__(cuMemcpyHtoDAsync_v2) *)driver_entries[247].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[247]);
	return call(dstDevice, srcHost, ByteCount, hStream);
}

DRIVER_CALL CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount)
{
	__typeof__(cuMemcpyHtoD_v2) *call = (__typeof__(cuMemcpyHtoD_v2) *)driver_entries[248].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[248]);
	return call(dstDevice, srcHost, ByteCount);
}

DRIVER_CALL CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream)
{
	__typeof__(cuMemsetD16Async) *call = (__typeof__(cuMemsetD16Async) *)driver_entries[249].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[249]);
	return call(dstDevice, us, N, hStream);
}

DRIVER_CALL CUresult cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N)
{
	__typeof__(cuMemsetD16_v2) *call = (__typeof__(cuMemsetD16_v2) *)driver_entries[250].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[250]);
	return call(dstDevice, us, N);
}

DRIVER_CALL CUresult cuMemsetD2D16Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width, size_t Height, CUstream hStream)
{
	__typeof__(cuMemsetD2D16Async) *call = (__typeof__(cuMemsetD2D16Async) *)driver_entries[251].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[251]);
	return call(dstDevice, dstPitch, us, Width, Height, hStream);
}

DRIVER_CALL CUresult cuMemsetD2D16_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned short us, size_t Width, size_t Height)
{
	__typeof__(cuMemsetD2D16_v2) *call = (__typeof__(cuMemsetD2D16_v2) *)driver_entries[252].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[252]);
	return call(dstDevice, dstPitch, us, Width, Height);
}

DRIVER_CALL CUresult cuMemsetD2D32Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width, size_t Height, CUstream hStream)
{
	__typeof__(cuMemsetD2D32Async) *call = (__typeof__(cuMemsetD2D32Async) *)driver_entries[253].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[253]);
	return call(dstDevice, dstPitch, ui, Width, Height, hStream);
}

DRIVER_CALL CUresult cuMemsetD2D32_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned int ui, size_t Width, size_t Height)
{
	__typeof__(cuMemsetD2D32_v2) *call = (__typeof__(cuMemsetD2D32_v2) *)driver_entries[254].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[254]);
	return call(dstDevice, dstPitch, ui, Width, Height);
}

DRIVER_CALL CUresult cuMemsetD2D8Async(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width, size_t Height, CUstream hStream)
{
	__typeof__(cuMemsetD2D8Async) *call = (__typeof__(cuMemsetD2D8Async) *)driver_entries[255].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[255]);
	return call(dstDevice, dstPitch, uc, Width, Height, hStream);
}

DRIVER_CALL CUresult cuMemsetD2D8_v2(CUdeviceptr dstDevice, size_t dstPitch, unsigned char uc, size_t Width, size_t Height)
{
	__typeof__(cuMemsetD2D8_v2) *call = (__typeof__(cuMemsetD2D8_v2) *)driver_entries[256].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[256]);
	return call(dstDevice, dstPitch, uc, Width, Height);
}

DRIVER_CALL CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream)
{
	__typeof__(cuMemsetD32Async) *call = (__typeof__(cuMemsetD32Async) *)driver_entries[257].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[257]);
	return call(dstDevice, ui, N, hStream);
}

DRIVER_CALL CUresult cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N)
{
	__typeof__(cuMemsetD32_v2) *call = (__typeof__(cuMemsetD32_v2) *)driver_entries[258].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[258]);
	return call(dstDevice, ui, N);
}

DRIVER_CALL CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream)
{
	__typeof__(cuMemsetD8Async) *call = (__typeof__(cuMemsetD8Async) *)driver_entries[259].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[259]);
	return call(dstDevice, uc, N, hStream);
}

DRIVER_CALL CUresult cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N)
{
	__typeof__(cuMemsetD8_v2) *call = (__typeof__(cuMemsetD8_v2) *)driver_entries[260].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[260]);
	return call(dstDevice, uc, N);
}

DRIVER_CALL CUresult cuMipmappedArrayCreate(CUmipmappedArray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc, unsigned int numMipmapLevels)
{
	__typeof__(cuMipmappedArrayCreate) *call = (__typeof__(cuMipmappedArrayCreate) *)driver_entries[261].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[261]);
	return call(pHandle, pMipmappedArrayDesc, numMipmapLevels);
}

DRIVER_CALL CUresult cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray)
{
	__typeof__(cuMipmappedArrayDestroy) *call = (__typeof__(cuMipmappedArrayDestroy) *)driver_entries[262].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[262]);
	return call(hMipmappedArray);
}

DRIVER_CALL CUresult cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray, unsigned int level)
{
	__typeof__(cuMipmappedArrayGetLevel) *call = (__typeof__(cuMipmappedArrayGetLevel) *)driver_entries[263].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[263]);
	return call(pLevelArray, hMipmappedArray, level);
}

DRIVER_CALL CUresult cuMipmappedArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUmipmappedArray mipmap, CUdevice device)
{
	__typeof__(cuMipmappedArrayGetMemoryRequirements) *call = (__typeof__(cuMipmappedArrayGetMemoryRequirements) *)driver_entries[264].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[264]);
	return call(memoryRequirements, mipmap, device);
}

DRIVER_CALL CUresult cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *sparseProperties, CUmipmappedArray mipmap)
{
	__typeof__(cuMipmappedArrayGetSparseProperties) *call = (__typeof__(cuMipmappedArrayGetSparseProperties) *)driver_entries[265].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[265]);
	return call(sparseProperties, mipmap);
}

DRIVER_CALL CUresult cuModuleEnumerateFunctions(CUfunction *functions, unsigned int numFunctions, CUmodule mod)
{
	__typeof__(cuModuleEnumerateFunctions) *call = (__typeof__(cuModuleEnumerateFunctions) *)driver_entries[266].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[266]);
	return call(functions, numFunctions, mod);
}

DRIVER_CALL CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name)
{
	__typeof__(cuModuleGetFunction) *call = (__typeof__(cuModuleGetFunction) *)driver_entries[267].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[267]);
	return call(hfunc, hmod, name);
}

DRIVER_CALL CUresult cuModuleGetFunctionCount(unsigned int *count, CUmodule mod)
{
	__typeof__(cuModuleGetFunctionCount) *call = (__typeof__(cuModuleGetFunctionCount) *)driver_entries[268].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[268]);
	return call(count, mod);
}

DRIVER_CALL CUresult cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes, CUmodule hmod, const char *name)
{
	__typeof__(cuModuleGetGlobal_v2) *call = (__typeof__(cuModuleGetGlobal_v2) *)driver_entries[269].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[269]);
	return call(dptr, bytes, hmod, name);
}

DRIVER_CALL CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode)
{
	__typeof__(cuModuleGetLoadingMode) *call = (__typeof__(cuModuleGetLoadingMode) *)driver_entries[270].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[270]);
	return call(mode);
}

DRIVER_CALL CUresult cuModuleGetSurfRef(CUsurfref *pSurfRef, CUmodule hmod, const char *name)
{
	__typeof__(cuModuleGetSurfRef) *call = (__typeof__(cuModuleGetSurfRef) *)driver_entries[271].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[271]);
	return call(pSurfRef, hmod, name);
}

DRIVER_CALL CUresult cuModuleGetTexRef(CUtexref *pTexRef, CUmodule hmod, const char *name)
{
	__typeof__(cuModuleGetTexRef) *call = (__typeof__(cuModuleGetTexRef) *)driver_entries[272].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[272]);
	return call(pTexRef, hmod, name);
}

DRIVER_CALL CUresult cuModuleLoadData(CUmodule *module, const void *image)
{
	__typeof__(cuModuleLoadData) *call = (__typeof__(cuModuleLoadData) *)driver_entries[273].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[273]);
	return call(module, image);
}

DRIVER_CALL CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions, CUjit_option *options, void **optionValues)
{
	__typeof__(cuModuleLoadDataEx) *call = (__typeof__(cuModuleLoadDataEx) *)driver_entries[274].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[274]);
	return call(module, image, numOptions, options, optionValues);
}

DRIVER_CALL CUresult cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin)
{
	__typeof__(cuModuleLoadFatBinary) *call = (__typeof__(cuModuleLoadFatBinary) *)driver_entries[275].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[275]);
	return call(module, fatCubin);
}

DRIVER_CALL CUresult cuModuleUnload(CUmodule hmod)
{
	__typeof__(cuModuleUnload) *call = (__typeof__(cuModuleUnload) *)driver_entries[276].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[276]);
	return call(hmod);
}

DRIVER_CALL CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, CUfunction func, int numBlocks, int blockSize)
{
	__typeof__(cuOccupancyAvailableDynamicSMemPerBlock) *call = (__typeof__(cuOccupancyAvailableDynamicSMemPerBlock) *)driver_entries[277].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[277]);
	return call(dynamicSmemSize, func, numBlocks, blockSize);
}

DRIVER_CALL CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize)
{
	__typeof__(cuOccupancyMaxActiveBlocksPerMultiprocessor) *call = (__typeof__(cuOccupancyMaxActiveBlocksPerMultiprocessor) *)driver_entries[278].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[278]);
	return call(numBlocks, func, blockSize, dynamicSMemSize);
}

DRIVER_CALL CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize, unsigned int flags)
{
	__typeof__(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags) *call = (__typeof__(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags) *)driver_entries[279].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[279]);
	return call(numBlocks, func, blockSize, dynamicSMemSize, flags);
}

DRIVER_CALL CUresult cuOccupancyMaxActiveClusters(int *numClusters, CUfunction func, const CUlaunchConfig *config)
{
	__typeof__(cuOccupancyMaxActiveClusters) *call = (__typeof__(cuOccupancyMaxActiveClusters) *)driver_entries[280].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[280]);
	return call(numClusters, func, config);
}

DRIVER_CALL CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, CUfunction func, CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize, int blockSizeLimit, unsigned int flags)
{
	__typeof__(cuOccupancyMaxPotentialBlockSizeWithFlags) *call = (__typeof__(cuOccupancyMaxPotentialBlockSizeWithFlags) *)driver_entries[281].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[281]);
	return call(minGridSize, blockSize, func, blockSizeToDynamicSMemSize, dynamicSMemSize, blockSizeLimit, flags);
}

DRIVER_CALL CUresult cuOccupancyMaxPotentialClusterSize(int *clusterSize, CUfunction func, const CUlaunchConfig *config)
{
	__typeof__(cuOccupancyMaxPotentialClusterSize) *call = (__typeof__(cuOccupancyMaxPotentialClusterSize) *)driver_entries[282].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[282]);
	return call(clusterSize, func, config);
}

DRIVER_CALL CUresult cuParamSetTexRef(CUfunction hfunc, int texunit, CUtexref hTexRef)
{
	__typeof__(cuParamSetTexRef) *call = (__typeof__(cuParamSetTexRef) *)driver_entries[283].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[283]);
	return call(hfunc, texunit, hTexRef);
}

DRIVER_CALL CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr)
{
	__typeof__(cuPointerGetAttribute) *call = (__typeof__(cuPointerGetAttribute) *)driver_entries[284].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[284]);
	return call(data, attribute, ptr);
}

DRIVER_CALL CUresult cuPointerGetAttributes(unsigned int numAttributes, CUpointer_attribute *attributes, void **data, CUdeviceptr ptr)
{
	__typeof__(cuPointerGetAttributes) *call = (__typeof__(cuPointerGetAttributes) *)driver_entries[285].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[285]);
	return call(numAttributes, attributes, data, ptr);
}

DRIVER_CALL CUresult cuPointerSetAttribute(const void *value, CUpointer_attribute attribute, CUdeviceptr ptr)
{
	__typeof__(cuPointerSetAttribute) *call = (__typeof__(cuPointerSetAttribute) *)driver_entries[286].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[286]);
	return call(value, attribute, ptr);
}

DRIVER_CALL CUresult cuProfilerStart(void)
{
	__typeof__(cuProfilerStart) *call = (__typeof__(cuProfilerStart) *)driver_entries[287].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[287]);
	return call();
}

DRIVER_CALL CUresult cuProfilerStop(void)
{
	__typeof__(cuProfilerStop) *call = (__typeof__(cuProfilerStop) *)driver_entries[288].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[288]);
	return call();
}

DRIVER_CALL CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData, unsigned int flags)
{
	__typeof__(cuStreamAddCallback) *call = (__typeof__(cuStreamAddCallback) *)driver_entries[289].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[289]);
	return call(hStream, callback, userData, flags);
}

DRIVER_CALL CUresult cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr, size_t length, unsigned int flags)
{
	__typeof__(cuStreamAttachMemAsync) *call = (__typeof__(cuStreamAttachMemAsync) *)driver_entries[290].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[290]);
	return call(hStream, dptr, length, flags);
}

DRIVER_CALL CUresult cuStreamBatchMemOp_v2(CUstream stream, unsigned int count, CUstreamBatchMemOpParams *paramArray, unsigned int flags)
{
	__typeof__(cuStreamBatchMemOp_v2) *call = (__typeof__(cuStreamBatchMemOp_v2) *)driver_entries[291].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[291]);
	return call(stream, count, paramArray, flags);
}

DRIVER_CALL CUresult cuStreamBeginCaptureToGraph(CUstream hStream, CUgraph hGraph, const CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData, size_t numDependencies, CUstreamCaptureMode mode)
{
	__typeof__(cuStreamBeginCaptureToGraph) *call = (__typeof__(cuStreamBeginCaptureToGraph) *)driver_entries[292].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[292]);
	return call(hStream, hGraph, dependencies, dependencyData, numDependencies, mode);
}

DRIVER_CALL CUresult cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode)
{
	__typeof__(cuStreamBeginCapture_v2) *call = (__typeof__(cuStreamBeginCapture_v2) *)driver_entries[293].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[293]);
	return call(hStream, mode);
}

DRIVER_CALL CUresult cuStreamCopyAttributes(CUstream dst, CUstream src)
{
	__typeof__(cuStreamCopyAttributes) *call = (__typeof__(cuStreamCopyAttributes) *)driver_entries[294].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[294]);
	return call(dst, src);
}

DRIVER_CALL CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags)
{
	__typeof__(cuStreamCreate) *call = (__typeof__(cuStreamCreate) *)driver_entries[295].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[295]);
	return call(phStream, Flags);
}

DRIVER_CALL CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority)
{
	__typeof__(cuStreamCreateWithPriority) *call = (__typeof__(cuStreamCreateWithPriority) *)driver_entries[296].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[296]);
	return call(phStream, flags, priority);
}

DRIVER_CALL CUresult cuStreamDestroy_v2(CUstream hStream)
{
	__typeof__(cuStreamDestroy_v2) *call = (__typeof__(cuStreamDestroy_v2) *)driver_entries[297].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[297]);
	return call(hStream);
}

DRIVER_CALL CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph)
{
	__typeof__(cuStreamEndCapture) *call = (__typeof__(cuStreamEndCapture) *)driver_entries[298].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[298]);
	return call(hStream, phGraph);
}

DRIVER_CALL CUresult cuStreamGetAttribute(CUstream hStream, CUstreamAttrID attr, CUstreamAttrValue *value_out)
{
	__typeof__(cuStreamGetAttribute) *call = (__typeof__(cuStreamGetAttribute) *)driver_entries[299].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[299]);
	return call(hStream, attr, value_out);
}

DRIVER_CALL CUresult cuStreamGetCaptureInfo_v3(CUstream hStream, CUstreamCaptureStatus *captureStatus_out, cuuint64_t *id_out, CUgraph *graph_out, const CUgraphNode **dependencies_out, const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out)
{
	__typeof__(cuStreamGetCaptureInfo_v3) *call = (__typeof__(cuStreamGetCaptureInfo_v3) *)driver_entries[300].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[300]);
	return call(hStream, captureStatus_out, id_out, graph_out, dependencies_out, edgeData_out, numDependencies_out);
}

DRIVER_CALL CUresult cuStreamGetCtx(CUstream hStream, CUcontext *pctx)
{
	__typeof__(cuStreamGetCtx) *call = (__typeof__(cuStreamGetCtx) *)driver_entries[301].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[301]);
	return call(hStream, pctx);
}

DRIVER_CALL CUresult cuStreamGetDevice(CUstream hStream, CUdevice *device)
{
	__typeof__(cuStreamGetDevice) *call = (__typeof__(cuStreamGetDevice) *)driver_entries[302].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[302]);
	return call(hStream, device);
}

DRIVER_CALL CUresult cuStreamGetFlags(CUstream hStream, unsigned int *flags)
{
	__typeof__(cuStreamGetFlags) *call = (__typeof__(cuStreamGetFlags) *)driver_entries[303].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[303]);
	return call(hStream, flags);
}

DRIVER_CALL CUresult cuStreamGetGreenCtx(CUstream hStream, CUgreenCtx *phCtx)
{
	__typeof__(cuStreamGetGreenCtx) *call = (__typeof__(cuStreamGetGreenCtx) *)driver_entries[304].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[304]);
	return call(hStream, phCtx);
}

DRIVER_CALL CUresult cuStreamGetId(CUstream hStream, unsigned long long *streamId)
{
	__typeof__(cuStreamGetId) *call = (__typeof__(cuStreamGetId) *)driver_entries[305].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[305]);
	return call(hStream, streamId);
}

DRIVER_CALL CUresult cuStreamGetPriority(CUstream hStream, int *priority)
{
	__typeof__(cuStreamGetPriority) *call = (__typeof__(cuStreamGetPriority) *)driver_entries[306].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[306]);
	return call(hStream, priority);
}

DRIVER_CALL CUresult cuStreamIsCapturing(CUstream hStream, CUstreamCaptureStatus *captureStatus)
{
	__typeof__(cuStreamIsCapturing) *call = (__typeof__(cuStreamIsCapturing) *)driver_entries[307].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[307]);
	return call(hStream, captureStatus);
}

DRIVER_CALL CUresult cuStreamQuery(CUstream hStream)
{
	__typeof__(cuStreamQuery) *call = (__typeof__(cuStreamQuery) *)driver_entries[308].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[308]);
	return call(hStream);
}

DRIVER_CALL CUresult cuStreamSetAttribute(CUstream hStream, CUstreamAttrID attr, const CUstreamAttrValue *value)
{
	__typeof__(cuStreamSetAttribute) *call = (__typeof__(cuStreamSetAttribute) *)driver_entries[309].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[309]);
	return call(hStream, attr, value);
}

DRIVER_CALL CUresult cuStreamSynchronize(CUstream hStream)
{
	__typeof__(cuStreamSynchronize) *call = (__typeof__(cuStreamSynchronize) *)driver_entries[310].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[310]);
	return call(hStream);
}

DRIVER_CALL CUresult cuStreamUpdateCaptureDependencies_v2(CUstream hStream, CUgraphNode *dependencies, const CUgraphEdgeData *dependencyData, size_t numDependencies, unsigned int flags)
{
	__typeof__(cuStreamUpdateCaptureDependencies_v2) *call = (__typeof__(cuStreamUpdateCaptureDependencies_v2) *)driver_entries[311].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[311]);
	return call(hStream, dependencies, dependencyData, numDependencies, flags);
}

DRIVER_CALL CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags)
{
	__typeof__(cuStreamWaitEvent) *call = (__typeof__(cuStreamWaitEvent) *)driver_entries[312].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[312]);
	return call(hStream, hEvent, Flags);
}

DRIVER_CALL CUresult cuStreamWaitValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	__typeof__(cuStreamWaitValue32_v2) *call = (__typeof__(cuStreamWaitValue32_v2) *)driver_entries[313].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[313]);
	return call(stream, addr, value, flags);
}

DRIVER_CALL CUresult cuStreamWaitValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	__typeof__(cuStreamWaitValue64_v2) *call = (__typeof__(cuStreamWaitValue64_v2) *)driver_entries[314].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[314]);
	return call(stream, addr, value, flags);
}

DRIVER_CALL CUresult cuStreamWriteValue32_v2(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	__typeof__(cuStreamWriteValue32_v2) *call = (__typeof__(cuStreamWriteValue32_v2) *)driver_entries[315].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[315]);
	return call(stream, addr, value, flags);
}

DRIVER_CALL CUresult cuStreamWriteValue64_v2(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	__typeof__(cuStreamWriteValue64_v2) *call = (__typeof__(cuStreamWriteValue64_v2) *)driver_entries[316].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[316]);
	return call(stream, addr, value, flags);
}

DRIVER_CALL CUresult cuSurfObjectCreate(CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc)
{
	__typeof__(cuSurfObjectCreate) *call = (__typeof__(cuSurfObjectCreate) *)driver_entries[317].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[317]);
	return call(pSurfObject, pResDesc);
}

DRIVER_CALL CUresult cuSurfObjectDestroy(CUsurfObject surfObject)
{
	__typeof__(cuSurfObjectDestroy) *call = (__typeof__(cuSurfObjectDestroy) *)driver_entries[318].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[318]);
	return call(surfObject);
}

DRIVER_CALL CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject)
{
	__typeof__(cuSurfObjectGetResourceDesc) *call = (__typeof__(cuSurfObjectGetResourceDesc) *)driver_entries[319].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[319]);
	return call(pResDesc, surfObject);
}

DRIVER_CALL CUresult cuSurfRefGetArray(CUarray *phArray, CUsurfref hSurfRef)
{
	__typeof__(cuSurfRefGetArray) *call = (__typeof__(cuSurfRefGetArray) *)driver_entries[320].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[320]);
	return call(phArray, hSurfRef);
}

DRIVER_CALL CUresult cuSurfRefSetArray(CUsurfref hSurfRef, CUarray hArray, unsigned int Flags)
{
	__typeof__(cuSurfRefSetArray) *call = (__typeof__(cuSurfRefSetArray) *)driver_entries[321].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[321]);
	return call(hSurfRef, hArray, Flags);
}

DRIVER_CALL CUresult cuTensorMapEncodeIm2col(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides, const int *pixelBoxLowerCorner, const int *pixelBoxUpperCorner, cuuint32_t channelsPerPixel, cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill)
{
	__typeof__(cuTensorMapEncodeIm2col) *call = (__typeof__(cuTensorMapEncodeIm2col) *)driver_entries[322].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[322]);
	return call(tensorMap, tensorDataType, tensorRank, globalAddress, globalDim, globalStrides, pixelBoxLowerCorner, pixelBoxUpperCorner, channelsPerPixel, pixelsPerColumn, elementStrides, interleave, swizzle, l2Promotion, oobFill);
}

DRIVER_CALL CUresult cuTensorMapEncodeIm2colWide(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides, int pixelBoxLowerCornerWidth, int pixelBoxUpperCornerWidth, cuuint32_t channelsPerPixel, cuuint32_t pixelsPerColumn, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave, CUtensorMapIm2ColWideMode mode, CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill)
{
	__typeof__(cuTensorMapEncodeIm2colWide) *call = (__typeof__(cuTensorMapEncodeIm2colWide) *)driver_entries[323].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[323]);
	return call(tensorMap, tensorDataType, tensorRank, globalAddress, globalDim, globalStrides, pixelBoxLowerCornerWidth, pixelBoxUpperCornerWidth, channelsPerPixel, pixelsPerColumn, elementStrides, interleave, mode, swizzle, l2Promotion, oobFill);
}

DRIVER_CALL CUresult cuTensorMapEncodeTiled(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides, const cuuint32_t *boxDim, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion, CUtensorMapFloatOOBfill oobFill)
{
	__typeof__(cuTensorMapEncodeTiled) *call = (__typeof__(cuTensorMapEncodeTiled) *)driver_entries[324].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[324]);
	return call(tensorMap, tensorDataType, tensorRank, globalAddress, globalDim, globalStrides, boxDim, elementStrides, interleave, swizzle, l2Promotion, oobFill);
}

DRIVER_CALL CUresult cuTensorMapReplaceAddress(CUtensorMap *tensorMap, void *globalAddress)
{
	__typeof__(cuTensorMapReplaceAddress) *call = (__typeof__(cuTensorMapReplaceAddress) *)driver_entries[325].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[325]);
	return call(tensorMap, globalAddress);
}

DRIVER_CALL CUresult cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc, const CUDA_TEXTURE_DESC *pTexDesc, const CUDA_RESOURCE_VIEW_DESC *pResViewDesc)
{
	__typeof__(cuTexObjectCreate) *call = (__typeof__(cuTexObjectCreate) *)driver_entries[326].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[326]);
	return call(pTexObject, pResDesc, pTexDesc, pResViewDesc);
}

DRIVER_CALL CUresult cuTexObjectDestroy(CUtexObject texObject)
{
	__typeof__(cuTexObjectDestroy) *call = (__typeof__(cuTexObjectDestroy) *)driver_entries[327].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[327]);
	return call(texObject);
}

DRIVER_CALL CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject)
{
	__typeof__(cuTexObjectGetResourceDesc) *call = (__typeof__(cuTexObjectGetResourceDesc) *)driver_entries[328].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[328]);
	return call(pResDesc, texObject);
}

DRIVER_CALL CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc, CUtexObject texObject)
{
	__typeof__(cuTexObjectGetResourceViewDesc) *call = (__typeof__(cuTexObjectGetResourceViewDesc) *)driver_entries[329].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[329]);
	return call(pResViewDesc, texObject);
}

DRIVER_CALL CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject)
{
	__typeof__(cuTexObjectGetTextureDesc) *call = (__typeof__(cuTexObjectGetTextureDesc) *)driver_entries[330].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[330]);
	return call(pTexDesc, texObject);
}

DRIVER_CALL CUresult cuTexRefCreate(CUtexref *pTexRef)
{
	__typeof__(cuTexRefCreate) *call = (__typeof__(cuTexRefCreate) *)driver_entries[331].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[331]);
	return call(pTexRef);
}

DRIVER_CALL CUresult cuTexRefDestroy(CUtexref hTexRef)
{
	__typeof__(cuTexRefDestroy) *call = (__typeof__(cuTexRefDestroy) *)driver_entries[332].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[332]);
	return call(hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetAddressMode(CUaddress_mode *pam, CUtexref hTexRef, int dim)
{
	__typeof__(cuTexRefGetAddressMode) *call = (__typeof__(cuTexRefGetAddressMode) *)driver_entries[333].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[333]);
	return call(pam, hTexRef, dim);
}

DRIVER_CALL CUresult cuTexRefGetAddress_v2(CUdeviceptr *pdptr, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetAddress_v2) *call = (__typeof__(cuTexRefGetAddress_v2) *)driver_entries[334].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[334]);
	return call(pdptr, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetArray(CUarray *phArray, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetArray) *call = (__typeof__(cuTexRefGetArray) *)driver_entries[335].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[335]);
	return call(phArray, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetBorderColor(float *pBorderColor, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetBorderColor) *call = (__typeof__(cuTexRefGetBorderColor) *)driver_entries[336].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[336]);
	return call(pBorderColor, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetFilterMode(CUfilter_mode *pfm, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetFilterMode) *call = (__typeof__(cuTexRefGetFilterMode) *)driver_entries[337].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[337]);
	return call(pfm, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetFlags(unsigned int *pFlags, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetFlags) *call = (__typeof__(cuTexRefGetFlags) *)driver_entries[338].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[338]);
	return call(pFlags, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetFormat(CUarray_format *pFormat, int *pNumChannels, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetFormat) *call = (__typeof__(cuTexRefGetFormat) *)driver_entries[339].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[339]);
	return call(pFormat, pNumChannels, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetMaxAnisotropy(int *pmaxAniso, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetMaxAnisotropy) *call = (__typeof__(cuTexRefGetMaxAnisotropy) *)driver_entries[340].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[340]);
	return call(pmaxAniso, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *pfm, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetMipmapFilterMode) *call = (__typeof__(cuTexRefGetMipmapFilterMode) *)driver_entries[341].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[341]);
	return call(pfm, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetMipmapLevelBias(float *pbias, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetMipmapLevelBias) *call = (__typeof__(cuTexRefGetMipmapLevelBias) *)driver_entries[342].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[342]);
	return call(pbias, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetMipmapLevelClamp(float *pminMipmapLevelClamp, float *pmaxMipmapLevelClamp, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetMipmapLevelClamp) *call = (__typeof__(cuTexRefGetMipmapLevelClamp) *)driver_entries[343].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[343]);
	return call(pminMipmapLevelClamp, pmaxMipmapLevelClamp, hTexRef);
}

DRIVER_CALL CUresult cuTexRefGetMipmappedArray(CUmipmappedArray *phMipmappedArray, CUtexref hTexRef)
{
	__typeof__(cuTexRefGetMipmappedArray) *call = (__typeof__(cuTexRefGetMipmappedArray) *)driver_entries[344].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[344]);
	return call(phMipmappedArray, hTexRef);
}

DRIVER_CALL CUresult cuTexRefSetAddress2D_v3(CUtexref hTexRef, const CUDA_ARRAY_DESCRIPTOR *desc, CUdeviceptr dptr, size_t Pitch)
{
	__typeof__(cuTexRefSetAddress2D_v3) *call = (__typeof__(cuTexRefSetAddress2D_v3) *)driver_entries[345].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[345]);
	return call(hTexRef, desc, dptr, Pitch);
}

DRIVER_CALL CUresult cuTexRefSetAddressMode(CUtexref hTexRef, int dim, CUaddress_mode am)
{
	__typeof__(cuTexRefSetAddressMode) *call = (__typeof__(cuTexRefSetAddressMode) *)driver_entries[346].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[346]);
	return call(hTexRef, dim, am);
}

DRIVER_CALL CUresult cuTexRefSetAddress_v2(size_t *ByteOffset, CUtexref hTexRef, CUdeviceptr dptr, size_t bytes)
{
	__typeof__(cuTexRefSetAddress_v2) *call = (__typeof__(cuTexRefSetAddress_v2) *)driver_entries[347].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[347]);
	return call(ByteOffset, hTexRef, dptr, bytes);
}

DRIVER_CALL CUresult cuTexRefSetArray(CUtexref hTexRef, CUarray hArray, unsigned int Flags)
{
	__typeof__(cuTexRefSetArray) *call = (__typeof__(cuTexRefSetArray) *)driver_entries[348].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[348]);
	return call(hTexRef, hArray, Flags);
}

DRIVER_CALL CUresult cuTexRefSetBorderColor(CUtexref hTexRef, float *pBorderColor)
{
	__typeof__(cuTexRefSetBorderColor) *call = (__typeof__(cuTexRefSetBorderColor) *)driver_entries[349].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[349]);
	return call(hTexRef, pBorderColor);
}

DRIVER_CALL CUresult cuTexRefSetFilterMode(CUtexref hTexRef, CUfilter_mode fm)
{
	__typeof__(cuTexRefSetFilterMode) *call = (__typeof__(cuTexRefSetFilterMode) *)driver_entries[350].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[350]);
	return call(hTexRef, fm);
}

DRIVER_CALL CUresult cuTexRefSetFlags(CUtexref hTexRef, unsigned int Flags)
{
	__typeof__(cuTexRefSetFlags) *call = (__typeof__(cuTexRefSetFlags) *)driver_entries[351].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[351]);
	return call(hTexRef, Flags);
}

DRIVER_CALL CUresult cuTexRefSetFormat(CUtexref hTexRef, CUarray_format fmt, int NumPackedComponents)
{
	__typeof__(cuTexRefSetFormat) *call = (__typeof__(cuTexRefSetFormat) *)driver_entries[352].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[352]);
	return call(hTexRef, fmt, NumPackedComponents);
}

DRIVER_CALL CUresult cuTexRefSetMaxAnisotropy(CUtexref hTexRef, unsigned int maxAniso)
{
	__typeof__(cuTexRefSetMaxAnisotropy) *call = (__typeof__(cuTexRefSetMaxAnisotropy) *)driver_entries[353].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[353]);
	return call(hTexRef, maxAniso);
}

DRIVER_CALL CUresult cuTexRefSetMipmapFilterMode(CUtexref hTexRef, CUfilter_mode fm)
{
	__typeof__(cuTexRefSetMipmapFilterMode) *call = (__typeof__(cuTexRefSetMipmapFilterMode) *)driver_entries[354].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[354]);
	return call(hTexRef, fm);
}

DRIVER_CALL CUresult cuTexRefSetMipmapLevelBias(CUtexref hTexRef, float bias)
{
	__typeof__(cuTexRefSetMipmapLevelBias) *call = (__typeof__(cuTexRefSetMipmapLevelBias) *)driver_entries[355].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[355]);
	return call(hTexRef, bias);
}

DRIVER_CALL CUresult cuTexRefSetMipmapLevelClamp(CUtexref hTexRef, float minMipmapLevelClamp, float maxMipmapLevelClamp)
{
	__typeof__(cuTexRefSetMipmapLevelClamp) *call = (__typeof__(cuTexRefSetMipmapLevelClamp) *)driver_entries[356].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[356]);
	return call(hTexRef, minMipmapLevelClamp, maxMipmapLevelClamp);
}

DRIVER_CALL CUresult cuTexRefSetMipmappedArray(CUtexref hTexRef, CUmipmappedArray hMipmappedArray, unsigned int Flags)
{
	__typeof__(cuTexRefSetMipmappedArray) *call = (__typeof__(cuTexRefSetMipmappedArray) *)driver_entries[357].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[357]);
	return call(hTexRef, hMipmappedArray, Flags);
}

DRIVER_CALL CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode)
{
	__typeof__(cuThreadExchangeStreamCaptureMode) *call = (__typeof__(cuThreadExchangeStreamCaptureMode) *)driver_entries[358].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[358]);
	return call(mode);
}

DRIVER_CALL CUresult cuUserObjectCreate(CUuserObject *object_out, void *ptr, CUhostFn destroy, unsigned int initialRefcount, unsigned int flags)
{
	__typeof__(cuUserObjectCreate) *call = (__typeof__(cuUserObjectCreate) *)driver_entries[359].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[359]);
	return call(object_out, ptr, destroy, initialRefcount, flags);
}

DRIVER_CALL CUresult cuUserObjectRelease(CUuserObject object, unsigned int count)
{
	__typeof__(cuUserObjectRelease) *call = (__typeof__(cuUserObjectRelease) *)driver_entries[360].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[360]);
	return call(object, count);
}

DRIVER_CALL CUresult cuUserObjectRetain(CUuserObject object, unsigned int count)
{
	__typeof__(cuUserObjectRetain) *call = (__typeof__(cuUserObjectRetain) *)driver_entries[361].fn;

	if (call == NULL)
		return driver_missing(&driver_entries[361]);
	return call(object, count);
}
