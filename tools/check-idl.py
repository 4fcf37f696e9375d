#!/usr/bin/env python3
"""check-idl.py -- is every driver entry point classified in idl/cuda.x?

    tools/check-idl.py [--quiet] [--signatures] [CUDA_H]

CUDA_H (default /usr/local/cuda/include/cuda.h) and the interop headers next
to it (cudaGL.h, cudaEGL.h, cudaVDPAU.h, cudaProfiler.h) declare the driver's
entry points.  A name a program links against is not always the name written
in the declaration, so the names checked are the EXPORTED ones:

- `#define cuMemAlloc cuMemAlloc_v2` renames a declaration: the program
  calls cuMemAlloc_v2;
- `#define cuMemcpyHtoD __CUDA_API_PTDS(cuMemcpyHtoD_v2)` does the same and
  also makes cuMemcpyHtoD_v2_ptds, the per-thread default stream variant
  (likewise _PTSZ and _ptsz), the name a program built with
  CUDA_API_PER_THREAD_DEFAULT_STREAM calls;
- the `#if defined(__CUDA_API_VERSION_INTERNAL)` block at the end declares
  the older ABIs the driver still exports (cuMemAlloc with 32-bit pointers),
  under their own names.

To those it adds the names of the driver's export list (stubs/answers/driver-exports.txt,
nm -D of a real libcuda.so.1) that no header declares.

Each name is then, by idl/cuda.x:
  remoted      a procedure's comment carries it ("Carries: cuMemAlloc_v2.");
  client       a comment "In the client: ..." lists it, with the reason;
  unsupported  a comment "Unsupported: ..." lists it, with the reason;
  MISSING      none of these.
For plain procedures the parameter types of the "Glue:" line are compared
with the header's declaration.  Where gen/unsupported.c (the client's
CUDA_ERROR_NOT_SUPPORTED stubs) says otherwise than the IDL, that is an error
too.  The exit status is 1 when anything is missing, classified twice,
different or contradicted, 0 otherwise.

--signatures prints every exported name with its parameter types instead,
one a line: diff that output for two cuda.h versions to see what changed.

tools/idl.py reads idl/cuda.x; tools/gen-protocol-doc.py reads it the same way.
"""
import argparse
import bisect
import os
import re
import sys

from idl import read

INTEROP_HEADERS = ("cudaGL.h", "cudaEGL.h", "cudaVDPAU.h", "cudaProfiler.h")


def strip_comments(text):
    """C text without comments; newlines kept so line numbers still hold."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def normalise(params):
    return " ".join(params.split()).replace(" *", "*").replace("*", " *").replace("* ", "*")


def param_types(params):
    """The types of a parameter list, names dropped: 'CUdeviceptr *, size_t'."""
    types = []
    for p in normalise(params).split(","):
        p = p.strip()
        m = re.fullmatch(r"(.*?[\s*])(\w+)(\[\w*\])?", p)
        if m and m.group(1).strip() and m.group(1).strip() not in ("const", "unsigned", "struct"):
            p = m.group(1).strip() + (m.group(3) or "")
        types.append(p)
    return ", ".join(types)


class Header:
    """The entry points a header declares, by exported name."""

    def __init__(self):
        self.signature = {}     # exported name -> parameter list
        self.spelled = {}       # name as declared in the public part -> parameter list
        self.exported_as = {}   # name as declared -> exported name

    def read(self, path):
        text = strip_comments(open(path, encoding="latin-1").read())
        lines = text.split("\n")
        frames = []             # [condition, negated] per open #if
        renames, variants = {}, {}
        region = ["public"] * len(lines)   # per line: public, internal or windows

        def active(word):
            return any(word in cond and not negated for cond, negated in frames)

        for n, line in enumerate(lines):
            s = line.strip()
            if s.startswith("#"):
                d = re.sub(r"^#\s*", "", s)
                if re.match(r"if(n?def)?\b", d):
                    frames.append([d, False])
                elif re.match(r"elif\b", d) and frames:
                    frames[-1] = [d, False]
                elif re.match(r"else\b", d) and frames:
                    frames[-1][1] = True
                elif re.match(r"endif\b", d) and frames:
                    frames.pop()
                m = re.fullmatch(r"define\s+(cu\w+)\s+(?:__CUDA_API_PT(DS|SZ)\(\s*(cu\w+)\s*\)|(cu\w+))\s*", d)
                if m and m.group(2):
                    variants[m.group(1)] = m.group(3) + "_pt" + m.group(2).lower()
                    if not active("__CUDA_API_PER_THREAD_DEFAULT_STREAM"):
                        renames[m.group(1)] = m.group(3)
                elif m:
                    renames[m.group(1)] = m.group(4)
            # Windows-only declarations are no Linux driver's entry points.
            if active("_WIN32"):
                region[n] = "windows"
            elif active("__CUDA_API_VERSION_INTERNAL"):
                region[n] = "internal"

        starts = [m.end() for m in re.finditer("\n", text)]
        for m in re.finditer(r"\bCUresult\s+CUDAAPI\s+(cu\w+)\s*\(([^;{]*)\)\s*;", text):
            where = region[bisect.bisect_right(starts, m.start())]
            name, params = m.group(1), normalise(m.group(2))
            if where == "windows":
                continue
            if where == "internal":      # an older ABI, under its own name
                self.signature.setdefault(name, params)
                continue
            exported = renames.get(name, name)
            self.spelled[name] = params
            self.exported_as[name] = exported
            self.signature[exported] = params
            if name in variants:
                self.signature.setdefault(variants[name], params)


def read_glue(idl):
    """The Glue lines of idl/cuda.x: (procedure, entry point as spelled,
    parameter types, where)."""
    rows = []
    for p in idl.procs:
        if p.glue is None:
            continue
        spelled, _, params = p.glue.partition("(")
        params = ", ".join(re.sub(r"^(out|new|gone)\s+", "", a.strip()).rstrip("?")
                           for a in params.rsplit(")", 1)[0].split(","))
        rows.append((p.name, spelled.strip(), params, f"{idl.path}:{p.glue_line}"))
    return rows


def read_names(path):
    return {line.strip() for line in open(path) if line.strip() and not line.startswith("#")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cuda_h", nargs="?", default="/usr/local/cuda/include/cuda.h")
    ap.add_argument("--idl", default="idl/cuda.x")
    ap.add_argument("--exports", default="stubs/answers/driver-exports.txt",
                    help="the driver's exported names (nm -D); '' for none")
    ap.add_argument("--stubs", default="gen/unsupported.c",
                    help="the client's NOT_SUPPORTED stubs; '' not to compare")
    ap.add_argument("--quiet", action="store_true", help="print only problems and the summary")
    ap.add_argument("--signatures", action="store_true",
                    help="print every exported name and its parameter types, and stop")
    args = ap.parse_args()

    header = Header()
    try:
        header.read(args.cuda_h)
    except OSError as e:
        sys.exit(f"check-idl: cannot read {args.cuda_h} ({e.strerror}): name the toolkit's "
                 "cuda.h, e.g. make check-idl CUDA_H=/usr/local/cuda-13.0/include/cuda.h")
    if not header.signature:
        sys.exit(f"check-idl: {args.cuda_h} declares no CUresult CUDAAPI entry point: "
                 "is it the driver API's cuda.h?")
    headers = [args.cuda_h]
    for name in INTEROP_HEADERS:
        path = os.path.join(os.path.dirname(args.cuda_h), name)
        if os.path.exists(path):
            header.read(path)
            headers.append(path)
    if args.signatures:
        for name in sorted(header.signature):
            print(f"{name}({param_types(header.signature[name])})")
        return 0

    exports = read_names(args.exports) if args.exports else set()
    stubbed = set()
    if args.stubs and os.path.exists(args.stubs):
        stubbed = set(re.findall(r'oncuda_unsupported\("(\w+)"\)', open(args.stubs).read()))
    idl = read(args.idl)
    problems = list(idl.problems)

    entry_points = set(header.signature) | exports
    in_group = {}
    for g in idl.groups:
        for n in g.names:
            in_group.setdefault(n, []).append(g)

    counts = {"remoted": 0, "client": 0, "unsupported": 0, "MISSING": 0}
    width = max(len(n) for n in entry_points)
    for name in sorted(entry_points):
        places = len(in_group.get(name, [])) + (name in idl.carried)
        if name in idl.carried:
            verdict, why = "remoted", "by " + ", ".join(idl.carried[name])
        elif name in in_group:
            g = in_group[name][0]
            verdict, why = g.kind, g.summary()
        else:
            verdict, why = "MISSING", "neither carried by a procedure nor listed in idl/cuda.x"
            problems.append(f"{name}: MISSING from idl/cuda.x")
        counts[verdict] += 1
        if places > 1:
            problems.append(f"{name}: classified {places} times in idl/cuda.x")
        if name not in header.signature:
            why += " [exported, declared by no header]"
        elif exports and name not in exports:
            why += f" [declared, not in {args.exports}]"
        if stubbed and name in exports:
            if verdict in ("remoted", "client") and name in stubbed:
                problems.append(f"{name}: idl/cuda.x says {verdict}, but {args.stubs} has only a "
                                "CUDA_ERROR_NOT_SUPPORTED stub for it")
            if verdict == "unsupported" and name not in stubbed:
                problems.append(f"{name}: idl/cuda.x says unsupported, but the client defines it "
                                f"(it has no stub in {args.stubs})")
        if not args.quiet:
            print(f"{name:<{width}}  {verdict:<11}  {why}")

    for name in sorted(set(idl.carried) | set(in_group)):
        if name not in entry_points:
            print(f"note: idl/cuda.x names {name}, which neither the headers nor the "
                  "export list have (gone in this CUDA version? a typo?)")

    for proc, spelled, params, where in read_glue(idl):
        exported = header.exported_as.get(spelled, spelled)
        if exported not in idl.procedures.get(proc, []):
            problems.append(f"{where}: {proc} calls {exported}, which its comment in "
                            "idl/cuda.x does not carry")
        if spelled not in header.spelled:
            problems.append(f"{where}: {spelled} is not declared in {args.cuda_h}")
        elif param_types(params) != param_types(header.spelled[spelled]):
            problems.append(f"{where}: {spelled}({param_types(params)}) differs from "
                            f"{args.cuda_h}: {spelled}({param_types(header.spelled[spelled])})")

    for p in problems:
        print("check-idl: " + p)
    print(f"check-idl: {' + '.join(headers)}"
          + (f" and {args.exports}" if args.exports else "") + ":")
    print(f"{counts['remoted']} remoted, {counts['client']} answered in the client, "
          f"{counts['unsupported']} unsupported, {counts['MISSING']} missing "
          f"of {len(entry_points)} entry points")
    if problems:
        print(f"check-idl: {len(problems)} problem(s); idl/cuda.x says how to classify an entry "
              "point (its last comments), docs/new-cuda-version.md what to do")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
