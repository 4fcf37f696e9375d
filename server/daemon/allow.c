/*
 * server/daemon/allow.c -- the networks of --allow (allow.h).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/daemon/allow.h"

static uint32_t prefix_mask(unsigned prefix)
{
	/* A shift by 32 is undefined: /0 is its own case. */
	return prefix == 0 ? 0 : ~(uint32_t)0 << (32 - prefix);
}

/* One network, item[0..len); false with why filled in. */
static bool parse_net(const char *item, size_t len, struct allow_net *net,
    char *why, size_t why_len)
{
	char text[INET_ADDRSTRLEN + 4], address[INET_ADDRSTRLEN];
	const char *slash;
	struct in_addr in;
	unsigned prefix = 32;
	size_t address_len;

	if (len == 0) {
		snprintf(why, why_len, "an empty network: separate networks "
		    "with single commas, as in 10.0.0.0/8,192.168.1.0/24");
		return false;
	}
	if (len >= sizeof(text)) {
		snprintf(why, why_len, "'%.*s' is not an IPv4 network: write "
		    "one as A.B.C.D/LEN, such as 10.0.0.0/8", (int)len, item);
		return false;
	}
	memcpy(text, item, len);
	text[len] = '\0';
	slash = strchr(text, '/');
	address_len = slash != NULL ? (size_t)(slash - text) : len;
	if (address_len < sizeof(address)) {
		memcpy(address, text, address_len);
		address[address_len] = '\0';
	}
	if (address_len >= sizeof(address) || inet_pton(AF_INET, address, &in) != 1) {
		snprintf(why, why_len, "'%s' is not an IPv4 network: write one "
		    "as A.B.C.D/LEN, such as 10.0.0.0/8", text);
		return false;
	}
	if (slash != NULL) {
		const char *digits = slash + 1;

		/* One or two digits, no sign, no spaces: strtoul is too lenient. */
		if (digits[0] < '0' || digits[0] > '9' ||
		    (digits[1] != '\0' && (digits[1] < '0' || digits[1] > '9' ||
		    digits[2] != '\0')) ||
		    (prefix = (unsigned)strtoul(digits, NULL, 10)) > 32) {
			snprintf(why, why_len, "'%s' has no prefix length from 0 "
			    "to 32 after the '/': write a network as "
			    "A.B.C.D/LEN, such as 10.0.0.0/8", text);
			return false;
		}
	}
	net->address = ntohl(in.s_addr);
	net->prefix = prefix;
	if ((net->address & ~prefix_mask(prefix)) != 0) {
		in.s_addr = htonl(net->address & prefix_mask(prefix));
		inet_ntop(AF_INET, &in, address, sizeof(address));
		snprintf(why, why_len, "'%s' has bits set beyond its /%u prefix: "
		    "did you mean %s/%u?", text, prefix, address, prefix);
		return false;
	}
	return true;
}

bool allow_list_add(struct allow_list *list, const char *text, char *why,
    size_t why_len)
{
	struct allow_list added = *list;
	const char *item = text, *comma;
	size_t len;

	for (;;) {
		comma = strchr(item, ',');
		len = comma != NULL ? (size_t)(comma - item) : strlen(item);
		if (added.count == ALLOW_NETS_MAX) {
			snprintf(why, why_len, "more than %d networks: join "
			    "neighbouring ones under a shorter prefix",
			    ALLOW_NETS_MAX);
			return false;
		}
		if (!parse_net(item, len, &added.nets[added.count], why, why_len))
			return false;
		added.count++;
		if (comma == NULL)
			break;
		item = comma + 1;
	}
	*list = added;
	return true;
}

bool allow_list_admits(const struct allow_list *list, struct in_addr addr)
{
	uint32_t host = ntohl(addr.s_addr);

	if (list->count == 0)
		return true;
	for (size_t i = 0; i < list->count; i++) {
		uint32_t mask = prefix_mask(list->nets[i].prefix);

		if ((host & mask) == list->nets[i].address)
			return true;
	}
	return false;
}

void allow_list_format(const struct allow_list *list, char *buf, size_t len)
{
	char address[INET_ADDRSTRLEN];
	struct in_addr in;
	size_t used = 0;
	int n;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (size_t i = 0; i < list->count && used < len; i++) {
		in.s_addr = htonl(list->nets[i].address);
		inet_ntop(AF_INET, &in, address, sizeof(address));
		n = snprintf(buf + used, len - used, "%s%s/%u", i > 0 ? ", " : "",
		    address, list->nets[i].prefix);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

bool allow_list_admits_local(const struct allow_list *list)
{
	struct in_addr loopback = { .s_addr = htonl(INADDR_LOOPBACK) };

	return allow_list_admits(list, loopback);
}
