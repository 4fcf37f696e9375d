/*
 * profiler.c - cuProfilerStart and cuProfilerStop.
 *
 * No profiler is ever attached to the stand-in, so there is nothing to
 * start or stop: as with the driver and no profiler, both succeed in a
 * context and need one.
 */
#include <cudaProfiler.h>

#include "fakecuda.h"

static CUresult
profiler_control(void)
{
	struct fc_context *ctx;
	CUresult rc;

	fc_lock();
	rc = fc_context_current(&ctx);
	fc_unlock();
	return rc;
}

FC_API CUresult
cuProfilerStart(void)
{
	return profiler_control();
}

FC_API CUresult
cuProfilerStop(void)
{
	return profiler_control();
}
