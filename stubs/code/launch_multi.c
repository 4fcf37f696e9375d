/*
 * launch_multi.c - cuLaunchCooperativeKernelMultiDevice: cooperative
 * launches on several devices of one server, sent together so that the
 * server's driver starts them as one (see the procedure in idl/cuda.x).
 */
#include <stdlib.h>
#include <string.h>

#include "stubs/code/launch.h"
#include "stubs/code/params.h"
#include "stubs/mem/hostmem.h"
#include "stubs/mem/mapped.h"
#include "stubs/route/call.h"

/*
 * Packs p's arguments into l.  params_pack may use a buffer of the thread
 * that its next call reuses, so the bytes are copied out for the message.
 */
static CUresult pack(CUfunction there, const CUDA_LAUNCH_PARAMS *p,
		     multi_launch *l)
{
	kernel_args args;
	CUresult e;
	size_t n;

	if ((e = params_pack(there, p->kernelParams, NULL, &args)) !=
	    CUDA_SUCCESS)
		return e;
	if (!hostmem_track_reachable(args.bytes.bytes_val, args.bytes.bytes_len)) {
		params_release(&args);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	l->args.by_extra = args.by_extra;
	n = args.bytes.bytes_len;
	l->args.bytes.bytes_val = malloc(n > 0 ? n : 1);
	l->args.offsets.offsets_val = malloc(sizeof(u_int) *
	    (args.offsets.offsets_len + 1));
	if (l->args.bytes.bytes_val == NULL ||
	    l->args.offsets.offsets_val == NULL) {
		params_release(&args);
		return CUDA_ERROR_OUT_OF_MEMORY;
	}
	memcpy(l->args.bytes.bytes_val, args.bytes.bytes_val, n);
	l->args.bytes.bytes_len = (u_int)n;
	memcpy(l->args.offsets.offsets_val, args.offsets.offsets_val,
	       sizeof(u_int) * args.offsets.offsets_len);
	l->args.offsets.offsets_len = args.offsets.offsets_len;
	params_release(&args);
	return CUDA_SUCCESS;
}

/* Every launch on one server, each ready to send. */
static CUresult prepare(const CUDA_LAUNCH_PARAMS *list, unsigned int n,
			multi_launch *wire, unsigned *server)
{
	CUfunction there;
	unsigned at;
	CUresult e;

	for (unsigned int i = 0; i < n; i++) {
		const CUDA_LAUNCH_PARAMS *p = &list[i];
		multi_launch *l = &wire[i];

		l->grid = (cu_dim3){ p->gridDimX, p->gridDimY, p->gridDimZ };
		l->block = (cu_dim3){ p->blockDimX, p->blockDimY,
				      p->blockDimZ };
		l->shared_mem_bytes = p->sharedMemBytes;
		l->stream = (cu_handle)(uintptr_t)p->hStream;
		if (p->function == NULL)
			return CUDA_ERROR_INVALID_HANDLE;
		if (!launch_shape_possible(&l->grid, &l->block))
			return CUDA_ERROR_INVALID_VALUE;
		if ((e = launch_route(p->function, l->stream, &at, &there,
				      &l->func)) != CUDA_SUCCESS)
			return e;
		/* One server's devices only: they share nothing else. */
		if (i > 0 && at != *server)
			return CUDA_ERROR_INVALID_VALUE;
		*server = at;
		l->stream &= ROUTE_VALUE_MASK;
		if ((e = pack(there, p, l)) != CUDA_SUCCESS)
			return e;
	}
	return CUDA_SUCCESS;
}

ONCUDA_API CUresult cuLaunchCooperativeKernelMultiDevice(
    CUDA_LAUNCH_PARAMS *launchParamsList, unsigned int numDevices,
    unsigned int flags)
{
	multi_launch wire[ONCUDA_MULTI_LAUNCH_MAX];
	multi_launches all = { numDevices, wire };
	unsigned server = 0;
	enum clnt_stat st;
	int err = CUDA_SUCCESS;
	struct call k;
	res_none r;
	CUresult e;

	if (launchParamsList == NULL || numDevices == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (numDevices > ONCUDA_MULTI_LAUNCH_MAX)
		return CUDA_ERROR_INVALID_VALUE;	/* more than any machine */
	memset(wire, 0, sizeof(wire));
	e = prepare(launchParamsList, numDevices, wire, &server);
	if (e == CUDA_SUCCESS &&
	    (e = call_begin_on(&k, server, CALL_REPLY(r))) == CUDA_SUCCESS) {
		st = mapped_push(k.c, &err);
		if (st == RPC_SUCCESS && err == CUDA_SUCCESS)
			st = cu_launch_cooperative_kernel_multi_device(all,
			    flags, &r, k.c);
		e = call_done(&k, st, err != CUDA_SUCCESS ? &err : &r.err);
	}
	for (unsigned int i = 0; i < numDevices; i++) {
		free(wire[i].args.bytes.bytes_val);
		free(wire[i].args.offsets.offsets_val);
	}
	return e;
}
