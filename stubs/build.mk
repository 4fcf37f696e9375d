# stubs/build.mk: the client library, stubs/libcuda.so.1 (and the link
# stubs/libcuda.so), which a program loads in place of NVIDIA's driver.
# Included by the top-level Makefile; paths are relative to the repository
# root.
#
# Every stubs/*/*.c joins the library, with every common/*.c (as
# common/*.pic.o), rpcgen's client code, the generated glue of the plain
# procedures and gen/unsupported.c: the CUDA_ERROR_NOT_SUPPORTED stubs for
# every other driver entry point, which tools/gen-unsupported.sh writes from
# the symbols the other objects define.  All are compiled -fPIC
# -fvisibility=hidden, so the library exports the driver's entry points
# (marked ONCUDA_API) and nothing else; the generated sources are therefore
# compiled again here, as stubs/gen-*.o, rather than shared with the
# server's gen/*.o.  It links libtirpc and OpenSSL (TLS, common/tls_channel.c),
# never NVIDIA's libcuda.
#
# CC, CFLAGS, WARN, GEN_CFLAGS and CUDA_HOME come from the top-level Makefile.

STUBS_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include
STUBS_CFLAGS := $(CFLAGS) -fPIC -fvisibility=hidden -MMD -MP
STUBS_GEN_WARN := $(WARN) $(GEN_CFLAGS)

STUBS_OBJS := $(patsubst %.c,%.o,$(sort $(wildcard stubs/*/*.c))) \
	$(patsubst %.c,%.pic.o,$(COMMON_SRCS))
STUBS_GEN_OBJS := stubs/gen-cuda_xdr.o stubs/gen-cuda_clnt.o \
	stubs/gen-glue_client.o
STUBS_UNSUPPORTED_OBJ := stubs/gen-unsupported.o

.PHONY: clean-stubs

all: stubs/libcuda.so.1 stubs/libcuda.so

stubs/libcuda.so.1: $(STUBS_OBJS) $(STUBS_GEN_OBJS) $(STUBS_UNSUPPORTED_OBJ)
	$(CC) $(CFLAGS) -shared -Wl,-soname,libcuda.so.1 -Wl,--no-undefined \
		-o $@ $^ -ltirpc -lssl -lcrypto -lzstd -lpthread -ldl

stubs/libcuda.so: stubs/libcuda.so.1
	ln -sf libcuda.so.1 $@

stubs/%.o: stubs/%.c gen/cuda_rpc.h
	$(CC) $(STUBS_CPPFLAGS) $(STUBS_CFLAGS) $(WARN) -c -o $@ $<

stubs/gen-%.o: gen/%.c gen/cuda_rpc.h
	$(CC) $(STUBS_CPPFLAGS) $(STUBS_CFLAGS) $(STUBS_GEN_WARN) -c -o $@ $<

# Ours, though generated: full warnings.
stubs/gen-unsupported.o: gen/unsupported.c stubs/link/say.h
	$(CC) $(STUBS_CPPFLAGS) $(STUBS_CFLAGS) $(WARN) -c -o $@ $<

# The stubs for what no other object defines: rebuilt whenever they change.
gen/unsupported.c: tools/gen-unsupported.sh stubs/answers/driver-exports.txt \
		stubs/answers/procaddr-580.tsv $(STUBS_OBJS) $(STUBS_GEN_OBJS)
	tools/gen-unsupported.sh stubs/answers/driver-exports.txt \
		stubs/answers/procaddr-580.tsv $(STUBS_OBJS) $(STUBS_GEN_OBJS) > $@.tmp
	mv $@.tmp $@

# The cuGetProcAddress table as C initialisers, for stubs/answers/procaddr.c;
# the table is tools/procaddr-probe's output on a machine with the driver.
gen/procaddr_580.inc: stubs/answers/procaddr-580.tsv
	awk -F'\t' 'BEGIN { print "/* $< as C initialisers (stubs/build.mk); do not edit. */" } \
		!/^#/ && NF >= 4 { printf "{ \"%s\", %s, %s, \"%s\" },\n", $$1, $$2, $$3, $$4 }' \
		$< > $@.tmp
	mv $@.tmp $@

stubs/answers/procaddr.o: gen/procaddr_580.inc

clean-stubs:
	rm -f stubs/*/*.o stubs/*/*.d stubs/*.o stubs/*.d stubs/libcuda.so.1 stubs/libcuda.so

-include $(wildcard stubs/*/*.d stubs/*.d)
