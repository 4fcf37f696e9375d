#!/usr/bin/env python3
"""check-wire.py -- has the protocol on the wire changed?

    tools/check-wire.py [--write] RPC_H XDR_C ONEWAY_INC LOCK

What a client and a server must agree on is what rpcgen made of idl/cuda.x,
not how the file is laid out: the program number and version, every
procedure's number, argument and result types, every constant, and what each
xdr_* routine encodes.  This script reads those from rpcgen's output (RPC_H,
gen/cuda_rpc.h; XDR_C, gen/cuda_xdr.c), one sorted line each, and compares
them with LOCK (idl/wire.lock, committed), so that moving procedures between
sections of the IDL or rewording its comments shows as no change at all, and
an accidental renumbering or a changed type fails `make check-gen`.
Which procedures are one-way (ONEWAY_INC, gen/oneway_procs.inc, made from
the IDL's marks) is part of the protocol too: a server never answers
them, so a client that waits for the answer to one would wait for good.

An xdr_* routine is recorded as a digest of its body with whitespace
collapsed: the lock says that a type's encoding changed, `git diff
gen/cuda_xdr.c` says how.  The program version is taken out of the names
(cu_mem_alloc_13000 is recorded as cu_mem_alloc), so that moving to a new
CUDA version changes one line of the lock, the version's.

A deliberate change of the protocol updates the lock with --write
(`make wire-lock`) in the same commit, where a reviewer sees it.
"""
import hashlib
import re
import sys


def wire(rpc_h, xdr_c):
    """The protocol as sorted lines."""
    header = open(rpc_h).read()
    # The ANSI C half of the header; the K&R half repeats it without types.
    header = header.split("#else /* K&R C */")[0]
    version = re.search(r"#define\s+ONCUDA_V(\d+)\s+(\d+)", header)
    if not version:
        sys.exit(f"check-wire: no ONCUDA_V<version> in {rpc_h}")
    suffix = "_" + version.group(2)

    def plain(text):
        return " ".join(text.replace(suffix, "").split())

    lines = [f"version {version.group(2)}"]
    procs = re.findall(r"#define\s+(\w+)\s+(\w+)\s*\n\s*extern\s+enum clnt_stat\s+\w+\(([^)]*)\);",
                       header)
    named = {name for name, _, _ in procs}
    for name, number, params in procs:
        lines.append(f"proc {name} {number} ({plain(params)})")
    for name, value in re.findall(r"#define\s+(\w+)\s+(0x[0-9A-Fa-f]+|\d+)\s*$", header, re.M):
        if name not in named and not name.startswith("ONCUDA_V"):
            lines.append(f"const {name} {value}")
    for name, body in re.findall(r"\nbool_t\s*\nxdr_(\w+)\s*\(([^)]*\)\s*\{.*?\n\})",
                                 open(xdr_c).read(), re.S):
        digest = hashlib.sha256(plain(body).encode()).hexdigest()[:16]
        lines.append(f"xdr {name.replace(suffix, '')} {digest}")
    return sorted(lines)


def oneway(inc):
    """The one-way procedures as lines."""
    cases = open(inc).read().split("static bool marked_oneway")[1].split("return true")[0]
    return [f"oneway {name}" for name in re.findall(r"case\s+(\w+):", cases)]


HEADER = ("# idl/wire.lock -- the protocol on the wire, as tools/check-wire.py reads it\n"
          "# from gen/cuda_rpc.h and gen/cuda_xdr.c.  Generated (make wire-lock): change it\n"
          "# only with a deliberate change of the protocol, in the same commit.\n")


def main():
    args = sys.argv[1:]
    write = "--write" in args
    args = [a for a in args if a != "--write"]
    if len(args) != 4:
        sys.exit(__doc__)
    rpc_h, xdr_c, oneway_inc, lock = args
    now = sorted(wire(rpc_h, xdr_c) + oneway(oneway_inc))
    if write:
        with open(lock, "w") as f:
            f.write(HEADER + "\n".join(now) + "\n")
        return 0
    try:
        locked = [l for l in open(lock).read().split("\n") if l and not l.startswith("#")]
    except OSError:
        locked = []
    if locked == now:
        return 0
    gone, new = sorted(set(locked) - set(now)), sorted(set(now) - set(locked))
    for l in gone:
        print(f"check-wire: was:  {l}")
    for l in new:
        print(f"check-wire: now:  {l}")
    print(f"check-wire: the protocol on the wire differs from {lock}: if that is meant, "
          "run make wire-lock and commit the lock with the change")
    return 1


if __name__ == "__main__":
    sys.exit(main())
