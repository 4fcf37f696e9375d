# tests/unit/block_hash.mk: unit test of common/block_hash.c, the hash of
# managed memory's blocks that the server's CPU, its GPU kernel
# (server/copy/managed_hash.c) and the stand-in compute alike.  Included by
# the top-level Makefile; paths are relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_block_hash

tests/unit/test_block_hash: tests/unit/test_block_hash.c common/block_hash.c \
		common/block_hash.h tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -Itests/unit $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_block_hash.c common/block_hash.c tests/unit/unit_check.c
