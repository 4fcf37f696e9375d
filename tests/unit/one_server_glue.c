/*
 * one_server_glue.c -- for unit tests that link the generated glue: the
 * entry point stubs/route/devices.c makes of the generated per-server call, for
 * the one server of one_server.c.
 */
#include "stubs/context/context.h"
#include "stubs/route/devices.h"
#include "stubs/wire/rpc.h"

ONCUDA_API CUresult cuDriverGetVersion(int *driverVersion)
{
	return on_server_cuDriverGetVersion(0, driverVersion);
}

/* No context dies here (stubs/context/context.h). */
uint64_t context_deaths(void)
{
	return 0;
}
