/*
 * selftest_streams.c - checks streams, events and the occupancy
 * calculator of the stand-in.
 */
#include <string.h>

#include "selftest.h"

static void
count_call(void *counter)
{
	++*(int *)counter;
}

void
selftest_streams_and_events(void)
{
	CUevent start, end, untimed;
	unsigned int flags;
	CUcontext ctx;
	CUstream s;
	int priority, calls = 0;
	float ms;

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuStreamCreateWithPriority(&s, CU_STREAM_NON_BLOCKING, -100));
	OK(cuStreamGetPriority(s, &priority));
	CHECK(priority == -5);
	OK(cuStreamGetFlags(s, &flags));
	CHECK(flags == CU_STREAM_NON_BLOCKING);
	OK(cuEventCreate(&start, CU_EVENT_DEFAULT));
	OK(cuEventCreate(&end, CU_EVENT_BLOCKING_SYNC));
	OK(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING));
	EXPECT(cuEventElapsedTime(&ms, start, end), CUDA_ERROR_INVALID_HANDLE);
	OK(cuEventRecord(start, s));
	OK(cuLaunchHostFunc(s, count_call, &calls));
	OK(cuLaunchHostFunc(NULL, count_call, &calls));
	CHECK(calls == 2);
	OK(cuEventRecord(end, s));
	OK(cuEventRecord(untimed, NULL));
	OK(cuStreamWaitEvent(NULL, end, 0));
	OK(cuStreamQuery(s));
	OK(cuEventQuery(end));
	OK(cuEventSynchronize(end));
	OK(cuEventElapsedTime(&ms, start, end));
	CHECK(ms >= 0.0f);
	EXPECT(cuEventElapsedTime(&ms, start, untimed),
	    CUDA_ERROR_INVALID_HANDLE);
	OK(cuStreamDestroy(s));
	EXPECT(cuStreamQuery(s), CUDA_ERROR_INVALID_HANDLE);
	OK(cuEventDestroy(start));
	EXPECT(cuEventQuery(start), CUDA_ERROR_INVALID_HANDLE);
	OK(cuCtxDestroy(ctx));
	EXPECT(cuEventQuery(end), CUDA_ERROR_INVALID_HANDLE);
}

static int callback_calls;

static size_t
shared_for_block(int block_size)
{
	callback_calls++;
	return (size_t)block_size * sizeof(float);
}

void
selftest_occupancy(void)
{
	int blocks, grid, block, clusters, cluster_size;
	CUlaunchAttribute attr;
	CUlaunchConfig config;
	CUcontext ctx;
	CUmodule mod;
	CUfunction f;
	size_t shared;

	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuModuleLoadData(&mod, SELFTEST_PTX));
	OK(cuModuleGetFunction(&f, mod, "scale_dyn_smem"));
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 256, 0));
	CHECK(blocks == 8);
	OK(cuOccupancyMaxPotentialBlockSize(&grid, &block, f, shared_for_block,
	    0, 0));
	CHECK(callback_calls > 0 && block == 1024 && grid == 2 * 132);
	OK(cuOccupancyAvailableDynamicSMemPerBlock(&shared, f, 2, 256));
	CHECK(shared == 233472 / 2 - 1024);
	memset(&attr, 0, sizeof(attr));
	attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
	attr.value.clusterDim.x = 2;
	attr.value.clusterDim.y = attr.value.clusterDim.z = 1;
	memset(&config, 0, sizeof(config));
	config.gridDimX = 64;
	config.gridDimY = config.gridDimZ = 1;
	config.blockDimX = 256;
	config.blockDimY = config.blockDimZ = 1;
	config.attrs = &attr;
	config.numAttrs = 1;
	OK(cuOccupancyMaxActiveClusters(&clusters, f, &config));
	CHECK(clusters == 8 * 132 / 2);
	OK(cuOccupancyMaxPotentialClusterSize(&cluster_size, f, &config));
	CHECK(cluster_size == 8);
	OK(cuCtxDestroy(ctx));
}
