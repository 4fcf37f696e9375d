#!/usr/bin/env python3
"""procaddr-table.py -- the table behind oncuda's cuGetProcAddress.

    tools/procaddr-table.py ../shared/reference/driver-580/procaddr-*.tsv \\
        > stubs/procaddr-580.tsv

cuGetProcAddress(name, version, flags) names the ABI a program wants: the
driver answers with the entry point of that name that was current in CUDA
`version`, or its per-thread-default-stream variant when flags ask for it
(cuMemcpyHtoD at 7000 with flags 2 is cuMemcpyHtoD_v2_ptds).  Each output
row (name, min_version, flags, symbol, evidence) means "from min_version
on, with these flags, the driver answers symbol"; stubs/procaddr.c picks
the row with the largest min_version <= version.  flags is 0 (legacy
stream; the default) or 2 (per-thread).  A per-thread request with no
flags-2 row at or below its version gets the flags-0 answer, as the
driver documents.

Two sources:
  - observations: what driver 580 answered real programs (tools/drvtrace
    logs, columns G caller name version flags rc status symbol wrapped).
    These are facts; every one of them must come out of the table.
  - the toolkit's typedef headers (cudaTypedefs.h and friends), which
    declare one PFN_<name>_v<version> per ABI of each entry point and
    PFN_<name>_v<version>_ptds/_ptsz per per-thread variant.  The n-th
    ABI of a name is the symbol <name> for n = 1 and <name>_v<n> after,
    and a per-thread variant appends its suffix.  This rule reproduces
    every observation of driver 580; it fills in the versions programs
    were not seen asking for (cuCtxCreate at 12050 is _v4).
Where the two disagree the observation wins and the disagreement is
reported on stderr.  A name none of whose derived symbols the driver
exports (stubs/driver-exports.txt) or was seen giving is left out: the
typedefs also cover Windows' cuWGL*.  Otherwise every derived row stays,
since leaving one out would answer an older ABI in its place.  The evidence column says "observed" when an
observation falls in the row's range, else "typedefs".

Issue 3 replaces this with a table made by asking a real driver for every
exported name x every CUDA version x flags {0, 1, 2}.
"""

import argparse
import collections
import glob
import os
import re
import sys

TYPEDEF_HEADERS = ["cudaTypedefs.h", "cudaGLTypedefs.h", "cudaEGLTypedefs.h",
                   "cudaVDPAUTypedefs.h", "cudaProfilerTypedefs.h"]
PFN = re.compile(r"\bPFN_(cu\w+?)_v(\d+)(_ptds|_ptsz)?\)")
PER_THREAD = 2


def read_typedefs(include_dir):
    """{name: {"abi": [versions], "pt": {version: suffix}}}"""
    names = collections.defaultdict(lambda: {"abi": set(), "pt": {}})
    for header in TYPEDEF_HEADERS:
        path = os.path.join(include_dir, header)
        if not os.path.exists(path):
            sys.exit(f"procaddr-table: {path} is missing: point --include "
                     "at a CUDA toolkit's include directory")
        with open(path) as f:
            for name, version, suffix in PFN.findall(f.read()):
                if suffix:
                    names[name]["pt"][int(version)] = suffix
                else:
                    names[name]["abi"].add(int(version))
    return {n: {"abi": sorted(d["abi"]), "pt": d["pt"]}
            for n, d in names.items()}


def derived_rows(name, info):
    """The rows the typedef rule gives: [(version, flags, symbol)]."""
    abi = info["abi"]
    rows = [(v, 0, name if i == 0 else f"{name}_v{i + 1}")
            for i, v in enumerate(abi)]

    def legacy(version):
        i = max(i for i, v in enumerate(abi) if v <= version)
        return name if i == 0 else f"{name}_v{i + 1}"

    pt = info["pt"]
    for v in sorted(set(abi) | set(pt)):
        earlier = [p for p in pt if p <= v]
        if earlier and abi and abi[0] <= v:
            rows.append((v, PER_THREAD, legacy(v) + pt[max(earlier)]))
    return rows


def read_observations(paths):
    """{(name, version, flags): symbol} from drvtrace logs."""
    seen = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if cols[0] != "G" or len(cols) < 8:
                    continue
                name, version, flags, rc, status, symbol = cols[2:8]
                if not name or rc != "0" or status != "0" or symbol == "-":
                    continue
                key = (name, int(version),
                       PER_THREAD if int(flags) & PER_THREAD else 0)
                if seen.get(key, symbol) != symbol:
                    sys.exit(f"procaddr-table: {path}: {key} answered both "
                             f"{seen[key]} and {symbol}")
                seen[key] = symbol
    return seen


def lookup(rows, version, flags):
    """What stubs/procaddr.c answers from rows [(version, flags, symbol)]."""
    for want in ([PER_THREAD, 0] if flags == PER_THREAD else [0]):
        fits = [r for r in rows if r[1] == want and r[0] <= version]
        if fits:
            return max(fits)[2]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("observations", nargs="+", help="drvtrace logs")
    parser.add_argument("--include", default=os.path.join(
        os.environ.get("CUDA_HOME", "/usr/local/cuda"), "include"),
        help="CUDA toolkit include directory (typedef headers)")
    parser.add_argument("--exports", default="stubs/driver-exports.txt",
                        help="the driver's exported names, one per line")
    args = parser.parse_args()

    typedefs = read_typedefs(args.include)
    observed = read_observations(
        [p for arg in args.observations for p in sorted(glob.glob(arg))])
    with open(args.exports) as f:
        exported = {line.strip() for line in f
                    if line.strip() and not line.startswith("#")}
    given = set(observed.values())

    table = {}
    for name, info in typedefs.items():
        rows = derived_rows(name, info)
        if any(r[2] in exported or r[2] in given for r in rows):
            table[name] = rows
    for (name, version, flags), symbol in sorted(observed.items()):
        rows = table.setdefault(name, [])
        answer = lookup(rows, version, flags)
        if answer != symbol:
            if name in typedefs:
                print(f"procaddr-table: {name} at {version} flags {flags}: "
                      f"driver answered {symbol}, typedefs give {answer}",
                      file=sys.stderr)
            rows.append((version, flags, symbol))

    print("# cuGetProcAddress answers of the NVIDIA driver 580 (CUDA 13.0):")
    print("# from min_version on, with these flags, the driver answers symbol.")
    print("# Made by tools/procaddr-table.py from drvtrace observations and")
    print("# the toolkit's typedef headers (see there).  Do not edit: regenerate.")
    print("# name\tmin_version\tflags\tsymbol\tevidence")
    for name in sorted(table):
        for flags in (0, PER_THREAD):
            previous = None
            rows = sorted(r for r in table[name] if r[1] == flags)
            for i, (version, _, symbol) in enumerate(rows):
                if symbol == previous:
                    continue
                previous = symbol
                end = next((r[0] for r in rows[i + 1:] if r[2] != symbol),
                           None)
                confirmed = any(
                    n == name and f == flags and s == symbol and
                    version <= v and (end is None or v < end)
                    for (n, v, f), s in observed.items())
                evidence = "observed" if confirmed else "typedefs"
                print(f"{name}\t{version}\t{flags}\t{symbol}\t{evidence}")


if __name__ == "__main__":
    main()
