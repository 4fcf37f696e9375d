/*
 * tests/unit/no_stripes.c -- the loopback tests' stand-in for
 * stubs/copy/stripe_copy.c: their one connection is the loopback server,
 * which has no data connections, so every copy goes on it.
 */
#include "stubs/copy/stripe_copy.h"

size_t stripe_min_bytes(void)
{
	return SIZE_MAX;	/* never striped */
}

enum clnt_stat copy_striped(CLIENT *c, bool to_device, CUdeviceptr dev,
    void *host, size_t count, const struct copy_stream *s, int *err,
    bool *done)
{
	(void)c;
	(void)to_device;
	(void)dev;
	(void)host;
	(void)count;
	(void)s;
	(void)err;
	*done = false;
	return RPC_SUCCESS;
}

enum clnt_stat copy_striped_mirror(CLIENT *c, uint64_t mirror, void *host,
    size_t count, int *err, bool *done)
{
	(void)c;
	(void)mirror;
	(void)host;
	(void)count;
	(void)err;
	*done = false;
	return RPC_SUCCESS;
}

enum clnt_stat copy_stripes_bound(CLIENT *c, bool *bound)
{
	(void)c;
	*bound = false;
	return RPC_SUCCESS;
}
