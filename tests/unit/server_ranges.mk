# tests/unit/server_ranges.mk: the unit test of the server's table of the
# device ranges a client owns (server/session/ranges.c).
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.  The table makes no driver call, so the
# test links ranges.c, the range table under it and the log alone, and needs
# no libcuda.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_SERVER_RANGES_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. \
	-I$(CUDA_HOME)/include

all: tests/unit/test_server_ranges

tests/unit/test_server_ranges: tests/unit/test_server_ranges.c \
		server/session/ranges.c server/session/ranges.h server/session/log.c server/session/log.h \
		server/session/limits.c server/session/limits.h \
		server/session/usage.c server/session/usage.h \
		common/range_table.c common/range_table.h
	$(CC) $(UNIT_SERVER_RANGES_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_server_ranges.c server/session/ranges.c server/session/log.c \
		server/session/limits.c server/session/usage.c common/range_table.c \
		-lpthread
