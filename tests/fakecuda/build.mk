# tests/fakecuda/build.mk - the CPU stand-in for the NVIDIA driver.
#
# Included by the top-level Makefile; also usable on its own from the
# repository root:
#     make -f tests/fakecuda/build.mk fakecuda           # the library
#     make -f tests/fakecuda/build.mk fakecuda-selftest  # build, run test
#     make -f tests/fakecuda/build.mk fakecuda-selftest-valgrind
# Run anything against it with LD_LIBRARY_PATH=tests/fakecuda.

CC        ?= cc
CUDA_HOME ?= /usr/local/cuda
CFLAGS    ?= -O2 -g

FAKECUDA_DIR      := tests/fakecuda
FAKECUDA_LIB      := $(FAKECUDA_DIR)/libcuda.so.1
FAKECUDA_HDRS     := $(FAKECUDA_DIR)/fakecuda.h $(FAKECUDA_DIR)/kernels_runtime.h \
                     $(FAKECUDA_DIR)/graph.h $(FAKECUDA_DIR)/fake_array.h \
                     $(FAKECUDA_DIR)/kernels_texture.h \
                     $(FAKECUDA_DIR)/kernels_texref.h $(FAKECUDA_DIR)/fake_texref.h \
                     $(FAKECUDA_DIR)/kernels_graph.h common/image.h \
                     common/block_hash.h
FAKECUDA_SRCS     := $(filter-out $(FAKECUDA_DIR)/selftest%, \
                         $(wildcard $(FAKECUDA_DIR)/*.c))
FAKECUDA_OBJS     := $(FAKECUDA_SRCS:.c=.o)
# The module-image reader the client and the server use, and the hash of
# oncudad's kernel of managed memory (common/build.mk).
FAKECUDA_COMMON_OBJS := common/image.pic.o common/block_hash.pic.o
FAKECUDA_SELFTEST := $(FAKECUDA_DIR)/selftest
FAKECUDA_SELFTEST_SRCS := $(wildcard $(FAKECUDA_DIR)/selftest*.c)

# The project's language and warning rules hold whatever CFLAGS says;
# CFLAGS adds optimisation, debugging or sanitizers.  Only the cu* entry
# points are exported (see FC_API in fakecuda.h).
FAKECUDA_WARN    := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror
FAKECUDA_CFLAGS  := $(FAKECUDA_WARN) -fPIC -fvisibility=hidden -pthread \
                    -I. -I$(CUDA_HOME)/include
FAKECUDA_LDFLAGS := -shared -Wl,-soname,libcuda.so.1 -Wl,--no-undefined \
                    -pthread

.PHONY: all fakecuda fakecuda-selftest fakecuda-selftest-valgrind \
        fakecuda-clean

all: fakecuda

fakecuda: $(FAKECUDA_LIB)

$(FAKECUDA_LIB): $(FAKECUDA_OBJS) $(FAKECUDA_COMMON_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $(FAKECUDA_LDFLAGS) -o $@ \
	    $(FAKECUDA_OBJS) $(FAKECUDA_COMMON_OBJS) -lrt

$(FAKECUDA_OBJS): $(FAKECUDA_DIR)/%.o: $(FAKECUDA_DIR)/%.c $(FAKECUDA_HDRS)
	$(CC) $(CFLAGS) $(FAKECUDA_CFLAGS) -c -o $@ $<

# The self-test links against NVIDIA's stub, as oncudad does, and runs
# against the stand-in.
$(FAKECUDA_SELFTEST): $(FAKECUDA_SELFTEST_SRCS) $(FAKECUDA_DIR)/selftest.h
	$(CC) $(CFLAGS) $(FAKECUDA_WARN) -I. -I$(CUDA_HOME)/include -o $@ \
	    $(FAKECUDA_SELFTEST_SRCS) $(LDFLAGS) \
	    -L$(CUDA_HOME)/lib64/stubs -lcuda

fakecuda-selftest: $(FAKECUDA_LIB) $(FAKECUDA_SELFTEST)
	LD_LIBRARY_PATH=$(FAKECUDA_DIR) FAKECUDA_SHM=/fakecuda-selftest-$$$$ \
	    ./$(FAKECUDA_SELFTEST)

# The same under valgrind: any error or definite leak fails it (the
# forked child of the accounting check is not traced).
fakecuda-selftest-valgrind: $(FAKECUDA_LIB) $(FAKECUDA_SELFTEST)
	LD_LIBRARY_PATH=$(FAKECUDA_DIR) FAKECUDA_SHM=/fakecuda-selftest-$$$$ \
	    valgrind -q --leak-check=full \
	    --errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
	    ./$(FAKECUDA_SELFTEST)

fakecuda-clean:
	rm -f $(FAKECUDA_OBJS) $(FAKECUDA_LIB) $(FAKECUDA_SELFTEST)
