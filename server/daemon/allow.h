/*
 * server/daemon/allow.h -- oncudad --allow NET[,NET...]: the IPv4 networks whose
 * clients the daemon serves.  Connections from elsewhere are closed as
 * they are accepted, before a process is made for them.
 */
#ifndef ONCUDA_SERVER_ALLOW_H
#define ONCUDA_SERVER_ALLOW_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ALLOW_NETS_MAX 64

struct allow_net {
	uint32_t address;	/* host byte order, host bits zero */
	unsigned prefix;	/* 0 to 32 */
};

/* An empty list admits everyone: --allow was not given. */
struct allow_list {
	struct allow_net nets[ALLOW_NETS_MAX];
	size_t count;
};

/*
 * Adds the networks of text, "A.B.C.D/LEN" or "A.B.C.D" (a /32) separated
 * by commas, to list.  Refuses a network with bits set beyond its prefix
 * (10.1.0.0/8), which is more likely a mistake than meant.  false, with
 * in why what is wrong and what to write, on the first bad one; list is
 * then unchanged.
 */
bool allow_list_add(struct allow_list *list, const char *text, char *why,
    size_t why_len);

/* Whether addr is in one of the list's networks, or the list is empty. */
bool allow_list_admits(const struct allow_list *list, struct in_addr addr);

/*
 * Whether a client of the unix-domain socket is admitted: it is on this
 * host, so it is admitted as one from 127.0.0.1 would be.
 */
bool allow_list_admits_local(const struct allow_list *list);

/* "10.0.0.0/8, 192.168.1.0/24" into buf, cut to fit. */
void allow_list_format(const struct allow_list *list, char *buf, size_t len);

#endif
