# server/build.mk: oncudad, the RPC server (make server/oncudad).
#
# Included by the top-level Makefile; paths are relative to the repository
# root.  oncudad links against the toolkit's stub libcuda.so, so at run time
# it uses whichever libcuda.so.1 the loader finds: NVIDIA's driver, or the
# CPU stand-in with LD_LIBRARY_PATH=tests/fakecuda.
#
# Every server/*/*.c joins it (the daemon, the session, the services and the
# copy machinery: docs/architecture.md), with rpcgen's XDR routines and
# dispatcher, the generated glue, and these of common/: the record transport
# and the rule for --poll-us (the client's too), the key exchange's proofs,
# the trace format of --trace, the comparison of mapped memory, and the
# range table under the device ranges a client owns, and the module-image
# reader that checks a staged image, the pool and virtual memory structures
# in their wire form.
#
# CC, CFLAGS, WARN, GEN_CFLAGS and CUDA_HOME come from the top-level Makefile.

SERVER_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include

SERVER_COMMON_OBJS := common/xprt_record.o common/rpcaddr.o \
	common/auth_key.o common/sha256.o \
	common/trace_xdr.o common/trace_format.o common/trace_stats.o \
	common/mapped_diff.o common/range_table.o common/image.o \
	common/mem_props.o common/release.o common/tls_channel.o
SERVER_OBJS := $(patsubst %.c,%.o,$(sort $(wildcard server/*/*.c))) \
	$(SERVER_COMMON_OBJS) gen/cuda_xdr.o gen/cuda_svc.o gen/glue_server.o
SERVER_LIBS := -L$(CUDA_HOME)/lib64/stubs -lcuda -ltirpc -lssl -lcrypto -lpthread

all: server/oncudad

server/oncudad: $(SERVER_OBJS)
	$(CC) $(CFLAGS) -o $@ $(SERVER_OBJS) $(SERVER_LIBS)

server/%.o: server/%.c gen/cuda_rpc.h
	$(CC) $(SERVER_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

-include $(wildcard server/*/*.d)
