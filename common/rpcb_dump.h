/*
 * rpcb_dump.h -- the rpcbind DUMP call and its answer as datagrams, for
 * discover.c, which sends them to many portmappers at once itself (see
 * discover.h for why not rpc_broadcast).
 */
#ifndef ONCUDA_RPCB_DUMP_H
#define ONCUDA_RPCB_DUMP_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rpc/rpc.h>
#include <rpc/rpcb_prot.h>

/* An rpcbind (version 3) DUMP call with xid into buf; its length, 0 on failure. */
size_t rpcb_dump_encode(char *buf, size_t size, uint32_t xid);

/* The registrations in a datagram answering xid (free them with
 * xdr_free(xdr_rpcblist_ptr)); false, with *list NULL, for anything else. */
bool rpcb_dump_decode(char *buf, size_t len, uint32_t xid, rpcblist_ptr *list);

/* A universal address "h1.h2.h3.h4.p1.p2" (RFC 5665) as a sockaddr_in. */
bool rpcb_uaddr_parse(const char *uaddr, struct sockaddr_in *out);

#endif
