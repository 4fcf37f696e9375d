# tests/unit/node_store.mk: unit test of stubs/stream/node_store.c (the
# copies of node parameters the client keeps, and when they go).
# Included by the top-level Makefile; paths are relative to the repository
# root.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

all: tests/unit/test_node_store

tests/unit/test_node_store: tests/unit/test_node_store.c \
		stubs/stream/node_store.c stubs/stream/node_store.h \
		tests/unit/unit_check.c tests/unit/unit_check.h
	$(CC) -std=c11 -D_GNU_SOURCE -I. -I$(CUDA_HOME)/include $(CFLAGS) \
		$(WARN) -o $@ tests/unit/test_node_store.c \
		stubs/stream/node_store.c tests/unit/unit_check.c -lpthread
