# tools/oncuda-ls.mk: oncuda-ls, which lists the oncudad servers it finds
# (make tools/oncuda-ls).  Included by the top-level Makefile; paths are
# relative to the repository root.
#
# It is built from the client library's discovery sources (stubs/discover*.c,
# stubs/rpcb_dump.c, stubs/rpcaddr.c), compiled again here without
# -fvisibility=hidden, and rpcgen's XDR routines.  This fragment also tells oncudad which oncuda it is
# (ONCUDA_DESCRIBE_SERVER's "software"): the git commit it is built from, as
# of the time server/svc_info.o was compiled.
#
# CC, CFLAGS, WARN and CUDA_HOME come from the top-level Makefile.

ONCUDA_LS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -Istubs -Igen -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include
ONCUDA_LS_OBJS := tools/oncuda-ls.o tools/discover.o tools/discover_ask.o \
	tools/rpcb_dump.o tools/rpcaddr.o gen/cuda_xdr.o
ONCUDA_SOFTWARE_VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

all: tools/oncuda-ls

tools/oncuda-ls: $(ONCUDA_LS_OBJS)
	$(CC) $(CFLAGS) -o $@ $(ONCUDA_LS_OBJS) -ltirpc

tools/oncuda-ls.o: tools/oncuda-ls.c stubs/discover.h gen/cuda_rpc.h
	$(CC) $(ONCUDA_LS_CPPFLAGS) $(CFLAGS) $(WARN) -c -o $@ $<

tools/discover.o tools/discover_ask.o tools/rpcb_dump.o tools/rpcaddr.o: tools/%.o: stubs/%.c \
		stubs/discover.h stubs/discover_ask.h stubs/rpcb_dump.h stubs/rpcaddr.h gen/cuda_rpc.h
	$(CC) $(ONCUDA_LS_CPPFLAGS) $(CFLAGS) $(WARN) -c -o $@ $<

server/svc_info.o: SERVER_CPPFLAGS += \
	-DONCUDA_SOFTWARE_VERSION='"$(ONCUDA_SOFTWARE_VERSION)"'
