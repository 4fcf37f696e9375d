/*
 * tls_kernel.h -- why kernel TLS (kTLS) is off for a TLS session, in words
 * (oncuda-ls -v).  OpenSSL says only whether the kernel took a direction
 * of a session (BIO_get_ktls_send, BIO_get_ktls_recv: tls_channel_kernel);
 * the reason it did not is found here, from what this process can see.
 */
#ifndef ONCUDA_TLS_KERNEL_H
#define ONCUDA_TLS_KERNEL_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Why the kernel does not do one direction (receiving, or sending) of a
 * session; asked: whether the session asked for kernel TLS at all.  The
 * first reason that holds, in this order: OpenSSL built without it;
 * not asked (ONCUDA_KTLS=0, or a connection handed to another process);
 * a kernel without TLS (no tls module, or none built in); OpenSSL older
 * than 3.2 receiving TLS 1.3; otherwise the cipher, which OpenSSL did
 * not give the kernel.  A phrase for after "kTLS: off (".
 */
void tls_kernel_why_off(bool asked, bool receiving, char *why, size_t len);

#endif /* ONCUDA_TLS_KERNEL_H */
