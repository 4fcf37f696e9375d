# tests/unit/dirty_pages.mk: unit test of stubs/mem/dirty_pages.c (written
# pages of managed memory, by write protection and a SIGSEGV handler).
# Included by the top-level Makefile; paths are relative to the repository
# root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_dirty_pages

tests/unit/test_dirty_pages: tests/unit/test_dirty_pages.c \
		stubs/mem/dirty_pages.c stubs/mem/dirty_pages.h common/huge_pages.h \
		stubs/mem/uffd_wp.c stubs/mem/uffd_wp.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_dirty_pages.c stubs/mem/dirty_pages.c stubs/mem/uffd_wp.c \
		tests/unit/unit_check.c -lpthread
