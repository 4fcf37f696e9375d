# tests/upload/build.mk: the clients of tests/upload/check.sh (the server's
# pool of page-locked buffers for asynchronous uploads) and the benchmark
# of such uploads.  Included by the top-level Makefile; paths are relative
# to the repository root.  Like any CUDA program they link against the
# toolkit's stub libcuda.so and get oncuda's library at run time.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UPLOAD_PROGRAMS := tests/upload/asyncup tests/upload/uploadbench

.PHONY: all upload-tests

all: upload-tests
upload-tests: $(UPLOAD_PROGRAMS)

$(UPLOAD_PROGRAMS): tests/upload/%: tests/upload/%.c tests/system/check.h
	$(CC) -std=c11 -D_GNU_SOURCE -Itests/system -I$(CUDA_HOME)/include \
		$(CFLAGS) $(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda
