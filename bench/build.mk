# bench/build.mk: the benchmark of issue 4 (make bench runs it).
#
# Included by the top-level Makefile; paths are relative to the repository
# root.
#
#   bench/drvbench            the driver-API benchmark: an ordinary CUDA
#                             program linked against the toolkit's stub, so
#                             it runs natively and through oncuda alike
#   bench/transport           TCP and unix-socket ceilings of the machine
#   bench/rpcnull             RPC's null procedure on the client's own
#                             connection: linked with the client library's
#                             objects (stubs/build.mk), not against a libcuda
#   bench/empty_kernel.fatbin the empty kernel drvbench launches on a GPU
#   bench/managed_phases      managed memory's cost, phase by phase (issue
#                             14): linked like drvbench
#   bench/write_tracking      finding a program's writes: mprotect against
#                             userfaultfd (issue 14); no GPU
#   bench/launch_gaps         a launch's cost to the thread that makes it,
#                             with CPU work between launches (a Python
#                             launcher's shape): linked like drvbench
#   bench/tlsbulk             a copy's frames through oncuda's TLS channel
#                             over loopback connections, CPU a GB at each
#                             end (issue 18); no GPU
#
# drvbench's SGEMM case uses examples/matrixMul's kernel, embedded.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc

BENCH_CFLAGS = -std=c11 -D_GNU_SOURCE -I$(CUDA_HOME)/include -Iexamples \
	$(CFLAGS) $(WARN)
DRVBENCH_SRCS := bench/drvbench.c bench/drvbench_calls.c \
	bench/drvbench_copy.c bench/drvbench_app.c bench/drvbench_graph.c \
	bench/measure.c

.PHONY: all bench-programs clean-bench

all: bench-programs
bench-programs: bench/drvbench bench/transport bench/empty_kernel.fatbin \
	bench/managed_phases bench/write_tracking bench/rpcnull bench/tlsbulk \
	bench/launch_gaps

bench/drvbench: $(DRVBENCH_SRCS) bench/drvbench.h bench/measure.h \
		examples/matrixMul_kernel.fatbin.h
	$(CC) $(BENCH_CFLAGS) -o $@ $(DRVBENCH_SRCS) \
		-L$(CUDA_HOME)/lib64/stubs -lcuda -ldl -lm

bench/launch_gaps: bench/launch_gaps.c
	$(CC) $(BENCH_CFLAGS) -o $@ bench/launch_gaps.c \
		-L$(CUDA_HOME)/lib64/stubs -lcuda

bench/managed_phases: bench/managed_phases.c bench/measure.c bench/measure.h
	$(CC) $(BENCH_CFLAGS) -I. -o $@ bench/managed_phases.c bench/measure.c \
		-L$(CUDA_HOME)/lib64/stubs -lcuda

bench/write_tracking: bench/write_tracking.c bench/measure.c bench/measure.h
	$(CC) $(BENCH_CFLAGS) -I. -pthread -o $@ bench/write_tracking.c \
		bench/measure.c

bench/transport: bench/transport.c bench/measure.c bench/measure.h
	$(CC) $(BENCH_CFLAGS) -pthread -o $@ bench/transport.c bench/measure.c

bench/tlsbulk: bench/tlsbulk.c bench/measure.c bench/measure.h \
		common/tls_channel.c common/tls_channel.h \
		common/stripe_io.c common/stripe_io.h common/stripe_plan.c \
		common/stripe_plan.h common/frame_seal.c common/frame_seal.h \
		common/fd_io.c common/fd_io.h \
		gen/cuda_rpc.h
	$(CC) $(BENCH_CFLAGS) -I. -I/usr/include/tirpc -pthread -o $@ \
		bench/tlsbulk.c bench/measure.c common/tls_channel.c \
		common/stripe_io.c common/stripe_plan.c common/frame_seal.c \
		common/fd_io.c \
		-lssl -lcrypto

# The client library's objects are compiled -fvisibility=hidden, which
# matters only to a shared library: linked into a program they are whole.
bench/rpcnull: bench/rpcnull.c bench/measure.c bench/measure.h $(STUBS_OBJS) \
		$(STUBS_GEN_OBJS) $(STUBS_UNSUPPORTED_OBJ)
	$(CC) $(BENCH_CFLAGS) -I. -I/usr/include/tirpc -o $@ bench/rpcnull.c \
		bench/measure.c $(STUBS_OBJS) $(STUBS_GEN_OBJS) \
		$(STUBS_UNSUPPORTED_OBJ) -ltirpc -lssl -lcrypto -lzstd -lpthread -ldl

bench/empty_kernel.fatbin: bench/empty_kernel.cu
	$(NVCC) -fatbin -o $@ $<

clean-bench:
	rm -f bench/drvbench bench/transport bench/empty_kernel.fatbin \
		bench/managed_phases bench/write_tracking bench/rpcnull bench/tlsbulk \
		bench/launch_gaps
