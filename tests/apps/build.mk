# tests/apps/build.mk: the application tests (issue 3) that need a build.
# Included by the top-level Makefile; paths are relative to the repository
# root.  tests/apps/run.sh runs them (make test-apps).
#
#   tests/apps/cublas_gemm   cuBLAS SGEMM/DGEMM against a CPU reference;
#                            built only where $(CUDA_HOME) has libcublas.so
#   tests/apps/cufft_check   cuFFT 1D (batched C2C, R2C/C2R) and 2D against
#                            a CPU DFT
#   tests/apps/cusparse_spmv cuSPARSE SpMV on CSR against a CPU product
#   tests/apps/cusolver_check cuSOLVER getrf/getrs and syevd, checked by
#                            residuals
#   tests/apps/curand_check  cuRAND host generators: range, mean, variance
#                            and seeds
#   (each built only where $(CUDA_HOME) has its library; the last four
#   share tests/apps/app_check.c)
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

# The library checks: tests/apps/NAME from NAME.c and app_check.c, linked
# with the library LIB of that name (library_app NAME,LIB).
APPS_LIBRARY_CHECKS := cufft_check:cufft cusparse_spmv:cusparse \
	cusolver_check:cusolver curand_check:curand

define library_app
ifneq ($$(wildcard $$(CUDA_HOME)/lib64/lib$(2).so),)
all: tests/apps/$(1)
endif
tests/apps/$(1): tests/apps/$(1).c tests/apps/app_check.c tests/apps/app_check.h
	$$(CC) $$(APPS_CFLAGS) -o $$@ tests/apps/$(1).c tests/apps/app_check.c \
		-L$$(CUDA_HOME)/lib64 -Wl,-rpath,$$(CUDA_HOME)/lib64 -l$(2) \
		-lcudart -lm
endef
$(foreach c,$(APPS_LIBRARY_CHECKS),$(eval $(call library_app,$(word 1,$(subst :, ,$(c))),$(word 2,$(subst :, ,$(c))))))

clean-apps:
	rm -f tests/apps/cublas_gemm $(foreach c,$(APPS_LIBRARY_CHECKS),tests/apps/$(word 1,$(subst :, ,$(c))))
