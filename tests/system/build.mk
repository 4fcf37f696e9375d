# tests/system/build.mk: helper programs for the multi-process tests in
# tests/run.sh (make system).  Included by the top-level Makefile; paths are
# relative to the repository root.  Like any CUDA program they link against
# the toolkit's stub libcuda.so and get oncuda's library at run time.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

SYSTEM_PROGRAMS := tests/system/hog tests/system/memfree tests/system/noserver \
	tests/system/loadmany

.PHONY: all system clean-system

all: system
system: $(SYSTEM_PROGRAMS)

tests/system/%: tests/system/%.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I$(CUDA_HOME)/include $(CFLAGS) $(WARN) \
		-o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

clean-system:
	rm -f $(SYSTEM_PROGRAMS)
