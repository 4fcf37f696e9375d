# tests/auth/build.mk: skipauth, a client that skips the key exchange, for
# tests/auth/check.sh.  Included by the top-level Makefile; paths are
# relative to the repository root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

all: tests/auth/skipauth

# It says the protocol revision it was built with (gen/wire_revision.h).
tests/auth/skipauth: tests/auth/skipauth.c gen/cuda_clnt.o gen/cuda_xdr.o \
		gen/wire_revision.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc \
		-I$(CUDA_HOME)/include $(CFLAGS) $(WARN) -o $@ \
		$(filter-out %.h,$^) -ltirpc
