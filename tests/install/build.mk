# tests/install/build.mk: the driver that lacks entry points, for
# tests/install/driver.sh (its own directory, so that LD_LIBRARY_PATH can
# name it alone).  Included by the top-level Makefile.

all: tests/install/partial/libcuda.so.1

tests/install/partial/libcuda.so.1: tests/install/partial_driver.c
	mkdir -p tests/install/partial
	$(CC) -std=c11 -I$(CUDA_HOME)/include $(CFLAGS) $(WARN) -fPIC -shared \
		-Wl,-soname,libcuda.so.1 -o $@ $<
