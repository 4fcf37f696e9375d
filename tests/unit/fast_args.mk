# tests/unit/fast_args.mk: the unit test of CU_LAUNCH_KERNEL's arguments
# decoded by hand in the server (server/session/fast_args.c), against
# rpcgen's routine.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

UNIT_FAST_ARGS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc

all: tests/unit/test_fast_args

tests/unit/test_fast_args: tests/unit/test_fast_args.c \
		server/session/fast_args.c server/session/fast_args.h \
		server/session/getargs.c server/session/getargs.h \
		tests/unit/unit_check.c tests/unit/unit_check.h gen/cuda_xdr.o
	$(CC) $(UNIT_FAST_ARGS_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		$(filter %.c %.o,$^) -ltirpc
