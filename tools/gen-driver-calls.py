#!/usr/bin/env python3
"""tools/gen-driver-calls.py -- oncudad's calls into NVIDIA's driver, by name.

    gen-driver-calls.py CUDA_H_PREPROCESSED NAMES > gen/driver_calls.c

oncudad does not link libcuda.so.1: it loads the driver when it starts
(server/daemon/driver.c), so that --help and --version work on a machine
without one and a missing driver is said in words.  The server's code still
calls cuMemAlloc() and the rest by name; this writes, for every driver
symbol the server's objects reference (NAMES, one a line: what nm -u says,
so cuMemAlloc_v2 where cuda.h's macros have renamed the call), an entry of
a table that the loader fills with dlsym() and a function of that name and
prototype that calls through it.

The prototypes are cuda.h's (and cudaProfiler.h's) as the compiler sees
them (CUDA_H_PREPROCESSED, cc -E of both #includes), after the renaming
macros, so each definition below is the one cuda.h declares and the
compiler checks the two agree.  A pointer the driver could not fill makes
its function answer CUDA_ERROR_NOT_SUPPORTED and say which (driver.c).

The output is sorted by name, so that the same inputs give the same file:
gen/ is committed and CI checks that a build changes nothing.
"""
import re
import sys


def params_of(text, name):
    """The parameter list of NAME's declaration in TEXT, without parentheses."""
    m = re.search(r"\bCUresult\s+" + name + r"\s*\(", text)
    if m is None:
        raise SystemExit("gen-driver-calls.py: cuda.h declares no CUresult %s()"
                         " (is NAMES from an older cuda.h?)" % name)
    depth, i = 1, m.end()
    start = i
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return " ".join(text[start:i - 1].split())


def split_top(params):
    """PARAMS split at the commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for c in params:
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += {"(": 1, ")": -1}.get(c, 0)
        cur += c
    out.append(cur.strip())
    return out


def arg_name(param):
    """The name a parameter declares: that of (*name)(...), else the last word."""
    m = re.search(r"\(\s*\*\s*(\w+)\s*\)", param)
    if m:
        return m.group(1)
    words = re.findall(r"\w+", re.sub(r"\[[^\]]*\]", "", param))
    if len(words) < 2:
        raise SystemExit("gen-driver-calls.py: unnamed parameter '%s'" % param)
    return words[-1]


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    with open(sys.argv[1]) as f:
        text = f.read()
    with open(sys.argv[2]) as f:
        names = sorted({line.strip() for line in f if line.strip()})
    for n in names:
        if not re.fullmatch(r"cu\w+", n):
            raise SystemExit("gen-driver-calls.py: '%s' is not a driver symbol" % n)

    out = [
        "/*",
        " * gen/driver_calls.c -- made by tools/gen-driver-calls.py; do not edit.",
        " *",
        " * The %d driver entry points oncudad calls, each an entry that" % len(names),
        " * server/daemon/driver.c fills from NVIDIA's libcuda.so.1 at start and a",
        " * function of the driver's name and prototype that calls through it.",
        " */",
        "#include <cuda.h>",
        "#include <cudaProfiler.h>",
        "",
        '#include "server/daemon/driver.h"',
        "",
        "/* Hidden: a library the driver loads must find the driver's own. */",
        '#define DRIVER_CALL __attribute__((visibility("hidden")))',
        "",
        "/* Clients may call the deprecated entry points; so the server does. */",
        '#pragma GCC diagnostic ignored "-Wdeprecated-declarations"',
        "",
    ]
    out.append("struct driver_entry driver_entries[] = {")
    for n in names:
        out.append('\t{ "%s", NULL, ATOMIC_FLAG_INIT },' % n)
    out += ["};", "",
            "const size_t driver_entry_count = sizeof driver_entries / "
            "sizeof driver_entries[0];"]
    for k, n in enumerate(names):
        params = params_of(text, n)
        plist = split_top(params)
        args = "" if plist == ["void"] else ", ".join(arg_name(p) for p in plist)
        out += [
            "",
            "DRIVER_CALL CUresult %s(%s)" % (n, params),
            "{",
            "\t__typeof__(%s) *call = (__typeof__(%s) *)driver_entries[%d].fn;" % (n, n, k),
            "",
            "\tif (call == NULL)",
            "\t\treturn driver_missing(&driver_entries[%d]);" % k,
            "\treturn call(%s);" % args,
            "}",
        ]
    sys.stdout.write("\n".join(out) + "\n")


main()
