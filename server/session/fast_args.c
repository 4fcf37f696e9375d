/*
 * server/session/fast_args.c -- see fast_args.h.
 *
 * The session serves one call at a time, so one pair of arrays holds the
 * parameters of the launch being served: the launch's procedure uses
 * them only during the call (the driver copies a launch's parameters
 * before cuLaunchKernel returns), and freeargs leaves them be.  Whether
 * the arguments now held point into them is `in_place`: a record that
 * went through rpcgen's routine holds memory of its own, freed as usual.
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include <arpa/inet.h>

#include "common/xdrproc.h"
#include "gen/cuda_names.h"
#include "server/session/fast_args.h"

/* func (a hyper), grid, block, shared_mem_bytes, stream (a hyper). */
#define FIXED_WORDS 11

static char param_bytes[ONCUDA_PARAM_BYTES_MAX];
static u_int param_offsets[ONCUDA_PARAMS_MAX];
static bool in_place;

static const struct xp_ops *inner_ops;
static struct xp_ops fast_ops;

static uint64_t get_hyper(const int32_t *p)
{
	return (uint64_t)(uint32_t)ntohl((uint32_t)p[0]) << 32 |
	    (uint32_t)ntohl((uint32_t)p[1]);
}

static u_int get_word(const int32_t *p)
{
	return (u_int)ntohl((uint32_t)*p);
}

/* The parameters' offsets into param_offsets, in place where they can be. */
static bool_t decode_offsets(XDR *xdrs, kernel_args *k)
{
	u_int count;
	int32_t *p;

	if (!xdr_u_int(xdrs, &count) || count > ONCUDA_PARAMS_MAX)
		return FALSE;
	k->offsets.offsets_val = param_offsets;
	k->offsets.offsets_len = count;
	if (count == 0)
		return TRUE;
	if ((p = XDR_INLINE(xdrs, count * 4)) != NULL) {
		for (u_int i = 0; i < count; i++)
			param_offsets[i] = get_word(&p[i]);
		return TRUE;
	}
	for (u_int i = 0; i < count; i++)
		if (!xdr_u_int(xdrs, &param_offsets[i]))
			return FALSE;
	return TRUE;
}

/* Leaves args as the dispatcher gave them: nothing to free. */
static void forget(cu_launch_kernel_13000_argument *a)
{
	a->args.bytes.bytes_val = NULL;
	a->args.bytes.bytes_len = 0;
	a->args.offsets.offsets_val = NULL;
	a->args.offsets.offsets_len = 0;
	in_place = false;
}

/*
 * rpcgen's xdr_cu_launch_kernel_13000_argument, but for decoding: the
 * fixed words in place, the parameters into the session's arrays.  When
 * the fixed words are not all in the buffer, rpcgen's routine decodes.
 * Freeing arrays of the session's own forgets them instead.
 */
static bool_t xdr_launch_args(XDR *xdrs, cu_launch_kernel_13000_argument *a)
{
	kernel_args *k = &a->args;
	int32_t *p;

	if (xdrs->x_op == XDR_FREE && in_place) {
		forget(a);
		return TRUE;
	}
	if (xdrs->x_op != XDR_DECODE)
		return xdr_cu_launch_kernel_13000_argument(xdrs, a);
	if ((p = XDR_INLINE(xdrs, FIXED_WORDS * 4)) == NULL) {
		in_place = false;	/* what rpcgen's routine allocates */
		return xdr_cu_launch_kernel_13000_argument(xdrs, a);
	}
	assert(k->bytes.bytes_val == NULL && k->offsets.offsets_val == NULL);
	a->func = get_hyper(&p[0]);
	a->grid.x = get_word(&p[2]);
	a->grid.y = get_word(&p[3]);
	a->grid.z = get_word(&p[4]);
	a->block.x = get_word(&p[5]);
	a->block.y = get_word(&p[6]);
	a->block.z = get_word(&p[7]);
	a->shared_mem_bytes = get_word(&p[8]);
	a->stream = get_hyper(&p[9]);
	in_place = true;
	/* xdr_bytes decodes into the array it is given, after checking the
	 * length against the bound. */
	k->bytes.bytes_val = param_bytes;
	if (xdr_bytes(xdrs, &k->bytes.bytes_val, &k->bytes.bytes_len,
	    ONCUDA_PARAM_BYTES_MAX) && decode_offsets(xdrs, k) &&
	    xdr_bool(xdrs, &k->by_extra))
		return TRUE;
	forget(a);
	return FALSE;
}

/* The routine that stands for xdr, which the dispatcher names. */
static xdrproc_t by_hand(xdrproc_t xdr)
{
	return xdr == XDRPROC(xdr_cu_launch_kernel_13000_argument) ?
	    XDRPROC(xdr_launch_args) : xdr;
}

static bool_t fast_getargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	return inner_ops->xp_getargs(xprt, by_hand(xdr), args);
}

static bool_t fast_freeargs(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	return inner_ops->xp_freeargs(xprt, by_hand(xdr), args);
}

void fast_args_session_start(SVCXPRT *xprt)
{
	inner_ops = xprt->xp_ops;
	fast_ops = *inner_ops;
	fast_ops.xp_getargs = fast_getargs;
	fast_ops.xp_freeargs = fast_freeargs;
	xprt->xp_ops = &fast_ops;
}
