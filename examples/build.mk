# examples/build.mk: the example programs (make examples).
#
# Included by the top-level Makefile; paths are relative to the repository
# root.  The programs link against the toolkit's stub libcuda.so, so at run
# time they use whichever libcuda.so.1 the loader finds: NVIDIA's driver, or
# oncuda's client library when LD_LIBRARY_PATH puts stubs/ first.
#
# The kernels are built with nvcc's default options on purpose: that is what
# an ordinary program ships, a compressed fatbin for the default targets.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc

EXAMPLES_PROGRAMS := examples/deviceQuery examples/vectorAdd examples/matrixMul
EXAMPLES_GENERATED := examples/vectorAdd_kernel.fatbin \
	examples/matrixMul_kernel.fatbin examples/matrixMul_kernel.fatbin.h
# Only what any CUDA program needs: the examples must not lean on oncuda.
EXAMPLES_CFLAGS = -std=c11 -D_GNU_SOURCE -I$(CUDA_HOME)/include $(CFLAGS) $(WARN)
EXAMPLES_LIBS := -L$(CUDA_HOME)/lib64/stubs -lcuda

.PHONY: all examples clean-examples

all: examples
examples: $(EXAMPLES_PROGRAMS) examples/vectorAdd_kernel.fatbin

examples/deviceQuery: examples/deviceQuery.c examples/check.h
	$(CC) $(EXAMPLES_CFLAGS) -o $@ $< $(EXAMPLES_LIBS)

# vectorAdd loads its kernel from the file next to it at run time.
examples/vectorAdd: examples/vectorAdd.c examples/check.h examples/vectorAdd_kernel.fatbin
	$(CC) $(EXAMPLES_CFLAGS) -o $@ $< $(EXAMPLES_LIBS)

examples/matrixMul: examples/matrixMul.c examples/check.h examples/matrixMul_kernel.fatbin.h
	$(CC) $(EXAMPLES_CFLAGS) -o $@ $< $(EXAMPLES_LIBS) -lm

examples/vectorAdd_kernel.fatbin: examples/vectorAdd_kernel.cu
	$(NVCC) -fatbin -o $@ $<

examples/matrixMul_kernel.fatbin: examples/matrixMul_kernel.cu
	$(NVCC) -fatbin -o $@ $<

# matrixMul embeds its fatbin as a C array.  od and sed are in every base
# system (xxd is not); the driver reads the fatbin header as 64-bit fields,
# hence the alignment.
examples/matrixMul_kernel.fatbin.h: examples/matrixMul_kernel.fatbin
	{ echo '/* Generated from $< by examples/build.mk; do not edit. */'; \
	  echo 'static _Alignas(8) const unsigned char matrixMul_kernel_fatbin[] = {'; \
	  od -An -v -tx1 $< | sed 's/ \([0-9a-f][0-9a-f]\)/0x\1,/g'; \
	  echo '};'; } > $@.tmp
	mv $@.tmp $@

clean-examples:
	rm -f $(EXAMPLES_PROGRAMS) $(EXAMPLES_GENERATED)
