# tests/programs/build.mk: CUDA programs of the kinds users write (kernel
# printf, managed variables, Thrust, cooperative launches, stream-ordered
# pools, captured graphs, zero-copy memory, host callbacks, textures,
# device asserts, dynamic parallelism, launch errors, small managed
# allocations, pitched copies, host threads with streams, the device heap,
# IPC between forked processes, blocking sync), built with plain nvcc.  Included
# by the top-level Makefile; `make programs` builds them (not part of
# `make`: nvcc takes minutes for them all), and tests/apps/run.sh
# programs compares each one's output through oncuda with its native
# output, on a GPU machine.

CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc

PROGRAMS := $(patsubst %.cu,%,$(wildcard tests/programs/*.cu))

.PHONY: programs clean-programs

programs: $(PROGRAMS)

# Dynamic parallelism needs relocatable device code and the device runtime.
PROGRAM_FLAGS_dyn_parallel := -rdc=true -lcudadevrt
PROGRAM_FLAGS_cdp_tail := -rdc=true -lcudadevrt
PROGRAM_FLAGS_vmm_driver := -lcuda

tests/programs/%: tests/programs/%.cu
	$(NVCC) $(PROGRAM_FLAGS_$*) -o $@ $<

clean-programs:
	rm -f $(PROGRAMS)
