# tests/apps/build.mk: the application tests (issue 3) that need a build.
# Included by the top-level Makefile; paths are relative to the repository
# root.  tests/apps/run.sh runs them (make test-apps).
#
#   tests/apps/cublas_gemm   cuBLAS SGEMM/DGEMM against a CPU reference;
#                            built only where $(CUDA_HOME) has libcublas.so
#
# cublas_gemm links cuBLAS and the CUDA runtime as a user's program does,
# never libcuda: whichever libcuda.so.1 the loader finds serves it.  The
# run path to $(CUDA_HOME)/lib64 finds cuBLAS; LD_LIBRARY_PATH still comes
# first for libcuda.so.1, which the runtime loads by that name.

CUDA_HOME ?= /usr/local/cuda

APPS_CFLAGS := $(CFLAGS) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
	-I$(CUDA_HOME)/include
APPS_LDLIBS := -L$(CUDA_HOME)/lib64 -Wl,-rpath,$(CUDA_HOME)/lib64 \
	-lcublas -lcudart -lm

.PHONY: clean-apps

ifneq ($(wildcard $(CUDA_HOME)/lib64/libcublas.so),)
all: tests/apps/cublas_gemm
endif

tests/apps/cublas_gemm: tests/apps/cublas_gemm.c
	$(CC) $(APPS_CFLAGS) -o $@ $< $(APPS_LDLIBS)

clean-apps:
	rm -f tests/apps/cublas_gemm
