/*
 * tls_kernel.c -- why kernel TLS is off (tls_kernel.h).
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include <openssl/ssl.h>

#include "common/tls_kernel.h"

#ifndef TCP_ULP
#define TCP_ULP 31
#endif

#ifdef OPENSSL_NO_KTLS
void tls_kernel_why_off(bool asked, bool receiving, char *why, size_t len)
{
	(void)asked;
	(void)receiving;
	snprintf(why, len, "this OpenSSL is built without kernel TLS");
}
#else
/*
 * Whether the kernel has TLS: a socket not yet connected is given the
 * "tls" upper layer, which the kernel refuses with ENOENT when it has
 * none (after trying to load the module, as OpenSSL's own attempt would),
 * and with ENOTCONN when it has one.  The socket is thrown away.
 */
static void kernel_tls(char *why, size_t len)
{
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int err;

	if (fd < 0) {
		snprintf(why, len, "cannot ask the kernel: %s", strerror(errno));
		return;
	}
	err = setsockopt(fd, IPPROTO_TCP, TCP_ULP, "tls", 3) == 0 ? 0 : errno;
	close(fd);
	if (err == ENOENT && access("/proc/modules", F_OK) != 0)
		snprintf(why, len, "the kernel has no TLS: built without "
		    "CONFIG_TLS, and it loads no modules");
	else if (err == ENOENT)
		snprintf(why, len, "the kernel has no tls module loaded: "
		    "modprobe tls");
	else if (err != ENOTCONN && err != 0)
		snprintf(why, len, "the kernel refuses TLS on a socket: %s",
		    strerror(err));
	else
		why[0] = '\0';
}

void tls_kernel_why_off(bool asked, bool receiving, char *why, size_t len)
{
	const char *v = getenv("ONCUDA_KTLS");

	if (!asked) {
		snprintf(why, len, "%s", v != NULL && strcmp(v, "0") == 0 ?
		    "ONCUDA_KTLS=0" : "kept off on a connection handed to "
		    "another process");
		return;
	}
	kernel_tls(why, len);
	if (why[0] != '\0')
		return;
	/* OpenSSL 3.0 and 3.1 give Linux only the sending of TLS 1.3. */
	if (receiving && OpenSSL_version_num() < 0x30200000UL)
		snprintf(why, len, "OpenSSL %s gives the kernel TLS 1.3's "
		    "receiving from 3.2 on", OpenSSL_version(OPENSSL_VERSION_STRING));
	else
		snprintf(why, len, "OpenSSL did not give this session's "
		    "cipher to the kernel");
}
#endif
