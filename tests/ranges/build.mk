# tests/ranges/build.mk: the clients of the device-range test
# (tests/ranges/check.sh).  Included by the top-level Makefile; paths are
# relative to the repository root.  Like any CUDA program it links against
# the toolkit's stub libcuda.so and gets oncuda's library at run time.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

.PHONY: all

all: tests/ranges/rangeclient

tests/ranges/rangeclient: tests/ranges/rangeclient.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -Itests/system -I$(CUDA_HOME)/include \
		$(CFLAGS) $(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda
