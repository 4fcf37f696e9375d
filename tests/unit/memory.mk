# tests/unit/memory.mk: unit tests of the client's memory calls.
#
# Included by the top-level Makefile (which adds them to `all`); paths are
# relative to the repository root.  None needs a server or a GPU:
#
#   test_memory_ranges    common/range_table.c: the ordered range table that
#                         tells device from host memory, also across threads
#   test_memory_plan      stubs/copy/copy_plan.c: chunks of linear copies, groups
#                         of rows of 2D copies
#   test_memory_copies    device memory and linear copies     } against the
#   test_memory_copies2d  cuMemcpy2D and its forms            } loopback server
#   test_memory_hostmem   page-locked memory, pointer attributes }
#
# The loopback server (memory_loopback*.c) stands in for stubs/wire/rpc.c: its
# CLIENT encodes every call with the generated XDR code, serves it in the
# process and decodes the answer with the client's decoders, so the bytes
# take the path they take on the wire.  gen/cuda_xdr.o and gen/cuda_clnt.o
# come from the top-level gen/%.o rule.  no_stripes.c stands in for the
# data connections (stubs/copy/stripe_copy.c), which the loopback lacks.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_MEMORY_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -Itests/unit \
	-I/usr/include/tirpc -I$(CUDA_HOME)/include
UNIT_MEMORY_TESTS := tests/unit/test_memory_ranges tests/unit/test_memory_plan \
	tests/unit/test_memory_copies tests/unit/test_memory_copies2d \
	tests/unit/test_memory_hostmem
UNIT_MEMORY_COMMON := tests/unit/unit_check.c tests/unit/unit_check.h
# What the loopback tests link: the client's memory files, the loopback
# server, rpcgen's client code.
UNIT_MEMORY_CLIENT := stubs/mem/memory.c stubs/mem/memory.h \
	stubs/mem/device_ranges.c stubs/mem/device_ranges.h stubs/mem/hostmem.c \
	stubs/mem/hostmem.h stubs/mem/host_mirror.c stubs/mem/host_mirror.h stubs/copy/copy.c stubs/copy/copy2d.c stubs/copy/copy3d.c stubs/copy/copy_wire.c \
	stubs/copy/copy_wire.h stubs/copy/copy_plan.c stubs/copy/copy_plan.h stubs/mem/pointer.c \
	common/range_table.c common/range_table.h stubs/link/say.c stubs/link/say.h \
	stubs/context/answer_cache.c stubs/context/answer_cache.h stubs/route/ctxstack.c \
	stubs/wire/rpc.h stubs/mem/mapped.c stubs/mem/mapped.h common/mapped_diff.c \
	stubs/mem/downloads.c stubs/mem/downloads.h stubs/mem/pending_downloads.c \
	stubs/mem/pending_downloads.h \
	stubs/mem/dirty_pages.c stubs/mem/dirty_pages.h stubs/mem/managed.c \
	stubs/mem/managed.h common/mem_props.c common/mem_props.h common/host_memory.c \
	common/huge_pages.c common/huge_pages.h stubs/mem/uffd_wp.c \
	common/mapped_diff.h stubs/local/local_copy.c stubs/local/local_memcpy.c stubs/link/env_count.c stubs/mem/local_share.c \
	stubs/link/local_connect.c common/boot_id.c common/boot_id.h stubs/local/local_copy.h stubs/link/local_connect.h stubs/mem/local_share.h stubs/link/xprt.c stubs/link/xprt.h \
	stubs/link/backchannel.c stubs/link/backchannel.h \
	stubs/route/capture_known.c stubs/route/capture_known.h \
	common/xprt_record.c common/xprt_record.h common/fd_io.c common/fd_io.h \
	common/ring_channel.c common/ring_channel.h \
	stubs/link/pass_fds.c stubs/link/pass_fds.h \
	stubs/link/local_ring.c stubs/link/local_ring.h \
	common/tls_channel.c \
	common/tls_channel.h tests/unit/memory_loopback.c \
	tests/unit/one_server.c tests/unit/memory_loopback_serve.c tests/unit/memory_loopback.h \
	tests/unit/no_stripes.c stubs/copy/stripe_copy.h \
	stubs/copy/mirror_fetch.c stubs/copy/mirror_fetch.h \
	gen/cuda_rpc.h gen/cuda_xdr.o gen/cuda_clnt.o

all: $(UNIT_MEMORY_TESTS)

# Links the .c and .o prerequisites; the headers are there for make alone.
UNIT_MEMORY_LINK = $(CC) $(UNIT_MEMORY_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
	$(filter %.c %.o,$^) -ltirpc -lssl -lcrypto -lpthread

tests/unit/test_memory_ranges: tests/unit/test_memory_ranges.c \
		common/range_table.c common/range_table.h $(UNIT_MEMORY_COMMON)
	$(UNIT_MEMORY_LINK)

tests/unit/test_memory_plan: tests/unit/test_memory_plan.c \
		stubs/copy/copy_plan.c stubs/copy/copy_plan.h gen/cuda_rpc.h \
		$(UNIT_MEMORY_COMMON)
	$(UNIT_MEMORY_LINK)

tests/unit/test_memory_copies: tests/unit/test_memory_copies.c \
		$(UNIT_MEMORY_CLIENT) $(UNIT_MEMORY_COMMON)
	$(UNIT_MEMORY_LINK)

tests/unit/test_memory_copies2d: tests/unit/test_memory_copies2d.c \
		$(UNIT_MEMORY_CLIENT) $(UNIT_MEMORY_COMMON)
	$(UNIT_MEMORY_LINK)

tests/unit/test_memory_hostmem: tests/unit/test_memory_hostmem.c \
		$(UNIT_MEMORY_CLIENT) $(UNIT_MEMORY_COMMON)
	$(UNIT_MEMORY_LINK)
