/*
 * rpcaddr.h -- reading ONCUDA_SERVER, ONCUDA_TIMEOUT and ONCUDA_POLL_US
 * (and oncudad's --poll-us, which takes the same values).
 *
 * Pure functions, apart from the connection, so the unit tests can check
 * them (tests/unit/test_client_rpcaddr.c).
 */
#ifndef ONCUDA_RPCADDR_H
#define ONCUDA_RPCADDR_H

#define SERVER_DEFAULT_HOST "localhost"
#define TIMEOUT_DEFAULT_SECONDS 60
#define TIMEOUT_MAX_SECONDS 86400

struct server_address {
	char host[256];		/* a name or an address, IPv6 without brackets */
	unsigned port;		/* 0: ask rpcbind on host for the port */
};

/*
 * Parses ONCUDA_SERVER: "host" (port through rpcbind), "host:port",
 * "[v6addr]" or "[v6addr]:port"; an IPv6 address with several colons and
 * no brackets counts as a host.  NULL or "" means SERVER_DEFAULT_HOST, as
 * does an empty host before ":port".  Returns NULL, or what is wrong.
 */
const char *server_address_parse(const char *spec, struct server_address *out);

/*
 * Parses an ONCUDA_SERVER that names several servers, separated by commas
 * ("host1,host2:port"), each as server_address_parse reads one, into at
 * most max addresses.  A spec without a comma is exactly one address, as
 * server_address_parse reads it.  Returns NULL, or what is wrong with
 * the address at index *count (the ones before it were good).  "*"
 * (discovery) is not read here.
 */
const char *server_list_parse(const char *spec, struct server_address *out,
    unsigned max, unsigned *count);

/*
 * Parses ONCUDA_TIMEOUT: whole seconds, 1 to TIMEOUT_MAX_SECONDS; NULL or
 * "" means TIMEOUT_DEFAULT_SECONDS.  Returns NULL, or what is wrong (then
 * *seconds is the default).
 */
const char *timeout_parse(const char *spec, unsigned *seconds);

/*
 * Parses ONCUDA_POLL_US: how long, in microseconds, a thread waiting for a
 * reply polls for it before it sleeps (xprt.h), 0 to POLL_MAX_MICROS; NULL
 * or "" means POLL_DEFAULT_MICROS.  Returns NULL, or what is wrong (then
 * *micros is the default).
 */
#define POLL_DEFAULT_MICROS 50u
#define POLL_MAX_MICROS 1000u
const char *poll_parse(const char *spec, unsigned *micros);

#endif
