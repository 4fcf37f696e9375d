/*
 * discover.h -- finding oncudad servers and asking each who it is.
 *
 * Used by oncuda-ls (tools/oncuda-ls.c) and by the client library when
 * ONCUDA_SERVER names several servers or "*".  No globals, no printing:
 * every finding, good or bad, is a struct discover_result in a list, and
 * the caller decides what to say.
 *
 * How servers are found.  Every ONC RPC host runs a portmapper (rpcbind)
 * on port 111, and oncudad registers there as program ONCUDA_PROG, version
 * ONCUDA_VERSION, over TCP.  discover_broadcast() sends one rpcbind DUMP
 * request (version 3: it gives each registration's address, not only its
 * port) to UDP port 111 at the broadcast address of every broadcast-capable
 * interface, and to 127.0.0.1, and collects the answers for timeout_ms.
 * rpc_broadcast(3) is not used: it goes through rpcbind's CALLIT, which
 * reaches only UDP registrations (oncudad has none) and drops version
 * mismatches without a word, where oncuda-ls must report them.  Each host
 * whose list holds ONCUDA_PROG is then asked over TCP, at the registered
 * address, for ONCUDA_DESCRIBE_SERVER, which the server answers before any
 * key is proved.  discover_host() does the same for one named host, or,
 * given host:port, asks that address directly: how a server started with
 * -n (not registered), or the second of two servers on one machine, is
 * found, since rpcbind holds one address per program and version.
 *
 * Addresses are IPv4, as oncudad's are.
 */
#ifndef ONCUDA_DISCOVER_H
#define ONCUDA_DISCOVER_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>

#include "gen/cuda_names.h"

#define DISCOVER_TEXT_MAX 256

enum discover_state {
	/* It answered ONCUDA_DESCRIBE_SERVER: description holds the answer. */
	DISCOVER_SERVER,
	/* It is oncuda's program, but speaks another version (version). */
	DISCOVER_MISMATCH,
	/* Named or registered, but it could not be asked: why says. */
	DISCOVER_FAILED,
};

struct discover_result {
	enum discover_state state;
	/* The host as named, or the address whose portmapper answered. */
	char name[DISCOVER_TEXT_MAX];
	/* Where the server listens; sin_port 0 when not known. */
	struct sockaddr_in addr;
	/* DISCOVER_MISMATCH: the lowest version it speaks (a CUDA version). */
	unsigned version;
	/* DISCOVER_MISMATCH and DISCOVER_FAILED: what happened, in words
	 * that fit after "NAME: ". */
	char why[DISCOVER_TEXT_MAX];
	/* DISCOVER_SERVER: the answer, owned by the list. */
	server_description description;
};

struct discover_list {
	struct discover_result *results;
	size_t count;
};

/*
 * Broadcasts for servers for timeout_ms, then describes each found (each
 * connection bounded by timeout_ms too, each answer by at least 10 s: a
 * server may initialise its driver to answer), appending a result per
 * registration of ONCUDA_PROG: servers, mismatches, and servers that
 * could not be asked.  Hosts that answer without ONCUDA_PROG add nothing.
 * One host reached over several interfaces, or both by broadcast and as
 * 127.0.0.1, counts once.  False, with why, only when no request could be
 * sent or memory ran out; finding nothing is not an error.
 */
bool discover_broadcast(struct discover_list *list, unsigned timeout_ms,
    char *why, size_t why_len);

/*
 * Asks the host spec names -- "host" (through its portmapper) or
 * "host:port" (directly) -- and appends what it finds, at least one result
 * (a DISCOVER_FAILED one saying why when nothing answers).  False only
 * when memory ran out.
 */
bool discover_host(struct discover_list *list, const char *spec,
    unsigned timeout_ms);

/* Frees every result and empties the list. */
void discover_list_free(struct discover_list *list);

#endif
