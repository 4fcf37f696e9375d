# tests/fuzz/build.mk -- the libFuzzer targets: fuzz_server, oncudad's
# decode and dispatch path, and fuzz_client, the client library's reading
# of replies (make fuzz, make fuzz-run [FUZZ_TARGET_NAME=fuzz_client]
# FUZZ_SECONDS=N).
#
# Included by the top-level Makefile; paths are relative to the repository
# root.  The targets are built with clang (-fsanitize=fuzzer,address,
# undefined), fuzz_server from the server's sources and the CPU stand-in's,
# fuzz_client from the client library's (all but stubs/link/connect.c,
# whose connect_server the harness replaces), into their own objects under
# tests/fuzz/obj/, so the ordinary build is untouched.
# Without clang, make fuzz says so and stops.  The seed maker (make
# fuzz-seeds rewrites tests/fuzz/corpus/ from it) and step_limits's client
# are built with CC as part of make all.

FUZZ_CC       ?= clang
FUZZ_SECONDS  ?= 30
FUZZ_DIR      := tests/fuzz
FUZZ_OBJDIR   := $(FUZZ_DIR)/obj
FUZZ_TARGET   := $(FUZZ_DIR)/fuzz_server
FUZZ_SANITIZE := -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=undefined -fno-omit-frame-pointer
FUZZ_CFLAGS   := -std=c11 -D_GNU_SOURCE -O1 -g $(FUZZ_SANITIZE) -Wall -Wextra -Werror \
	-Wno-unused-command-line-argument

# The session process of oncudad without the daemon (main, listen,
# children, rpcbind, and the driver's loading: the stand-in is linked in
# here): child.c stays for the dispatcher's freeresult.
FUZZ_SERVER_SRCS := $(filter-out server/daemon/main.c server/daemon/listen.c \
	server/daemon/driver.c \
	server/daemon/children.c server/daemon/rpcbind.c, $(wildcard server/*/*.c)) \
	common/trace_xdr.c common/trace_format.c common/trace_stats.c \
	common/mapped_diff.c common/auth_key.c common/sha256.c common/xprt_record.c \
	common/rpcaddr.c common/range_table.c common/image.c common/mem_props.c \
	common/release.c common/tls_channel.c common/stripe_plan.c common/stripe_io.c \
	common/frame_seal.c common/fd_io.c common/ring_channel.c common/stripe_crew.c \
	common/host_memory.c common/boot_id.c common/huge_pages.c \
	common/block_hash.c common/edge_data.c
FUZZ_GEN_SRCS := gen/cuda_xdr.c gen/cuda_svc.c gen/glue_server.c
FUZZ_FAKE_SRCS := $(filter-out tests/fakecuda/selftest%, \
	$(wildcard tests/fakecuda/*.c))

FUZZ_OBJS := $(patsubst %.c,$(FUZZ_OBJDIR)/%.o,$(FUZZ_SERVER_SRCS) \
	$(FUZZ_GEN_SRCS) $(FUZZ_FAKE_SRCS) $(FUZZ_DIR)/fuzz_server.c)

# The client library as stubs/build.mk links it, but for the connection.
FUZZ_CLIENT_TARGET := $(FUZZ_DIR)/fuzz_client
FUZZ_CLIENT_SRCS := $(filter-out stubs/link/connect.c, $(wildcard stubs/*/*.c)) \
	$(COMMON_SRCS) gen/cuda_xdr.c gen/cuda_clnt.c gen/glue_client.c \
	gen/unsupported.c $(FUZZ_DIR)/fuzz_client.c
FUZZ_CLIENT_OBJS := $(patsubst %.c,$(FUZZ_OBJDIR)/%.o,$(FUZZ_CLIENT_SRCS))
FUZZ_TARGET_NAME ?= fuzz_server

FUZZ_HAVE_CC := $(shell command -v $(FUZZ_CC) 2>/dev/null)

.PHONY: fuzz fuzz-run fuzz-seeds

all: $(FUZZ_DIR)/make_seeds $(FUZZ_DIR)/alloc

# step_limits's client, an ordinary CUDA program.
$(FUZZ_DIR)/alloc: $(FUZZ_DIR)/alloc.c
	$(CC) -std=c11 -D_GNU_SOURCE -I$(CUDA_HOME)/include $(CFLAGS) $(WARN) \
		-o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

$(FUZZ_DIR)/make_seeds: $(FUZZ_DIR)/make_seeds.c $(FUZZ_DIR)/fuzz_format.h gen/cuda_xdr.o
	$(CC) -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc $(CFLAGS) $(WARN) \
		-o $@ $(FUZZ_DIR)/make_seeds.c gen/cuda_xdr.o -ltirpc

fuzz-seeds: $(FUZZ_DIR)/make_seeds
	mkdir -p $(FUZZ_DIR)/corpus
	$(FUZZ_DIR)/make_seeds $(FUZZ_DIR)/corpus

ifeq ($(FUZZ_HAVE_CC),)
fuzz fuzz-run:
	@echo "make $@: $(FUZZ_CC) is not installed; the fuzz target needs clang" \
		"with libFuzzer (apt-get install clang libclang-rt-14-dev)" >&2
	@exit 1
else
fuzz: $(FUZZ_TARGET) $(FUZZ_CLIENT_TARGET)

$(FUZZ_TARGET): $(FUZZ_OBJS)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ $(FUZZ_OBJS) \
		-ltirpc -lssl -lcrypto -lpthread -lrt

$(FUZZ_CLIENT_TARGET): $(FUZZ_CLIENT_OBJS)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -o $@ \
		$(FUZZ_CLIENT_OBJS) -ltirpc -lssl -lcrypto -lzstd -lpthread -ldl -lrt

$(FUZZ_OBJDIR)/gen/%.o: gen/%.c gen/cuda_rpc.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(GEN_CFLAGS) -I. \
		-I/usr/include/tirpc -I$(CUDA_HOME)/include -c -o $@ $<
$(FUZZ_OBJDIR)/tests/fakecuda/%.o: tests/fakecuda/%.c $(FAKECUDA_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -pthread -I. -I$(CUDA_HOME)/include -c -o $@ $<
$(FUZZ_OBJDIR)/%.o: %.c gen/cuda_rpc.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -I. -I$(FUZZ_DIR) \
		-I/usr/include/tirpc -I$(CUDA_HOME)/include -MMD -MP -c -o $@ $<

# A run of FUZZ_SECONDS of FUZZ_TARGET_NAME from its committed seeds
# (tests/fuzz/corpus for fuzz_server, tests/fuzz/corpus-client for
# fuzz_client); new inputs go to tests/fuzz/out/NAME-corpus, crashes to
# tests/fuzz/out/.
FUZZ_SEEDS := $(if $(filter fuzz_client,$(FUZZ_TARGET_NAME)),corpus-client,corpus)
fuzz-run: $(FUZZ_DIR)/$(FUZZ_TARGET_NAME)
	mkdir -p $(FUZZ_DIR)/out/$(FUZZ_TARGET_NAME)-corpus
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	UBSAN_OPTIONS=print_stacktrace=1 \
	$(FUZZ_DIR)/$(FUZZ_TARGET_NAME) -max_total_time=$(FUZZ_SECONDS) \
		-max_len=65536 -timeout=20 -rss_limit_mb=4096 \
		-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/out/ \
		$(FUZZ_DIR)/out/$(FUZZ_TARGET_NAME)-corpus \
		$(FUZZ_DIR)/$(FUZZ_SEEDS)
endif

-include $(FUZZ_OBJS:.o=.d) $(FUZZ_CLIENT_OBJS:.o=.d)
