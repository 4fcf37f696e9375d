# tests/sessions/build.mk: tests/sessions/holder, a driver-API client that
# holds known memory and waits, for tests/sessions/check.sh (oncuda-ls -v,
# the metrics file, the log line at a session's end).  Included by the
# top-level Makefile; paths are relative to the repository root.

CC        ?= cc
CUDA_HOME ?= /usr/local/cuda
CFLAGS    ?= -O2 -g

all: tests/sessions/holder

tests/sessions/holder: tests/sessions/holder.c
	$(CC) $(CFLAGS) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
		-I$(CUDA_HOME)/include -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda

clean: clean-sessions
.PHONY: clean-sessions
clean-sessions:
	rm -f tests/sessions/holder
