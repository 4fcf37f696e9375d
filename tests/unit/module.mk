# tests/unit/module.mk: unit tests of the client's module and launch code.
#
# Included by the top-level Makefile (which adds them to `all`); paths are
# relative to the repository root.  Each test links the stubs/ files it
# tests with fakes of what they call, so none needs a server or a GPU:
#
#   test_image         common/image.c: image sizes, corrupt headers, files;
#                      reads the nvcc images in tests/kernels (run it from
#                      the repository root, or name the folder as argument)
#   test_image_kernels common/image_kernels.c: kernel parameters stated in
#                      the .nv.info of the images in tests/kernels, plain
#                      and compressed (common/fatbin_inflate.c)
#   test_ptx_entries   common/ptx_entries.c: the parameters PTX .entry
#                      declarations state, held against the .nv.info ptxas
#                      writes for the same kernels; damaged and hostile PTX
#   test_declared      stubs/code/declared.c and linked.c with real nvcc
#                      images: kernels only compressed entries state
#                      (Zstandard, LZ4), parameters aligned above 16 as
#                      each architecture places them, link inputs that
#                      are host objects and archives; damaged ones
#   test_load_options  stubs/code/load_options.c: JIT and library options
#   test_params        stubs/code/params.c: argument packing, the layout cache,
#                      layouts held against the images in tests/kernels
#                      (stubs/code/declared.c, common/image_kernels.c)
#   test_module        stubs/code/module.c: staging, loads, unloads, globals
#   test_launch        stubs/code/launch.c: launches, occupancy
#
# fake_conn.c fakes the connection (rpc.h) and CU_PARAM_LAYOUT; unit_check.c
# counts failed checks.  gen/cuda_xdr.o comes from the top-level gen/%.o rule.

CC        ?= cc
CFLAGS    ?= -O2 -g
WARN      ?= -Wall -Wextra -Werror
CUDA_HOME ?= /usr/local/cuda

UNIT_MODULE_CPPFLAGS := -std=c11 -D_GNU_SOURCE -I. \
	-I/usr/include/tirpc -I$(CUDA_HOME)/include
UNIT_MODULE_LIBS := -ltirpc -lzstd -lpthread -ldl
UNIT_MODULE_TESTS := tests/unit/test_image tests/unit/test_image_kernels \
	tests/unit/test_ptx_entries tests/unit/test_declared \
	tests/unit/test_load_options \
	tests/unit/test_params tests/unit/test_module tests/unit/test_launch
UNIT_MODULE_COMMON := tests/unit/unit_check.c tests/unit/unit_check.h
# What the tests of the layout check share.
UNIT_KERNEL_IMAGES := tests/unit/kernel_images.c tests/unit/kernel_images.h
UNIT_MODULE_FAKE := tests/unit/fake_conn.c tests/unit/fake_conn.h \
	tests/unit/one_server.c \
	gen/cuda_xdr.o
UNIT_MODULE_HEADERS := stubs/wire/rpc.h stubs/link/say.h gen/cuda_rpc.h
# What params.c holds a layout against: the images' declared parameters.
UNIT_MODULE_DECLARED := stubs/code/declared.c stubs/code/declared.h \
	stubs/code/linked.c stubs/code/linked.h common/sha256.c \
	common/image_kernels.c common/image_kernels.h \
	common/ptx_entries.c common/ptx_entries.h \
	common/fatbin_inflate.c common/fatbin_inflate.h \
	common/host_object.c common/host_object.h

all: $(UNIT_MODULE_TESTS)

# Links the .c and .o prerequisites; the headers are there for make alone.
UNIT_MODULE_LINK = $(CC) $(UNIT_MODULE_CPPFLAGS) $(CFLAGS) $(WARN) -o $@ \
	$(filter %.c %.o,$^) $(UNIT_MODULE_LIBS)

tests/unit/test_image: tests/unit/test_image.c common/image.c common/image.h \
		$(UNIT_MODULE_COMMON) tests/kernels/kernels.cubin \
		tests/kernels/kernels.fatbin tests/kernels/kernels.ptx
	$(UNIT_MODULE_LINK)

tests/unit/test_image_kernels: tests/unit/test_image_kernels.c \
		common/image_kernels.c common/image_kernels.h common/image.c \
		common/ptx_entries.c common/ptx_entries.h \
		common/fatbin_inflate.c common/fatbin_inflate.h \
		common/image.h $(UNIT_MODULE_COMMON) $(UNIT_KERNEL_IMAGES) \
		tests/kernels/kernels.cubin tests/kernels/kernels.fatbin \
		tests/kernels/kernels.ptx tests/kernels/kernels_rdc.fatbin \
		tests/kernels/kernels_zstd.fatbin tests/kernels/kernels_lz4.fatbin
	$(UNIT_MODULE_LINK)

# Parameters aligned above 16, placed differently by each architecture's
# ptxas: one cubin of each parameter base nvcc 13 knows.
UNIT_ALIGNED_CUBINS := tests/kernels/aligned_sm75.cubin \
	tests/kernels/aligned_sm90.cubin tests/kernels/aligned_sm100.cubin
# Kernels of every kind of parameter, as PTX and as the cubin that ptxas
# makes of the same source, for test_ptx_entries to compare.
UNIT_PTX_IMAGES := tests/kernels/params.ptx tests/kernels/params.cubin \
	tests/kernels/params_hand.cubin tests/kernels/aligned.ptx \
	$(UNIT_ALIGNED_CUBINS)

tests/kernels/params.ptx: tests/kernels/params.cu
	$(NVCC) -ptx -arch=compute_90 -o $@ $<

tests/kernels/params.cubin: tests/kernels/params.cu
	$(NVCC) -cubin -arch=sm_90 -o $@ $<

tests/kernels/aligned.ptx: tests/kernels/aligned.cu
	$(NVCC) -ptx -arch=compute_75 -o $@ $<

tests/kernels/aligned_sm%.cubin: tests/kernels/aligned.ptx
	$(CUDA_HOME)/bin/ptxas -arch=sm_$* -o $@ $<

# Compressed fatbin entries and host objects (test_declared): every entry
# compressed, by Zstandard (nvcc's default) and by LZ4 (its speed mode);
# aligned.cu as nvcc makes it by default (a cubin of its default
# architecture, and PTX compressed), and plain with cubins of two
# architectures whose offsets differ, and PTX; relocatable objects (the fatbin in
# __nv_relfatbin), an archive of two, and a whole-program object (in
# .nv_fatbin).  Order-only: the objects are data here, not to be linked.
UNIT_COMPRESSED_IMAGES := tests/kernels/kernels_zstd.fatbin \
	tests/kernels/kernels_lz4.fatbin tests/kernels/aligned.fatbin \
	tests/kernels/aligned_multi.fatbin \
	tests/kernels/kernels_rdc.o tests/kernels/aligned_rdc.o \
	tests/kernels/libkernels_rdc.a tests/kernels/aligned_whole.o

tests/kernels/kernels_zstd.fatbin: tests/kernels/kernels.cu
	$(NVCC) -fatbin -Xfatbin -compress-all -o $@ $<

tests/kernels/kernels_lz4.fatbin: tests/kernels/kernels.cu
	$(NVCC) -fatbin -Xfatbin -compress-all -compress-mode=speed -o $@ $<

tests/kernels/aligned.fatbin: tests/kernels/aligned.cu
	$(NVCC) -fatbin -o $@ $<

tests/kernels/aligned_multi.fatbin: tests/kernels/aligned.cu
	$(NVCC) -fatbin -no-compress -gencode arch=compute_75,code=sm_75 \
		-gencode arch=compute_90,code=sm_90 \
		-gencode arch=compute_75,code=compute_75 -o $@ $<

tests/kernels/%_rdc.o: tests/kernels/%.cu
	$(NVCC) -c -rdc=true -o $@ $<

tests/kernels/aligned_whole.o: tests/kernels/aligned.cu
	$(NVCC) -c -o $@ $<

tests/kernels/libkernels_rdc.a: tests/kernels/kernels_rdc.o \
		tests/kernels/aligned_rdc.o
	rm -f $@
	ar rcs $@ $^

tests/kernels/params_hand.cubin: tests/kernels/params_hand.ptx.in
	$(CUDA_HOME)/bin/ptxas -arch=sm_90 -o $@ $<

tests/unit/test_ptx_entries: tests/unit/test_ptx_entries.c \
		common/ptx_entries.c common/ptx_entries.h \
		common/image_kernels.c common/image_kernels.h common/image.c \
		common/fatbin_inflate.c common/fatbin_inflate.h \
		common/image.h $(UNIT_MODULE_COMMON) $(UNIT_KERNEL_IMAGES) \
		$(UNIT_PTX_IMAGES) \
		tests/kernels/params_hand.ptx.in
	$(UNIT_MODULE_LINK)

tests/unit/test_declared: tests/unit/test_declared.c \
		$(UNIT_MODULE_DECLARED) common/image.c common/image.h \
		$(UNIT_MODULE_COMMON) $(UNIT_KERNEL_IMAGES) $(UNIT_MODULE_FAKE) \
		$(UNIT_MODULE_HEADERS) $(UNIT_ALIGNED_CUBINS) tests/kernels/kernels.cubin \
		tests/kernels/kernels.fatbin tests/kernels/kernels_rdc.fatbin \
		| $(UNIT_COMPRESSED_IMAGES)
	$(UNIT_MODULE_LINK)

tests/unit/test_load_options: tests/unit/test_load_options.c \
		stubs/code/load_options.c stubs/code/load_options.h \
		$(UNIT_MODULE_COMMON) $(UNIT_MODULE_HEADERS)
	$(UNIT_MODULE_LINK)

tests/unit/test_params: tests/unit/test_params.c stubs/code/params.c \
		stubs/code/params.h $(UNIT_MODULE_DECLARED) common/image.c \
		$(UNIT_MODULE_COMMON) $(UNIT_KERNEL_IMAGES) $(UNIT_MODULE_FAKE) \
		$(UNIT_MODULE_HEADERS) \
		tests/kernels/kernels.cubin tests/kernels/kernels.fatbin \
		tests/kernels/kernels.ptx
	$(UNIT_MODULE_LINK)

tests/unit/test_module: tests/unit/test_module.c stubs/code/module.c \
		stubs/code/code_load.c stubs/code/code_load.h stubs/code/library.c \
		stubs/context/answer_cache.c stubs/route/ctxstack.c \
		common/image.c common/image.h stubs/code/load_options.c \
		stubs/code/load_options.h stubs/code/params.c stubs/code/params.h \
		$(UNIT_MODULE_DECLARED) \
		$(UNIT_MODULE_COMMON) $(UNIT_MODULE_FAKE) $(UNIT_MODULE_HEADERS)
	$(UNIT_MODULE_LINK)

tests/unit/test_launch: tests/unit/test_launch.c stubs/code/launch.c \
		stubs/code/params.c stubs/code/params.h $(UNIT_MODULE_DECLARED) \
		common/image.c $(UNIT_MODULE_COMMON) \
		$(UNIT_MODULE_FAKE) $(UNIT_MODULE_HEADERS)
	$(UNIT_MODULE_LINK)
