# tests/load/build.mk: the clients of the fault and load tests
# (tests/load/check.sh).  Included by the top-level Makefile; paths are
# relative to the repository root.  Like any CUDA program they link against
# the toolkit's stub libcuda.so and get oncuda's library at run time.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

LOAD_PROGRAMS := tests/load/loadclient tests/load/faultclient

.PHONY: all load clean-load

all: load
load: $(LOAD_PROGRAMS)

tests/load/%: tests/load/%.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -Itests/system -I$(CUDA_HOME)/include \
		$(CFLAGS) $(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

clean-load:
	rm -f $(LOAD_PROGRAMS)
