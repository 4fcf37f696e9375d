/*
 * tools/ls_sessions.c -- asking a server for its sessions, and printing
 * them (ls_sessions.h).
 *
 * The connection is its own, made and closed here (ls_connection.h:
 * inside TLS where the server offers it and oncuda-ls has a key or a CA):
 * hello (the protocol revision), then with a key the exchange of proofs
 * (idl/cuda.x, the authentication types) in which the server proves back
 * that it holds the key too, unless TLS with the key as its PSK proved
 * that already, then ONCUDA_LIST_SESSIONS.  Without a key the list is
 * asked for straight after the hello: a server with --key-file refuses it
 * (AUTH_TOOWEAK), and that refusal is what the operator is told.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <rpc/rpc.h>

#include "common/auth_key.h"
#include "common/release.h"
#include "gen/wire_revision.h"
#include "tools/json_text.h"
#include "tools/ls_connection.h"
#include "tools/ls_sessions.h"

struct asking {
	struct ls_connection conn;
	char *why;
	size_t why_len;
};

/* Encodes nothing: the arguments of a call without any (xdr_void cannot
 * be cast cleanly). */
static bool_t xdr_no_arguments(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

static bool call(struct asking *a, rpcproc_t proc, xdrproc_t xargs,
    void *args, xdrproc_t xres, void *res, const char *what)
{
	enum clnt_stat st;

	st = ls_connection_call(&a->conn, proc, xargs, args, xres, res);
	if (st == RPC_SUCCESS)
		return true;
	if (st == RPC_AUTHERROR && a->conn.err.re_why == AUTH_TOOWEAK)
		snprintf(a->why, a->why_len, "the server requires its key to "
		    "list sessions: give oncuda-ls --key-file (or "
		    "ONCUDA_KEY_FILE) a copy of its --key-file");
	else if (st == RPC_PROCUNAVAIL)
		snprintf(a->why, a->why_len, "the server is an oncudad too old "
		    "to list its sessions");
	else
		snprintf(a->why, a->why_len, "%s failed: %s", what,
		    clnt_sperrno(st));
	return false;
}

static bool hello(struct asking *a)
{
	hello_args mine = { ONCUDA_WIRE_REVISION,
	    (char *)(uintptr_t)release_software() };
	res_hello r;
	bool ok;

	memset(&r, 0, sizeof r);
	if (!call(a, ONCUDA_HELLO, (xdrproc_t)xdr_hello_args, &mine,
	    (xdrproc_t)xdr_res_hello, &r, "the hello"))
		return false;
	ok = r.err == 0 && r.revision == ONCUDA_WIRE_REVISION;
	if (!ok)
		snprintf(a->why, a->why_len, "the server runs oncuda %.64s, "
		    "another release than this oncuda-ls (%s)",
		    r.software != NULL ? r.software : "?", release_software());
	xdr_free((xdrproc_t)xdr_res_hello, (char *)&r);
	return ok;
}

static bool prove(struct asking *a, const struct auth_key *key)
{
	uint8_t expected[AUTH_MAC];
	res_auth_challenge c;
	auth_response response;
	res_auth_proof p;
	bool_t has_key = TRUE;

	memset(&c, 0, sizeof c);
	if (!call(a, ONCUDA_AUTH_CHALLENGE, (xdrproc_t)xdr_bool, &has_key,
	    (xdrproc_t)xdr_res_auth_challenge, &c, "the key exchange"))
		return false;
	if (c.err != 0 || !c.res_auth_challenge_u.value.key_required)
		return c.err == 0;	/* no key to prove: nothing to do */
	if (!auth_random((uint8_t *)response.client_nonce, AUTH_NONCE)) {
		snprintf(a->why, a->why_len, "the system's random source failed");
		return false;
	}
	auth_proof(key, AUTH_CLIENT,
	    (const uint8_t *)c.res_auth_challenge_u.value.server_nonce,
	    (const uint8_t *)response.client_nonce,
	    (uint8_t *)response.client_proof);
	memset(&p, 0, sizeof p);
	if (!call(a, ONCUDA_AUTH_PROVE, (xdrproc_t)xdr_auth_response, &response,
	    (xdrproc_t)xdr_res_auth_proof, &p, "the key exchange"))
		return false;
	if (p.err != 0) {
		snprintf(a->why, a->why_len, "the server refused the key: it is "
		    "not the key it was started with");
		return false;
	}
	auth_proof(key, AUTH_SERVER,
	    (const uint8_t *)c.res_auth_challenge_u.value.server_nonce,
	    (const uint8_t *)response.client_nonce, expected);
	if (!auth_secret_equal(expected, p.res_auth_proof_u.server_proof,
	    AUTH_MAC)) {
		snprintf(a->why, a->why_len, "the server did not prove that it "
		    "holds the key: it is not the server the key belongs to");
		return false;
	}
	return true;
}

/* The host part of a name as oncuda-ls was given it ("gpu1:7001"), which
 * a server's certificate names. */
static void host_of(const char *name, char *host, size_t size)
{
	const char *colon = strrchr(name, ':');
	size_t n = colon != NULL && colon[1] != '\0' &&
	    strspn(colon + 1, "0123456789") == strlen(colon + 1) ?
	    (size_t)(colon - name) : strlen(name);

	snprintf(host, size, "%.*s", (int)n, name);
}

bool sessions_ask(const struct discover_result *server, const char *key_path,
    unsigned timeout_ms, session_list *list, struct ls_protection *how,
    char *why, size_t why_len)
{
	struct asking a = { .why = why, .why_len = why_len };
	static struct auth_key key;
	char host[DISCOVER_TEXT_MAX];
	res_session_list r;
	bool ok = false;

	memset(how, 0, sizeof *how);
	if (key_path != NULL && !auth_key_load(key_path, &key, why, why_len))
		return false;
	host_of(server->name, host, sizeof host);
	if (!ls_connection_open(&a.conn, &server->addr, host,
	    server->description.tls, key_path != NULL ? &key : NULL, timeout_ms,
	    why, why_len)) {
		auth_key_wipe(&key);
		return false;
	}
	ls_connection_describe(&a.conn, how);
	if (!hello(&a) || (key_path != NULL && !ls_connection_by_psk(&a.conn) &&
	    !prove(&a, &key)))
		goto out;
	memset(&r, 0, sizeof r);
	if (!call(&a, ONCUDA_LIST_SESSIONS, (xdrproc_t)xdr_no_arguments, NULL,
	    (xdrproc_t)xdr_res_session_list, &r, "the list of sessions"))
		goto out;
	if (r.err != 0) {
		snprintf(why, why_len, "the server could not list its sessions "
		    "(CUDA error %d)", r.err);
		goto out;
	}
	*list = r.res_session_list_u.value;
	ok = true;
out:
	ls_connection_close(&a.conn);
	auth_key_wipe(&key);
	return ok;
}

/* bytes in a short human form: 512 B, 3.0 MiB, 1.2 GiB. */
static const char *human(uint64_t bytes, char *text, size_t size)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB" };
	double v = (double)bytes;
	int u = -1;

	if (bytes < 1024) {
		snprintf(text, size, "%llu B", (unsigned long long)bytes);
		return text;
	}
	while (v >= 1024 && u < 3) {
		v /= 1024;
		u++;
	}
	snprintf(text, size, "%.1f %s", v, units[u]);
	return text;
}

void sessions_print_table(const session_list *list)
{
	char since[32], dev[16], pinned[16], in[16], out[16];

	if (list->sessions.sessions_len == 0)
		printf("    no sessions\n");
	else
		printf("    %-7s %-24s %-8s %-19s %10s %10s %4s %9s %10s %10s\n",
		    "PID", "CLIENT", "KEY", "SINCE", "DEVICE", "PINNED", "CTX",
		    "CALLS", "IN", "OUT");
	for (u_int i = 0; i < list->sessions.sessions_len; i++) {
		const session_description *s = &list->sessions.sessions_val[i];
		time_t t = (time_t)s->since;
		struct tm tm;
		char key[ONCUDA_IDENTITY_MAX + 8];

		strftime(since, sizeof since, "%Y-%m-%d %H:%M:%S",
		    localtime_r(&t, &tm));
		if (s->identity[0] != '\0')
			snprintf(key, sizeof key, "%s", s->identity);
		else
			snprintf(key, sizeof key, "%s", s->key_proved ? "proved" : "-");
		printf("    %-7u %-24s %-8s %-19s %10s %10s %4u %9llu %10s %10s%s\n",
		    s->pid, s->peer, key, since,
		    human(s->device_memory, dev, sizeof dev),
		    human(s->page_locked_memory, pinned, sizeof pinned),
		    s->contexts, (unsigned long long)s->calls,
		    human(s->bytes_in, in, sizeof in),
		    human(s->bytes_out, out, sizeof out),
		    s->self ? "  (this listing)" : "");
	}
	if (list->gpus.gpus_len == 0)
		printf("    GPUs: %s\n", list->nvml[0] != '\0' ? list->nvml : "none");
	for (u_int i = 0; i < list->gpus.gpus_len; i++) {
		const gpu_usage *g = &list->gpus.gpus_val[i];
		char used[16], total[16];

		printf("    GPU %u %s: %u%% busy, memory %u%% busy, %s of %s used\n",
		    g->index, g->pci_bus_id, g->utilization_gpu,
		    g->utilization_memory, human(g->memory_used, used, sizeof used),
		    human(g->memory_total, total, sizeof total));
	}
}

void sessions_print_json(const session_list *list)
{
	printf(", \"nvml\": ");
	json_string(list->nvml);
	printf(", \"sessions\": [");
	for (u_int i = 0; i < list->sessions.sessions_len; i++) {
		const session_description *s = &list->sessions.sessions_val[i];

		printf("%s\n      {\"pid\": %u, \"peer\": ", i > 0 ? "," : "", s->pid);
		json_string(s->peer);
		printf(", \"key_proved\": %s, \"identity\": ",
		    s->key_proved ? "true" : "false");
		json_string(s->identity);
		printf(", \"since\": %lld, \"device_memory\": %llu, "
		    "\"page_locked_memory\": %llu, \"contexts\": %u, "
		    "\"calls\": %llu, \"bytes_in\": %llu, \"bytes_out\": %llu, "
		    "\"self\": %s}", (long long)s->since,
		    (unsigned long long)s->device_memory,
		    (unsigned long long)s->page_locked_memory, s->contexts,
		    (unsigned long long)s->calls, (unsigned long long)s->bytes_in,
		    (unsigned long long)s->bytes_out, s->self ? "true" : "false");
	}
	printf("], \"gpus\": [");
	for (u_int i = 0; i < list->gpus.gpus_len; i++) {
		const gpu_usage *g = &list->gpus.gpus_val[i];

		printf("%s\n      {\"index\": %u, \"pci_bus_id\": ", i > 0 ? "," : "",
		    g->index);
		json_string(g->pci_bus_id);
		printf(", \"utilization_gpu\": %u, \"utilization_memory\": %u, "
		    "\"memory_used\": %llu, \"memory_total\": %llu}",
		    g->utilization_gpu, g->utilization_memory,
		    (unsigned long long)g->memory_used,
		    (unsigned long long)g->memory_total);
	}
	printf("]");
}
