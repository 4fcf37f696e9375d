# tests/batch/build.mk: the client of tests/batch/check.sh (one-way calls).
# Included by the top-level Makefile; paths are relative to the repository
# root.  Like any CUDA program it links against the toolkit's stub
# libcuda.so and gets oncuda's library at run time.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

.PHONY: all batch-tests

all: batch-tests
batch-tests: tests/batch/launchwait tests/batch/exitqueued

tests/batch/launchwait: tests/batch/launchwait.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -Itests/system -I$(CUDA_HOME)/include \
		$(CFLAGS) $(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

tests/batch/exitqueued: tests/batch/exitqueued.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -Itests/system -I$(CUDA_HOME)/include \
		$(CFLAGS) $(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda
