/*
 * stubs/link/hello.c -- the protocol revision check at connect (hello.h).
 *
 * Both sides are oncuda; the program version of the RPC program is the
 * CUDA version, which stays the same while oncuda's protocol changes, so
 * without this check a client and a server of different releases would
 * talk past each other (a call one side sends one-way, the other answers).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>

#include "common/release.h"
#include "gen/cuda_names.h"
#include "stubs/link/hello.h"
#include "stubs/link/say.h"
#include "stubs/link/xprt.h"

bool hello_exchange(CLIENT *clnt, const struct server_target *target)
{
	hello_args mine = { ONCUDA_WIRE_REVISION,
	    (char *)(uintptr_t)release_software() };
	char why[256];
	struct rpc_err err;
	res_hello r;
	enum clnt_stat st;
	bool ok = false;

	memset(&r, 0, sizeof(r));
	st = oncuda_hello(mine, &r, clnt);
	if (st == RPC_PROCUNAVAIL) {
		oncuda_say("oncudad on %s is of an oncuda release from before "
		    "protocol revisions, older than this library's %s: "
		    "install the same oncuda release on both sides (upgrade "
		    "oncudad)", target->name, release_software());
		return false;
	}
	clnt_geterr(clnt, &err);
	if (st == RPC_AUTHERROR && err.re_why == AUTH_TOOWEAK) {
		/* What a --tls server answers a plain client (starttls.h). */
		oncuda_say("oncudad on %s requires TLS (oncudad --tls) and this "
		    "client talks in clear: set ONCUDA_KEY_FILE to a copy of "
		    "its key, or ONCUDA_TLS_CA to the CA of its certificate "
		    "(and leave ONCUDA_TLS unset or 1)", target->name);
		return false;
	}
	if (st != RPC_SUCCESS && xprt_tls_error(clnt) != NULL) {
		oncuda_say("oncudad on %s: TLS failed after the handshake (%s): "
		    "a record that is not the server's, or its refusal of this "
		    "client's certificate; its log says why", target->name,
		    xprt_tls_error(clnt));
		return false;
	}
	if (st != RPC_SUCCESS && xprt_in_tls(clnt)) {
		/* TLS 1.3 ends the client's handshake before the server has
		 * judged its certificate: a refusal shows here. */
		describe_call_error(clnt, st, target, why, sizeof(why));
		oncuda_say("oncudad on %s ended the TLS connection after the "
		    "handshake (%s): it refused this client's certificate "
		    "(a server with --tls-ca needs ONCUDA_TLS_CERT and "
		    "ONCUDA_TLS_KEY), or the connection broke; its log says why",
		    target->name, why);
		return false;
	}
	if (st != RPC_SUCCESS) {
		describe_call_error(clnt, st, target, why, sizeof(why));
		oncuda_say("oncudad on %s broke off at the first call (%s); its "
		    "log says why", target->name, why);
		return false;
	}
	if (r.err == CUDA_SUCCESS && r.revision == ONCUDA_WIRE_REVISION)
		ok = true;
	else if (r.revision != ONCUDA_WIRE_REVISION)
		oncuda_say("oncudad on %s speaks protocol revision %08x (oncuda "
		    "%.64s), this library %08x (oncuda %s): the client and the "
		    "server must come from the same oncuda release; upgrade the "
		    "older one", target->name, r.revision,
		    r.software != NULL ? r.software : "?",
		    ONCUDA_WIRE_REVISION, release_software());
	else
		oncuda_say("oncudad on %s refused the first call (CUresult %d); "
		    "its log says why", target->name, r.err);
	xdr_free((xdrproc_t)xdr_res_hello, (char *)&r);
	return ok;
}
