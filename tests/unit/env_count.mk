# tests/unit/env_count.mk: unit test of stubs/link/env_count.c, how the
# client library reads a count from the environment.  Included by the
# top-level Makefile; paths are relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_env_count

tests/unit/test_env_count: tests/unit/test_env_count.c stubs/link/env_count.c \
		stubs/link/env_count.h stubs/link/say.c stubs/link/say.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -Itests/unit $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_env_count.c stubs/link/env_count.c \
		stubs/link/say.c tests/unit/unit_check.c -lpthread
