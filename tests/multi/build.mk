# tests/multi/build.mk: tests/multi/multi, a driver-API program that uses
# the GPUs of two oncudad at once (tests/multi/check.sh runs it).  Included
# by the top-level Makefile; paths are relative to the repository root.

CC        ?= cc
CUDA_HOME ?= /usr/local/cuda
CFLAGS    ?= -O2 -g

all: tests/multi/multi

tests/multi/multi: tests/multi/multi.c
	$(CC) $(CFLAGS) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
		-I$(CUDA_HOME)/include -o $@ $< \
		-L$(CUDA_HOME)/lib64/stubs -lcuda -lpthread

clean: clean-multi
.PHONY: clean-multi
clean-multi:
	rm -f tests/multi/multi
