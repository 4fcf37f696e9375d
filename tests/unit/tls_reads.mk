# tests/unit/tls_reads.mk: unit test of how a TLS channel reads.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.
#
#   test_tls_reads   common/tls_channel.c over socketpairs: the handshake
#                    leaves a record behind the client's Finished in the
#                    socket; records read together wait in the channel,
#                    pending

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_TLS_READS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc

all: tests/unit/test_tls_reads

tests/unit/test_tls_reads: tests/unit/test_tls_reads.c \
		common/tls_channel.c common/tls_channel.h \
		tests/unit/tls_pair.c tests/unit/tls_pair.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_TLS_READS_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c %.o,$^) -lssl -lcrypto -lpthread
