# bench/tlslib/build.mk: OpenSSL against GnuTLS for oncuda's TLS (issue 18).
#
# Included by the top-level Makefile; not part of `all` or `make test`:
#
#   make tlslib            builds bench/tlslib/tlslib, where pkg-config
#                          finds GnuTLS (Debian and Ubuntu: libgnutls28-dev)
#   bench/tlslib/tlslib    runs it (-m MIB -n HANDSHAKES -r ROUNDS)
#
# The program needs only the runtime libraries (libssl3, libgnutls30) on
# the machine it runs on.

TLSLIB_SRCS := bench/tlslib/tlslib.c bench/tlslib/tls_openssl.c \
	bench/tlslib/tls_gnutls.c bench/tlslib/tls_cert.c
TLSLIB_CFLAGS = -std=c11 -D_GNU_SOURCE -I. $(CFLAGS) -Wall -Wextra -Werror

.PHONY: tlslib clean-tlslib

tlslib:
	@pkg-config --exists gnutls openssl || { echo "make tlslib:" \
	    "needs GnuTLS and OpenSSL headers (apt-get install" \
	    "libgnutls28-dev libssl-dev)" >&2; exit 1; }
	$(MAKE) --no-print-directory bench/tlslib/tlslib

bench/tlslib/tlslib: $(TLSLIB_SRCS) bench/tlslib/tlslib.h
	$(CC) $(TLSLIB_CFLAGS) $$(pkg-config --cflags gnutls openssl) \
		-o $@ $(TLSLIB_SRCS) -pthread \
		$$(pkg-config --libs gnutls openssl)

clean-tlslib:
	rm -f bench/tlslib/tlslib
