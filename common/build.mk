# common/build.mk: what more than one program links (the record transport,
# ONCUDA_SERVER and the other settings, the shared key and SHA-256, the trace
# format, the module-image reader, the range table, the comparison of mapped
# memory, discovery through the portmappers).  Included by the top-level
# Makefile; paths are relative to the repository root.
#
# Each source is compiled twice: common/X.o for oncudad and the tools, and
# common/X.pic.o for the client library (position-independent, symbols
# hidden, so that libcuda.so.1 exports the driver's entry points only).
# Which program links which objects is said where it is linked
# (stubs/build.mk, server/build.mk, tools/oncuda-ls.mk).
#
# CC, CFLAGS, WARN, PYTHON and CUDA_HOME come from the top-level Makefile.

COMMON_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
	-I$(CUDA_HOME)/include
COMMON_SRCS := $(sort $(wildcard common/*.c))

common/%.o: common/%.c gen/cuda_rpc.h
	$(CC) $(COMMON_CPPFLAGS) $(CFLAGS) $(WARN) -MMD -MP -c -o $@ $<

common/%.pic.o: common/%.c gen/cuda_rpc.h
	$(CC) $(COMMON_CPPFLAGS) $(CFLAGS) -fPIC -fvisibility=hidden $(WARN) \
		-MMD -MP -c -o $@ $<

# The protocol's types as tables for the tracer (common/trace_format.c).
# Committed, like the rest of gen/.
gen/trace_types.inc: idl/cuda.x tools/gen-trace-types.py tools/idl.py
	$(PYTHON) tools/gen-trace-types.py idl/cuda.x $@

common/trace_format.o common/trace_format.pic.o: gen/trace_types.inc

# The release text (common/release.c): the git commit built from.  A
# stamp holds it, written only when it changes, so that a commit compiles
# the object again and every program says the commit it was built from
# (a benchmark's report names it, bench/run.sh).
ONCUDA_SOFTWARE_VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
RELEASE_STAMP := common/release.stamp
$(shell echo '$(ONCUDA_SOFTWARE_VERSION)' | cmp -s - $(RELEASE_STAMP) 2>/dev/null || \
	echo '$(ONCUDA_SOFTWARE_VERSION)' > $(RELEASE_STAMP))
common/release.o common/release.pic.o: COMMON_CPPFLAGS += \
	-DONCUDA_SOFTWARE_VERSION='"$(ONCUDA_SOFTWARE_VERSION)"'
common/release.o common/release.pic.o: gen/wire_revision.h $(RELEASE_STAMP)

-include $(wildcard common/*.d)
