# tests/unit/pending_downloads.mk: unit test of stubs/mem/pending_downloads.c
# (the client's record of asynchronous downloads into page-locked memory
# whose bytes have not landed).  Included by the top-level Makefile; paths
# are relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_pending_downloads

tests/unit/test_pending_downloads: tests/unit/test_pending_downloads.c \
		stubs/mem/pending_downloads.c stubs/mem/pending_downloads.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_pending_downloads.c \
		stubs/mem/pending_downloads.c tests/unit/unit_check.c -lpthread
