/*
 * skipauth: a client that does not authenticate, for tests/auth/check.sh.
 *
 *   skipauth PORT
 *
 * Connects to oncudad on 127.0.0.1:PORT and calls CU_INIT without the key
 * exchange, then the null procedure.  Prints one line for each, the RPC
 * status as libtirpc names it, e.g.
 *
 *   CU_INIT: RPC: Authentication error; why = Client credential too weak
 *   NULLPROC: RPC: Unable to receive; errno = Connection reset by peer
 *
 * A server with --key-file must refuse the first (AUTH_TOOWEAK) and then
 * have closed the session; exits 0 exactly when it did.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gen/cuda_names.h"
#include "gen/wire_revision.h"

static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

int main(int argc, char **argv)
{
	struct timeval timeout = { .tv_sec = 10 };
	struct sockaddr_in addr = { .sin_family = AF_INET };
	struct netbuf nb = { .maxlen = sizeof(addr), .len = sizeof(addr),
	    .buf = &addr };
	enum clnt_stat init_st, null_st;
	struct rpc_err err;
	hello_args mine = { ONCUDA_WIRE_REVISION, "skipauth" };
	res_hello hello_reply;
	res_none r;
	CLIENT *clnt;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: skipauth PORT\n");
		return 2;
	}
	addr.sin_port = htons((unsigned short)atoi(argv[1]));
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((fd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		perror("skipauth: connect");
		return 2;
	}
	clnt = clnt_vc_create(fd, &nb, ONCUDA_PROG, ONCUDA_VERSION, 0, 0);
	if (clnt == NULL) {
		fprintf(stderr, "skipauth: %s\n", clnt_spcreateerror("clnt_vc_create"));
		return 2;
	}
	clnt_control(clnt, CLSET_FD_CLOSE, NULL);
	clnt_control(clnt, CLSET_TIMEOUT, (char *)&timeout);

	/* The protocol revision first, as oncuda's client says it: what is
	 * skipped here is the key exchange alone. */
	memset(&hello_reply, 0, sizeof(hello_reply));
	if (oncuda_hello(mine, &hello_reply, clnt) != RPC_SUCCESS ||
	    hello_reply.err != 0) {
		fprintf(stderr, "skipauth: %s\n", clnt_sperror(clnt, "ONCUDA_HELLO"));
		return 2;
	}
	xdr_free((xdrproc_t)xdr_res_hello, (char *)&hello_reply);

	memset(&r, 0, sizeof(r));
	init_st = cu_init(0, &r, clnt);
	clnt_geterr(clnt, &err);
	printf("%s\n", clnt_sperror(clnt, "CU_INIT"));
	null_st = clnt_call(clnt, NULLPROC, xdr_nothing, NULL, xdr_nothing, NULL,
	    timeout);
	printf("%s\n", clnt_sperror(clnt, "NULLPROC"));
	clnt_destroy(clnt);
	return init_st == RPC_AUTHERROR && err.re_why == AUTH_TOOWEAK &&
	    null_st != RPC_SUCCESS ? 0 : 1;
}
