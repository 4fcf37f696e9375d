# tools/oncuda-ls.mk: oncuda-ls, which lists the oncudad servers it finds
# (make tools/oncuda-ls).  Included by the top-level Makefile; paths are
# relative to the repository root.
#
# It is built from the discovery sources the client library links too
# (common/discover*.c, common/rpcb_dump.c, common/rpcaddr.c), the key's
# proofs and the release text for -v (common/auth_key.c, sha256.c,
# release.c), the record transport and TLS on it for -v's connection
# (common/xprt_record.c, tls_channel.c, tls_env.c, tls_kernel.c: OpenSSL) and
# rpcgen's XDR routines.
#
# CC, CFLAGS, WARN and CUDA_HOME come from the top-level Makefile.  Each
# object also depends on the headers its compiler read (-MMD, tools/*.d):
# tools/ls_connection.h holds a struct record_stream, and an object built
# against an older layout of it than the others crashed oncuda-ls.

ONCUDA_LS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include
ONCUDA_LS_OBJS := tools/oncuda-ls.o tools/ls_sessions.o tools/ls_connection.o \
	tools/json_text.o common/discover.o common/discover_ask.o \
	common/rpcb_dump.o common/rpcaddr.o common/auth_key.o common/sha256.o \
	common/release.o common/xprt_record.o common/fd_io.o \
	common/ring_channel.o \
	common/tls_channel.o \
	common/tls_env.o common/tls_kernel.o gen/cuda_xdr.o

all: tools/oncuda-ls

tools/oncuda-ls: $(ONCUDA_LS_OBJS)
	$(CC) $(CFLAGS) -o $@ $(ONCUDA_LS_OBJS) -ltirpc -lssl -lcrypto

tools/oncuda-ls.o: tools/oncuda-ls.c common/discover.h tools/ls_sessions.h \
	tools/ls_connection.h common/xprt_record.h \
	tools/json_text.h gen/cuda_rpc.h
	$(CC) $(ONCUDA_LS_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

tools/json_text.o: tools/json_text.c tools/json_text.h
	$(CC) $(ONCUDA_LS_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

tools/ls_sessions.o: tools/ls_sessions.c tools/json_text.h tools/ls_sessions.h \
	tools/ls_connection.h common/xprt_record.h \
	common/auth_key.h common/release.h gen/cuda_rpc.h gen/wire_revision.h
	$(CC) $(ONCUDA_LS_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

tools/ls_connection.o: tools/ls_connection.c tools/ls_connection.h \
	common/auth_key.h common/tls_channel.h common/tls_env.h common/tls_kernel.h \
	common/xprt_record.h gen/cuda_rpc.h gen/cuda_names.h
	$(CC) $(ONCUDA_LS_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

-include $(wildcard tools/*.d)
