# tests/runtime/build.mk: CUDA runtime programs built the way users build
# them, for tests/run.sh's step f.  Included by the top-level Makefile
# (-include tests/runtime/build.mk); paths are relative to the repository
# root.
#
#   tests/runtime/rt_NAME          plain `nvcc rt_NAME.cu`: static cudart
#   tests/runtime/rt_NAME_shared   `nvcc -cudart shared`: libcudart.so.13
#
# Both run unchanged on a GPU host and through oncuda; each prints
# "PASS rt_NAME" or "FAIL rt_NAME".  No flags beyond those: the point is
# that whatever nvcc makes by default runs; except rt_per_thread, built
# with --default-stream per-thread, as a program that wants it is.

CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc

RUNTIME_TESTS := device memory launch streams fault per_thread
RUNTIME_BINS  := $(foreach t,$(RUNTIME_TESTS), \
	tests/runtime/rt_$(t) tests/runtime/rt_$(t)_shared)

.PHONY: runtime-tests clean-runtime-tests

all: runtime-tests
runtime-tests: $(RUNTIME_BINS)

RT_FLAGS_per_thread := --default-stream per-thread

tests/runtime/rt_%: tests/runtime/rt_%.cu tests/runtime/rt_check.h
	$(NVCC) $(RT_FLAGS_$*) -o $@ $<

tests/runtime/rt_%_shared: tests/runtime/rt_%.cu tests/runtime/rt_check.h
	$(NVCC) $(RT_FLAGS_$*) -cudart shared -o $@ $<

clean-runtime-tests:
	rm -f $(RUNTIME_BINS)
