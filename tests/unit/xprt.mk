# tests/unit/xprt.mk: unit test of the client's ONC RPC transport.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.
#
#   test_xprt   stubs/link/xprt.c, common/xprt_record.c over a socketpair against
#               a fake server thread: record marking (fragments, short
#               reads, 4 MiB each way), stale replies skipped, reply
#               errors, one-way calls, queued records sent detached while
#               more are queued (and a detached send that fails), a
#               timeout, a reply that crawls in past the deadline, a peer
#               that closes

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_XPRT_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc

all: tests/unit/test_xprt

tests/unit/test_xprt: tests/unit/test_xprt.c stubs/link/xprt.c stubs/link/xprt.h \
		stubs/link/backchannel.c stubs/link/backchannel.h \
		common/xprt_record.c common/xprt_record.h \
		common/fd_io.c common/fd_io.h \
		common/ring_channel.c common/ring_channel.h \
		common/tls_channel.c common/tls_channel.h \
		tests/unit/unit_check.c tests/unit/unit_check.h gen/cuda_xdr.o
	$(CC) $(UNIT_XPRT_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c %.o,$^) -ltirpc -lssl -lcrypto -lpthread
