/*
 * array_copy.c - cuMemcpyHtoA, cuMemcpyAtoH, cuMemcpyAtoD, cuMemcpyDtoA,
 * cuMemcpyAtoA and the Async forms: copies of one row of ByteCount bytes,
 * Offset bytes into the array, made by memcpy.c's 3D copy.
 */
#include "fakecuda.h"
#include "fake_array.h"

static CUresult
row(CUmemorytype dst_type, void *dst_host, CUdeviceptr dst_device,
    CUarray dst_array, size_t dst_x, CUmemorytype src_type,
    const void *src_host, CUdeviceptr src_device, CUarray src_array,
    size_t src_x, size_t count, CUstream stream, bool sync)
{
	CUDA_MEMCPY3D c = {
		.srcXInBytes = src_x, .srcMemoryType = src_type,
		.srcHost = src_host, .srcDevice = src_device,
		.srcArray = src_array,
		.dstXInBytes = dst_x, .dstMemoryType = dst_type,
		.dstHost = dst_host, .dstDevice = dst_device,
		.dstArray = dst_array,
		.WidthInBytes = count, .Height = 1, .Depth = 1,
	};

	return fc_copy_3d(&c, stream, sync);
}

FC_API CUresult
cuMemcpyHtoA(CUarray dstArray, size_t dstOffset, const void *srcHost,
    size_t ByteCount)
{
	return row(CU_MEMORYTYPE_ARRAY, NULL, 0, dstArray, dstOffset,
	    CU_MEMORYTYPE_HOST, srcHost, 0, NULL, 0, ByteCount, NULL, true);
}

FC_API CUresult
cuMemcpyAtoH(void *dstHost, CUarray srcArray, size_t srcOffset,
    size_t ByteCount)
{
	return row(CU_MEMORYTYPE_HOST, dstHost, 0, NULL, 0,
	    CU_MEMORYTYPE_ARRAY, NULL, 0, srcArray, srcOffset, ByteCount,
	    NULL, true);
}

FC_API CUresult
cuMemcpyHtoAAsync(CUarray dstArray, size_t dstOffset, const void *srcHost,
    size_t ByteCount, CUstream hStream)
{
	return row(CU_MEMORYTYPE_ARRAY, NULL, 0, dstArray, dstOffset,
	    CU_MEMORYTYPE_HOST, srcHost, 0, NULL, 0, ByteCount, hStream, false);
}

FC_API CUresult
cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray, size_t srcOffset,
    size_t ByteCount, CUstream hStream)
{
	return row(CU_MEMORYTYPE_HOST, dstHost, 0, NULL, 0,
	    CU_MEMORYTYPE_ARRAY, NULL, 0, srcArray, srcOffset, ByteCount,
	    hStream, false);
}

FC_API CUresult
cuMemcpyAtoD(CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset,
    size_t ByteCount)
{
	return row(CU_MEMORYTYPE_DEVICE, NULL, dstDevice, NULL, 0,
	    CU_MEMORYTYPE_ARRAY, NULL, 0, srcArray, srcOffset, ByteCount,
	    NULL, true);
}

FC_API CUresult
cuMemcpyDtoA(CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice,
    size_t ByteCount)
{
	return row(CU_MEMORYTYPE_ARRAY, NULL, 0, dstArray, dstOffset,
	    CU_MEMORYTYPE_DEVICE, NULL, srcDevice, NULL, 0, ByteCount, NULL,
	    true);
}

FC_API CUresult
cuMemcpyAtoA(CUarray dstArray, size_t dstOffset, CUarray srcArray,
    size_t srcOffset, size_t ByteCount)
{
	return row(CU_MEMORYTYPE_ARRAY, NULL, 0, dstArray, dstOffset,
	    CU_MEMORYTYPE_ARRAY, NULL, 0, srcArray, srcOffset, ByteCount,
	    NULL, true);
}
