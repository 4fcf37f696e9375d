/*
 * tests/unit/test_fast_args.c -- CU_LAUNCH_KERNEL's arguments decoded by
 * hand (server/session/fast_args.c) against rpcgen's routine.
 *
 * The wrapper is installed on a transport of this file's own, whose
 * getargs and freeargs run the XDR routine they are given over a memory
 * stream, and getargs_free_on_failure above it, as a session installs
 * them (server/session/child.c).  Arguments encoded by rpcgen's routine must decode to the same
 * values by either path: in place, and through rpcgen's routine when the
 * stream gives no words in place (a stream whose x_inline refuses, as the
 * session's record stream does when a record is not wholly buffered).
 * Records cut short or past a bound fail on both paths, leaving nothing
 * allocated and no pointer into the session's arrays behind.
 */
#include <stdbool.h>
#include <stdint.h>

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"
#include "server/session/fast_args.h"
#include "server/session/getargs.h"
#include "tests/unit/unit_check.h"

static XDR *reading;		/* what the transport's getargs reads */

static bool_t fake_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	(void)xprt;
	return (*xdr)(reading, args);
}

static bool_t fake_freeargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	(void)xprt;
	xdr_free(xdr, args);
	return TRUE;
}

static struct xp_ops fake_ops = {
	.xp_getargs = fake_getargs,
	.xp_freeargs = fake_freeargs,
};

static int32_t *refuse_inline(XDR *xdrs, u_int len)
{
	(void)xdrs;
	(void)len;
	return NULL;
}

static const xdrproc_t launch_args =
    XDRPROC(xdr_cu_launch_kernel_13000_argument);

static cu_launch_kernel_13000_argument sample(char *bytes, u_int *offsets)
{
	cu_launch_kernel_13000_argument a;

	memset(&a, 0, sizeof(a));
	a.func = 0x1122334455667788ULL;
	a.grid = (cu_dim3){ 1, 2, 3 };
	a.block = (cu_dim3){ 4, 5, 0xfffffffeu };
	a.shared_mem_bytes = 7;
	a.stream = 0x99aabbccddeeff00ULL;
	for (int i = 0; i < 43; i++)
		bytes[i] = (char)(i * 7 + 1);
	a.args.bytes.bytes_val = bytes;
	a.args.bytes.bytes_len = 43;	/* padded to 44 on the wire */
	for (u_int i = 0; i < 5; i++)
		offsets[i] = i * 8;
	a.args.offsets.offsets_val = offsets;
	a.args.offsets.offsets_len = 5;
	a.args.by_extra = TRUE;
	return a;
}

static u_int encode(const cu_launch_kernel_13000_argument *a, char *buf,
    u_int room)
{
	XDR x;
	u_int len;

	xdrmem_create(&x, buf, room, XDR_ENCODE);
	CHECK(xdr_cu_launch_kernel_13000_argument(&x,
	    (cu_launch_kernel_13000_argument *)a));
	len = xdr_getpos(&x);
	xdr_destroy(&x);
	return len;
}

static void check_same(const cu_launch_kernel_13000_argument *got,
    const cu_launch_kernel_13000_argument *want)
{
	CHECK_EQ(got->func, want->func);
	CHECK(memcmp(&got->grid, &want->grid, sizeof(cu_dim3)) == 0);
	CHECK(memcmp(&got->block, &want->block, sizeof(cu_dim3)) == 0);
	CHECK_EQ(got->shared_mem_bytes, want->shared_mem_bytes);
	CHECK_EQ(got->stream, want->stream);
	CHECK_EQ(got->args.bytes.bytes_len, want->args.bytes.bytes_len);
	CHECK(got->args.bytes.bytes_val != NULL &&
	    memcmp(got->args.bytes.bytes_val, want->args.bytes.bytes_val,
	    want->args.bytes.bytes_len) == 0);
	CHECK_EQ(got->args.offsets.offsets_len,
	    want->args.offsets.offsets_len);
	CHECK(got->args.offsets.offsets_val != NULL &&
	    memcmp(got->args.offsets.offsets_val,
	    want->args.offsets.offsets_val,
	    want->args.offsets.offsets_len * sizeof(u_int)) == 0);
	CHECK_EQ(got->args.by_extra, want->args.by_extra);
}

/* Decodes len bytes of buf through xprt, inline refused or not. */
static bool_t decode(SVCXPRT *xprt, char *buf, u_int len, bool in_place,
    cu_launch_kernel_13000_argument *out)
{
	struct xdr_ops no_inline;
	bool_t ok;
	XDR x;

	xdrmem_create(&x, buf, len, XDR_DECODE);
	if (!in_place) {
		no_inline = *x.x_ops;
		no_inline.x_inline = refuse_inline;
		x.x_ops = &no_inline;
	}
	reading = &x;
	memset(out, 0, sizeof(*out));	/* as the dispatcher does */
	ok = xprt->xp_ops->xp_getargs(xprt, launch_args, out);
	reading = NULL;
	return ok;
}

static void test_both_paths(SVCXPRT *xprt)
{
	char bytes[43], buf[512];
	u_int offsets[5], len;
	cu_launch_kernel_13000_argument want = sample(bytes, offsets), got;

	len = encode(&want, buf, sizeof(buf));
	for (int path = 0; path < 2; path++) {
		CHECK(decode(xprt, buf, len, path == 0, &got));
		check_same(&got, &want);
		CHECK(xprt->xp_ops->xp_freeargs(xprt, launch_args, &got));
		CHECK(got.args.bytes.bytes_val == NULL);
		CHECK(got.args.offsets.offsets_val == NULL);
	}
	/* No parameters at all. */
	want.args.bytes.bytes_len = 0;
	want.args.offsets.offsets_len = 0;
	len = encode(&want, buf, sizeof(buf));
	CHECK(decode(xprt, buf, len, true, &got));
	CHECK_EQ(got.args.bytes.bytes_len, 0);
	CHECK_EQ(got.args.offsets.offsets_len, 0);
	CHECK(xprt->xp_ops->xp_freeargs(xprt, launch_args, &got));
}

/* Every record cut short fails, on both paths, with nothing held. */
static void test_cut_short(SVCXPRT *xprt)
{
	char bytes[43], buf[512];
	u_int offsets[5], len;
	cu_launch_kernel_13000_argument want = sample(bytes, offsets), got;

	len = encode(&want, buf, sizeof(buf));
	for (u_int cut = 0; cut < len; cut += 4) {
		for (int path = 0; path < 2; path++) {
			CHECK(!decode(xprt, buf, cut, path == 0, &got));
			CHECK(got.args.bytes.bytes_val == NULL);
			CHECK(got.args.offsets.offsets_val == NULL);
		}
	}
}

/* A length past its bound is refused as rpcgen's routine refuses it. */
static void test_bounds(SVCXPRT *xprt)
{
	char bytes[43], buf[512];
	u_int offsets[5], len, word;
	cu_launch_kernel_13000_argument want = sample(bytes, offsets), got;

	len = encode(&want, buf, sizeof(buf));
	/* The parameter bytes' length is the 12th word. */
	word = htonl(ONCUDA_PARAM_BYTES_MAX + 1);
	memcpy(buf + 11 * 4, &word, 4);
	CHECK(!decode(xprt, buf, len, true, &got));
	CHECK(got.args.bytes.bytes_val == NULL);
	len = encode(&want, buf, sizeof(buf));
	/* The offsets' count follows the 44 bytes of parameters. */
	word = htonl(ONCUDA_PARAMS_MAX + 1);
	memcpy(buf + 12 * 4 + 44, &word, 4);
	CHECK(!decode(xprt, buf, len, true, &got));
	CHECK(got.args.offsets.offsets_val == NULL);
	CHECK(got.args.bytes.bytes_val == NULL);
}

int main(void)
{
	SVCXPRT *xprt = calloc(1, sizeof(*xprt));

	if (xprt == NULL)
		return 1;
	xprt->xp_ops = &fake_ops;
	fast_args_session_start(xprt);
	getargs_free_on_failure(xprt);
	test_both_paths(xprt);
	test_cut_short(xprt);
	test_bounds(xprt);
	free(xprt);
	return unit_report("test_fast_args");
}
