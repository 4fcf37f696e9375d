#!/usr/bin/env python3
"""gen-glue.py -- client and server glue for the plain procedures of idl/cuda.x.

A plain procedure forwards one driver call as it is: the client packs the
arguments, the server checks the handles among them, calls the driver and sends
back the CUresult and at most one output value.  Writing that by hand for fifty
entry points would be fifty copies of the same ten lines, so this script writes
them from the "Glue:" line of every procedure marked plain in idl/cuda.x (its
header comment explains the line; tools/idl.py reads it), and checks that
the procedure's declared arguments are the XDR types its C parameters
travel as.

Markers after the Glue line's parameters add calls to client-side modules,
kept general so the IDL, not this script, says which entry points use them:
"push" and "pull" bracket the call with stubs/mem/mapped.h's mapped_push and
mapped_pull (coherence of mapped host memory), "settles" with "pull" calls
mapped_pull_settled instead (the call waits for all of the current context's
work), and "cache" consults
stubs/context/answer_cache.h with the procedure and its arguments as 64-bit words
(a call without arguments passes the single word 0); the cache module alone
decides which answers it keeps.

The marker "svc" leaves the server's procedure to server/svc/, written by
hand (it decides the answer, as the device attribute table does); the
client's is generated as usual.

The marker "wrapped" names the generated client function plain_<entry point>
(declared in glue_client.h) and leaves the entry point to hand-written glue
in stubs/, which calls it for the cases it does not treat itself.

The marker "range=ADDR:COUNT" (or "range=ADDR:COUNT*SIZE") is the server's:
the device range that starts at the CUdeviceptr parameter ADDR and is COUNT
(a size_t parameter, or a number: the word a stream memory operation
names) elements of SIZE bytes long (SIZE 1 when left out) must lie inside memory
this client owns, or the server glue answers CUDA_ERROR_INVALID_VALUE before
the driver sees the call (server/session/ranges.h, range_check).  A call that names
several ranges has a marker for each.  With the marker "capture-lenient" the
server checks them with capture_range_check (server/session/capture.h) on the
call's stream instead: a capture only records the call, so a range it does not
own passes there and is checked when the graph is instantiated.  The marker
"graph-checked" has the server check the graph among the arguments with
capture_graph_check before the driver sees it: an instantiation, and a graph
taken into another.

With several servers (stubs/route/route.h) the client glue routes each call: the
handles and devices among its arguments pick the server (else the calling
thread's current context does), handles go out without their server tag and
come back with it, and global device ordinals become the server's own.  The
calls that make up the device list (PER_SERVER) are generated as
on_server_<entry point>(server, ...) instead, which stubs/route/devices.c calls
for each server; their cache key ends with the server's index.  So is
cuLibraryGetKernel, whose entry point stubs/code/library.c writes: with several
servers it hands out kernels of the client's own.  Such kernels and
libraries name no server: a CUlibrary, CUkernel or CUfunction (which a
kernel may stand for) is routed as route.h's ROUTE_CODE, and route_value
(stubs/code/own_library.h) gives the routed server's handle, loading the
library there if need be.  Each call is begun and ended with
stubs/route/call.h's call_begin_on and call_end, as hand glue does.

The mark one-way (issue 4) makes the client send the call with
stubs/wire/batch.h's batch_send, which does not wait for a reply: the
procedure must have no output, and the call returns
CUDA_SUCCESS once it is queued.  What the client can check stays
immediate: a NULL handle that may not be NULL (a stream may) gets the
error the server would give for it.  The server part needs nothing for it:
server/session/oneway.c keeps the result instead of sending it, for every
one-way procedure.

    tools/gen-glue.py idl/cuda.x OUTDIR

writes into OUTDIR: glue_client.c and glue_server.c (the glue), glue_client.h
(the generated client functions that hand-written glue calls:
on_server_*), oneway_procs.inc (the server's tables of the procedures
marked one-way and reports-deferred-errors, for server/session/oneway.c)
and cuda_names.h (version-free names for rpcgen's: cu_mem_alloc for
cu_mem_alloc_13000; hand-written code includes it instead of cuda_rpc.h).
"""
import os
import re
import sys

from idl import read

HANDLES = {
    "CUcontext": "HANDLE_CONTEXT",
    "CUmodule": "HANDLE_MODULE",
    "CUfunction": "HANDLE_FUNCTION",
    "CUlibrary": "HANDLE_LIBRARY",
    "CUkernel": "HANDLE_KERNEL",
    "CUstream": "HANDLE_STREAM",
    "CUevent": "HANDLE_EVENT",
    "CUgraph": "HANDLE_GRAPH",
    "CUgraphNode": "HANDLE_GRAPH_NODE",
    "CUgraphExec": "HANDLE_GRAPH_EXEC",
    "CUmemoryPool": "HANDLE_MEM_POOL",
    "CUarray": "HANDLE_ARRAY",
    "CUmipmappedArray": "HANDLE_MIPMAPPED_ARRAY",
    "CUgreenCtx": "HANDLE_GREEN_CTX",
    "CUdevResourceDesc": "HANDLE_DEV_RESOURCE_DESC",
    "CUtexref": "HANDLE_TEXREF",
    "CUsurfref": "HANDLE_SURFREF",
}
WIDE = {"unsigned long long", "cuuint64_t"}
UNSIGNED = {"unsigned int", "unsigned", "unsigned char", "unsigned short", "cuuint32_t"}
ROUTE_KIND = {"CUcontext": "ROUTE_CONTEXT", "CUstream": "ROUTE_STREAM",
              "CUlibrary": "ROUTE_CODE", "CUkernel": "ROUTE_CODE",
              "CUfunction": "ROUTE_CODE"}
# What undoes each generated call that makes a handle ('new') rather than
# naming one its owner already holds (cuModuleGetFunction, cuLibraryGetModule,
# cuArrayGetLevel): when the handle cannot be registered (--max-handles,
# memory), the driver's object is destroyed again, or a client refused at its
# limit could go on making streams or graphs on the GPU that nothing frees
# until its session ends.  A making call missing here stops the generator.
UNDO = {
    "cuStreamCreate": "cuStreamDestroy",
    "cuStreamCreateWithPriority": "cuStreamDestroy",
    "cuEventCreate": "cuEventDestroy",
    "cuGraphCreate": "cuGraphDestroy",
    "cuGraphClone": "cuGraphDestroy",
    "cuGraphInstantiate": "cuGraphExecDestroy",
    "cuGraphInstantiateWithFlags": "cuGraphExecDestroy",
    "cuGraphInstantiateWithParams": "cuGraphExecDestroy",
    "cuTexRefCreate": "cuTexRefDestroy",
    "cuGreenCtxCreate": "cuGreenCtxDestroy",
    "cuMemPoolCreate": "cuMemPoolDestroy",
}
MAKES = re.compile(r"Create|Clone|Instantiate")
PER_SERVER = {"cuDriverGetVersion", "cuDeviceGetCount", "cuDeviceGet",
              "cuDeviceGetByPCIBusId", "cuLibraryGetKernel"}


class Param:
    """One C parameter of an entry point, with what the glue does with it."""

    def __init__(self, text, where):
        words = text.split()
        self.role = "in"
        if words[0] in ("out", "new", "gone"):
            self.role = words.pop(0)
        self.null_ok = words[-1].endswith("?")
        self.name = words[-1].rstrip("?").lstrip("*")
        self.ctype = " ".join(words[:-1]) + ("*" if words[-1].startswith("*") else "")
        self.ctype = self.ctype.replace(" *", "*").replace("*", " *").strip()
        base = self.ctype.rstrip(" *")
        if self.role in ("out", "new"):
            if not self.ctype.endswith("*"):
                sys.exit(f"{where}: output {self.name} must be a pointer")
            self.base = base
        else:
            self.base = self.ctype
        if self.role == "new" and self.base not in HANDLES:
            sys.exit(f"{where}: 'new' needs a handle type, not {self.base}")
        if self.role == "gone" and self.base not in HANDLES:
            sys.exit(f"{where}: 'gone' needs a handle type, not {self.base}")

    def xdr_type(self):
        """The XDR type of idl/cuda.x this parameter travels as."""
        if self.base in HANDLES:
            return "cu_handle"
        if self.base == "CUdeviceptr":
            return "cu_dptr"
        if self.base == "size_t" or self.base in WIDE:
            return "cu_size"
        if self.base == "const char *":
            return "cu_name"
        if self.base in UNSIGNED:
            return "unsigned int"
        if "*" in self.base:
            sys.exit(f"pointer parameter {self.name} cannot be plain")
        return "int"    # int, CUdevice and every enumeration

    def result_type(self):
        """The result union of an output of this type."""
        if self.base in HANDLES:
            return "res_handle"
        return {"size_t": "res_size", "unsigned long long": "res_size", "cuuint64_t": "res_size",
                "CUdeviceptr": "res_dptr",
                "float": "res_float", "unsigned int": "res_uint"}.get(self.base, "res_int")

    def fits_result(self):
        """Whether the driver can write this output straight into the result
        union: only when the C type is the very type the union holds.  An
        enumeration, a CUdevice or an unsigned long long goes through a local
        variable of its own type instead."""
        return self.base in ("int", "size_t", "float", "unsigned int")

    def to_wire(self, routed=True):
        xdr = self.xdr_type()
        if xdr == "cu_handle" and routed and ROUTE_KIND.get(self.base) == "ROUTE_CODE":
            return f"(cu_handle){self.name}_value"
        if xdr == "cu_handle":
            return f"(cu_handle)route_strip({self.name})"
        if self.base == "CUdevice" and routed:
            return f"(int)local_{self.name}"
        if xdr == "cu_name":
            return f"(char *){self.name}"
        if xdr == "unsigned int":
            return f"(u_int){self.name}"
        return f"({xdr}){self.name}"

    def from_wire(self):
        if self.base in HANDLES:
            return f"({self.base})(uintptr_t){self.name}"
        return f"({self.base}){self.name}"

    def c_decl(self):
        return f"{self.ctype} {self.name}".replace("* ", "*")

    def wire_decl(self):
        xdr = self.xdr_type()
        return {"unsigned int": "u_int", "cu_name": "char *"}.get(xdr, xdr) + \
            ("" if xdr == "cu_name" else " ") + self.name


MARKERS = {"push", "pull", "settles", "cache", "oneway", "svc", "wrapped",
           "capture-lenient", "graph-checked"}
RANGE_MARKER = re.compile(r"range=(\w+):(\w+)(?:\*([1-9][0-9]*))?")


class DeviceRange:
    """A "range=ADDR:COUNT*SIZE" marker: a device range the server checks."""

    def __init__(self, marker, params, where):
        m = RANGE_MARKER.fullmatch(marker)
        if not m:
            sys.exit(f"{where}: cannot read '{marker}': range=ADDR:COUNT or range=ADDR:COUNT*SIZE")
        self.addr, self.count, size = m.groups()
        self.size = int(size or "1")
        by_name = {p.name: p for p in params if p.role == "in"}
        if self.addr not in by_name or by_name[self.addr].base != "CUdeviceptr":
            sys.exit(f"{where}: {marker}: {self.addr} is not a CUdeviceptr parameter")
        if self.count.isdigit():
            return
        if self.count not in by_name or by_name[self.count].base != "size_t":
            sys.exit(f"{where}: {marker}: {self.count} is not a size_t parameter or a number")


class Entry:
    def __init__(self, proc, func, params, markers, where):
        self.proc, self.func, self.where = proc, func, where
        range_markers = [m for m in markers if m.startswith("range=")]
        markers = [m for m in markers if not m.startswith("range=")]
        unknown = set(markers) - MARKERS
        if unknown:
            sys.exit(f"{where}: unknown marker(s) {', '.join(sorted(unknown))}")
        self.markers = set(markers)
        self.params = [Param(p, where) for p in params]
        self.ranges = [DeviceRange(m, self.params, where) for m in range_markers]
        outs = [p for p in self.params if p.role in ("out", "new")]
        if len(outs) > 1:
            sys.exit(f"{where}: a plain call has at most one output")
        self.out = outs[0] if outs else None
        self.ins = [p for p in self.params if p.role not in ("out", "new")]
        self.result = self.out.result_type() if self.out else "res_none"
        self.stub = proc.lower()      # gen/cuda_names.h's version-free name
        if "oneway" in self.markers and (self.out or self.markers & {"pull", "cache"}):
            sys.exit(f"{where}: a oneway call has no output, pull or cache")
        if "settles" in self.markers and "pull" not in self.markers:
            sys.exit(f"{where}: settles goes with pull")
        streams = [p for p in self.ins if p.base == "CUstream"]
        if "capture-lenient" in self.markers and (len(streams) != 1 or not self.ranges):
            sys.exit(f"{where}: capture-lenient needs one CUstream parameter and a range")
        self.stream = streams[0] if streams else None
        graphs = [p for p in self.ins if p.base == "CUgraph"]
        if "graph-checked" in self.markers and len(graphs) != 1:
            sys.exit(f"{where}: graph-checked needs one CUgraph parameter")
        self.checked_graph = graphs[0] if graphs else None


def read_entries(idl):
    """The plain procedures of idl/cuda.x as entries, checked against their XDR."""
    entries = []
    for p in idl.procs:
        if not p.plain:
            continue
        where = f"{idl.path}:{p.glue_line}"
        m = re.fullmatch(r"(cu\w+)\(([^)]*)\)((?:\s+[\w=:*-]+)*)", p.glue)
        if not m:
            sys.exit(f"{where}: cannot read the Glue line of {p.name}: '{p.glue}'")
        params = [a.strip() for a in m.group(2).split(",") if a.strip() not in ("", "void")]
        markers = m.group(3).split()
        if "oneway" in markers:
            sys.exit(f"{where}: {p.name}: one-way is a mark (Marks: plain, one-way), "
                     "not a Glue marker")
        e = Entry(p.name, m.group(1), params, markers + (["oneway"] if p.oneway else []), where)
        e.carries = p.carries
        want = [q.xdr_type() for q in e.ins]
        types = [t for t, _ in p.args]
        if p.result != e.result or types != want:
            sys.exit(f"{where}: {p.name} is {p.result}({', '.join(types)}) in its declaration "
                     f"but its Glue line gives {e.result}({', '.join(want)})")
        entries.append(e)
    return entries


HEADER = """/*
 * Generated by tools/gen-glue.py from idl/cuda.x: do not edit.
 * {what}
 */
"""


def key_of(e):
    """The cache key: every argument as a 64-bit word."""
    words = []
    for p in e.ins:
        if p.base in HANDLES:
            words.append(f"(uint64_t)(uintptr_t){p.name}")
        elif p.base == "const char *" or p.base == "float":
            sys.exit(f"{e.where}: 'cache' needs arguments that are numbers or handles")
        else:
            words.append(f"(uint64_t){p.name}")
    return words


def route_lines(e):
    """Declarations and statements that pick the server of a routed call."""
    decls, lines, values = [], [], []
    for p in e.ins:
        if p.base == "CUstream" and p.role == "in":
            # CU_STREAM_PER_THREAD: the calling thread's (thread_stream.h).
            lines.append(f"\tif ((e = thread_stream(&{p.name})) != CUDA_SUCCESS)\n\t\treturn e;\n")
        if p.base in HANDLES:
            kind = ROUTE_KIND.get(p.base, "ROUTE_HANDLE")
            lines.append(f"\troute_handle(&rt, {p.name}, {kind});\n")
            if kind == "ROUTE_CODE":
                # It may be the client's own, with a handle on each server.
                decls.append(f"\tuint64_t {p.name}_value;\n")
                values.append(f"\tif ((e = route_value(&rt, {p.name}, &{p.name}_value)) "
                              "!= CUDA_SUCCESS)\n\t\treturn e;\n")
        elif p.base == "CUdevice":
            decls.append(f"\tCUdevice local_{p.name};\n")
            lines.append(f"\troute_device(&rt, {p.name}, &local_{p.name});\n")
    lines.append("\tif ((e = route_settle(&rt)) != CUDA_SUCCESS)\n\t\treturn e;\n")
    return decls, lines + values


def client_oneway(e):
    """A oneway entry's body: check what the client can, queue the call."""
    if any(p.base == "CUdevice" or ROUTE_KIND.get(p.base) == "ROUTE_CODE" for p in e.ins):
        # The argument structure is filled before routing translates devices
        # and finds a server's handle of the client's own libraries and kernels.
        sys.exit(f"{e.func}: a oneway call cannot take a CUdevice, library, kernel or function")
    decls, routing = route_lines(e)
    out = ["\tstruct route rt = ROUTE_INIT;\n"] + decls
    # Filled once routing has settled the handles (thread_stream may change a stream).
    if len(e.ins) == 1:
        p = e.ins[0]
        out.append(f"\t{p.wire_decl().rsplit(' ', 1)[0]} a;\n")
        fill = f"\ta = {p.to_wire()};\n"
        xdr = f"xdr_{p.xdr_type().replace('unsigned int', 'u_int')}"
    else:
        fields = ", ".join(p.to_wire() for p in e.ins)
        out.append(f"\t{e.stub}_argument a;\n")
        fill = f"\ta = ({e.stub}_argument){{ {fields} }};\n"
        xdr = f"xdr_{e.stub}_argument"
    out.append("\tint err = CUDA_SUCCESS;\n\tenum clnt_stat st = RPC_SUCCESS;\n"
               "\tstruct call k;\n\tCUresult e;\n\n")
    for p in e.ins:
        # Streams: NULL is the default stream, always valid.
        if p.base in HANDLES and p.base != "CUstream" and not p.null_ok:
            bad = "CUDA_ERROR_INVALID_CONTEXT" if p.base == "CUcontext" else "CUDA_ERROR_INVALID_HANDLE"
            out.append(f"\tif ({p.name} == NULL)\n\t\treturn {bad};\n")
    out.extend(routing)
    out.append(fill)
    out.append("\tif ((e = call_begin_on(&k, (unsigned)rt.server, CALL_NO_REPLY)) != CUDA_SUCCESS)\n"
               "\t\treturn e;\n")
    send = f"batch_send(k.c, {e.proc}, (xdrproc_t){xdr}, &a)"
    if "push" in e.markers:
        out.append("\tst = mapped_push(k.c, &err);\n"
                   f"\tif (st == RPC_SUCCESS && err == CUDA_SUCCESS)\n\t\tst = {send};\n")
    else:
        out.append(f"\tst = {send};\n")
    out.append("\treturn call_done(&k, st, &err);\n}\n")
    return out


def per_thread_variants(e):
    """The _ptsz form of the entry point the glue makes (the first it
    carries): that call with the NULL stream meaning the calling thread's
    (stubs/route/thread_stream.h).  Other per-thread forms a plain
    procedure carries (older ABIs, synchronous _ptds calls) are hand glue's."""
    names = [n for n in e.carries if n == e.carries[0] + "_ptsz"]
    streams = [p for p in e.ins if p.base == "CUstream" and p.role == "in"]
    out = []
    for n in names:
        if not streams:
            sys.exit(f"{e.where}: {n}: {e.func} takes no stream")
        decl = ", ".join(p.c_decl() for p in e.params)
        args = ", ".join(f"thread_stream_null({p.name})" if p in streams else p.name
                         for p in e.params)
        out.append(f"\n/* {e.func} on the calling thread's stream when given NULL. */\n"
                   f"ONCUDA_API CUresult {n}({decl});\n"
                   f"ONCUDA_API CUresult {n}({decl})\n{{\n"
                   f"\treturn {e.func}({args});\n}}\n")
    return out


def client_name(e):
    """The generated client function's return type and name."""
    if "wrapped" in e.markers:
        return f"CUresult plain_{e.func}"
    return f"ONCUDA_API CUresult {e.func}"


def client(entries):
    out = [HEADER.format(what="Client side of the plain procedures: route, pack, call, unpack."),
           '#include <stdint.h>\n#include <string.h>\n'
           '/* Deprecated calls are carried too (the bank size configuration). */\n'
           '#define CUDA_ENABLE_DEPRECATED 1\n#include <cuda.h>\n#include <cudaProfiler.h>\n'
           '#include "stubs/context/answer_cache.h"\n#include "stubs/wire/batch.h"\n#include "gen/cuda_names.h"\n#include "gen/glue_client.h"\n'
           '#include "stubs/code/own_library.h"\n#include "stubs/route/devices.h"\n#include "stubs/mem/mapped.h"\n#include "stubs/route/route.h"\n#include "stubs/route/thread_stream.h"\n#include "stubs/wire/rpc.h"\n']
    for e in entries:
        if "oneway" in e.markers:
            decl = ", ".join(p.c_decl() for p in e.params) or "void"
            name = client_name(e)
            out.append(f"\n{name}({decl})\n{{\n")
            out += client_oneway(e)
            out += per_thread_variants(e)
            continue
        per_server = e.func in PER_SERVER
        decl = ", ".join(p.c_decl() for p in e.params) or "void"
        cache = "cache" in e.markers
        if per_server:
            out.append(f"\nCUresult on_server_{e.func}(unsigned server, {decl})\n{{\n")
            server = "server"
        else:
            out.append(f"\n{client_name(e)}({decl})\n{{\n")
            server = "(unsigned)rt.server"
        out.append(f"\t{e.result} r;\n")
        if not per_server:
            decls, routing = route_lines(e)
            out.append("\tstruct route rt = ROUTE_INIT;\n")
            out.extend(decls)
        if e.markers & {"push", "pull"}:
            out.append("\tenum clnt_stat st;\n")
        if cache:
            words = key_of(e) + (["server"] if per_server else [])
            words = words or ["0"]
            out.append(f"\tconst uint64_t key[] = {{ {', '.join(words)} }};\n")
            if e.out:
                out.append("\tuint64_t cached, asked_at;\n")
        out.append("\tstruct call k;\n\tCUresult e;\n\n")
        for p in e.params:
            if p.role in ("out", "new") or p.base == "const char *":
                out.append(f"\tif ({p.name} == NULL)\n\t\treturn CUDA_ERROR_INVALID_VALUE;\n")
        nkey = "sizeof key / sizeof key[0]"
        if cache and e.out:
            out.append(f"\tif (answer_cache_get({e.proc}, key, {nkey}, &cached)) {{\n"
                       f"\t\t*{e.out.name} = ({e.out.base})cached;\n"
                       "\t\treturn CUDA_SUCCESS;\n\t}\n"
                       "\tasked_at = answer_cache_epoch();\n")
        if not per_server:
            out.extend(routing)
        out.append(f"\tif ((e = call_begin_on(&k, {server}, CALL_REPLY(r))) != CUDA_SUCCESS)\n"
                   "\t\treturn e;\n")
        args = "".join(p.to_wire(not per_server) + ", " for p in e.ins)
        if e.markers & {"push", "pull"}:
            call = f"{e.stub}({args}&r, k.c)"
            if "push" in e.markers:
                out.append("\tst = mapped_push(k.c, &r.err);\n"
                           f"\tif (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)\n\t\tst = {call};\n")
            else:
                out.append(f"\tst = {call};\n")
            if "pull" in e.markers:
                pull = "mapped_pull_settled" if "settles" in e.markers else "mapped_pull"
                out.append("\tif (st == RPC_SUCCESS && r.err == CUDA_SUCCESS)\n"
                           f"\t\tst = {pull}(k.c, &r.err);\n")
            out.append("\te = call_end(&k, st);\n")
        else:
            out.append(f"\te = call_end(&k, {e.stub}({args}&r, k.c));\n")
        out.append("\tif (e != CUDA_SUCCESS)\n\t\treturn e;\n")
        if e.out:
            value = f"r.{e.result}_u.value"
            if e.out.base in HANDLES and e.out.role == "out":
                # An output handle may be NULL (no green context, ...):
                # NULL names no server, so it is not tagged.
                value = (f"({e.out.base})(uintptr_t)({value} == 0 ? 0 : "
                         f"route_tag({value}, {server}))")
            elif e.out.base in HANDLES:
                value = f"({e.out.base})(uintptr_t)route_tag({value}, {server})"
            elif e.out.base != "float":
                value = f"({e.out.base}){value}"
            if e.out.base == "CUdevice" and not per_server:
                # The server's ordinal, as the program numbers devices.
                out.append(f"\tif (r.err == CUDA_SUCCESS && !devices_global({server}, "
                           f"{value}, {e.out.name}))\n\t\tr.err = CUDA_ERROR_INVALID_DEVICE;\n")
            else:
                out.append(f"\tif (r.err == CUDA_SUCCESS)\n\t\t*{e.out.name} = {value};\n")
        if cache and e.out:
            out.append(f"\tif (r.err == CUDA_SUCCESS)\n\t\tanswer_cache_put({e.proc}, key, {nkey}, "
                       f"(uint64_t)*{e.out.name}, asked_at);\n")
        elif cache:
            out.append(f"\tif (r.err == CUDA_SUCCESS)\n\t\tanswer_cache_changed({e.proc}, key, {nkey});\n")
        out.append("\treturn (CUresult)r.err;\n}\n")
        out += per_thread_variants(e)
    return "".join(out)


def server(entries):
    out = [HEADER.format(what="Server side of the plain procedures: check handles and "
                         "device ranges, call the driver."),
           '#include <stdbool.h>\n#include <stdint.h>\n'
           '/* Deprecated calls are carried too (the bank size configuration). */\n'
           '#define CUDA_ENABLE_DEPRECATED 1\n#include <cuda.h>\n#include <cudaProfiler.h>\n'
           '#include "gen/cuda_names.h"\n#include "server/session/capture.h"\n#include "server/session/handles.h"\n#include "server/session/ranges.h"\n']
    for e in entries:
        if "svc" in e.markers:
            continue    # the server's procedure is written by hand
        wire = "".join(p.wire_decl() + ", " for p in e.ins)
        out.append(f"\nbool_t {e.stub}_svc({wire}{e.result} *r, struct svc_req *rq)\n{{\n")
        holds_value = e.out is not None and not e.out.fits_result()
        if holds_value:
            out.append(f"\t{e.out.base} value;\n\n")
        out.append("\t(void)rq;\n")
        for p in e.ins:
            if p.base in HANDLES:
                null_ok = "true" if p.null_ok else "false"
                out.append(f"\tif ((r->err = handle_check({HANDLES[p.base]}, {p.name}, {null_ok}))"
                           " != CUDA_SUCCESS)\n\t\treturn TRUE;\n")
        for d in e.ranges:
            if "capture-lenient" in e.markers:
                check = f"capture_range_check({e.stream.name}, {d.addr}, {d.count}, {d.size}, \"{e.func}\")"
            else:
                check = f"range_check({d.addr}, {d.count}, {d.size}, \"{e.func}\")"
            out.append(f"\tif ((r->err = {check})"
                       " != CUDA_SUCCESS)\n\t\treturn TRUE;\n")
        if "graph-checked" in e.markers:
            out.append(f"\tif ((r->err = capture_graph_check({e.checked_graph.name}))"
                       " != CUDA_SUCCESS)\n\t\treturn TRUE;\n")
        args = []
        for p in e.params:
            if p.role in ("out", "new"):
                if holds_value:
                    args.append("&value")
                else:
                    args.append(f"&r->{e.result}_u.value")
            else:
                args.append(p.from_wire())
        if holds_value:
            out.append(f"\tr->err = {e.func}({', '.join(args)});\n")
            cast = "(cu_handle)(uintptr_t)" if e.out.base in HANDLES else ""
            out.append(f"\tif (r->err == CUDA_SUCCESS)\n\t\tr->{e.result}_u.value = {cast}value;\n")
        else:
            out.append(f"\tr->err = {e.func}({', '.join(args)});\n")
        if e.out and e.out.role == "new":
            owner = next((p.name for p in e.ins if p.base in HANDLES), "0")
            undo = UNDO.get(e.func)
            if undo is None and MAKES.search(e.func):
                sys.exit(f"{e.func} makes a {e.out.base}: name what destroys it in "
                         "tools/gen-glue.py's UNDO")
            out.append(f"\tif (r->err == CUDA_SUCCESS && !handle_add({HANDLES[e.out.base]}, "
                       f"r->{e.result}_u.value, {owner})) {{\n")
            if undo is not None:
                out.append(f"\t\t(void){undo}(({e.out.base})(uintptr_t)"
                           f"r->{e.result}_u.value);\n")
            out.append("\t\tr->err = CUDA_ERROR_OUT_OF_MEMORY;\n\t}\n")
        for p in e.ins:
            if p.role == "gone":
                out.append(f"\tif (r->err == CUDA_SUCCESS)\n"
                           f"\t\thandle_forget({HANDLES[p.base]}, {p.name});\n")
        out.append("\treturn TRUE;\n}\n")
    return "".join(out)


def oneway_table(idl):
    """The server's tables of the marks (server/session/oneway.c includes it)."""
    out = ["/*\n * Generated by tools/gen-glue.py from the Marks: lines of idl/cuda.x: do not edit.\n"
           " * Included by server/session/oneway.c, which alone decides what the marks\n"
           " * mean on the server: a one-way procedure's reply is kept, not sent, and a\n"
           " * procedure that reports deferred errors returns the kept error.\n */\n"]
    for fn, mark, what in (("marked_oneway", "oneway", "one-way: never answered"),
                           ("marked_reports_deferred", "reports_deferred",
                            "reports-deferred-errors: returns a one-way call's kept error")):
        out.append(f"\n/* The procedures marked {what}. */\n"
                   f"static bool {fn}(rpcproc_t proc)\n{{\n\tswitch (proc) {{\n")
        out += [f"\tcase {p.name}:\n" for p in idl.procs if getattr(p, mark)]
        out.append("\t\treturn true;\n\tdefault:\n\t\treturn false;\n\t}\n}\n")
    return "".join(out)


def names_header(idl):
    """Version-free names for rpcgen's versioned ones."""
    v = idl.version
    out = ["/*\n * Generated by tools/gen-glue.py from idl/cuda.x: do not edit.\n"
           " *\n"
           f" * Version-free names for what rpcgen names after the program version ({v}):\n"
           f" * cu_mem_alloc for cu_mem_alloc_{v}, cu_mem_alloc_svc for\n"
           f" * cu_mem_alloc_{v}_svc, and so on, so that code written by hand says the\n"
           " * former and moving to a new CUDA version changes gen/ and the version in\n"
           " * idl/cuda.x only.  Include this header instead of gen/cuda_rpc.h, which\n"
           " * it includes.\n */\n",
           "#ifndef ONCUDA_GEN_CUDA_NAMES_H\n#define ONCUDA_GEN_CUDA_NAMES_H\n\n"
           '#include "gen/cuda_rpc.h"\n\n',
           f"/* The program's version (rpcgen: {idl.version_name}). */\n"
           f"#define ONCUDA_VERSION {idl.version_name}\n\n"
           "/* The server's dispatcher, which rpcgen writes into gen/cuda_svc.c\n"
           " * without declaring it, and the routine it calls after each reply, which\n"
           " * the server defines. */\n"
           f"void {idl.program_name.lower()}_{v}(struct svc_req *rqstp, SVCXPRT *transp);\n"
           f"#define {idl.program_name.lower()} {idl.program_name.lower()}_{v}\n"
           f"#define {idl.program_name.lower()}_freeresult {idl.program_name.lower()}_{v}_freeresult\n"]
    for p in idl.procs:
        n = p.name.lower()
        out.append(f"\n/* {p.name} ({p.number}) */\n"
                   f"#define {n} {n}_{v}\n#define {n}_svc {n}_{v}_svc\n")
        if len(p.decls) > 1:
            # rpcgen's structure of several arguments, and its XDR routine.
            out.append(f"#define {n}_argument {n}_{v}_argument\n"
                       f"#define xdr_{n}_argument xdr_{n}_{v}_argument\n")
    out.append("\n#endif\n")
    return "".join(out)


def client_header(entries):
    """The generated client functions hand-written code calls."""
    out = [HEADER.format(what="The plain calls generated on one given server "
                         "(gen/glue_client.c), for the hand-written glue that picks it."),
           "#ifndef ONCUDA_GEN_GLUE_CLIENT_H\n#define ONCUDA_GEN_GLUE_CLIENT_H\n\n"
           "#include <cuda.h>\n\n"]
    for e in entries:
        if e.func in PER_SERVER:
            decl = ", ".join(p.c_decl() for p in e.params) or "void"
            out.append(f"CUresult on_server_{e.func}(unsigned server, {decl});\n")
        if "wrapped" in e.markers:
            decl = ", ".join(p.c_decl() for p in e.params) or "void"
            out.append(f"CUresult plain_{e.func}({decl});\n")
    out.append("\n#endif\n")
    return "".join(out)


def write(path, text):
    """Replace path with text, whole or not at all."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    idl = read(sys.argv[1])
    out = sys.argv[2]
    entries = read_entries(idl)
    write(os.path.join(out, "glue_client.c"), client(entries))
    write(os.path.join(out, "glue_client.h"), client_header(entries))
    write(os.path.join(out, "glue_server.c"), server(entries))
    write(os.path.join(out, "oneway_procs.inc"), oneway_table(idl))
    write(os.path.join(out, "cuda_names.h"), names_header(idl))


if __name__ == "__main__":
    main()
