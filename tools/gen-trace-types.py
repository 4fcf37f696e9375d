#!/usr/bin/env python3
"""gen-trace-types.py IDL OUT -- the protocol's types as tables for the tracer.

The rpcgen-generated xdr_* routines know how to encode every argument and
result, but not what the words they write mean: an unsigned hyper is two
32-bit words on the stream, a string and an opaque both a length and some
bytes.  The tracer (common/trace_format.c) records what those routines write
and reads it back with these tables, which say, for every type and every
procedure of idl/cuda.x, what the words are and what the fields are called.

Writes C initialisers for three arrays (see common/trace_format.h):
trace_types[], trace_fields[] and trace_procs[] (sorted by number).

tools/idl.py reads the file (the XDR that idl/cuda.x uses; anything else
stops it with the line it could not read, so a new construct in the IDL is
noticed at build time); this script only turns what it read into tables.
"""
import sys

import idl as idl_reader

# unsigned hyper typedefs that hold addresses or handles: shown in hex.
ADDRESS_TYPES = {"cu_handle", "cu_dptr", "cu_hostptr"}

PRIMITIVE = {
    "int": "TK_INT", "unsigned int": "TK_UINT", "unsigned": "TK_UINT",
    "hyper": "TK_HYPER", "unsigned hyper": "TK_UHYPER",
    "float": "TK_FLOAT", "double": "TK_DOUBLE", "bool": "TK_BOOL",
}


def fail(msg):
    sys.exit("gen-trace-types.py: " + msg)


class Tables:
    def __init__(self):
        self.consts = {}
        self.types = [("TK_VOID", "void", 0, 0, 0, 0)]   # kind, name, of, count, first, n
        self.named = {"void": 0}
        self.fields = []   # (name, type, case, is_default)
        self.procs = []    # (number, name, first, n, result)

    def add(self, kind, name, of=0, count=0, first=0, n=0):
        self.types.append((kind, name, of, count, first, n))
        return len(self.types) - 1

    def number(self, tok):
        if tok in self.consts:
            return self.consts[tok]
        try:
            return int(tok, 0)
        except ValueError:
            fail("%r is neither a number nor a constant" % tok)


def type_of(spelled, t):
    """The index of the type a declaration's type specifier names."""
    if spelled == "unsigned":
        spelled = "unsigned int"
    if spelled in PRIMITIVE:
        if spelled not in t.named:
            t.named[spelled] = t.add(PRIMITIVE[spelled], spelled)
        return t.named[spelled]
    if spelled in ("string", "opaque", "void"):
        return None
    if spelled not in t.named:
        fail("type %r is used before it is defined" % spelled)
    return t.named[spelled]


def declaration(d, t, alias=None):
    """(field name, type index) of an idl.Declaration.  With alias, a new
    type it creates is given that name (typedefs)."""
    base = type_of(d.type, t)
    if d.type == "void":
        return None, 0
    label = alias or d.type
    if d.type == "string":
        return d.name, t.add("TK_STRING", label)
    if d.type == "opaque":
        if d.fixed is not None:
            return d.name, t.add("TK_OPAQUE_FIXED", label, count=t.number(d.fixed))
        return d.name, t.add("TK_OPAQUE", label)
    if d.optional:
        return d.name, t.add("TK_OPTIONAL", label, of=base)
    if d.bound is not None:
        return d.name, t.add("TK_ARRAY", label, of=base)
    if d.fixed is not None:
        return d.name, t.add("TK_ARRAY_FIXED", label, of=base, count=t.number(d.fixed))
    if alias and t.types[base][0] == "TK_UHYPER" and alias in ADDRESS_TYPES:
        return d.name, t.add("TK_ADDRESS", alias)
    return d.name, base


def tables(idl):
    """The tracer's tables of what tools/idl.py read, in the file's order."""
    t = Tables()
    for d in idl.definitions.values():
        if d.kind == "const":
            t.consts[d.name] = t.number(d.value)
        elif d.kind == "typedef":
            _, ty = declaration(d.decl, t, alias=d.name)
            t.named[d.name] = ty
        elif d.kind == "struct":
            members = [declaration(m, t) for m in d.members]
            first = len(t.fields)
            t.fields.extend((m, ty, 0, 0) for m, ty in members)
            t.named[d.name] = t.add("TK_STRUCT", d.name, first=first, n=len(members))
        elif d.kind == "union":
            disc = declaration(d.discriminant, t)
            arms = [(disc[0], disc[1], 0, 0)]
            for cases, decl in d.arms:
                arm, ty = declaration(decl, t)
                for case in cases:
                    arms.append((arm, ty, 0, 1) if case is None else (arm, ty, t.number(case), 0))
            first = len(t.fields)
            t.fields.extend(arms)
            t.named[d.name] = t.add("TK_UNION", d.name, first=first, n=len(arms))
        elif d.kind == "enum":
            value = 0
            for member, written in d.values:
                if written is not None:
                    value = t.number(written)
                t.consts[member] = value
                value += 1
            t.named[d.name] = t.add("TK_INT", d.name)
    for p in idl.procs:
        result = type_of(p.result, t)
        args = [declaration(a, t) for a in p.decls]
        first = len(t.fields)
        t.fields.extend((a, ty, 0, 0) for a, ty in args)
        t.procs.append((p.number, p.name, first, len(args), result or 0))
    return t


def c_string(s):
    return "NULL" if s is None else '"%s"' % s


def write(t, path, idl):
    out = ["/* The types and procedures of %s for the tracer, written by" % idl,
           " * tools/gen-trace-types.py; do not edit.  Read by common/trace_format.c. */",
           "", "static const struct trace_type trace_types[] = {"]
    for i, (kind, name, of, count, first, n) in enumerate(t.types):
        out.append("\t/* %d */ { %s, %s, %d, %d, %d, %d }," %
                   (i, kind, c_string(name), of, count, first, n))
    out += ["};", "", "static const struct trace_field trace_fields[] = {"]
    for i, (name, ty, case, is_default) in enumerate(t.fields):
        out.append("\t/* %d */ { %s, %d, %d, %d }," %
                   (i, c_string(name), ty, case, is_default))
    if not t.fields:
        out.append("\t{ NULL, 0, 0, 0 },")
    out += ["};", "", "static const struct trace_proc trace_procs[] = {"]
    for number, name, first, n, result in sorted(t.procs):
        out.append('\t{ %d, "%s", %d, %d, %d },' % (number, name, first, n, result))
    out += ["};", ""]
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(out))
    import os
    os.replace(path + ".tmp", path)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen-trace-types.py idl/cuda.x gen/trace_types.inc")
    write(tables(idl_reader.read(sys.argv[1])), sys.argv[2], sys.argv[1])


if __name__ == "__main__":
    main()
