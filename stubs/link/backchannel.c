/*
 * backchannel.c -- calls from the server on the client's own connection
 * (backchannel.h): what the server's driver printed (idl/cuda.x, "What
 * kernels print").
 *
 * The bytes go to the program's stdout, or for what the driver printed to
 * stderr (a kernel's failed assert) to its stderr, with fwrite, so that
 * they take their place among what the program prints itself exactly as
 * the driver's own printing does natively (it uses the same stdio
 * streams).  They are written while the call the program made is still
 * in progress, before it returns, as natively.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "gen/cuda_names.h"
#include "stubs/link/backchannel.h"

/* The rest of a call header: program, version, procedure, credential and
 * verifier (whose bodies are not used). */
static bool call_header(XDR *xdrs, uint32_t *prog, uint32_t *vers,
    uint32_t *proc)
{
	struct opaque_auth cred, verf;
	char cred_body[MAX_AUTH_BYTES], verf_body[MAX_AUTH_BYTES];

	cred.oa_base = cred_body;
	verf.oa_base = verf_body;
	return xdr_uint32_t(xdrs, prog) && xdr_uint32_t(xdrs, vers) &&
	    xdr_uint32_t(xdrs, proc) && xdr_opaque_auth(xdrs, &cred) &&
	    xdr_opaque_auth(xdrs, &verf);
}

void backchannel_serve(XDR *xdrs, uint32_t rpcvers)
{
	kernel_output out;
	uint32_t prog, vers, proc;
	FILE *to;

	if (rpcvers != RPC_MSG_VERSION || !call_header(xdrs, &prog, &vers,
	    &proc) || prog != ONCUDA_CALLBACK_PROG ||
	    vers != ONCUDA_CALLBACK_VERSION)
		return;
	if (proc == ONCUDA_CALLBACK_OUTPUT)
		to = stdout;
	else if (proc == ONCUDA_CALLBACK_ERROR_OUTPUT)
		to = stderr;
	else
		return;
	memset(&out, 0, sizeof out);
	if (xdr_kernel_output(xdrs, &out) && out.kernel_output_len > 0)
		(void)fwrite(out.kernel_output_val, 1, out.kernel_output_len,
		    to);
	xdr_free((xdrproc_t)xdr_kernel_output, (char *)&out);
}
