# tests/unit/svc_decompress.mk: the unit test of the server's
# cuMemBatchDecompressAsync (server/svc/svc_decompress.c): which addresses
# reach the driver, and the errorIndex both ways.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.  The test links the procedure with the
# range table and the log, and defines the driver call and the handle
# check itself, so it needs no libcuda.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_SVC_DECOMPRESS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -Itests/unit \
	-I/usr/include/tirpc -I$(CUDA_HOME)/include

all: tests/unit/test_svc_decompress

tests/unit/test_svc_decompress: tests/unit/test_svc_decompress.c \
		server/svc/svc_decompress.c server/session/ranges.c \
		server/session/ranges.h server/session/handles.h \
		server/session/log.c server/session/log.h \
		server/session/limits.c server/session/limits.h \
		server/session/usage.c server/session/usage.h \
		common/range_table.c common/range_table.h gen/cuda_rpc.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) $(UNIT_SVC_DECOMPRESS_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
		tests/unit/test_svc_decompress.c server/svc/svc_decompress.c \
		server/session/ranges.c server/session/log.c \
		server/session/limits.c server/session/usage.c \
		common/range_table.c tests/unit/unit_check.c -lpthread
