# tests/local/build.mk: the programs of the same-host path's checks
# (tests/local/check.sh).  Included by the top-level Makefile; paths are
# relative to the repository root.  holdhost links against the toolkit's
# stub libcuda.so like any CUDA program; rawlocal speaks the protocol itself.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

LOCAL_PROGRAMS := tests/local/holdhost tests/local/rawlocal tests/local/pipecopy

.PHONY: all local clean-local

all: local
local: $(LOCAL_PROGRAMS)

tests/local/holdhost: tests/local/holdhost.c
	$(CC) -std=c11 -D_GNU_SOURCE -I$(CUDA_HOME)/include $(CFLAGS) $(WARN) \
		-o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

tests/local/pipecopy: tests/local/pipecopy.c
	$(CC) -std=c11 -D_GNU_SOURCE -I$(CUDA_HOME)/include $(CFLAGS) $(WARN) \
		-o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

tests/local/rawlocal: tests/local/rawlocal.c gen/cuda_rpc.h gen/wire_revision.h \
		gen/cuda_xdr.o gen/cuda_clnt.o
	$(CC) -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc -I$(CUDA_HOME)/include \
		$(CFLAGS) $(WARN) -o $@ tests/local/rawlocal.c gen/cuda_xdr.o \
		gen/cuda_clnt.o -ltirpc

clean-local:
	rm -f $(LOCAL_PROGRAMS)
