/*
 * discover.c -- finding oncudad servers through the portmappers (see
 * discover.h for what and why; discover_ask.c asks each one found).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <rpc/rpc.h>

#include "common/discover.h"
#include "common/discover_ask.h"
#include "common/rpcb_dump.h"
#include "common/rpcaddr.h"

#define PORTMAPPER_PORT 111
#define DATAGRAM_MAX 65536
#define TARGETS_MAX 64		/* broadcast addresses asked at once */

/* The portmappers asked, and which have answered. */
struct askers {
	struct sockaddr_in addr[TARGETS_MAX];
	bool answered[TARGETS_MAX];
	size_t count;
};

static struct discover_result *append(struct discover_list *list)
{
	struct discover_result *grown = realloc(list->results,
	    (list->count + 1) * sizeof *grown);

	if (grown == NULL)
		return NULL;
	list->results = grown;
	memset(&grown[list->count], 0, sizeof grown[0]);
	return &grown[list->count++];
}

void discover_list_free(struct discover_list *list)
{
	for (size_t i = 0; i < list->count; i++)
		xdr_free((xdrproc_t)xdr_server_description,
		    (char *)&list->results[i].description);
	free(list->results);
	list->results = NULL;
	list->count = 0;
}

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static bool is_loopback(struct in_addr a)
{
	return (ntohl(a.s_addr) >> 24) == 127;
}

/*
 * Appends one result per oncuda registration of the portmapper at host:
 * a server to ask for each TCP address of our version, a mismatch for each
 * other version.  Where the server listens on every address (0.0.0.0) it
 * is reached at the address the portmapper answered from.
 */
static bool add_registrations(struct discover_list *list, struct in_addr host,
    const char *name, const rpcblist *entries)
{
	for (const rpcblist *e = entries; e != NULL; e = e->rpcb_next) {
		const RPCB *m = &e->rpcb_map;
		struct discover_result *r;
		struct sockaddr_in at;

		if (m->r_prog != ONCUDA_PROG || m->r_netid == NULL ||
		    strcmp(m->r_netid, "tcp") != 0 || !rpcb_uaddr_parse(m->r_addr, &at))
			continue;
		if ((r = append(list)) == NULL)
			return false;
		snprintf(r->name, sizeof r->name, "%s", name);
		if (at.sin_addr.s_addr == htonl(INADDR_ANY))
			at.sin_addr = host;
		r->addr = at;
		if (m->r_vers != ONCUDA_VERSION) {
			r->state = DISCOVER_MISMATCH;
			r->version = (unsigned)m->r_vers;
			snprintf(r->why, sizeof r->why, "speaks CUDA %u; this oncuda speaks %u",
			    (unsigned)m->r_vers, (unsigned)ONCUDA_VERSION);
		} else if (is_loopback(at.sin_addr) && !is_loopback(host)) {
			r->state = DISCOVER_FAILED;
			snprintf(r->why, sizeof r->why, "oncudad there listens on %s only, "
			    "which no other machine reaches (start it with -l 0.0.0.0)",
			    m->r_addr);
		} else {
			r->state = DISCOVER_SERVER;	/* to be asked */
		}
	}
	return true;
}

/* Our own IPv4 addresses answer as 127.0.0.1, so a host counts once. */
static struct in_addr canonical_host(struct in_addr from, const struct ifaddrs *ifs)
{
	for (const struct ifaddrs *i = ifs; i != NULL; i = i->ifa_next)
		if (i->ifa_addr != NULL && i->ifa_addr->sa_family == AF_INET &&
		    ((const struct sockaddr_in *)(const void *)i->ifa_addr)->sin_addr.s_addr ==
		    from.s_addr)
			return (struct in_addr){ htonl(INADDR_LOOPBACK) };
	return from;
}

/* The hosts whose portmapper has answered, so that each counts once. */
struct hosts_seen {
	struct in_addr *addr;
	size_t count;
};

/* Whether host is new to seen (then added); -1 when memory ran out. */
static int first_answer(struct hosts_seen *seen, struct in_addr host)
{
	struct in_addr *grown;

	for (size_t i = 0; i < seen->count; i++)
		if (seen->addr[i].s_addr == host.s_addr)
			return 0;
	if ((grown = realloc(seen->addr, (seen->count + 1) * sizeof *grown)) == NULL)
		return -1;
	seen->addr = grown;
	seen->addr[seen->count++] = host;
	return 1;
}

/* One reply, from: marks its target answered; adds its host's registrations
 * if the host is new.  False when memory ran out. */
static bool take_reply(struct discover_list *list, struct askers *askers,
    struct hosts_seen *seen, const struct ifaddrs *ifs,
    struct sockaddr_in from, const rpcblist *entries)
{
	struct in_addr host = canonical_host(from.sin_addr, ifs);
	char name[INET_ADDRSTRLEN];
	int first;

	for (size_t i = 0; i < askers->count; i++)
		if (askers->addr[i].sin_addr.s_addr == from.sin_addr.s_addr)
			askers->answered[i] = true;
	if ((first = first_answer(seen, host)) <= 0)
		return first == 0;
	inet_ntop(AF_INET, &host, name, sizeof name);
	return add_registrations(list, host, name, entries);
}

static bool all_answered(const struct askers *askers)
{
	for (size_t i = 0; i < askers->count; i++)
		if (!askers->answered[i])
			return false;
	return true;
}

/*
 * Sends the DUMP call to every target, then takes replies until timeout_ms
 * passes (or, when stop_when_all, every target has answered), adding the
 * registrations of each host once.  Which targets answered is in askers.
 */
static bool ask_portmappers(struct discover_list *list, struct askers *askers,
    bool stop_when_all, unsigned timeout_ms, char *why, size_t why_len)
{
	static const int on = 1;
	struct hosts_seen seen = { NULL, 0 };
	struct ifaddrs *ifs = NULL;
	long long deadline = now_ms() + timeout_ms;
	uint32_t xid = (uint32_t)getpid() << 16 ^ (uint32_t)now_ms();
	size_t call_len, sent = 0;
	bool ok = true;
	char *buf;
	int fd;

	if ((buf = malloc(DATAGRAM_MAX)) == NULL) {
		snprintf(why, why_len, "out of memory");
		return false;
	}
	if ((fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &on, sizeof on) < 0) {
		snprintf(why, why_len, "cannot open a UDP socket: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		free(buf);
		return false;
	}
	getifaddrs(&ifs);
	call_len = rpcb_dump_encode(buf, DATAGRAM_MAX, xid);
	for (size_t i = 0; i < askers->count; i++)
		if (sendto(fd, buf, call_len, 0, (struct sockaddr *)&askers->addr[i],
		    sizeof askers->addr[i]) == (ssize_t)call_len)
			sent++;
	if (sent == 0) {
		snprintf(why, why_len, "cannot send to any portmapper: %s", strerror(errno));
		ok = false;
	}
	while (ok && !(stop_when_all && all_answered(askers))) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		long long left = deadline - now_ms();
		struct sockaddr_in from;
		socklen_t from_len = sizeof from;
		rpcblist_ptr entries;
		ssize_t n;
		int ready;

		if (left <= 0)
			break;
		if ((ready = poll(&pfd, 1, (int)left)) < 0 && errno == EINTR)
			continue;
		if (ready <= 0)
			break;
		n = recvfrom(fd, buf, DATAGRAM_MAX, 0, (struct sockaddr *)&from, &from_len);
		if (n <= 0 || !rpcb_dump_decode(buf, (size_t)n, xid, &entries))
			continue;
		if (!take_reply(list, askers, &seen, ifs, from, entries)) {
			snprintf(why, why_len, "out of memory");
			ok = false;
		}
		xdr_free((xdrproc_t)xdr_rpcblist_ptr, (char *)&entries);
	}
	if (ifs != NULL)
		freeifaddrs(ifs);
	free(seen.addr);
	close(fd);
	free(buf);
	return ok;
}

/* Asks every result from index first on that is still to be asked. */
static void ask_found(struct discover_list *list, size_t first, unsigned timeout_ms)
{
	for (size_t i = first; i < list->count; i++)
		if (list->results[i].state == DISCOVER_SERVER &&
		    list->results[i].description.host == NULL)
			discover_ask(&list->results[i], timeout_ms);
}

/* Whether a and b describe the same server: host name, port and devices. */
static bool same_server(const struct discover_result *a, const struct discover_result *b)
{
	const server_description *x = &a->description, *y = &b->description;

	if (a->state != DISCOVER_SERVER || b->state != DISCOVER_SERVER ||
	    a->addr.sin_port != b->addr.sin_port || strcmp(x->host, y->host) != 0 ||
	    x->devices.devices_len != y->devices.devices_len)
		return false;
	for (u_int i = 0; i < x->devices.devices_len; i++)
		if (memcmp(x->devices.devices_val[i].uuid, y->devices.devices_val[i].uuid,
		    sizeof x->devices.devices_val[i].uuid) != 0)
			return false;
	return true;
}

/* A server reached at two addresses (two interfaces) is listed once. */
static void drop_duplicates(struct discover_list *list, size_t first)
{
	for (size_t i = first; i < list->count; i++) {
		const struct discover_result *a = &list->results[i];

		for (size_t j = first; j < i; j++) {
			if (!same_server(a, &list->results[j]))
				continue;
			xdr_free((xdrproc_t)xdr_server_description,
			    (char *)&list->results[i].description);
			list->results[i] = list->results[--list->count];
			i--;
			break;
		}
	}
}

bool discover_broadcast(struct discover_list *list, unsigned timeout_ms,
    char *why, size_t why_len)
{
	struct askers askers;
	struct ifaddrs *ifs;
	size_t first = list->count;

	memset(&askers, 0, sizeof askers);
	askers.addr[0].sin_family = AF_INET;
	askers.addr[0].sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	askers.count = 1;
	if (getifaddrs(&ifs) == 0) {
		for (const struct ifaddrs *i = ifs; i != NULL; i = i->ifa_next) {
			if (i->ifa_broadaddr == NULL || i->ifa_addr == NULL ||
			    i->ifa_addr->sa_family != AF_INET ||
			    !(i->ifa_flags & IFF_BROADCAST) || !(i->ifa_flags & IFF_UP) ||
			    askers.count == TARGETS_MAX)
				continue;
			memcpy(&askers.addr[askers.count], i->ifa_broadaddr,
			    sizeof askers.addr[0]);
			askers.count++;
		}
		freeifaddrs(ifs);
	}
	for (size_t i = 0; i < askers.count; i++)
		askers.addr[i].sin_port = htons(PORTMAPPER_PORT);
	if (!ask_portmappers(list, &askers, false, timeout_ms, why, why_len))
		return false;
	ask_found(list, first, timeout_ms);
	drop_duplicates(list, first);
	return true;
}

/* Resolves host to an IPv4 address; NULL, or what went wrong. */
static const char *resolve(const char *host, struct in_addr *out)
{
	struct addrinfo hints, *found;
	int rc;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_INET;
	hints.ai_socktype = SOCK_STREAM;
	if ((rc = getaddrinfo(host, NULL, &hints, &found)) != 0)
		return gai_strerror(rc);
	*out = ((const struct sockaddr_in *)(const void *)found->ai_addr)->sin_addr;
	freeaddrinfo(found);
	return NULL;
}

bool discover_host(struct discover_list *list, const char *spec, unsigned timeout_ms)
{
	struct server_address where;
	struct discover_result *r;
	struct askers askers;
	size_t first = list->count;
	const char *problem;
	char why[DISCOVER_TEXT_MAX];
	struct in_addr host = { 0 };

	if ((problem = server_address_parse(spec, &where)) == NULL)
		problem = resolve(where.host, &host);
	if (problem != NULL || where.port != 0) {
		if ((r = append(list)) == NULL)
			return false;
		snprintf(r->name, sizeof r->name, "%s", spec);
		if (problem != NULL) {
			r->state = DISCOVER_FAILED;
			snprintf(r->why, sizeof r->why, "cannot find %.160s: %s",
			    where.host, problem);
			return true;
		}
		r->addr.sin_family = AF_INET;
		r->addr.sin_addr = host;
		r->addr.sin_port = htons((uint16_t)where.port);
		discover_ask(r, timeout_ms);
		return true;
	}

	memset(&askers, 0, sizeof askers);
	askers.addr[0].sin_family = AF_INET;
	askers.addr[0].sin_addr = host;
	askers.addr[0].sin_port = htons(PORTMAPPER_PORT);
	askers.count = 1;
	why[0] = '\0';
	if (!ask_portmappers(list, &askers, true, timeout_ms, why, sizeof why) &&
	    strcmp(why, "out of memory") == 0)
		return false;
	for (size_t i = first; i < list->count; i++)
		snprintf(list->results[i].name, sizeof list->results[i].name, "%s", spec);
	if (list->count == first) {
		if ((r = append(list)) == NULL)
			return false;
		snprintf(r->name, sizeof r->name, "%s", spec);
		r->state = DISCOVER_FAILED;
		r->addr.sin_family = AF_INET;
		r->addr.sin_addr = host;
		if (why[0] != '\0')
			snprintf(r->why, sizeof r->why, "%s", why);
		else if (!askers.answered[0])
			snprintf(r->why, sizeof r->why, "no portmapper answered on UDP port "
			    "111 within %u ms (is rpcbind running there?)", timeout_ms);
		else
			snprintf(r->why, sizeof r->why, "its portmapper has no oncudad "
			    "registered; name HOST:PORT for one started with -n");
	}
	ask_found(list, first, timeout_ms);
	return true;
}
