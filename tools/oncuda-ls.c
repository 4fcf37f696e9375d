/*
 * tools/oncuda-ls.c -- lists the oncudad servers on the local network, or
 * on the hosts named, with their GPUs (common/discover.h finds them).
 *
 *   oncuda-ls [-v [--key-file F]] [--json] [--timeout MS] [host | host:port ...]
 *
 * With -v, each server's sessions and GPU figures too (ls_sessions.h), and
 * how oncuda-ls's connection to it is protected (ls_connection.h).
 * Exits 0 when it found at least one server it could describe (and, with
 * -v, listed the sessions of every server it found), 1 when not, 2 on a
 * usage error.
 */
#include <arpa/inet.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/discover.h"
#include "tools/json_text.h"
#include "tools/ls_sessions.h"

#define DEFAULT_TIMEOUT_MS 1000

static const char usage_text[] =
"Usage: oncuda-ls [-v [--key-file FILE]] [--json] [--timeout MS]\n"
"                 [HOST | HOST:PORT ...]\n"
"Lists oncudad servers and their GPUs.  Without HOST, finds every server on\n"
"the local networks by a broadcast to the portmappers (UDP port 111) and asks\n"
"the local one; with HOST, asks that host's portmapper; with HOST:PORT, asks\n"
"the server at that port directly (one started with -n, or a second oncudad\n"
"on one machine).  Servers of another protocol version are listed with the\n"
"version they speak; hosts that cannot be asked, with the reason.\n"
"\n"
"  -v, --verbose      also each server's sessions: client (address, or uid\n"
"                     and pid on the unix socket), whether it proved the\n"
"                     key, since when, device and page-locked memory held,\n"
"                     contexts, calls and bytes each way; and its GPUs'\n"
"                     utilization and memory from NVML (\"no NVML\" where\n"
"                     the server has none).  Never data or handles.  And\n"
"                     how oncuda-ls's own connection to it is protected:\n"
"                     inside TLS where the server offers it and oncuda-ls\n"
"                     has a key or ONCUDA_TLS_CA (ONCUDA_TLS as for a\n"
"                     client), the TLS version and suite, and whether the\n"
"                     kernel does the TLS each way (kTLS), and why not\n"
"  -k, --key-file FILE  prove this key to list sessions of a server started\n"
"                     with --key-file, as a client does (default:\n"
"                     ONCUDA_KEY_FILE), inside TLS as its PSK where the\n"
"                     server offers TLS; such a server lists them to no\n"
"                     one else\n"
"  -j, --json         one JSON object on stdout, for scripts\n"
"  -t, --timeout MS   how long to wait for answers to the broadcast, and for\n"
"                     each connection (default 1000); a server's description\n"
"                     is waited for this long or 10 s, whichever is longer\n"
"  -h, --help         show this help\n"
"\n"
"Exit status: 0 when a server was found (with -v: and its sessions listed),\n"
"1 when none was, 2 on bad usage.\n";

/* -v: the sessions of each result, by its index. */
struct listing {
	bool ok;
	session_list list;
	struct ls_protection how;	/* of oncuda-ls's own connection */
	char why[256];
};

static void format_uuid(const char *bytes, char *text, size_t size)
{
	const unsigned char *b = (const unsigned char *)bytes;

	snprintf(text, size, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
	    "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5],
	    b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
}

static void format_address(const struct discover_result *r, char *text, size_t size)
{
	char host[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, &r->addr.sin_addr, host, sizeof host);
	if (r->addr.sin_port != 0)
		snprintf(text, size, "%s:%u", host, ntohs(r->addr.sin_port));
	else
		snprintf(text, size, "%s", r->addr.sin_family == AF_INET ? host : "-");
}

/* The problem of a result that is not a server, as the table says it. */
static void format_problem(const struct discover_result *r, char *text, size_t size)
{
	if (r->state == DISCOVER_MISMATCH)
		snprintf(text, size, "speaks CUDA %u, this oncuda-ls speaks %u",
		    r->version, (unsigned)ONCUDA_VERSION);
	else
		snprintf(text, size, "%s", r->why);
}

/* What a server says of TLS (server_description.tls), in a word. */
static const char *tls_word(unsigned tls)
{
	return tls == ONCUDA_TLS_REQUIRED ? "required" :
	    tls == ONCUDA_TLS_OFFERED ? "offered" : "no";
}

static void print_table(const struct discover_list *list,
    const struct listing *sessions)
{
	char address[64], problem[DISCOVER_TEXT_MAX + 64], uuid[48];

	printf("%-20s %-22s %-14s %-7s %-7s %-9s %s\n", "SERVER", "ADDRESS",
	    "ONCUDA", "DRIVER", "CLIENTS", "KEY", "TLS");
	for (size_t i = 0; i < list->count; i++) {
		const struct discover_result *r = &list->results[i];
		const server_description *d = &r->description;

		format_address(r, address, sizeof address);
		if (r->state != DISCOVER_SERVER) {
			format_problem(r, problem, sizeof problem);
			printf("%-20s %-22s %s: %s\n", r->name, address,
			    r->state == DISCOVER_MISMATCH ? "MISMATCH" : "UNREACHABLE",
			    problem);
			continue;
		}
		printf("%-20s %-22s %-14s %2d.%-4d %-7u %-9s %s\n", d->host,
		    address, d->software, d->driver_version / 1000,
		    d->driver_version % 1000 / 10, d->clients,
		    d->key_required ? "required" : "no", tls_word(d->tls));
		if (d->driver_status != 0)
			printf("    its driver fails: CUDA error %d%s\n", d->driver_status,
			    d->devices.devices_len > 0 ? " after the devices below" : "");
		for (u_int g = 0; g < d->devices.devices_len; g++) {
			const device_description *dev = &d->devices.devices_val[g];

			format_uuid(dev->uuid, uuid, sizeof uuid);
			printf("    %-3d %-28s %7.1f GiB  cc %d.%d  %s  %s\n", dev->ordinal,
			    dev->name, (double)dev->total_memory / (1024.0 * 1024 * 1024),
			    dev->cc_major, dev->cc_minor, dev->pci_bus_id, uuid);
		}
		if (sessions != NULL && sessions[i].how.text[0] != '\0')
			printf("    TLS: %s\n", sessions[i].how.text);
		if (sessions != NULL && sessions[i].ok)
			sessions_print_table(&sessions[i].list);
		else if (sessions != NULL)
			printf("    sessions: %s\n", sessions[i].why);
	}
}

static void json_server(const server_description *d)
{
	char uuid[48];

	printf(", \"host\": ");
	json_string(d->host);
	printf(", \"oncuda\": ");
	json_string(d->software);
	printf(", \"driver_version\": %d, \"driver_status\": %d, \"clients\": %u, "
	    "\"key_required\": %s, \"tls\": \"%s\", \"devices\": [",
	    d->driver_version, d->driver_status, d->clients,
	    d->key_required ? "true" : "false", tls_word(d->tls));
	for (u_int g = 0; g < d->devices.devices_len; g++) {
		const device_description *dev = &d->devices.devices_val[g];

		format_uuid(dev->uuid, uuid, sizeof uuid);
		printf("%s\n      {\"ordinal\": %d, \"name\": ", g > 0 ? "," : "", dev->ordinal);
		json_string(dev->name);
		printf(", \"total_memory\": %llu, \"cc\": \"%d.%d\", \"pci_bus_id\": ",
		    (unsigned long long)dev->total_memory, dev->cc_major, dev->cc_minor);
		json_string(dev->pci_bus_id);
		printf(", \"uuid\": \"%s\"}", uuid);
	}
	printf("]");
}

/* , "connection": {...}: how oncuda-ls's own connection was protected. */
static void json_protection(const struct ls_protection *how)
{
	printf(", \"connection\": {\"tls\": %s, \"text\": ",
	    how->tls ? "true" : "false");
	json_string(how->text);
	printf(", \"ktls_send\": %s, \"ktls_receive\": %s, \"ktls_off\": ",
	    how->ktls_send ? "true" : "false",
	    how->ktls_receive ? "true" : "false");
	json_string(how->ktls_off);
	printf("}");
}

static void print_json(const struct discover_list *list,
    const struct listing *sessions)
{
	static const char *const state_names[] = {
		[DISCOVER_SERVER] = "server",
		[DISCOVER_MISMATCH] = "mismatch",
		[DISCOVER_FAILED] = "unreachable",
	};
	char address[64], problem[DISCOVER_TEXT_MAX + 64];

	printf("{\"protocol_version\": %u, \"servers\": [", (unsigned)ONCUDA_VERSION);
	for (size_t i = 0; i < list->count; i++) {
		const struct discover_result *r = &list->results[i];

		format_address(r, address, sizeof address);
		printf("%s\n    {\"name\": ", i > 0 ? "," : "");
		json_string(r->name);
		printf(", \"address\": ");
		json_string(address);
		printf(", \"state\": \"%s\"", state_names[r->state]);
		if (r->state == DISCOVER_SERVER) {
			json_server(&r->description);
			if (sessions != NULL && sessions[i].how.text[0] != '\0')
				json_protection(&sessions[i].how);
			if (sessions != NULL && sessions[i].ok) {
				sessions_print_json(&sessions[i].list);
			} else if (sessions != NULL) {
				printf(", \"sessions_error\": ");
				json_string(sessions[i].why);
			}
		} else {
			if (r->state == DISCOVER_MISMATCH)
				printf(", \"version\": %u", r->version);
			format_problem(r, problem, sizeof problem);
			printf(", \"why\": ");
			json_string(problem);
		}
		printf("}");
	}
	printf("\n]}\n");
}

static unsigned parse_timeout(const char *text)
{
	char *end;
	unsigned long ms = strtoul(text, &end, 10);

	if (text[0] < '0' || text[0] > '9' || *end != '\0' || ms < 1 || ms > 600000) {
		fprintf(stderr, "oncuda-ls: --timeout '%s' is not a number of "
		    "milliseconds from 1 to 600000\n", text);
		exit(2);
	}
	return (unsigned)ms;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "key-file", required_argument, NULL, 'k' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct discover_list list = { NULL, 0 };
	unsigned timeout_ms = DEFAULT_TIMEOUT_MS;
	bool json = false, found = false, verbose = false, listed = true;
	const char *key_path = getenv("ONCUDA_KEY_FILE");
	struct listing *sessions = NULL;
	char why[DISCOVER_TEXT_MAX];
	int opt;

	while ((opt = getopt_long(argc, argv, "jvk:t:h", options, NULL)) != -1) {
		switch (opt) {
		case 'j':
			json = true;
			break;
		case 'v':
			verbose = true;
			break;
		case 'k':
			key_path = optarg;
			break;
		case 't':
			timeout_ms = parse_timeout(optarg);
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fprintf(stderr, "Try 'oncuda-ls --help' for the options.\n");
			return 2;
		}
	}
	if (optind == argc && !discover_broadcast(&list, timeout_ms, why, sizeof why))
		fprintf(stderr, "oncuda-ls: cannot look for servers: %s\n", why);
	for (int i = optind; i < argc; i++) {
		if (!discover_host(&list, argv[i], timeout_ms)) {
			fprintf(stderr, "oncuda-ls: out of memory asking %s\n", argv[i]);
			break;
		}
	}
	if (verbose && list.count > 0 &&
	    (sessions = calloc(list.count, sizeof *sessions)) == NULL) {
		fprintf(stderr, "oncuda-ls: out of memory\n");
		return 1;
	}
	for (size_t i = 0; verbose && i < list.count; i++) {
		if (list.results[i].state != DISCOVER_SERVER)
			continue;
		sessions[i].ok = sessions_ask(&list.results[i],
		    key_path != NULL && key_path[0] != '\0' ? key_path : NULL,
		    timeout_ms, &sessions[i].list, &sessions[i].how,
		    sessions[i].why, sizeof sessions[i].why);
		if (!sessions[i].ok) {
			listed = false;
			fprintf(stderr, "oncuda-ls: %s: cannot list its sessions: "
			    "%s\n", list.results[i].name, sessions[i].why);
		}
	}
	if (json)
		print_json(&list, sessions);
	else if (list.count > 0)
		print_table(&list, sessions);
	for (size_t i = 0; i < list.count; i++)
		found = found || list.results[i].state == DISCOVER_SERVER;
	if (!found && !json)
		fprintf(stderr, "oncuda-ls: no oncudad found%s\n", optind == argc ?
		    " (none answered the broadcast; name a host, or HOST:PORT for "
		    "a server started with -n)" : "");
	for (size_t i = 0; sessions != NULL && i < list.count; i++)
		if (sessions[i].ok)
			xdr_free((xdrproc_t)xdr_session_list,
			    (char *)&sessions[i].list);
	free(sessions);
	discover_list_free(&list);
	return found && listed ? 0 : 1;
}
