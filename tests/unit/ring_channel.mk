# tests/unit/ring_channel.mk: unit test of the same-host path's rings.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.
#
#   test_ring_channel   common/ring_channel.c, both sides in one process
#                       over one memfd mapped twice: bytes in order across
#                       the rings' wrap, a reader and a writer that sleep
#                       and are woken, a deadline, the peer's end, a peer
#                       index that is nonsense, the server's own sleep

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_RING_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I.

all: tests/unit/test_ring_channel

tests/unit/test_ring_channel: tests/unit/test_ring_channel.c \
		common/ring_channel.c common/ring_channel.h \
		common/fd_io.c common/fd_io.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_RING_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c,$^) -lpthread
