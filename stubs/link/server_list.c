/*
 * server_list.c -- the servers ONCUDA_SERVER names (server_list.h).
 *
 * The one place where the list is expanded: "host1,host2:port" by
 * server_list_parse (rpcaddr.c), "*" by a broadcast to the portmappers of
 * the local networks (discover.h), which finds every registered oncudad.
 * The servers found are used in the order of their addresses, so that the
 * device numbers stay the same from one run to the next as long as the
 * same servers answer.  A server that answered with another protocol
 * version, or could not be asked, is named on stderr and left out: it
 * would fail every call anyway.
 */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "common/discover.h"
#include "stubs/link/say.h"
#include "stubs/link/server_list.h"

/* How long the broadcast waits for portmappers to answer. */
#define DISCOVER_WAIT_MS 1000

static int by_address(const void *a, const void *b)
{
	const struct server_address *x = a, *y = b;
	struct in_addr ax, ay;
	int order;

	if (inet_pton(AF_INET, x->host, &ax) == 1 &&
	    inet_pton(AF_INET, y->host, &ay) == 1 &&
	    (order = (ntohl(ax.s_addr) > ntohl(ay.s_addr)) -
	    (ntohl(ax.s_addr) < ntohl(ay.s_addr))) != 0)
		return order;
	return (x->port > y->port) - (x->port < y->port);
}

static const char *discover_all(struct server_address *out, unsigned max,
    unsigned *count)
{
	static char why[DISCOVER_TEXT_MAX];
	struct discover_list list = { NULL, 0 };

	*count = 0;
	if (!discover_broadcast(&list, DISCOVER_WAIT_MS, why, sizeof(why)))
		return why;
	for (size_t i = 0; i < list.count; i++) {
		const struct discover_result *r = &list.results[i];

		if (r->state == DISCOVER_MISMATCH)
			oncuda_say("ONCUDA_SERVER=*: leaving out the oncudad on "
			    "%s: it speaks protocol version %u, this library "
			    "%u; use client and server of one release", r->name,
			    r->version, (unsigned)ONCUDA_VERSION);
		else if (r->state == DISCOVER_FAILED)
			oncuda_say("ONCUDA_SERVER=*: leaving out the oncudad on "
			    "%s: %s", r->name, r->why);
		if (r->state != DISCOVER_SERVER || *count == max)
			continue;
		inet_ntop(AF_INET, &r->addr.sin_addr, out[*count].host,
		    sizeof(out[*count].host));
		out[*count].port = ntohs(r->addr.sin_port);
		++*count;
	}
	discover_list_free(&list);
	if (*count == 0)
		return "the broadcast found no oncudad on the local networks "
		    "(oncuda-ls shows what answers); name the servers instead, "
		    "host1,host2:port";
	qsort(out, *count, sizeof(*out), by_address);
	return NULL;
}

const char *server_list_from_environment(struct server_address *out,
    unsigned max, unsigned *count, bool *discovered)
{
	const char *spec = getenv("ONCUDA_SERVER");

	*discovered = spec != NULL && strcmp(spec, "*") == 0;
	if (*discovered)
		return discover_all(out, max, count);
	return server_list_parse(spec, out, max, count);
}
