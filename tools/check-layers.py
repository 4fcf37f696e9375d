#!/usr/bin/env python3
"""tools/check-layers.py -- are the client's and the server's calls layered,
and free of cycles?

    python3 tools/check-layers.py

Reads the built objects with nm: a file A calls a file B when A's object
leaves a symbol undefined that B's object defines.  For the client
(stubs/*/*.o with common/*.pic.o) and for the server (server/*/*.o with
common/*.o) it fails (exit 1) on a cycle between files and on any call
against the direction of CLIENT_LAYERS or SERVER_LAYERS below: there is no
list of exceptions.  A lower layer that must learn of an event above it
offers something the upper layer reads or fills instead of calling up
(context/context.h's count of context deaths, which code/params.c reads;
the steps of a session's end, server/session/session.h, which the daemon
fills with the procedures' and the copy machinery's release functions).

Why an object-level check: a header can be included for a type alone, but
an undefined symbol is a call (or a reference to data) that the linker
must resolve, so it is what ties one file to another.  An object whose
source file is gone (left behind by a git mv) is left out.  The generated glue
(stubs/gen-*.o) is left out: it is written by tools/gen-glue.py, not here.
"""
import collections
import glob
import os
import subprocess
import sys

# The client's folders (stubs/*), top first.  A folder may call the folders below it
# (a higher rank) and itself; never one above.  Folders of equal rank are
# side by side and may not call each other unless CLIENT_SIDEWAYS says so.
#
#   answers  answered in the client: error strings, cuGetProcAddress,
#            export tables
#   stream   stream capture and graphs (a kernel node packs its
#            arguments as a launch does, so stream sits above code)
#   code     modules, libraries, launch, kernel parameters
#   copy     copies of any size, cut into messages
#   local    the same-host copy path, beside copy (copy hands it a copy)
#   mem      device, host and mapped memory, pointer attributes, memory
#            shared with a server on this host
#   context  contexts and devices: cuInit, cuCtx*, cuDevice*; the cache
#            of servers' answers, values stored in a context
#   route    which server a call goes to, and beginning it there
#            (call.c); the per-thread context stacks; the device list
#   wire     a connection's call discipline (rpc.c), one-way batching,
#            tracing
#   link     making a connection: connect, auth, server list, same host,
#            the record transport, messages to the user (say.c)
#   common   what client and server both link
CLIENT_LAYERS = [
    ("answers",),
    ("stream",),
    ("code",),
    ("copy", "local"),
    ("mem",),
    ("context",),
    ("route",),
    ("wire",),
    ("link",),
    ("common",),
]
CLIENT_SIDEWAYS = {("copy", "local")}

# The server's folders (server/*), top first, by the same rules.
#
#   daemon   listens, forks a session per client, rpcbind, --allow, the
#            unix-domain socket, loading the driver; it fills the steps of
#            a session's end (daemon/session_end.c) before the first fork
#   svc      the procedures, by driver API group
#   copy     page-locked buffers: staging slots, the upload pool, the
#            same-host area, striped copies, DMA marks
#   session  one client's process: transport, key exchange, TLS, trace,
#            one-way calls, handles, device ranges, limits, log, its end
#            (session.c, which runs the steps filled from above), and what
#            it knows of its daemon (daemon_facts.c: the open sessions,
#            the unix socket's path)
#   common   what client and server both link
SERVER_LAYERS = [
    ("daemon",),
    ("svc",),
    ("copy",),
    ("session",),
    ("common",),
]
SERVER_SIDEWAYS = set()


def rank_of(layers, folder):
    for rank, group in enumerate(layers):
        if folder in group:
            return rank
    return None


def symbols(obj):
    """(defined, undefined) global symbols of one object."""
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRVWCGS":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] in ("U", "w"):
            undefined.add(parts[1])
    return defined, undefined


def calls(objects):
    """{file: {callee file: [symbols]}} among objects."""
    table = {o: symbols(o) for o in objects}
    owner = {}
    for o, (defined, _) in table.items():
        for s in defined:
            owner.setdefault(s, o)
    edges = collections.defaultdict(lambda: collections.defaultdict(list))
    for o, (_, undefined) in table.items():
        for s in sorted(undefined):
            if s in owner and owner[s] != o:
                edges[o][owner[s]].append(s)
    return edges


def cycles(edges):
    """The strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in list(edges):
        if v not in index:
            visit(v)
    return found


def name(obj):
    return obj.replace(".pic.o", ".c").replace(".o", ".c")


def current(objects):
    """The objects whose source file is still there: one left behind after
    its source moved or went (a git mv) would report calls that no longer
    exist."""
    return [o for o in objects if os.path.exists(name(o))]


def folder(obj):
    parts = obj.split("/")
    return parts[1] if parts[0] in ("stubs", "server") else parts[0]


def report_cycles(edges, label):
    found = cycles(edges)
    for component in found:
        print(f"{label}: cycle between files: "
              + " <-> ".join(name(o) for o in component))
        for a in component:
            for b in component:
                if b in edges.get(a, {}):
                    print(f"    {name(a)} -> {name(b)}: "
                          + " ".join(edges[a][b]))
    return len(found)


def check(label, objects, layers, sideways):
    """The cycles and the calls against layers among objects."""
    edges = calls(objects)
    bad = report_cycles(edges, label)
    for a in sorted(edges):
        for b, syms in sorted(edges[a].items()):
            fa, fb = folder(a), folder(b)
            ra, rb = rank_of(layers, fa), rank_of(layers, fb)
            if ra is None or rb is None:
                print(f"{label}: {name(a)} or {name(b)} is in no layer "
                      "(add its folder to the layers)")
                bad += 1
                continue
            if fa == fb or rb > ra or (fa, fb) in sideways:
                continue
            print(f"{label}: {name(a)} ({fa}) -> {name(b)} ({fb}) against "
                  f"the layers: {' '.join(syms)}")
            bad += 1
    return bad


def check_client():
    objects = current(sorted(glob.glob("stubs/*/*.o")) +
                      sorted(glob.glob("common/*.pic.o")))
    if not objects:
        print("check-layers: no client objects; run make first")
        return 1
    return check("client", objects, CLIENT_LAYERS, CLIENT_SIDEWAYS)


def check_server():
    objects = current(sorted(glob.glob("server/*/*.o")) +
                      sorted(o for o in glob.glob("common/*.o")
                             if not o.endswith(".pic.o")))
    if not objects:
        print("check-layers: no server objects; run make first")
        return 1
    return check("server", objects, SERVER_LAYERS, SERVER_SIDEWAYS)


def main():
    bad = check_client() + check_server()
    if bad:
        print(f"check-layers: {bad} problem(s)")
        return 1
    print("check-layers: no cycle between files, and no call against the "
          "layers, in the client or the server")
    return 0


if __name__ == "__main__":
    sys.exit(main())
