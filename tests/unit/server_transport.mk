# tests/unit/server_transport.mk: the unit test of the session's transport
# (server/session/transport.c, over common/xprt_record.c).
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.  The transport makes no driver call:
# the test links it and the record stream alone, with libtirpc as client.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_SERVER_TRANSPORT_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. \
	-I/usr/include/tirpc

all: tests/unit/test_server_transport

tests/unit/test_server_transport: tests/unit/test_server_transport.c \
		server/session/transport.c server/session/transport.h \
		server/session/usage.c server/session/usage.h \
		common/xprt_record.c common/xprt_record.h \
		common/fd_io.c common/fd_io.h \
		common/ring_channel.c common/ring_channel.h \
		common/tls_channel.c common/tls_channel.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_SERVER_TRANSPORT_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^) -ltirpc -lssl -lcrypto -lpthread
