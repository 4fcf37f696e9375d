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

Only the part of the XDR language that idl/cuda.x uses is understood:
const, typedef, struct, union switch, enum, program/version, declarations
with <N>, <>, [N] and *.  Anything else stops the script with the line
it could not read, so a new construct in the IDL is noticed at build time.
"""
import re
import sys

# unsigned hyper typedefs that hold addresses or handles: shown in hex.
ADDRESS_TYPES = {"cu_handle", "cu_dptr", "cu_hostptr"}

PRIMITIVE = {
    "int": "TK_INT", "unsigned int": "TK_UINT", "unsigned": "TK_UINT",
    "hyper": "TK_HYPER", "unsigned hyper": "TK_UHYPER",
    "float": "TK_FLOAT", "double": "TK_DOUBLE", "bool": "TK_BOOL",
}


def fail(msg):
    sys.exit("gen-trace-types.py: " + msg)


def tokens(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^%.*$", " ", text, flags=re.M)
    return re.findall(r"[A-Za-z_][A-Za-z0-9_]*|0x[0-9A-Fa-f]+|-?[0-9]+|\S", text)


class Reader:
    def __init__(self, toks):
        self.toks, self.i = toks, 0

    def peek(self, k=0):
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            context = " ".join(self.toks[max(0, self.i - 8):self.i + 3])
            fail("expected %r, found %r near: %s" % (want, tok, context))
        self.i += 1
        return tok


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


def read_type_spec(r, t):
    """A type specifier: the index of the type it names."""
    tok = r.take()
    if tok == "unsigned":
        nxt = r.peek()
        if nxt in ("int", "hyper"):
            r.take()
            tok = "unsigned " + nxt
    if tok in ("struct", "union", "enum"):
        tok = r.take()
    if tok in PRIMITIVE:
        if tok not in t.named:
            t.named[tok] = t.add(PRIMITIVE[tok], tok)
        return t.named[tok], tok
    if tok in ("string", "opaque", "void"):
        return None, tok
    if tok not in t.named:
        fail("type %r is used before it is defined" % tok)
    return t.named[tok], tok


def read_declaration(r, t, alias=None):
    """TYPE NAME[suffix]; returns (field name, type index).  With alias,
    a new type it creates is given that name (typedefs)."""
    base, spelled = read_type_spec(r, t)
    if spelled == "void":
        return None, 0
    optional = r.peek() == "*"
    if optional:
        r.take()
    name = r.take()
    bound, fixed = None, None
    if r.peek() == "<":
        r.take()
        bound = 0 if r.peek() == ">" else t.number(r.take())
        r.take(">")
    elif r.peek() == "[":
        r.take()
        fixed = t.number(r.take())
        r.take("]")
    label = alias or spelled
    if spelled == "string":
        return name, t.add("TK_STRING", label)
    if spelled == "opaque":
        if fixed is not None:
            return name, t.add("TK_OPAQUE_FIXED", label, count=fixed)
        return name, t.add("TK_OPAQUE", label)
    if optional:
        return name, t.add("TK_OPTIONAL", label, of=base)
    if bound is not None:
        return name, t.add("TK_ARRAY", label, of=base)
    if fixed is not None:
        return name, t.add("TK_ARRAY_FIXED", label, of=base, count=fixed)
    if alias and t.types[base][0] == "TK_UHYPER" and alias in ADDRESS_TYPES:
        return name, t.add("TK_ADDRESS", alias)
    return name, base


def read_struct(r, t):
    name = r.take()
    r.take("{")
    members = []
    while r.peek() != "}":
        members.append(read_declaration(r, t))
        r.take(";")
    r.take("}")
    r.take(";")
    first = len(t.fields)
    t.fields.extend((m, ty, 0, 0) for m, ty in members)
    t.named[name] = t.add("TK_STRUCT", name, first=first, n=len(members))


def read_union(r, t):
    name = r.take()
    r.take("switch")
    r.take("(")
    disc = read_declaration(r, t)
    r.take(")")
    r.take("{")
    arms = [(disc[0], disc[1], 0, 0)]
    while r.peek() != "}":
        cases = []
        while r.peek() in ("case", "default"):
            if r.take() == "case":
                cases.append((t.number(r.take()), 0))
            else:
                cases.append((0, 1))
            r.take(":")
        arm, ty = read_declaration(r, t)
        r.take(";")
        for value, is_default in cases:
            arms.append((arm, ty, value, is_default))
    r.take("}")
    r.take(";")
    first = len(t.fields)
    t.fields.extend(arms)
    t.named[name] = t.add("TK_UNION", name, first=first, n=len(arms))


def read_enum(r, t):
    name = r.take()
    r.take("{")
    value = 0
    while r.peek() != "}":
        member = r.take()
        if r.peek() == "=":
            r.take()
            value = t.number(r.take())
        t.consts[member] = value
        value += 1
        if r.peek() == ",":
            r.take()
    r.take("}")
    r.take(";")
    t.named[name] = t.add("TK_INT", name)


def read_program(r, t):
    r.take()
    r.take("{")
    while r.peek() == "version":
        r.take()
        r.take()
        r.take("{")
        while r.peek() != "}":
            result, _ = read_type_spec(r, t)
            proc = r.take()
            r.take("(")
            args = []
            while r.peek() != ")":
                arg = read_declaration(r, t)
                if arg[0] is not None:
                    args.append(arg)
                if r.peek() == ",":
                    r.take()
            r.take(")")
            r.take("=")
            number = t.number(r.take())
            r.take(";")
            first = len(t.fields)
            t.fields.extend((a, ty, 0, 0) for a, ty in args)
            t.procs.append((number, proc, first, len(args), result or 0))
        r.take("}")
        r.take("=")
        r.take()
        r.take(";")
    r.take("}")
    r.take("=")
    r.take()
    r.take(";")


def read_idl(path):
    with open(path) as f:
        r = Reader(tokens(f.read()))
    t = Tables()
    while r.peek() is not None:
        word = r.take()
        if word == "const":
            name = r.take()
            r.take("=")
            t.consts[name] = t.number(r.take())
            r.take(";")
        elif word == "typedef":
            name_at = r.i
            # The new name is the declaration's; find it to label the type.
            while r.toks[name_at + 1] not in (";", "<", "["):
                name_at += 1
            alias = r.toks[name_at]
            _, ty = read_declaration(r, t, alias=alias)
            r.take(";")
            t.named[alias] = ty
        elif word == "struct":
            read_struct(r, t)
        elif word == "union":
            read_union(r, t)
        elif word == "enum":
            read_enum(r, t)
        elif word == "program":
            read_program(r, t)
        else:
            fail("cannot read %r at the top level of %s" % (word, path))
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
    write(read_idl(sys.argv[1]), sys.argv[2], sys.argv[1])


if __name__ == "__main__":
    main()
