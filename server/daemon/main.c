/*
 * server/daemon/main.c -- oncudad's command line.
 *
 * Everything after option parsing happens in daemon_run() (listen.c).
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/session/auth.h"
#include "server/session/calltrace.h"
#include "server/daemon/children.h"
#include "server/daemon/driver.h"
#include "server/daemon/listen.h"
#include "server/daemon/metrics.h"
#include "server/daemon/session_end.h"
#include "server/session/child.h"
#include "server/session/daemon_facts.h"
#include "server/session/ipc_registry.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/session_table.h"
#include "server/session/trace_file.h"
#include "common/release.h"
#include "common/rpcaddr.h"
#include "gen/wire_revision.h"
#include "server/daemon/tls_options.h"

#define USAGE_NUMBER_(n) #n
#define USAGE_NUMBER(n) USAGE_NUMBER_(n)
static const char usage_text[] =
"Usage: oncudad [options]\n"
"Serves the CUDA driver API over ONC RPC (program 739090432, version "
USAGE_NUMBER(ONCUDA_VERSION) ",\n"
"TCP) to programs using oncuda's libcuda.so.1.  Runs in the foreground and\n"
"logs to stderr.  Each client connection gets its own process.\n"
"\n"
"  -l, --listen ADDR      IPv4 address to listen on (default 127.0.0.1;\n"
"                         0.0.0.0 for all interfaces)\n"
"  -p, --port PORT        TCP port (default 0: any free port)\n"
"  -n, --no-rpcbind       do not register with rpcbind; clients then need\n"
"                         ONCUDA_SERVER=host:port\n"
"  -P, --port-file FILE   write the port number to FILE once listening\n"
"  -k, --key-file FILE    serve only clients that prove they hold the key in\n"
"                         FILE (32 or more random bytes, mode 600; clients\n"
"                         set ONCUDA_KEY_FILE to a copy): make one with\n"
"                         head -c 32 /dev/urandom > FILE; chmod 600 FILE\n"
"      --tls              require RPC-with-TLS (RFC 9289) of every TCP client:\n"
"                         a plain one is refused, the log says why.  Without\n"
"                         it TLS is offered whenever the server has a key or\n"
"                         a certificate, and plain clients are served too.\n"
"                         The key file is then also a TLS 1.3 pre-shared key.\n"
"                         The same-host socket stays plain (never leaves the\n"
"                         kernel)\n"
"      --tls-cert FILE    the server's certificate (PEM, chain allowed), for\n"
"                         clients that check it against ONCUDA_TLS_CA\n"
"      --tls-key FILE     its private key (PEM)\n"
"      --tls-ca FILE      require a client certificate signed by these CAs\n"
"                         (PEM) of a client without a key; its common name\n"
"                         is the client's identity\n"
"      --keys-file FILE   one key per tenant: lines of NAME KEYFILE; a\n"
"                         client proves the key of its ONCUDA_KEY_NAME as a\n"
"                         TLS pre-shared key, and NAME is its identity (log,\n"
"                         trace, IPC only within one identity); needs --tls\n"
"  -a, --allow NET[,NET]  serve only clients from these IPv4 networks\n"
"                         (A.B.C.D/LEN; may be repeated)\n"
"  -d, --devices LIST     offer only these GPUs (default: all), as\n"
"                         CUDA_VISIBLE_DEVICES names them: ordinals as the\n"
"                         driver numbers the machine's GPUs (nvidia-smi's\n"
"                         order with CUDA_DEVICE_ORDER=PCI_BUS_ID), or UUIDs\n"
"                         (GPU-...), separated by commas: 0,2.  Clients see\n"
"                         them numbered from 0.  It replaces any\n"
"                         CUDA_VISIBLE_DEVICES oncudad was started with;\n"
"                         without it, such a variable is honoured.\n"
"      --local-socket PATH unix-domain socket for clients on this host, which\n"
"                         then share page-locked memory with the server (default\n"
"                         /run/oncuda/oncudad-PORT.sock as root, else\n"
"                         /tmp/oncuda-UID/oncudad-PORT.sock; 'none': TCP only)\n"
"      --poll-us N        after each reply, look for the client's next\n"
"                         request for up to N microseconds before sleeping\n"
"                         (default 50; 0: sleep at once), while there are\n"
"                         fewer clients than CPUs: a call that follows at\n"
"                         once is served without a wakeup\n"
"      --request-timeout S once a request has begun to arrive, end the\n"
"                         session unless it is whole within S seconds; the\n"
"                         same bound for the client to take a reply (default\n"
"                         " USAGE_NUMBER(REQUEST_TIMEOUT_DEFAULT_SECONDS) "; 0: none).  The CUDA work between is not\n"
"                         bounded.  Before a client proves its key, its\n"
"                         grace time bounds it too\n"
"  -L, --log-level LEVEL  error | warn | info (default) | debug\n"
"  -t, --trace            log every call (level info): procedure, decoded\n"
"                         arguments and result, time; a summary per session\n"
"  -T, --trace-file FILE  append the same lines to FILE, for audit (data is\n"
"                         shown by size and CRC-32, never its bytes)\n"
"      --trace-file-max BYTES  when FILE would pass BYTES, it becomes FILE.1\n"
"                         (replacing the last one) and a new FILE begins\n"
"                         (default 256M, at least 64K)\n"
"      --max-clients N    sessions open at once, all clients together (default\n"
"                         " USAGE_NUMBER(MAX_CLIENTS_DEFAULT) "; 'none'); a connection past it is closed\n"
"                         at once and the log says why\n"
"      --max-clients-per-host N  the same cap for the clients of one\n"
"                         address (default none)\n"
"      --idle-timeout S   end a session that has held no context, memory\n"
"                         or other handle for S seconds (default 0: never)\n"
"      --metrics-file PATH  every " USAGE_NUMBER(METRICS_SECONDS) " s, write the sessions' and the GPUs'\n"
"                         figures (oncuda-ls -v's) and the totals of every\n"
"                         session, ended ones included, to PATH as Prometheus\n"
"                         text, for node_exporter's textfile collector\n"
"                         (written to PATH.tmp, then renamed)\n"
"      --max-memory BYTES device memory, page-locked host memory, the\n"
"                         shadows of mapped and managed memory and kept\n"
"                         module images one client may hold (default none:\n"
"                         the GPU's)\n"
"      --max-handles N    contexts, modules, streams, events... one client\n"
"                         may hold at once, and as many device allocations\n"
"                         (default 262144)\n"
"      --max-image BYTES  size of one module image (default 1G)\n"
"      --max-upload BYTES bytes of async uploads one client may have queued\n"
"                         on the server; past it they wait (default 1G)\n"
"                         BYTES: a number, with K, M, G or T (powers of\n"
"                         1024), or 'none'.  Past a limit a call fails with\n"
"                         CUDA_ERROR_OUT_OF_MEMORY and a warning is logged\n"
"  -v                     one level more verbose\n"
"  -V, --version          show oncudad's version and protocol, and exit\n"
"  -h, --help             show this help\n"
"\n"
"SIGTERM or SIGINT unregisters from rpcbind, ends the client processes and\n"
"exits.  Without -n, rpcbind must be running (rpcbind -w).  oncudad loads\n"
"NVIDIA's driver, libcuda.so.1, when it starts (LD_LIBRARY_PATH, then the\n"
"system's library directories), not to show this help or its version.\n";

/* Options without a letter: values past any character. */
enum {
	OPT_MAX_MEMORY = 256,
	OPT_MAX_HANDLES,
	OPT_MAX_IMAGE,
	OPT_MAX_UPLOAD,
	OPT_LOCAL_SOCKET,
	OPT_POLL_US,
	OPT_REQUEST_TIMEOUT,
	OPT_TRACE_FILE_MAX,
	OPT_MAX_CLIENTS,
	OPT_MAX_CLIENTS_PER_HOST,
	OPT_IDLE_TIMEOUT,
	OPT_METRICS_FILE,
	OPT_TLS,
	OPT_TLS_CERT,
	OPT_TLS_KEY,
	OPT_TLS_CA,
	OPT_KEYS_FILE,
};

static const struct option long_options[] = {
	{ "listen", required_argument, NULL, 'l' },
	{ "port", required_argument, NULL, 'p' },
	{ "no-rpcbind", no_argument, NULL, 'n' },
	{ "port-file", required_argument, NULL, 'P' },
	{ "key-file", required_argument, NULL, 'k' },
	{ "allow", required_argument, NULL, 'a' },
	{ "devices", required_argument, NULL, 'd' },
	{ "log-level", required_argument, NULL, 'L' },
	{ "trace", no_argument, NULL, 't' },
	{ "trace-file", required_argument, NULL, 'T' },
	{ "max-memory", required_argument, NULL, OPT_MAX_MEMORY },
	{ "max-handles", required_argument, NULL, OPT_MAX_HANDLES },
	{ "max-image", required_argument, NULL, OPT_MAX_IMAGE },
	{ "max-upload", required_argument, NULL, OPT_MAX_UPLOAD },
	{ "local-socket", required_argument, NULL, OPT_LOCAL_SOCKET },
	{ "poll-us", required_argument, NULL, OPT_POLL_US },
	{ "request-timeout", required_argument, NULL, OPT_REQUEST_TIMEOUT },
	{ "trace-file-max", required_argument, NULL, OPT_TRACE_FILE_MAX },
	{ "max-clients", required_argument, NULL, OPT_MAX_CLIENTS },
	{ "max-clients-per-host", required_argument, NULL,
	    OPT_MAX_CLIENTS_PER_HOST },
	{ "idle-timeout", required_argument, NULL, OPT_IDLE_TIMEOUT },
	{ "version", no_argument, NULL, 'V' },
	{ "metrics-file", required_argument, NULL, OPT_METRICS_FILE },
	{ "tls", no_argument, NULL, OPT_TLS },
	{ "tls-cert", required_argument, NULL, OPT_TLS_CERT },
	{ "tls-key", required_argument, NULL, OPT_TLS_KEY },
	{ "tls-ca", required_argument, NULL, OPT_TLS_CA },
	{ "keys-file", required_argument, NULL, OPT_KEYS_FILE },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "oncudad: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'oncudad --help' for the options.\n");
	exit(2);
}

static unsigned short parse_port(const char *text)
{
	char *end;
	unsigned long port;

	errno = 0;
	port = strtoul(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 || port > 65535)
		usage_error("'%s' is not a TCP port: give a number from 0 to 65535", text);
	return (unsigned short)port;
}

/*
 * --devices becomes CUDA_VISIBLE_DEVICES for the driver, which the client
 * processes initialise after the fork and read it then.  The driver quietly
 * stops at the first entry it does not know, so only the spelling is
 * checked here; the log says what the driver offers once a client asks.
 */
static void limit_devices(const char *list)
{
	const char *inherited = getenv("CUDA_VISIBLE_DEVICES");

	bool spelled_right = list[0] != '\0';

	for (const char *c = list; *c != '\0'; c++)
		if (!isalnum((unsigned char)*c) && strchr("-,/", *c) == NULL)
			spelled_right = false;
	if (!spelled_right)
		usage_error("--devices '%s' is not a device list: give ordinals or UUIDs "
		    "separated by commas, such as 0,2 or GPU-8f2c...", list);
	if (inherited != NULL && strcmp(inherited, list) != 0)
		log_msg(LOG_WARN, "--devices %s replaces CUDA_VISIBLE_DEVICES=%s from "
		    "the environment", list, inherited);
	if (setenv("CUDA_VISIBLE_DEVICES", list, 1) != 0) {
		fprintf(stderr, "oncudad: not starting: cannot set CUDA_VISIBLE_DEVICES: %s\n",
		    strerror(errno));
		exit(1);
	}
}

static uint64_t parse_bytes(const char *option, const char *text)
{
	uint64_t bytes;

	if (!limit_parse_bytes(text, &bytes))
		usage_error("--%s '%s' is not a size: give bytes such as 1048576, 64M or 2G, or 'none'",
		    option, text);
	return bytes;
}

static uint64_t parse_count(const char *option, const char *text)
{
	uint64_t count;

	if (strcmp(text, "none") == 0)
		return LIMIT_NONE;
	if (text[strspn(text, "0123456789")] != '\0' ||
	    !limit_parse_bytes(text, &count) || count == 0)
		usage_error("--%s '%s' is not a count: give a number above 0, or 'none'",
		    option, text);
	return count;
}

/* A number of sessions, 'none' (0) for no cap. */
static unsigned parse_clients(const char *option, const char *text)
{
	char *end;
	unsigned long n;

	if (strcmp(text, "none") == 0)
		return 0;
	errno = 0;
	n = strtoul(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 ||
	    n == 0 || n > 1000000)
		usage_error("--%s '%s' is not a number of clients: give one from "
		    "1 to 1000000, or 'none'", option, text);
	return (unsigned)n;
}

/* Whole seconds, 0 for none; at most a day. */
static unsigned long parse_seconds(const char *option, const char *text)
{
	char *end;
	unsigned long seconds;

	errno = 0;
	seconds = strtoul(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 ||
	    seconds > 86400)
		usage_error("--%s '%s' is not a time: give whole seconds from 0 "
		    "(none) to 86400", option, text);
	return seconds;
}

int main(int argc, char **argv)
{
	struct daemon_options options;
	const char *listen_text = "127.0.0.1";
	const char *trace_path = NULL;
	uint64_t trace_max = TRACE_FILE_MAX_DEFAULT;
	unsigned short port = 0;
	const char *why_poll;
	char why[256];
	struct tls_options tls = { 0 };
	int opt, level;

	memset(&options, 0, sizeof options);
	options.use_rpcbind = true;
	options.max_clients = MAX_CLIENTS_DEFAULT;

	while ((opt = getopt_long(argc, argv, "l:p:nP:k:a:d:L:tT:vVh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'l':
			listen_text = optarg;
			break;
		case 'p':
			port = parse_port(optarg);
			break;
		case 'n':
			options.use_rpcbind = false;
			break;
		case 'P':
			options.port_file = optarg;
			break;
		case 'k':
			if (!auth_use_key_file(optarg, why, sizeof why)) {
				/* Not a usage error: the command was right, the file is not. */
				fprintf(stderr, "oncudad: not starting: the key file %s "
				    "cannot be used: %s\n", optarg, why);
				return 1;
			}
			break;
		case 'a':
			if (!allow_list_add(&options.allow, optarg, why, sizeof why))
				usage_error("--allow %s: %s", optarg, why);
			break;
		case 'd':
			limit_devices(optarg);
			break;
		case 'L':
			if ((level = log_level_from_name(optarg)) < 0)
				usage_error("unknown log level '%s': use error, warn, info or debug", optarg);
			log_set_level(level);
			break;
		case 't':
			calltrace_to_log();
			break;
		case 'T':
			trace_path = optarg;
			break;
		case OPT_MAX_CLIENTS:
			options.max_clients = parse_clients("max-clients",
			    optarg);
			break;
		case OPT_MAX_CLIENTS_PER_HOST:
			options.max_clients_per_host = parse_clients(
			    "max-clients-per-host", optarg);
			break;
		case OPT_IDLE_TIMEOUT:
			child_idle_seconds = (unsigned)parse_seconds(
			    "idle-timeout", optarg);
			break;
		case OPT_METRICS_FILE:
			options.metrics_file = optarg;
			break;
		case OPT_TRACE_FILE_MAX:
			trace_max = parse_bytes("trace-file-max", optarg);
			break;
		case OPT_MAX_MEMORY:
			limits.memory = parse_bytes("max-memory", optarg);
			break;
		case OPT_MAX_HANDLES:
			limits.handles = parse_count("max-handles", optarg);
			break;
		case OPT_MAX_IMAGE:
			limits.image = parse_bytes("max-image", optarg);
			break;
		case OPT_MAX_UPLOAD:
			limits.upload = parse_bytes("max-upload", optarg);
			break;
		case OPT_LOCAL_SOCKET:
			options.no_local_socket = strcmp(optarg, "none") == 0;
			options.local_socket = options.no_local_socket ? NULL : optarg;
			break;
		case OPT_TLS:
			tls.required = true;
			break;
		case OPT_TLS_CERT:
			tls.cert_file = optarg;
			break;
		case OPT_TLS_KEY:
			tls.key_file = optarg;
			break;
		case OPT_TLS_CA:
			tls.ca_file = optarg;
			break;
		case OPT_KEYS_FILE:
			tls.keys_file = optarg;
			break;
		case OPT_REQUEST_TIMEOUT:
			child_request_seconds = (unsigned)parse_seconds(
			    "request-timeout", optarg);
			break;
		case OPT_POLL_US:
			/* As the client's ONCUDA_POLL_US, by the same rule. */
			if ((why_poll = poll_parse(optarg, &child_poll_micros)) != NULL)
				usage_error("--poll-us '%s' is %s", optarg, why_poll);
			break;
		case 'v':
			log_set_level(log_get_level() + 1);
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		case 'V':
			printf("oncudad %s\n"
			    "protocol: ONC RPC program 739090432 (oncuda), version %u "
			    "(CUDA %u.%u), wire revision %08x\n",
			    release_software(), (unsigned)ONCUDA_VERSION,
			    (unsigned)ONCUDA_VERSION / 1000,
			    (unsigned)ONCUDA_VERSION % 1000 / 10,
			    (unsigned)ONCUDA_WIRE_REVISION);
			return 0;
		default:
			fprintf(stderr, "Try 'oncudad --help' for the options.\n");
			return 2;
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s': oncudad takes options only", argv[optind]);
	if (!tls_options_apply(&tls, why, sizeof why)) {
		fprintf(stderr, "oncudad: not starting: %s\n", why);
		return 1;
	}
	if (trace_path != NULL && !trace_file_use(trace_path, trace_max, why,
	    sizeof why))
		usage_error("cannot write the trace file '%s' (%s): name a file "
		    "oncudad can write, capped at 64K or more", trace_path, why);

	options.listen_addr.sin_family = AF_INET;
	options.listen_addr.sin_port = htons(port);
	if (inet_pton(AF_INET, listen_text, &options.listen_addr.sin_addr) != 1)
		usage_error("'%s' is not an IPv4 address: give one such as 127.0.0.1, or 0.0.0.0 for all interfaces",
		    listen_text);

	if (!driver_load())
		return 1;
	if (getenv("CUDA_VISIBLE_DEVICES") != NULL)
		log_msg(LOG_INFO, "offering the GPUs CUDA_VISIBLE_DEVICES=%s names",
		    getenv("CUDA_VISIBLE_DEVICES"));
	if (!daemon_facts_share() || !ipc_registry_create())
		return 1;
	session_end_fill_all();
	/* Without it the daemon still serves; the log says what is lost. */
	session_table_create(options.max_clients > 0 &&
	    options.max_clients < SESSION_TABLE_MAX ? options.max_clients :
	    SESSION_TABLE_MAX);
	return daemon_run(&options);
}
