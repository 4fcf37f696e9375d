#!/usr/bin/env python3
"""procaddr-check.py -- oncuda's cuGetProcAddress against what the NVIDIA
driver was seen answering real programs.

    tools/procaddr-check.py ../shared/reference/driver-580/procaddr-*.tsv

The table behind oncuda's cuGetProcAddress, stubs/answers/procaddr-580.tsv, is
made by tools/procaddr-probe, which asks a real driver every name x CUDA
version x flags and checks the table against every answer with the
client's own rules; its header says how a new CUDA release is followed.

This is the check from the other side: the requests real programs made
(tools/drvtrace logs of the CUDA runtime, cuBLAS and PyTorch on driver
580; columns G caller name version flags rc status symbol wrapped), each
asked again of the built client library, stubs/libcuda.so.1 (no server
needed).  Its return code and status must be the driver's, and where the
driver gave an entry point, ours must be the one of the same name.  It
catches what the probe cannot: a name or version it did not ask, a
program's flags it did not try, a build that lost the table.  Exits 1 and
lists the requests answered otherwise.
"""

import argparse
import ctypes
import glob
import sys


def read_observations(paths):
    """[(name, version, flags, rc, status, symbol or None)], each once."""
    seen = set()
    for path in paths:
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if cols[0] != "G" or len(cols) < 8:
                    continue
                name, version, flags, rc, status, symbol = cols[2:8]
                seen.add((name, int(version), int(flags), int(rc),
                          int(status), None if symbol == "-" else symbol))
    return sorted(seen, key=lambda o: (o[0], o[1], o[2]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("observations", nargs="+", help="drvtrace logs")
    parser.add_argument("--lib", default="stubs/libcuda.so.1",
                        help="the client library to ask (built by make)")
    args = parser.parse_args()

    try:
        lib = ctypes.CDLL(args.lib)
    except OSError as e:
        sys.exit(f"procaddr-check: cannot load {args.lib} ({e}): run make")
    get_proc = lib.cuGetProcAddress_v2
    get_proc.restype = ctypes.c_int
    get_proc.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p),
                         ctypes.c_int, ctypes.c_uint64,
                         ctypes.POINTER(ctypes.c_int)]

    observed = read_observations(
        [p for arg in args.observations for p in sorted(glob.glob(arg))])
    if not observed:
        sys.exit("procaddr-check: no G lines in " + " ".join(args.observations))
    wrong = 0
    for name, version, flags, rc, status, symbol in observed:
        fn, got_status = ctypes.c_void_p(), ctypes.c_int(-1)
        got_rc = get_proc(name.encode(), ctypes.byref(fn), version, flags,
                          ctypes.byref(got_status))
        want = None
        if symbol is not None:
            try:
                want = ctypes.cast(getattr(lib, symbol), ctypes.c_void_p).value
            except AttributeError:
                want = "missing"
        if (got_rc, got_status.value, fn.value) != (rc, status, want):
            print(f"{name!r} at {version} flags {flags}: driver rc {rc} "
                  f"status {status} {symbol or 'none'}, {args.lib} rc "
                  f"{got_rc} status {got_status.value}"
                  + ("" if fn.value == want else " another entry point"))
            wrong += 1
    print(f"procaddr-check: {len(observed)} observed requests, "
          f"{wrong} answered otherwise", file=sys.stderr)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
