/*
 * server/session/getargs.c -- see getargs.h.
 *
 * The transport's getargs operation is replaced by one that calls it and,
 * when it fails, runs the same XDR routine in XDR_FREE mode over the
 * argument.  The dispatcher zeroes the argument before decoding, and XDR
 * routines free only the pointers that are set, so this frees exactly
 * what the failed decode allocated.  One transport per process: the
 * operations live in statics.
 */
#include "server/session/getargs.h"

static const struct xp_ops *real_ops;
static struct xp_ops freeing_ops;

static bool_t getargs_or_free(SVCXPRT *xprt, xdrproc_t xdr, void *args)
{
	if (real_ops->xp_getargs(xprt, xdr, args))
		return TRUE;
	xdr_free(xdr, args);
	return FALSE;
}

void getargs_free_on_failure(SVCXPRT *xprt)
{
	real_ops = xprt->xp_ops;
	freeing_ops = *real_ops;
	freeing_ops.xp_getargs = getargs_or_free;
	xprt->xp_ops = &freeing_ops;
}
