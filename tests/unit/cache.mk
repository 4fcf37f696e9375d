# tests/unit/cache.mk: the client's cache of fixed answers.
#
# Included by the top-level Makefile (which adds the test to `all`); paths
# are relative to the repository root.  The test links the generated plain
# glue and the cache with a fake connection that counts round trips.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_CACHE_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. \
	-I/usr/include/tirpc -I$(CUDA_HOME)/include

all: tests/unit/test_answer_cache

tests/unit/test_answer_cache: tests/unit/test_answer_cache.c \
		stubs/context/answer_cache.c stubs/context/answer_cache.h stubs/route/ctxstack.c \
		stubs/mem/mapped.c stubs/mem/dirty_pages.c common/mapped_diff.c \
		common/huge_pages.c common/huge_pages.h stubs/mem/uffd_wp.c \
		stubs/mem/downloads.c stubs/mem/pending_downloads.c \
		stubs/link/say.c gen/glue_client.c \
		tests/unit/one_server.c tests/unit/one_server_glue.c \
		gen/cuda_clnt.o gen/cuda_xdr.o tests/unit/unit_check.c \
		tests/unit/unit_check.h
	$(CC) $(UNIT_CACHE_CPPFLAGS) $(CFLAGS) $(WARN) $(GEN_CFLAGS) -o $@ \
		$(filter %.c %.o,$^) -ltirpc -lpthread
