# oncuda -- the CUDA driver API over ONC RPC.
#
#   make            build everything (client library, server, stand-in, tests, examples)
#   make test       the whole test suite against the CPU stand-in (DRIVER=real: the GPU)
#   make demo       start rpcbind and oncudad if needed and run the examples through oncuda
#   make test-apps  the CUDA runtime, its libraries, PyTorch, JAX, CuPy, numba and
#                   tests/programs, natively and through oncuda (a GPU machine)
#   make test-systemd  oncudad.service under a booted systemd (root, systemd-nspawn,
#                   debootstrap once; skipped, saying why, where it cannot run)
#   make install    install oncudad, oncuda-run, oncuda-ls, the client library,
#                   man pages and the systemd unit (PREFIX, DESTDIR, ...:
#                   dist/install.mk); make uninstall removes them
#   make deb        the Debian packages oncuda-server and oncuda-client, in deb/
#                   (debian/, dist/deb.mk); make check-deb runs lintian on them
#   make bench      the benchmark of issue 4: native vs oncuda vs the transports
#                   (BENCH_OUT=dir for its results, BENCH_DRIVER=fake to test it,
#                   BENCH_FLAGS=--netem for the emulated network too)
#   make tlslib     OpenSSL against GnuTLS, handshakes and GB/s (issue 18; needs
#                   libgnutls28-dev; bench/tlslib/build.mk)
#   make gen        regenerate gen/ from idl/ (committed; CI checks it is up to date)
#   make check-gen  fail if gen/ differs from what idl/ generates, or the protocol
#                   on the wire from idl/wire.lock (make wire-lock records a change)
#   make check-layers  fail on a call against the layers (client or server)
#                   or a cycle between files
#   make check-idl  is every entry point of cuda.h classified in idl/cuda.x?
#                   (CUDA_H=/path/to/cuda.h for another toolkit's)
#   make docs       regenerate docs/protocol.md from idl/cuda.x and docs/traces/
#   make check-docs fail if docs/protocol.md differs from what they generate
#
# Each part of the tree has a fragment (*/build.mk, *.mk) included below.

CUDA_HOME ?= /usr/local/cuda
NVCC      ?= $(CUDA_HOME)/bin/nvcc
CC        ?= cc
PYTHON    ?= python3
RPCGEN    ?= rpcgen
CFLAGS    ?= -O2 -g
DRIVER    ?= fake

# Everything we write builds without a warning.
WARN      := -Wall -Wextra -Werror
CPPFLAGS  += -std=c11 -D_GNU_SOURCE -I. -I/usr/include/tirpc -I$(CUDA_HOME)/include
# rpcgen's output is not ours: it declares unused variables and casts xdr_void.
GEN_CFLAGS := -Wno-unused-variable -Wno-unused-parameter -Wno-cast-function-type

.PHONY: all gen check-gen check-idl check-layers wire-lock test test-apps test-systemd demo bench clean
all:

# ------------------------------------------------------------------ protocol
#
# rpcgen names the header after the input file, cuda.h, which would shadow
# NVIDIA's cuda.h: the generated files include it as cuda_rpc.h instead.

GEN_RPC := gen/cuda_rpc.h gen/cuda_xdr.c gen/cuda_clnt.c gen/cuda_svc.c
GEN_GLUE := gen/glue_client.c gen/glue_client.h gen/glue_server.c gen/oneway_procs.inc \
	gen/cuda_names.h
RPCGEN_FIX := sed -e 's|\#include "\(idl/\)*cuda\.h"|\#include "cuda_rpc.h"|'

gen/cuda_rpc.h: idl/cuda.x
	$(RPCGEN) -N -M -h $< | $(RPCGEN_FIX) > $@.tmp && mv $@.tmp $@
gen/cuda_xdr.c: idl/cuda.x
	$(RPCGEN) -N -M -c $< | $(RPCGEN_FIX) > $@.tmp && mv $@.tmp $@
gen/cuda_clnt.c: idl/cuda.x
	$(RPCGEN) -N -M -l $< | $(RPCGEN_FIX) > $@.tmp && mv $@.tmp $@
gen/cuda_svc.c: idl/cuda.x
	$(RPCGEN) -N -M -m $< | $(RPCGEN_FIX) > $@.tmp && mv $@.tmp $@
# tools/idl.py is the one reader of idl/cuda.x that the generators share.
$(GEN_GLUE) &: idl/cuda.x tools/gen-glue.py tools/idl.py
	$(PYTHON) tools/gen-glue.py idl/cuda.x gen

gen/wire_revision.h: idl/wire.lock tools/gen-revision.py
	$(PYTHON) tools/gen-revision.py idl/wire.lock $@

gen: $(GEN_RPC) $(GEN_GLUE) gen/trace_types.inc gen/wire_revision.h

# Hand-written code that includes what gen-glue.py writes besides the glue.
server/session/oneway.o: gen/oneway_procs.inc
server/session/child.o: gen/cuda_names.h
gen/glue_client.o gen/glue_server.o stubs/gen-glue_client.o: gen/cuda_names.h gen/glue_client.h

gen/%.o: gen/%.c gen/cuda_rpc.h
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) $(GEN_CFLAGS) -fPIC -c -o $@ $<

# The committed gen/ must be what idl/ generates (CI runs this).
check-gen:
	@rm -rf .check-gen && mkdir -p .check-gen/gen
	@$(RPCGEN) -N -M -h idl/cuda.x | $(RPCGEN_FIX) > .check-gen/gen/cuda_rpc.h
	@$(RPCGEN) -N -M -c idl/cuda.x | $(RPCGEN_FIX) > .check-gen/gen/cuda_xdr.c
	@$(RPCGEN) -N -M -l idl/cuda.x | $(RPCGEN_FIX) > .check-gen/gen/cuda_clnt.c
	@$(RPCGEN) -N -M -m idl/cuda.x | $(RPCGEN_FIX) > .check-gen/gen/cuda_svc.c
	@$(PYTHON) tools/gen-glue.py idl/cuda.x .check-gen/gen
	@$(PYTHON) tools/gen-trace-types.py idl/cuda.x .check-gen/gen/trace_types.inc
	@$(PYTHON) tools/gen-revision.py idl/wire.lock .check-gen/gen/wire_revision.h
	@for f in .check-gen/gen/*; do cmp -s $$f gen/$${f##*/} || { echo "gen/$${f##*/} is stale: run make gen and commit it"; rm -rf .check-gen; exit 1; }; done
	@$(PYTHON) tools/check-wire.py .check-gen/gen/cuda_rpc.h .check-gen/gen/cuda_xdr.c .check-gen/gen/oneway_procs.inc idl/wire.lock || { rm -rf .check-gen; exit 1; }
	@rm -rf .check-gen && echo "gen/ is up to date, and the protocol on the wire is idl/wire.lock's"

# After a deliberate change of the protocol (a new procedure, a changed
# type, a new CUDA version): record it, and commit the lock with the change.
wire-lock: gen/cuda_rpc.h gen/cuda_xdr.c gen/oneway_procs.inc
	$(PYTHON) tools/check-wire.py --write gen/cuda_rpc.h gen/cuda_xdr.c gen/oneway_procs.inc idl/wire.lock
	$(PYTHON) tools/gen-revision.py idl/wire.lock gen/wire_revision.h

# Every driver entry point of CUDA_H is remoted, answered in the client or
# declared unsupported, with a reason, in idl/cuda.x (CI runs this; see
# docs/new-cuda-version.md).
CUDA_H ?= $(CUDA_HOME)/include/cuda.h
check-idl:
	@$(PYTHON) tools/check-idl.py $(CUDA_H)

# ------------------------------------------------------------------ parts

-include common/build.mk
-include stubs/build.mk
-include server/build.mk
-include tests/fakecuda/build.mk
-include tests/e2e/build.mk
-include tests/system/build.mk
-include tests/hostile/build.mk
-include tests/runtime/build.mk
-include tests/auth/build.mk
-include tests/load/build.mk
-include tests/ranges/build.mk
-include tests/netns/build.mk
-include tests/multi/build.mk
-include tests/batch/build.mk
-include tests/local/build.mk
-include tests/upload/build.mk
-include tests/install/build.mk
-include tests/sessions/build.mk
-include tools/oncuda-ls.mk
-include tests/apps/build.mk
-include tests/programs/build.mk
-include tests/unit/*.mk
-include tests/fuzz/build.mk
-include examples/build.mk
-include docs/build.mk
-include bench/build.mk
-include bench/tlslib/build.mk
-include dist/install.mk
-include dist/deb.mk

# ------------------------------------------------------------------ running

test: all check-gen
	bash tests/run.sh --driver $(DRIVER)

# The client's and the server's files call only down the layers, without
# cycles (tools/check-layers.py says which layers; tests/run.sh runs it).
check-layers: all
	@$(PYTHON) tools/check-layers.py

test-apps: all programs
	bash tests/apps/run.sh

# Not part of test: it needs root and a container manager that CI lacks.
# make install's tree, then make deb's packages.  A skip (77) is not a
# failure.
test-systemd: all
	bash tests/systemd/boot.sh || [ $$? -eq 77 ]
	bash tests/systemd/boot.sh --deb || [ $$? -eq 77 ]

demo: all
	bash examples/demo.sh

BENCH_DRIVER ?= auto
BENCH_OUT    ?= bench/out
# BENCH_FLAGS: more options of bench/run.sh, e.g. --netem (needs root).
BENCH_FLAGS  ?=
bench: all
	bash bench/run.sh --driver $(BENCH_DRIVER) --out $(BENCH_OUT) $(BENCH_FLAGS)

clean:
	rm -f gen/*.o common/*.o stubs/*.o stubs/*/*.o server/*/*.o tests/*/*.o examples/*.o tools/*.o
	rm -f stubs/libcuda.so.1 stubs/libcuda.so server/oncudad tests/fakecuda/libcuda.so.1 tests/auth/skipauth tests/load/loadclient tests/load/faultclient
	rm -f tests/ranges/rangeclient tools/oncuda-ls tests/netns/fakereg tests/batch/launchwait
	rm -f tools/procaddr-probe tests/apps/cublas_gemm $(PROGRAMS) tests/hostile/tamperclient
	rm -f bench/drvbench bench/transport bench/empty_kernel.fatbin bench/tlslib/tlslib \
		bench/managed_phases bench/write_tracking bench/rpcnull
	rm -f tests/e2e/e2e tests/unit/test_[a-z]*[!.][!c] examples/deviceQuery examples/vectorAdd examples/matrixMul
	rm -f tests/kernels/*.cubin tests/kernels/*.fatbin tests/kernels/*.ptx tests/kernels/*.o tests/kernels/*.a examples/*.fatbin examples/*.fatbin.h

# tools/errtable prints the real driver's CUresult names and texts, from which
# stubs/answers/error_strings.inc is made (run it on a machine with the NVIDIA driver).
tools/errtable: tools/errtable.c
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -o $@ $< -L$(CUDA_HOME)/lib64/stubs -lcuda
all: tools/errtable

# tools/procaddr-probe asks a real driver (loaded with dlopen, so it builds
# without one) for its cuGetProcAddress answers, from which
# stubs/answers/procaddr-580.tsv is made; the tool's header says how.  It checks its
# table with the client's own rules, stubs/answers/procaddr_rules.c.
tools/procaddr-probe: tools/procaddr-probe.c tools/procaddr-names.c \
		tools/procaddr-names.h stubs/answers/procaddr_rules.c stubs/answers/procaddr.h
	$(CC) $(CPPFLAGS) $(CFLAGS) $(WARN) -o $@ tools/procaddr-probe.c \
		tools/procaddr-names.c stubs/answers/procaddr_rules.c -ldl
all: tools/procaddr-probe
