/*
 * tls_cert.c -- the self-signed certificate both libraries use: ECDSA
 * P-256, what a site would make with `openssl req -x509 -newkey ec`, so
 * that a certificate handshake signs and verifies as oncuda's do.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include "bench/tlslib/tlslib.h"

/* What bio holds, as a string. */
static char *bio_string(BIO *bio)
{
	char *data, *s;
	long n = BIO_get_mem_data(bio, &data);

	if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	memcpy(s, data, (size_t)n);
	s[n] = '\0';
	return s;
}

static bool add_ext(X509 *x, int nid, const char *value)
{
	X509V3_CTX v3;
	X509_EXTENSION *ext;
	bool ok;

	X509V3_set_ctx(&v3, x, x, NULL, NULL, 0);
	if ((ext = X509V3_EXT_conf_nid(NULL, &v3, nid, value)) == NULL)
		return false;
	ok = X509_add_ext(x, ext, -1) == 1;
	X509_EXTENSION_free(ext);
	return ok;
}

bool tb_make_cert(char **cert_pem, char **key_pem)
{
	EVP_PKEY *key = EVP_EC_gen("P-256");
	X509 *x = X509_new();
	BIO *cb = BIO_new(BIO_s_mem()), *kb = BIO_new(BIO_s_mem());
	X509_NAME *name;
	bool ok = false;

	*cert_pem = *key_pem = NULL;
	if (key == NULL || x == NULL || cb == NULL || kb == NULL)
		goto out;
	name = X509_get_subject_name(x);
	if (X509_set_version(x, 2) != 1 ||
	    ASN1_INTEGER_set(X509_get_serialNumber(x), 1) != 1 ||
	    X509_gmtime_adj(X509_getm_notBefore(x), -3600) == NULL ||
	    X509_gmtime_adj(X509_getm_notAfter(x), 86400) == NULL ||
	    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
	    (const unsigned char *)TB_HOST, -1, -1, 0) != 1 ||
	    X509_set_issuer_name(x, name) != 1 ||
	    X509_set_pubkey(x, key) != 1 ||
	    !add_ext(x, NID_subject_alt_name, "DNS:" TB_HOST) ||
	    !add_ext(x, NID_basic_constraints, "critical,CA:TRUE") ||
	    !add_ext(x, NID_key_usage, "critical,digitalSignature,keyCertSign") ||
	    X509_sign(x, key, EVP_sha256()) == 0 ||
	    PEM_write_bio_X509(cb, x) != 1 ||
	    PEM_write_bio_PrivateKey(kb, key, NULL, NULL, 0, NULL, NULL) != 1)
		goto out;
	*cert_pem = bio_string(cb);
	*key_pem = bio_string(kb);
	ok = *cert_pem != NULL && *key_pem != NULL;
out:
	BIO_free(cb);
	BIO_free(kb);
	X509_free(x);
	EVP_PKEY_free(key);
	return ok;
}
