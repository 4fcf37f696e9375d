# server/build.mk: oncudad, the RPC server (make server/oncudad).
#
# Included by the top-level Makefile; paths are relative to the repository
# root.  oncudad links against the toolkit's stub libcuda.so, so at run time
# it uses whichever libcuda.so.1 the loader finds: NVIDIA's driver, or the
# CPU stand-in with LD_LIBRARY_PATH=tests/fakecuda.
#
# CC, CFLAGS, WARN, GEN_CFLAGS and CUDA_HOME come from the top-level Makefile.

SERVER_CPPFLAGS := -std=c11 -D_GNU_SOURCE -Iserver -Igen -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include

# The daemon, the per-client process and the registries of handles and
# device ranges (daemon side),
# the hand-written procedures and session state (procedures side), and the
# protocol: rpcgen's XDR routines and dispatcher, and the generated glue.
SERVER_DAEMON_OBJS := server/main.o server/listen.o server/children.o \
	server/rpcbind.o server/child.o server/log.o server/handles.o \
	server/allow.o server/auth.o server/limits.o server/getargs.o \
	server/ranges.o \
	server/local_socket.o \
	server/dma_mark.o server/transport.o
# The session's transport reads and writes records as the client's does, and
# --poll-us is read by the client's rule for ONCUDA_POLL_US.
SERVER_XPRT_OBJS := server/xprt_record.o server/rpcaddr.o
# --key-file checks proofs made as the client makes them: same sources.
SERVER_AUTH_OBJS := server/auth_key.o server/sha256.o
# --trace decodes calls as the client's ONCUDA_TRACE does: same sources.
SERVER_TRACE_OBJS := server/trace_xdr.o server/trace_format.o \
	server/trace_stats.o
SERVER_OBJS := $(SERVER_DAEMON_OBJS) $(SERVER_XPRT_OBJS) \
	$(patsubst %.c,%.o,$(wildcard server/svc_*.c)) server/session.o \
	gen/cuda_xdr.o gen/cuda_svc.o gen/glue_server.o server/mapped_diff.o \
	server/calltrace.o $(SERVER_TRACE_OBJS) $(SERVER_AUTH_OBJS)
SERVER_LIBS := -L$(CUDA_HOME)/lib64/stubs -lcuda -ltirpc -lpthread

all: server/oncudad

server/oncudad: $(SERVER_OBJS)
	$(CC) $(CFLAGS) -o $@ $(SERVER_OBJS) $(SERVER_LIBS)

server/%.o: server/%.c gen/cuda_rpc.h
	$(CC) $(SERVER_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

# The comparison of mapped memory is the client's too: one source for both.
server/svc_mapped.o: SERVER_CPPFLAGS += -Istubs
server/mapped_diff.o: stubs/mapped_diff.c stubs/mapped_diff.h
	$(CC) $(SERVER_CPPFLAGS) -Istubs $(CPPFLAGS) $(CFLAGS) $(WARN) -c -o $@ $<

server/calltrace.o server/auth.o server/transport.o server/main.o \
	server/child.o: SERVER_CPPFLAGS += -Istubs
$(SERVER_AUTH_OBJS) $(SERVER_XPRT_OBJS): server/%.o: stubs/%.c
	$(CC) $(SERVER_CPPFLAGS) -Istubs $(CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<
$(SERVER_TRACE_OBJS): server/%.o: stubs/%.c gen/cuda_rpc.h gen/trace_types.inc
	$(CC) $(SERVER_CPPFLAGS) -Istubs $(CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

-include $(patsubst %.o,%.d,$(filter server/%,$(SERVER_OBJS)))
