# tests/e2e and tests/kernels: the end-to-end test program and the kernel
# images it loads.  Included by the top-level Makefile; paths are relative
# to the repository root.  Also usable alone:
#   make -f tests/e2e/build.mk e2e kernels
#
#   e2e      tests/e2e/e2e, a plain driver-API program linked against
#            NVIDIA's link-time stub, so it runs on whichever libcuda.so.1
#            the loader finds (the real one, or oncuda's).
#   kernels  tests/kernels/kernels.{cubin,fatbin,ptx}, from kernels.cu.

CC        ?= cc
CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CFLAGS    ?= -O2 -g

E2E_DIR     := tests/e2e
KERNELS_DIR := tests/kernels

E2E_SRCS := $(addprefix $(E2E_DIR)/, main.c tests.c check.c defer.c util.c \
	kernel_runs.c init.c device.c primary.c context.c threads.c memory.c \
	copy.c memset.c array.c texture.c texref.c bigcopy.c stripes.c hostmem.c pointer_kept.c capture_status.c capture_lenient.c dtoh_async.c dtoh_striped.c dtoh_release.c mapped.c pinned_moved.c managed.c managed_var.c managed_packed.c managed_blocks.c managed_whole.c managed_ctx_gone.c uva_copy.c \
	module.c library.c launch.c aligned_params.c \
	funcattr.c stream.c event.c event_ahead.c graph.c graph_more.c graph_child_move.c graph_edge_data.c capture_edge_data.c graph_kept.c graph_setup.c capture_alloc.c capture_modes.c graph_unified.c graph_host.c hostfn.c profiler.c batch.c errors.c fault.c \
	mempool.c vmm.c sparse.c attributes.c ctx_config.c stream_ops.c code_names.c export_table.c kernel_printf.c \
	ipc.c peer.c pool_location.c copy_batch.c decompress.c per_thread.c old_abi.c old_abi_copies.c device_limits.c device_notify.c \
	link.c tensor_map.c green.c logs.c log_callbacks.c coredump.c launch_multi.c managed_busy.c)
E2E_OBJS := $(E2E_SRCS:.c=.o)
E2E_BIN  := $(E2E_DIR)/e2e

# The flags the suite requires come after the caller's CFLAGS, so a
# caller's -O0 or -fsanitize=... is kept and these still hold.
E2E_CFLAGS := $(CFLAGS) -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror \
	-I$(CUDA_HOME)/include -MMD -MP
E2E_LDLIBS := -L$(CUDA_HOME)/lib64/stubs -lcuda -lpthread

KERNEL_IMAGES := $(KERNELS_DIR)/kernels.cubin $(KERNELS_DIR)/kernels.fatbin \
	$(KERNELS_DIR)/kernels.ptx $(KERNELS_DIR)/kernels_rdc.fatbin

.PHONY: e2e kernels e2e-clean

e2e: $(E2E_BIN)

kernels: $(KERNEL_IMAGES)

$(E2E_BIN): $(E2E_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(E2E_OBJS) $(E2E_LDLIBS)

$(E2E_DIR)/%.o: $(E2E_DIR)/%.c
	$(CC) $(E2E_CFLAGS) -c -o $@ $<

# sm_90 machine code only: the H200's own.
$(KERNELS_DIR)/kernels.cubin: $(KERNELS_DIR)/kernels.cu
	$(NVCC) -cubin -arch=sm_90 -o $@ $<

# nvcc's defaults on purpose: machine code for its default architecture
# plus PTX, and the PTX compressed, as most real programs ship.
$(KERNELS_DIR)/kernels.fatbin: $(KERNELS_DIR)/kernels.cu
	$(NVCC) -fatbin -o $@ $<

# Relocatable device code, nvcc's default architecture plus PTX, as nvlink
# takes it: the fatbin a linked image lists (test library_linked).
$(KERNELS_DIR)/kernels_rdc.fatbin: $(KERNELS_DIR)/kernels.cu
	$(NVCC) -fatbin -rdc=true -o $@ $<

$(KERNELS_DIR)/kernels.ptx: $(KERNELS_DIR)/kernels.cu
	$(NVCC) -ptx -arch=compute_90 -o $@ $<

e2e-clean:
	rm -f $(E2E_BIN) $(E2E_OBJS) $(E2E_OBJS:.o=.d) $(KERNEL_IMAGES)

-include $(E2E_OBJS:.o=.d)
all: e2e kernels
