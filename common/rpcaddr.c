/*
 * rpcaddr.c -- reading ONCUDA_SERVER and ONCUDA_TIMEOUT (see rpcaddr.h).
 */
#include <ctype.h>
#include <string.h>

#include "common/rpcaddr.h"

/* Decimal digits only, no sign or spaces, at most `max`; 0 when not. */
static unsigned long parse_decimal(const char *s, size_t len, unsigned long max)
{
	unsigned long value = 0;

	if (len == 0)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return 0;
		value = value * 10 + (unsigned long)(s[i] - '0');
		if (value > max)
			return 0;
	}
	return value;
}

static const char *set_host(struct server_address *out, const char *host,
    size_t len)
{
	if (len == 0) {
		host = SERVER_DEFAULT_HOST;
		len = strlen(host);
	}
	if (len >= sizeof(out->host))
		return "the host name is longer than 255 characters";
	for (size_t i = 0; i < len; i++)
		if (isspace((unsigned char)host[i]) || host[i] == '/')
			return "the host name has a space or a slash in it";
	memcpy(out->host, host, len);
	out->host[len] = '\0';
	return NULL;
}

static const char *set_port(struct server_address *out, const char *port)
{
	out->port = (unsigned)parse_decimal(port, strlen(port), 65535);
	if (out->port == 0)
		return "the port is not a number from 1 to 65535";
	return NULL;
}

const char *server_address_parse(const char *spec, struct server_address *out)
{
	const char *colon, *close;
	const char *why;

	out->port = 0;
	if (spec == NULL)
		spec = "";
	if (spec[0] == '[') {
		if ((close = strchr(spec, ']')) == NULL)
			return "'[' without ']' around an IPv6 address";
		if ((why = set_host(out, spec + 1, (size_t)(close - spec - 1))))
			return why;
		if (close[1] == '\0')
			return NULL;
		if (close[1] != ':')
			return "something other than :port after ']'";
		return set_port(out, close + 2);
	}
	colon = strchr(spec, ':');
	if (colon == NULL || strchr(colon + 1, ':') != NULL)
		return set_host(out, spec, strlen(spec));
	if ((why = set_host(out, spec, (size_t)(colon - spec))))
		return why;
	return set_port(out, colon + 1);
}

const char *timeout_parse(const char *spec, unsigned *seconds)
{
	unsigned long value;

	*seconds = TIMEOUT_DEFAULT_SECONDS;
	if (spec == NULL || spec[0] == '\0')
		return NULL;
	value = parse_decimal(spec, strlen(spec), TIMEOUT_MAX_SECONDS);
	if (value == 0)
		return "not a whole number of seconds from 1 to 86400";
	*seconds = (unsigned)value;
	return NULL;
}

const char *poll_parse(const char *spec, unsigned *micros)
{
	unsigned long value;

	*micros = POLL_DEFAULT_MICROS;
	if (spec == NULL || spec[0] == '\0')
		return NULL;
	value = parse_decimal(spec, strlen(spec), POLL_MAX_MICROS);
	if (value == 0 && strcmp(spec, "0") != 0)
		return "not a whole number of microseconds from 0 to 1000";
	*micros = (unsigned)value;
	return NULL;
}

const char *server_list_parse(const char *spec, struct server_address *out,
    unsigned max, unsigned *count)
{
	const char *start = spec == NULL ? "" : spec;
	const char *problem;
	char one[300];

	*count = 0;
	if (strchr(start, ',') == NULL) {
		if ((problem = server_address_parse(spec, &out[0])) == NULL)
			*count = 1;
		return problem;
	}
	for (;;) {
		const char *comma = strchr(start, ',');
		size_t len = comma == NULL ? strlen(start) : (size_t)(comma - start);

		if (len == 0)
			return "it has an empty name between commas";
		if (*count == max)
			return "it names more servers than oncuda can use at once";
		if (len >= sizeof(one))
			return "a server in it is longer than 299 characters";
		memcpy(one, start, len);
		one[len] = '\0';
		if ((problem = server_address_parse(one, &out[*count])) != NULL)
			return problem;
		++*count;
		if (comma == NULL)
			return NULL;
		start = comma + 1;
	}
}
