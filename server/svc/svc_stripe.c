/*
 * svc_stripe.c -- striped bulk data over TCP (idl/cuda.x, "Striped bulk
 * data"): binding the session's data connections
 * (server/session/stripes.h) and the striped copies
 * (server/copy/stripe_copy.h).
 *
 * A copy's checks come first, as for a copy on the control connection;
 * one they refuse still runs its frames (stripe_copy_run), so the data
 * connections stay at a frame's start for the next copy.  The bytes of
 * a large download that landed in a mirror (ONCUDA_MIRROR_DTOH) leave
 * from the mirror itself (stripe_send.h).
 */
#include <stdint.h>
#include <string.h>

#include <cuda.h>

#include "gen/cuda_names.h"
#include "server/copy/stripe_copy.h"
#include "server/copy/stripe_send.h"
#include "server/session/capture.h"
#include "server/session/child.h"
#include "server/session/handles.h"
#include "server/session/ranges.h"
#include "server/session/stripes.h"
#include "server/svc/svc_hostmem.h"

bool_t oncuda_stripe_offer_svc(res_stripe_offer *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	r->err = stripes_open_offer(&r->res_stripe_offer_u.value);
	return TRUE;
}

bool_t oncuda_stripe_attach_svc(stripe_ticket ticket, res_none *r,
    struct svc_req *rq)
{
	memset(r, 0, sizeof *r);
	r->err = stripes_hand_over(&ticket, rq->rq_xprt->xp_fd);
	return TRUE;
}

bool_t oncuda_stripe_bind_svc(u_int count, res_none *r, struct svc_req *rq)
{
	(void)rq;
	memset(r, 0, sizeof *r);
	r->err = stripes_take_over(count);
	return TRUE;
}

/* What the driver would refuse, checked before it sees the copy. */
static CUresult check(bool upload, const stripe_copy *a)
{
	const char *name = upload ? (a->async ? "cuMemcpyHtoDAsync" :
	    "cuMemcpyHtoD") : (a->async ? "cuMemcpyDtoHAsync" :
	    "cuMemcpyDtoH");
	CUresult e;

	if (a->async && (e = handle_check(HANDLE_STREAM, a->stream, true)) !=
	    CUDA_SUCCESS)
		return e;
	if ((e = range_check(a->dev, a->size, 1, name)) != CUDA_SUCCESS)
		return e;
	if (upload && a->async)
		return capture_refuse_host_copy(a->stream, name);
	return CUDA_SUCCESS;
}

bool_t oncuda_stripe_htod_svc(stripe_copy a, res_stripe *r,
    struct svc_req *rq)
{
	(void)rq;
	stripe_copy_run(true, &a, check(true, &a), child_request_seconds, r);
	return TRUE;
}

bool_t oncuda_stripe_dtoh_svc(stripe_copy a, res_stripe *r,
    struct svc_req *rq)
{
	(void)rq;
	stripe_copy_run(false, &a, check(false, &a), child_request_seconds, r);
	return TRUE;
}

bool_t oncuda_mirror_dtoh_svc(stripe_copy a, res_stripe *r,
    struct svc_req *rq)
{
	CUresult refused = hostmem_mirror_holds(a.dev, a.size) ?
	    CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;

	(void)rq;
	stripe_send_host(&a, refused == CUDA_SUCCESS ?
	    (const unsigned char *)(uintptr_t)a.dev : NULL, refused,
	    child_request_seconds, r);
	return TRUE;
}
