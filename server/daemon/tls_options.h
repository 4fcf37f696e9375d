/*
 * server/daemon/tls_options.h -- oncudad's TLS options (--tls, --tls-cert,
 * --tls-key, --tls-ca, --keys-file), gathered while the command line is
 * read and handed to the session layer (starttls.h) once it is.
 */
#ifndef ONCUDA_SERVER_TLS_OPTIONS_H
#define ONCUDA_SERVER_TLS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

struct tls_options {
	bool required;			/* --tls */
	const char *cert_file;		/* --tls-cert */
	const char *key_file;		/* --tls-key */
	const char *ca_file;		/* --tls-ca */
	const char *keys_file;		/* --keys-file: NAME KEYFILE lines */
};

/*
 * Sets TLS up: the PSK of --key-file (when given), the named PSKs of
 * --keys-file, the certificate.  false with why when a file cannot be
 * used or --tls has nothing to prove the server by.
 */
bool tls_options_apply(const struct tls_options *o, char *why, size_t why_len);

#endif
