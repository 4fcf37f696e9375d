# tests/multi/build.mk: tests/multi/multi, a driver-API program that uses
# the GPUs of two oncudad at once, and tests/multi/rt_multi, a CUDA runtime
# program (plain nvcc) that uses every device (tests/multi/check.sh runs
# both).  Included by the top-level Makefile; paths are relative to the
# repository root.

CC        ?= cc
CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CFLAGS    ?= -O2 -g

all: tests/multi/multi tests/multi/rt_multi

tests/multi/multi: tests/multi/multi.c
	$(CC) $(CFLAGS) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
		-I$(CUDA_HOME)/include -o $@ $< \
		-L$(CUDA_HOME)/lib64/stubs -lcuda -lpthread

tests/multi/rt_multi: tests/multi/rt_multi.cu tests/runtime/rt_check.h
	$(NVCC) -o $@ $<

clean: clean-multi
.PHONY: clean-multi
clean-multi:
	rm -f tests/multi/multi tests/multi/rt_multi
