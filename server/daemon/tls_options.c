/*
 * server/daemon/tls_options.c -- oncudad's TLS options (tls_options.h).
 *
 * A keys file names one key per tenant, a line each: a name (letters,
 * digits, '.', '_', '-'; at most 63) and the path of a key file as
 * --key-file takes it (checked alike: mode 600, 32 bytes or more).  A
 * client proves the key of its name (ONCUDA_KEY_NAME) as a TLS PSK, and
 * that name is its identity: in the log, the trace, and for IPC between
 * sessions.  Lines that are empty or start with '#' are skipped.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/auth_key.h"
#include "common/tls_channel.h"
#include "server/daemon/tls_options.h"
#include "server/session/auth.h"
#include "server/session/starttls.h"

/* At most this many tenants in a keys file. */
#define KEYS_MAX 256

static bool name_ok(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n >= TLS_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && name[i] != '.' &&
		    name[i] != '_' && name[i] != '-')
			return false;
	return true;
}

/* Appends the keys of path to psks; false with why. */
static bool read_keys_file(const char *path, struct tls_psk *psks,
    size_t *count, char *why, size_t why_len)
{
	FILE *f = fopen(path, "r");
	char line[4096 + TLS_NAME_MAX + 8], name[TLS_NAME_MAX + 1];
	char file[4096], reason[200];
	struct auth_key key;
	unsigned number = 0;
	bool ok = true;

	if (f == NULL) {
		snprintf(why, why_len, "cannot read the keys file %s: %m", path);
		return false;
	}
	while (ok && fgets(line, sizeof line, f) != NULL) {
		number++;
		if (line[0] == '#' || strspn(line, " \t\r\n") == strlen(line))
			continue;
		if (sscanf(line, "%64s %4095s", name, file) != 2 ||
		    !name_ok(name)) {
			snprintf(why, why_len, "%s line %u: give a name (letters, "
			    "digits, . _ -) and a key file", path, number);
			ok = false;
		} else if (*count == KEYS_MAX) {
			snprintf(why, why_len, "%s: more than %d keys", path,
			    KEYS_MAX);
			ok = false;
		} else if (!auth_key_load(file, &key, reason, sizeof reason)) {
			snprintf(why, why_len, "%s line %u: the key file %s "
			    "cannot be used: %s", path, number, file, reason);
			ok = false;
		} else {
			snprintf(psks[*count].name, TLS_NAME_MAX, "%s", name);
			auth_tls_psk(&key, psks[*count].key);
			auth_key_wipe(&key);
			for (size_t i = 0; i < *count; i++)
				if (strcmp(psks[i].name, name) == 0) {
					snprintf(why, why_len, "%s line %u: "
					    "the name %s comes twice", path,
					    number, name);
					ok = false;
				}
			(*count)++;
		}
	}
	fclose(f);
	return ok;
}

bool tls_options_apply(const struct tls_options *o, char *why, size_t why_len)
{
	static struct tls_psk psks[KEYS_MAX + 1];
	struct tls_credentials cred = { .psks = psks,
	    .cert_file = o->cert_file, .key_file = o->key_file,
	    .ca_file = o->ca_file };
	bool ok;

	if ((o->cert_file == NULL) != (o->key_file == NULL)) {
		snprintf(why, why_len, "--tls-cert and --tls-key go together");
		return false;
	}
	if (o->ca_file != NULL && o->cert_file == NULL) {
		snprintf(why, why_len, "--tls-ca checks client certificates: "
		    "it needs the server's own, --tls-cert and --tls-key");
		return false;
	}
	ok = o->keys_file == NULL || read_keys_file(o->keys_file, psks,
	    &cred.psk_count, why, why_len);
	/* The one key of --key-file answers to any name (tls_channel.c):
	 * last, so that the tenants' names are looked up first. */
	if (ok && auth_key_psk(psks[cred.psk_count].key))
		cred.psk_count++;
	if (ok && o->keys_file != NULL && !o->required) {
		snprintf(why, why_len, "--keys-file names tenants that TLS "
		    "tells apart: give --tls with it");
		ok = false;
	}
	ok = ok && starttls_configure(&cred, o->required, why, why_len);
	for (size_t i = 0; i < cred.psk_count; i++)
		memset(psks[i].key, 0, sizeof psks[i].key);
	return ok;
}
