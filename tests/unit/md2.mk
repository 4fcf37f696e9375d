# tests/unit/md2.mk: unit test of stubs/answers/md2.c (MD2 and HMAC-MD2, for the
# export tables' integrity check).  Included by the top-level Makefile;
# paths are relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_client_md2

tests/unit/test_client_md2: tests/unit/test_client_md2.c stubs/answers/md2.c \
		stubs/answers/md2.h tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_client_md2.c stubs/answers/md2.c tests/unit/unit_check.c
