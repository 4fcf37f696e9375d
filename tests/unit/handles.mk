# tests/unit/handles.mk: the unit test of the server's handle registry.
#
# Included by the top-level Makefile (which adds it to `all`); paths are
# relative to the repository root.  The test links server/session/handles.c with
# the limits and the log it reports to, and defines the one driver call it makes (cuCtxGetCurrent) itself, so it
# needs no libcuda.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_HANDLES_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. \
	-I/usr/include/tirpc -I$(CUDA_HOME)/include

all: tests/unit/test_handles

tests/unit/test_handles: tests/unit/test_handles.c server/session/handles.c server/session/handles.h \
		server/session/limits.c server/session/limits.h server/session/log.c server/session/log.h \
		server/session/usage.c server/session/usage.h gen/cuda_rpc.h
	$(CC) $(UNIT_HANDLES_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ tests/unit/test_handles.c \
		server/session/handles.c server/session/limits.c server/session/log.c \
		server/session/usage.c
