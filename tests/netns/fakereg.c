/*
 * tests/netns/fakereg.c -- registers a program with the local rpcbind and
 * exits, leaving the entry behind: a server of another protocol version
 * for oncuda-ls to find, without a server.
 *
 *   fakereg PROGRAM VERSION UADDR     (UADDR: h1.h2.h3.h4.p1.p2, TCP)
 *
 * Run it only where rpcbind is a test's own (tests/netns/check.sh runs it
 * in a namespace with its own rpcbind).
 */
#include <netconfig.h>
#include <stdio.h>
#include <stdlib.h>

#include <rpc/rpc.h>
#include <rpc/rpcb_clnt.h>

int main(int argc, char **argv)
{
	struct netconfig *tcp;
	struct netbuf *addr;

	if (argc != 4) {
		fprintf(stderr, "usage: fakereg PROGRAM VERSION UADDR\n");
		return 2;
	}
	if ((tcp = getnetconfigent("tcp")) == NULL ||
	    (addr = uaddr2taddr(tcp, argv[3])) == NULL) {
		fprintf(stderr, "fakereg: '%s' is not a TCP universal address\n", argv[3]);
		return 2;
	}
	if (!rpcb_set(strtoul(argv[1], NULL, 0), strtoul(argv[2], NULL, 0), tcp, addr)) {
		fprintf(stderr, "fakereg: rpcbind refused the registration (is it running?)\n");
		return 1;
	}
	return 0;
}
