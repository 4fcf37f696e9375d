# tests/unit/client.mk: unit tests of the client library's core.
#
# Included by the top-level Makefile (which adds them to `all`); paths are
# relative to the repository root.  Each test links the pure part it tests
# alone; none needs a server.
#
#   test_client_rpcaddr   common/rpcaddr.c: ONCUDA_SERVER, ONCUDA_TIMEOUT
#   test_client_ctxstack  stubs/route/ctxstack.c: per-thread context stacks,
#                         across threads and fork()
#   test_client_procaddr  stubs/answers/procaddr_rules.c: cuGetProcAddress's rules;
#                         then stubs/libcuda.so.1 (dlopen) against every row
#                         of stubs/answers/procaddr-580.tsv (run it from the
#                         repository root, or give the root as argument)
#   test_client_errors    stubs/answers/errors.c: cuGetErrorName, cuGetErrorString

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_CLIENT_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. \
	-I/usr/include/tirpc -I$(CUDA_HOME)/include
UNIT_CLIENT_TESTS := tests/unit/test_client_rpcaddr \
	tests/unit/test_client_ctxstack tests/unit/test_client_procaddr \
	tests/unit/test_client_errors
UNIT_CLIENT_CHECK := tests/unit/unit_check.c tests/unit/unit_check.h

all: $(UNIT_CLIENT_TESTS)

tests/unit/test_client_rpcaddr: tests/unit/test_client_rpcaddr.c \
		common/rpcaddr.c common/rpcaddr.h $(UNIT_CLIENT_CHECK)
	$(CC) $(UNIT_CLIENT_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_client_rpcaddr.c common/rpcaddr.c \
		tests/unit/unit_check.c

tests/unit/test_client_ctxstack: tests/unit/test_client_ctxstack.c \
		stubs/route/ctxstack.c stubs/route/ctxstack.h $(UNIT_CLIENT_CHECK)
	$(CC) $(UNIT_CLIENT_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_client_ctxstack.c stubs/route/ctxstack.c \
		tests/unit/unit_check.c -lpthread

tests/unit/test_client_procaddr: tests/unit/test_client_procaddr.c \
		stubs/answers/procaddr_rules.c stubs/answers/procaddr.h $(UNIT_CLIENT_CHECK) \
		stubs/libcuda.so.1
	$(CC) $(UNIT_CLIENT_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_client_procaddr.c stubs/answers/procaddr_rules.c \
		tests/unit/unit_check.c -ldl

tests/unit/test_client_errors: tests/unit/test_client_errors.c \
		stubs/answers/errors.c stubs/answers/error_strings.inc $(UNIT_CLIENT_CHECK)
	$(CC) $(UNIT_CLIENT_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_client_errors.c stubs/answers/errors.c \
		tests/unit/unit_check.c
