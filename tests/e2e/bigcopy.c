/*
 * One big buffer of random bytes through every path: host to device,
 * device to device, device to host.  ONCUDA_TEST_BIG_MB sets its size in
 * MiB (default 1024): big enough that a forwarder has to split it.
 */
#include <stdlib.h>

#include "check.h"

int test_big_copy(void)
{
	const char *env = getenv("ONCUDA_TEST_BIG_MB");
	unsigned long mb = 1024;
	unsigned char *src, *back;
	CUdeviceptr d1, d2;
	CUcontext ctx;
	CUdevice dev;
	char *end;
	size_t size;

	if (env != NULL && *env != '\0') {
		mb = strtoul(env, &end, 10);
		if (*end != '\0' || mb == 0)
			return e2e_fail(__FILE__, __LINE__, "ONCUDA_TEST_BIG_MB"
					" is '%s'; set it to a number of MiB, "
					"1 or more", env);
	}
	size = (size_t)mb << 20;
	src = e2e_malloc(size);
	back = e2e_malloc(size);

	TRY(e2e_primary_ctx(&dev, &ctx));
	TRY(e2e_dalloc(&d1, size));
	TRY(e2e_dalloc(&d2, size));
	e2e_fill_random(src, size, 0xc0da);

	TRY(e2e_copy_round_trip(d1, d2, src, back, size));
	return 0;
}
