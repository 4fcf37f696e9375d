# tests/hostile/build.mk: the program that tests/hostile/tamper.py puts
# behind its tampering proxy.  Included by the top-level Makefile; paths
# are relative to the repository root.  Like any CUDA program it links
# against the toolkit's stub libcuda.so and gets oncuda's library at run
# time.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

HOSTILE_PROGRAMS := tests/hostile/tamperclient

.PHONY: all hostile

all: hostile
# tamperclient loads it (tests/unit/module.mk makes it).
hostile: $(HOSTILE_PROGRAMS) tests/kernels/kernels_zstd.fatbin

tests/hostile/tamperclient: tests/hostile/tamperclient.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -I$(CUDA_HOME)/include $(CFLAGS) \
		$(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda
