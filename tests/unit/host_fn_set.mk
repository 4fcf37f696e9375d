# tests/unit/host_fn_set.mk: unit test of stubs/stream/host_fn_set.c (the
# function and argument pairs a server may ask the client to run).
# Included by the top-level Makefile; paths are relative to the repository
# root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_host_fn_set

tests/unit/test_host_fn_set: tests/unit/test_host_fn_set.c \
		stubs/stream/host_fn_set.c stubs/stream/host_fn_set.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_host_fn_set.c stubs/stream/host_fn_set.c \
		tests/unit/unit_check.c -lpthread
