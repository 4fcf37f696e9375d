/*
 * rpcnull: the round trip of ONC RPC's null procedure on the session's own
 * connection, the middle layer of a synchronous call (issue 16): below it
 * the transport's 8-byte ping-pong (bench/transport), above it a call that
 * reaches the driver (drvbench's cuCtxSynchronize).
 *
 *   rpcnull [-q]
 *   rpcnull -l CASE -n COUNT
 *
 * Linked with the client library's objects rather than its shared library
 * (which exports the driver's entry points and nothing else), so that it
 * can take the connection the CUDA calls use (stubs/wire/rpc.h) and call
 * NULLPROC on it: the client's call discipline (the connection's lock),
 * its transport (record marking, the polling before it sleeps), and the
 * server's whole dispatch path (the session's loop, its wrappers, rpcgen's
 * dispatcher), without a procedure of the driver's.  It connects as any
 * client does (ONCUDA_SERVER, ONCUDA_TRANSPORT, ONCUDA_POLL_US), through
 * cuInit.
 *
 * The first form prints, as drvbench does (measure.h), the figure
 * "rpc_null": a run times many calls and yields the mean per call, the
 * figure is the median of the runs; -q shrinks the counts.  The second
 * form makes COUNT calls of CASE (null, ctx_synchronize or mem_get_info,
 * in device 0's primary context) and prints nothing: a loop for perf, strace
 * or valgrind to watch, a call's costs being those of the loop over
 * COUNT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cuda.h>
#include <rpc/rpc.h>

#include "measure.h"
#include "stubs/wire/rpc.h"

struct plan {
	long iterations;	/* per run */
	int runs;
};

static const struct plan full_plan = { 2000, 11 };
static const struct plan quick_plan = { 200, 5 };

/* What glue gives every call: a reply is waited for this long. */
static const struct timeval reply_wait = { 25, 0 };

static void die(const char *what)
{
	fprintf(stderr, "rpcnull: %s\n", what);
	exit(EXIT_FAILURE);
}

static void check(CUresult result, const char *call)
{
	if (result != CUDA_SUCCESS) {
		fprintf(stderr, "rpcnull: %s returned %d\n", call, (int)result);
		exit(EXIT_FAILURE);
	}
}

static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

/* One null call on the first server's connection, as glue makes a call. */
static void null_call(void)
{
	CLIENT *c = rpc_begin_at(0, false, NULL);

	if (c == NULL)
		die("no connection to oncudad (the reason is above)");
	check(rpc_end(clnt_call(c, NULLPROC, (xdrproc_t)xdr_nothing, NULL,
	    (xdrproc_t)xdr_nothing, NULL, reply_wait)), "the null procedure");
}

static void measure(const struct plan *plan)
{
	struct samples s = { .count = 0 };

	null_call();
	for (int run = 0; run < plan->runs; run++) {
		double start = now_seconds();

		for (long i = 0; i < plan->iterations; i++)
			null_call();
		samples_add(&s, micros_each(now_seconds() - start,
		    plan->iterations));
	}
	samples_report(&s, "rpc_null", 0, "us", plan->iterations);
}

static void loop(const char *name, long count)
{
	size_t free_bytes, total_bytes;
	CUcontext ctx;
	CUdevice dev;

	check(cuDeviceGet(&dev, 0), "cuDeviceGet");
	check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
	check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
	if (strcmp(name, "null") == 0)
		for (long i = 0; i < count; i++)
			null_call();
	else if (strcmp(name, "ctx_synchronize") == 0)
		for (long i = 0; i < count; i++)
			check(cuCtxSynchronize(), "cuCtxSynchronize");
	else if (strcmp(name, "mem_get_info") == 0)
		for (long i = 0; i < count; i++)
			check(cuMemGetInfo(&free_bytes, &total_bytes),
			    "cuMemGetInfo");
	else
		die("-l takes null, ctx_synchronize or mem_get_info");
	check(cuDevicePrimaryCtxRelease(dev), "cuDevicePrimaryCtxRelease");
}

static void usage(void)
{
	fputs("usage: rpcnull [-q]\n"
	      "       rpcnull -l CASE -n COUNT\n"
	      "  -q        small counts: a test of the benchmark, not a measurement\n"
	      "  -l CASE   COUNT calls of CASE (null, ctx_synchronize,\n"
	      "            mem_get_info) and no output, for a profiler\n",
	      stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const struct plan *plan = &full_plan;
	const char *name = NULL;
	long count = 0;
	int opt;

	while ((opt = getopt(argc, argv, "ql:n:")) != -1) {
		switch (opt) {
		case 'q':
			plan = &quick_plan;
			break;
		case 'l':
			name = optarg;
			break;
		case 'n':
			count = atol(optarg);
			break;
		default:
			usage();
		}
	}
	if (optind != argc || (name == NULL) != (count == 0) || count < 0)
		usage();
	check(cuInit(0), "cuInit");
	if (name != NULL)
		loop(name, count);
	else
		measure(plan);
	return EXIT_SUCCESS;
}
