# tests/unit/tls_records.mk: unit test of records inside TLS.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.
#
#   test_tls_records   common/xprt_record.c through common/tls_channel.c
#                      over a socketpair: how many TLS records a call,
#                      queued records with it, and its data become

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_TLS_RECORDS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc

all: tests/unit/test_tls_records

tests/unit/test_tls_records: tests/unit/test_tls_records.c \
		common/xprt_record.c common/xprt_record.h \
		common/fd_io.c common/fd_io.h \
		common/ring_channel.c common/ring_channel.h \
		common/tls_channel.c common/tls_channel.h \
		tests/unit/tls_pair.c tests/unit/tls_pair.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_TLS_RECORDS_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c %.o,$^) -ltirpc -lssl -lcrypto -lpthread
