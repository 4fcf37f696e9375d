#!/usr/bin/env python3
"""gen-protocol-doc.py -- docs/protocol.md, the protocol as something to read.

    tools/gen-protocol-doc.py [--idl idl/cuda.x] [--traces docs/traces] [--check] OUT

With --check it writes nothing: it exits 1, saying so, when OUT differs
from what it would write.

Everything in the document comes from idl/cuda.x (read by tools/idl.py) and
from a trace of examples/vectorAdd: docs/traces/vectorAdd-h200.trace, taken
on a GPU, when it is there, else docs/traces/vectorAdd-fake.trace, taken on
the CPU stand-in.  A trace's first lines, starting with '#', say where it was
taken.  Procedures are grouped by the sections of idl/cuda.x, which follow
the CUDA documentation's groups.  What the document adds of its own is what
each step of the walk-through means (tools/protocol_walk.py).  `make docs` writes the
document; `make check-docs` fails when the committed one is stale.
"""
import argparse
import os
import re
import sys

from idl import MARKS, read
from protocol_walk import STEPS

TRACES = ("vectorAdd-h200.trace", "vectorAdd-fake.trace")


def fail(msg):
    sys.exit("gen-protocol-doc.py: " + msg)


def anchor(heading):
    """The id GitHub (and most renderers) give a heading."""
    return re.sub(r"[^a-z0-9 _-]", "", heading.lower()).replace(" ", "-")


class Names:
    """What prose may link to: procedures and the types documented."""

    def __init__(self, procs, types):
        self.procs = {p.name: anchor(heading(p)) for p in procs}
        self.types = set(types)

    def code(self, word):
        if word in self.procs:
            return f"[`{word}`](#{self.procs[word]})"
        if word in self.types:
            return f"[`{word}`](#{anchor(word)})"
        return f"`{word}`"


# What prose shows as code: entry points, CUDA types, constants, XDR
# names, paths in the tree.
IDENT = re.compile(r"\b(?:cu[A-Z]\w*\*?|CU[a-z]\w*|[A-Z][A-Z0-9]*_[A-Z0-9_]+|[a-z]+_[a-z0-9_]+"
                   r"|(?:idl|gen|stubs|server|tools|tests|docs|examples)/[\w./-]*\w)")


def inline(text, names):
    """Prose as markdown: identifiers as code (linked where documented),
    the characters markdown would take for emphasis escaped; `spans` kept."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]*`)", text)):
        if i % 2:
            word = part.strip("`")
            out.append(names.code(word) if word in names.types or word in names.procs else part)
            continue
        pieces = []
        at = 0
        for m in IDENT.finditer(part):
            pieces.append(escape(part[at:m.start()]))
            word = m.group(0)
            is_name = word in names.procs or word in names.types or not re.fullmatch(r"[a-z0-9_]+", word)
            pieces.append(names.code(word) if is_name else escape(word))
            at = m.end()
        pieces.append(escape(part[at:]))
        out.append("".join(pieces))
    return "".join(out)


def escape(text):
    text = text.replace("\\", "\\\\").replace("*", "\\*").replace("<", "\\<")
    return re.sub(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])", r"\\_", text)


def prose(lines, names):
    """A comment's lines as markdown: paragraphs, '- ' lists, and blocks
    indented after a blank line (pictures) as code."""
    out, block, blank, held = [], False, True, 0
    for line in lines:
        if block and not line:
            held += 1           # a blank line: inside the block only if it goes on
            continue
        if block and not line.startswith("  "):
            out += ["```"] + [""] * held
            block, held = False, 0
        if block:
            out += [""] * held + [line]
            held = 0
            continue
        if blank and line.startswith("  "):
            out += ["```", line]
            block = True
        elif line.startswith("- "):
            out.append("- " + inline(line[2:], names))
        elif line.startswith("  "):
            out.append("  " + inline(line.strip(), names))
        else:
            out.append(inline(line, names))
        blank = not line
    if block:
        out.append("```")
    return "\n".join(out).strip("\n")


def heading(proc):
    return f"{proc.name} ({proc.number})"


def own_text(proc):
    """A procedure's comment without the lines the document shows otherwise
    (Marks, Glue, Carries)."""
    return proc.prose


def success_arm(defn):
    """'cu_dptr value' from a result union's case 0, and its default arm."""
    arms = {}
    for cases, decl in defn.arms:
        for case in cases:
            arms["default" if case is None else f"case {case}"] = decl.text()
    return arms


def arm(decl, names):
    """A union arm's declaration, its type linked when it is documented."""
    m = re.fullmatch(r"(\w+)\s+(\w+)", decl)
    if m and m.group(1) in names.types:
        return f"{names.code(m.group(1))} `{m.group(2)}`"
    return f"`{decl}`"


def used_types(idl):
    """Every definition a procedure's arguments or result need, transitively."""
    defs = idl.definitions
    todo = [t for p in idl.procs for t in [p.result] + [a for a, _ in p.args]]
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in defs or defs[name].kind == "const":
            continue
        seen.add(name)
        todo += [w for w in defs[name].refs() if w != name]
    return [n for n in defs if n in seen]


def sections(idl):
    """The IDL's sections, in its order: [(title, [Procedure])].  idl/cuda.x
    names and orders them as the CUDA driver API documentation groups the
    entry points, then oncuda's own."""
    out = []
    for p in idl.procs:
        if not p.section:
            fail(f"{p.where}: {p.name} is in no section")
        if not out or out[-1][0] != p.section:
            if any(t == p.section for t, _ in out):
                fail(f"{p.where}: a second section '{p.section}': a section is one run")
            out.append((p.section, []))
        out[-1][1].append(p)
    return out


def write_intro(idl, out, names):
    out.append("## Introduction\n")
    out.append("The header comment of [idl/cuda.x](../idl/cuda.x), \"this file\":\n")
    header = idl.header
    if header and "--" in header[0]:      # "idl/cuda.x -- the CUDA driver API as ..."
        header = header[1:]
    out.append(prose(header, names) + "\n")
    out.append(f"The RPC program is `{idl.program}`, version `{idl.version}`. "
               + inline(" ".join(idl.version_comment), names) + "\n")
    consts = [d for d in idl.definitions.values() if d.kind == "const"]
    if consts:
        out.append("### Limits\n")
        limits = list(consts[0].comment)
        if limits:          # "Limits.  A server refuses ...": the heading says the first word
            limits[0] = re.sub(r"^Limits\.\s*", "", limits[0])
        out.append(prose(limits, names) + "\n")
        out.append("| constant | value | what |\n|---|---|---|")
        for d in consts:
            out.append(f"| `{d.name}` | {d.value} | {inline(d.note, names)} |")
        out.append("")


def write_procedure(proc, idl, out, names):
    defs = idl.definitions
    out.append(f"#### {heading(proc)}\n")
    out.append(f"```\n{proc.declaration()}\n```\n")
    carried = ", ".join(f"`{n}`" for n in proc.carries) or "none (oncuda's own procedure)"
    out.append(f"- **Carries:** {carried}")
    args = ", ".join(f"`{n}`: {names.code(t) if t in defs else '`' + t + '`'}"
                     for t, n in proc.args) or "none"
    out.append(f"- **Arguments:** {args}")
    result = names.code(proc.result)
    rdef = defs.get(proc.result)
    if rdef is not None and rdef.kind == "struct":
        # A struct result: its fields travel whatever the CUresult.
        rest = [d for d in rdef.members if d.name != "err"]
        result += "; whatever the `CUresult`: " + ", ".join(arm(d.text(), names) for d in rest)
    else:
        arms = success_arm(rdef) if rdef is not None else {}
        ok, other = arms.get("case 0", "void"), arms.get("default", "void")
        result += f"; on `CUDA_SUCCESS`: {arm(ok, names)}" if ok != "void" else ", the `CUresult` alone"
        if other != "void":
            result += f"; otherwise: {arm(other, names)}"
    out.append(f"- **Result:** {result}")
    marks = [m for m in MARKS if m in proc.marks]
    out.append(f"- **Marks:** {', '.join(marks) or 'none'}")
    glue = (f"generated by tools/gen-glue.py from `{proc.glue}`" if proc.plain
            else "hand-written, in [stubs/](../stubs/) and [server/](../server/)")
    out.append(f"- **Glue:** {glue}\n")
    out.append(prose(own_text(proc), names) + "\n")


def write_procedures(idl, out, names):
    out.append("## Procedures\n")
    out.append("Grouped as the CUDA driver API documentation groups the entry points they carry. "
               "Types are linked to [XDR types](#xdr-types); every result is a union switched on "
               "the `CUresult` the server's driver returned.\n")
    for title, procs in sections(idl):
        out.append(f"### {title}\n")
        for p in procs:
            write_procedure(p, idl, out, names)


def write_types(idl, types, out, names):
    out.append("## XDR types\n")
    out.append("Each type a procedure uses, once, as [idl/cuda.x](../idl/cuda.x) defines it.\n")
    for name in types:
        d = idl.definitions[name]
        out.append(f"### {name}\n")
        if d.comment:
            out.append(prose(d.comment, names) + "\n")
        out.append("```\n" + d.source.expandtabs(4) + "\n```\n")


def write_unprocessed(idl, out, names):
    carried = set(idl.carried)
    client = {n for g in idl.groups if g.kind == "client" for n in g.names}
    unsupported = {n for g in idl.groups if g.kind == "unsupported" for n in g.names}
    total = len(carried | client | unsupported)
    out.append("## Entry points without a procedure\n")
    out.append(f"**Coverage:** {len(carried)} entry points are remoted by {len(idl.procs)} "
               f"procedures, {len(client)} are answered in the client and {len(unsupported)} "
               f"are unsupported: {total} in all. `make check-idl` checks that these are "
               "every entry point the toolkit's `cuda.h` declares and the driver exports "
               "(`stubs/answers/driver-exports.txt`), and that none is classified twice.\n")
    out.append("An unsupported entry point is still defined by the client library: it says so "
               "on stderr, once, and returns `CUDA_ERROR_NOT_SUPPORTED`.\n")
    for kind, title in (("client", "In the client"), ("unsupported", "Unsupported")):
        for g in (g for g in idl.groups if g.kind == kind):
            out.append(f"### {title}: {g.title}\n")
            out.append(inline(g.reason, names) + "\n")
            out.append("Entry points: " + ", ".join(f"`{n}`" for n in g.names) + ".\n")


def read_trace(path):
    notes, calls, summary = [], [], []
    line_re = re.compile(r"oncuda\[\d+\] (CU_\w+)\((.*)\) -> (\w+)(.*) \((\d+) us\)$")
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("#"):
            notes.append(line.lstrip("#").strip())
        elif line_re.match(line):
            calls.append((line_re.match(line).group(1), line.split("] ", 1)[1]))
        elif re.match(r"oncuda\[\d+\] ( |summary:)", line):
            summary.append(line.split("] ", 1)[1])
        elif line.strip():
            fail(f"{path}: cannot read the line: {line}")
    if not notes:
        fail(f"{path} does not say where it was taken: add a first line '# examples/vectorAdd "
             "through oncuda on MACHINE (driver VERSION) ...'")
    return notes, calls, summary


def write_walk(idl, trace_dir, out_dir, out, names):
    path = next((os.path.join(trace_dir, t) for t in TRACES
                 if os.path.exists(os.path.join(trace_dir, t))), None)
    if path is None:
        fail(f"no trace in {trace_dir}: it should hold {' or '.join(TRACES)}")
    notes, calls, summary = read_trace(path)
    procs = {p.name: p for p in idl.procs}
    rel = os.path.relpath(path, out_dir)
    out.append("## Walk-through: vectorAdd on the wire\n")
    out.append("[examples/vectorAdd.c](../examples/vectorAdd.c) adds two vectors of 50000 "
               "floats with a kernel it loads from a fatbin file. Below is every RPC it made, "
               f"as `ONCUDA_TRACE` wrote them to [{rel}]({rel}), which says where it was "
               "taken:\n")
    out += ["> " + escape(n) for n in notes] + [""]
    out.append(f"(`make docs` uses docs/traces/{TRACES[0]}, taken on a GPU, when it is there, "
               f"else docs/traces/{TRACES[1]}, taken on the CPU stand-in for the driver.)\n")
    out.append("Values appear as the protocol carries them: handles and device pointers are "
               "the server's, in hex; data by size and CRC-32, never its bytes. The time is "
               "one RPC's round trip, as the client measured it.\n")
    step = 0
    i = 0
    while i < len(calls):
        name = calls[i][0]
        j = i
        while j < len(calls) and calls[j][0] == name:
            j += 1
        step += 1
        call, why = STEPS.get(name, (None, None))
        if why is None:
            why = re.split(r"(?<=\.)\s", " ".join(own_text(procs[name])), maxsplit=1)[0]
            why += f" (See {name} above.)"
        label = f" — the program called {call}" if call else ""
        out.append(f"**{step}. {names.code(name)}**{label}\n")
        out.append("```\n" + "\n".join(c for _, c in calls[i:j]) + "\n```\n")
        out.append(inline(why, names) + "\n")
        i = j
    if summary:
        out.append("At exit the client wrote its summary: calls, and the XDR bytes of the "
                   "arguments sent and results received (without RPC headers), per procedure.\n")
        out.append("```\n" + "\n".join(summary) + "\n```\n")


def generate(idl_path, trace_dir, out_path):
    idl = read(idl_path)
    if idl.problems:
        fail("; ".join(idl.problems))
    types = used_types(idl)
    names = Names(idl.procs, types)
    out = ["# The oncuda protocol\n",
           "<!-- Generated from idl/cuda.x and docs/traces/ by tools/gen-protocol-doc.py "
           "(make docs); do not edit. -->\n",
           f"This is [idl/cuda.x](../idl/cuda.x) to read: the CUDA driver API as ONC RPC "
           f"program `{idl.program}` version `{idl.version}`, what each procedure carries and "
           "what the glue around it does, what has no procedure and why, and one program's "
           "calls as they cross the wire.\n",
           "- [Introduction](#introduction)",
           "- [Procedures](#procedures), by the CUDA documentation's groups: "
           + ", ".join(f"[{t}](#{anchor(t)})" for t, _ in sections(idl)),
           "- [XDR types](#xdr-types)",
           "- [Entry points without a procedure](#entry-points-without-a-procedure)",
           "- [Walk-through: vectorAdd on the wire](#walk-through-vectoradd-on-the-wire)\n"]
    write_intro(idl, out, names)
    write_procedures(idl, out, names)
    write_types(idl, types, out, names)
    write_unprocessed(idl, out, names)
    write_walk(idl, trace_dir, os.path.dirname(os.path.abspath(out_path)), out, names)
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--idl", default="idl/cuda.x")
    ap.add_argument("--traces", default="docs/traces")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; fail if OUT is not what would be written")
    args = ap.parse_args()
    text = generate(args.idl, args.traces, args.out)
    if args.check:
        try:
            same = open(args.out).read() == text
        except OSError:
            same = False
        if not same:
            print(f"{args.out} is stale: run make docs and commit it")
            return 1
        print(f"{args.out} is up to date")
        return 0
    with open(args.out + ".tmp", "w") as f:
        f.write(text)
    os.replace(args.out + ".tmp", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
