# tests/unit/mapped_pull.mk: unit test of the server's pulls of mapped and
# managed memory (server/svc/svc_mapped.c, mapped_shadow.c), of the copy
# engine's reads and writes of managed memory (server/copy/managed_copy.c,
# pinned_set.c, dma_mark.c, and the hashes that filter them,
# managed_hash.c and common/block_hash.c, against the driver double
# tests/unit/copy_engine_double.c) and of the runs of changed bytes
# (common/mapped_diff.c).  Included by the top-level
# Makefile; paths are relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror

all: tests/unit/test_mapped_pull

tests/unit/test_mapped_pull: tests/unit/test_mapped_pull.c \
		server/svc/svc_mapped.c server/svc/mapped_shadow.c \
		server/svc/mapped_shadow.h common/mapped_diff.c \
		common/mapped_diff.h gen/cuda_xdr.o common/huge_pages.c \
		server/copy/managed_copy.c server/copy/managed_copy.h \
		server/copy/managed_hash.c server/copy/managed_hash.h \
		common/block_hash.c common/block_hash.h \
		server/copy/pinned_set.c server/copy/dma_mark.c \
		tests/unit/copy_engine_double.c tests/unit/copy_engine_double.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -Itests/unit -I/usr/include/tirpc \
		-I$(CUDA_HOME)/include $(CFLAGS) $(WARN) \
		-Wl,--wrap=mapped_next_run -o $@ \
		tests/unit/test_mapped_pull.c server/svc/svc_mapped.c \
		server/svc/mapped_shadow.c common/mapped_diff.c gen/cuda_xdr.o \
		common/huge_pages.c \
		server/copy/managed_copy.c server/copy/managed_hash.c \
		common/block_hash.c server/copy/pinned_set.c \
		server/copy/dma_mark.c tests/unit/copy_engine_double.c \
		tests/unit/unit_check.c -ltirpc
