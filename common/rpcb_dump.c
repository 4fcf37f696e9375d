/*
 * rpcb_dump.c -- the rpcbind DUMP call and its answer as datagrams (see
 * rpcb_dump.h).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rpcb_dump.h"

size_t rpcb_dump_encode(char *buf, size_t size, uint32_t xid)
{
	struct rpc_msg call;
	size_t len = 0;
	XDR xdrs;

	memset(&call, 0, sizeof call);
	call.rm_xid = xid;
	call.rm_direction = CALL;
	call.rm_call.cb_rpcvers = RPC_MSG_VERSION;
	call.rm_call.cb_prog = RPCBPROG;
	call.rm_call.cb_vers = RPCBVERS;
	call.rm_call.cb_proc = RPCBPROC_DUMP;
	call.rm_call.cb_cred = _null_auth;
	call.rm_call.cb_verf = _null_auth;
	xdrmem_create(&xdrs, buf, (u_int)size, XDR_ENCODE);
	if (xdr_callmsg(&xdrs, &call))
		len = xdr_getpos(&xdrs);
	xdr_destroy(&xdrs);
	return len;
}

bool rpcb_dump_decode(char *buf, size_t len, uint32_t xid, rpcblist_ptr *list)
{
	struct rpc_msg reply;
	bool ok;
	XDR xdrs;

	*list = NULL;
	memset(&reply, 0, sizeof reply);
	reply.acpted_rply.ar_verf = _null_auth;
	reply.acpted_rply.ar_results.where = (caddr_t)list;
	reply.acpted_rply.ar_results.proc = (xdrproc_t)xdr_rpcblist_ptr;
	xdrmem_create(&xdrs, buf, (u_int)len, XDR_DECODE);
	ok = xdr_replymsg(&xdrs, &reply) && reply.rm_xid == xid &&
	    reply.rm_reply.rp_stat == MSG_ACCEPTED &&
	    reply.acpted_rply.ar_stat == SUCCESS;
	xdr_destroy(&xdrs);
	free(reply.acpted_rply.ar_verf.oa_base);
	if (!ok) {
		xdr_free((xdrproc_t)xdr_rpcblist_ptr, (char *)list);
		*list = NULL;
	}
	return ok;
}

bool rpcb_uaddr_parse(const char *uaddr, struct sockaddr_in *out)
{
	unsigned h[4], p[2];
	char tail;

	if (uaddr == NULL || sscanf(uaddr, "%u.%u.%u.%u.%u.%u%c", &h[0], &h[1],
	    &h[2], &h[3], &p[0], &p[1], &tail) != 6)
		return false;
	for (int i = 0; i < 4; i++)
		if (h[i] > 255)
			return false;
	if (p[0] > 255 || p[1] > 255)
		return false;
	memset(out, 0, sizeof *out);
	out->sin_family = AF_INET;
	out->sin_addr.s_addr = htonl(h[0] << 24 | h[1] << 16 | h[2] << 8 | h[3]);
	out->sin_port = htons((uint16_t)(p[0] << 8 | p[1]));
	return true;
}

