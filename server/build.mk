# server/build.mk: oncudad, the RPC server (make server/oncudad).
#
# Included by the top-level Makefile; paths are relative to the repository
# root.  oncudad does not link libcuda.so.1: server/daemon/driver.c loads
# whichever one dlopen finds when it starts (NVIDIA's driver, or the CPU
# stand-in with LD_LIBRARY_PATH=tests/fakecuda), through gen/driver_calls.c,
# which tools/gen-driver-calls.py writes for every cu* symbol the other
# objects reference, with cuda.h's prototypes.
#
# Every server/*/*.c joins it (the daemon, the session, the services and the
# copy machinery: docs/architecture.md), with rpcgen's XDR routines and
# dispatcher, the generated glue, and these of common/: the record transport
# and the rule for --poll-us (the client's too), the key exchange's proofs,
# the trace format of --trace, the comparison of mapped memory and the
# hash of managed memory's blocks, and the
# range table under the device ranges a client owns, the rings of the
# same-host path (common/ring_channel.c), and the module-image
# reader that checks a staged image, the pool and virtual memory structures
# in their wire form, and the plan of a striped copy.
#
# CC, CFLAGS, WARN, GEN_CFLAGS and CUDA_HOME come from the top-level Makefile.

SERVER_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include

SERVER_COMMON_OBJS := common/xprt_record.o common/rpcaddr.o \
	common/auth_key.o common/sha256.o \
	common/trace_xdr.o common/trace_format.o common/trace_stats.o \
	common/mapped_diff.o common/range_table.o common/image.o \
	common/mem_props.o common/release.o common/tls_channel.o \
	common/stripe_io.o common/frame_seal.o common/fd_io.o \
	common/ring_channel.o \
	common/stripe_plan.o \
	common/stripe_crew.o \
	common/host_memory.o common/boot_id.o common/huge_pages.o \
	common/block_hash.o common/edge_data.o
SERVER_OBJS := $(patsubst %.c,%.o,$(sort $(wildcard server/*/*.c))) \
	$(SERVER_COMMON_OBJS) gen/cuda_xdr.o gen/cuda_svc.o gen/glue_server.o
SERVER_LIBS := -ltirpc -lssl -lcrypto -lpthread -ldl

all: server/oncudad

server/oncudad: $(SERVER_OBJS) gen/driver_calls.o
	$(CC) $(CFLAGS) -o $@ $(SERVER_OBJS) gen/driver_calls.o $(SERVER_LIBS)

# The driver calls for what the other objects reference: rebuilt whenever
# they change (committed, like the rest of gen/).  Ours, though generated:
# full warnings.
gen/driver_calls.c: tools/gen-driver-calls.py $(SERVER_OBJS)
	printf '#include <cuda.h>\n#include <cudaProfiler.h>\n' | $(CC) $(SERVER_CPPFLAGS) -E -P -x c - > $@.h.tmp
	nm -u $(SERVER_OBJS) | awk '$$2 ~ /^cu[A-Z]/ { print $$2 }' | LC_ALL=C sort -u > $@.u.tmp
	nm --defined-only $(SERVER_OBJS) | awk 'NF == 3 { print $$3 }' | LC_ALL=C sort -u | \
		LC_ALL=C comm -23 $@.u.tmp - > $@.names.tmp
	$(PYTHON) tools/gen-driver-calls.py $@.h.tmp $@.names.tmp > $@.tmp
	rm -f $@.h.tmp $@.u.tmp $@.names.tmp && mv $@.tmp $@

gen/driver_calls.o: gen/driver_calls.c server/daemon/driver.h
	$(CC) $(SERVER_CPPFLAGS) $(CFLAGS) $(WARN) -c -o $@ $<

server/%.o: server/%.c gen/cuda_rpc.h
	$(CC) $(SERVER_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

-include $(wildcard server/*/*.d)
