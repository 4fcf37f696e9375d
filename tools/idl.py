"""idl.py -- what idl/cuda.x says: the one reader of the file.

Every tool that needs the protocol reads it through this module:
tools/gen-glue.py (the plain procedures' glue and the server's tables of
one-way and deferred-error procedures), tools/gen-trace-types.py (the
tracer's tables), tools/check-idl.py (is every entry point classified?) and
tools/gen-protocol-doc.py (docs/protocol.md).  rpcgen (make gen) is the
other reader, and the one that decides what the XDR means; this one reads
the XDR that idl/cuda.x uses (const, typedef, struct, union switch, enum,
program/version, declarations with <N>, <>, [N] and *) and stops with the
place it could not read anything else, so a new construct is noticed at
build time.

Beside the XDR it reads the file's own conventions, which its header
comment states for a person:

- a procedure's comment ends with its fields, one line each (a line may go
  on over lines indented further):
      Marks: plain, one-way, reports-deferred-errors.   (or "Marks: none.")
      Glue: cuFoo(out int *x, CUdevice d) cache         (plain ones only)
      Carries: cuFoo, cuFoo_v2.                         (or "Carries: none.")
- a comment whose first line starts with "===" inside the program opens a
  section, titled by the rest of the line;
- the comments after the program are groups of entry points without a
  procedure, each "In the client: TITLE." or "Unsupported: TITLE.", a
  reason, and "Entry points: NAME, ... NAME.".
"""
import re

MARKS = ("plain", "one-way", "reports-deferred-errors")
FIELDS = ("Marks", "Glue", "Carries")


def comment_text(body):
    """A /* */ comment's lines without their leading ' * '."""
    return [re.sub(r"^\s*\*?\s?", "", line).rstrip() for line in body.split("\n")]


def trim(lines):
    """Lines without the blank ones at either end."""
    while lines and not lines[0]:
        lines = lines[1:]
    while lines and not lines[-1]:
        lines = lines[:-1]
    return lines


def name_list(text):
    names = [n.strip() for n in text.split(",")]
    return [] if names == ["none"] else names


class IdlError(Exception):
    pass


class Token:
    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line
        self.comments = []      # the comments between the previous code token and this one
        self.leading = None     # the last of them, when it starts on a line of its own


TOKEN = re.compile(r"(?P<comment>/\*.*?\*/)|(?P<skip>//[^\n]*|^%[^\n]*|\s+)"
                   r"|(?P<code>[A-Za-z_]\w*|0x[0-9A-Fa-f]+|-?[0-9]+|\S)", re.S | re.M)


def tokenize(text):
    """The code tokens, each with the comments before it; and all comments."""
    code, comments, pending = [], [], []
    last_end = 0
    for m in TOKEN.finditer(text):
        if m.lastgroup == "skip":
            continue
        tok = Token(m.lastgroup, m.group(0), m.start(), m.end(), text.count("\n", 0, m.start()) + 1)
        if tok.kind == "comment":
            # Leading: nothing but blanks between the code before and the comment,
            # with a line break among them (else it trails the code before it).
            tok.own_line = not code or "\n" in text[last_end:tok.start]
            comments.append(tok)
            pending.append(tok)
            continue
        tok.comments = pending
        tok.leading = pending[-1] if pending and pending[-1].own_line else None
        pending = []
        last_end = tok.end
        code.append(tok)
    return code, comments, pending


class Declaration:
    """TYPE NAME, TYPE *NAME, TYPE NAME<N>, TYPE NAME[N]; string, opaque, void."""

    def __init__(self, type, name, optional=False, bound=None, fixed=None):
        self.type = type            # as spelled: "unsigned int", "cu_size", "string", "void"
        self.name = name            # None for void
        self.optional = optional    # TYPE *NAME
        self.bound = bound          # TYPE NAME<N>: "N" (a number or a const), "" for <>
        self.fixed = fixed          # TYPE NAME[N]: "N"

    def text(self):
        """As the file writes it: 'opaque data<ONCUDA_CHUNK_MAX>', 'void'."""
        if self.name is None:
            return self.type
        suffix = f"<{self.bound}>" if self.bound is not None else \
            f"[{self.fixed}]" if self.fixed is not None else ""
        return f"{self.type} {'*' if self.optional else ''}{self.name}{suffix}"


class Definition:
    """A top-level const, typedef, struct, union or enum."""

    def __init__(self, kind, name, source, comment):
        self.kind, self.name = kind, name
        self.source = source        # the XDR text, as written (a const's or typedef's line)
        self.comment = comment      # the lines of the comment just before it, or []
        self.value = None           # const: its value as written
        self.note = ""              # const: the comment after it on its line
        self.decl = None            # typedef: the Declaration (its name is the new type's)
        self.members = []           # struct: [Declaration]
        self.discriminant = None    # union: the Declaration switched on
        self.arms = []              # union: [([case value, or None for default], Declaration)]
        self.values = []            # enum: [(name, value as written or None)]

    def refs(self):
        """The type names its declarations use."""
        decls = self.members + [d for _, d in self.arms]
        decls += [self.decl] if self.decl else []
        decls += [self.discriminant] if self.discriminant else []
        return [d.type for d in decls]


class Group:
    """Entry points without a procedure: kind is "client" or "unsupported"."""

    def __init__(self, kind, title, reason, names):
        self.kind, self.title, self.reason, self.names = kind, title, reason, names

    def summary(self):
        first = re.split(r"(?<=\.)\s", self.reason, maxsplit=1)[0] if self.reason else ""
        return f"{self.title}: {first}" if first else self.title


class Procedure:
    """One procedure of the program, as declared and as its comment says."""

    def __init__(self, name, number, result, decls, comment, comment_line, line, section, path):
        self.name, self.number, self.result = name, number, result
        self.decls = decls                              # [Declaration]
        self.args = [(d.type, d.name) for d in decls]   # [(XDR type, name)]
        self.comment = comment      # the comment's lines
        self.line = line            # where it is declared
        self.section = section      # the title of the section it is in
        self.where = f"{path}:{line}"
        fields, prose, current = {}, [], None
        for n, text in enumerate(comment):
            m = re.match(r"(" + "|".join(FIELDS) + r"):\s*(.*)$", text)
            if m:
                if m.group(1) in fields:
                    raise IdlError(f"{self.where}: {name} has two '{m.group(1)}:' lines")
                current = m.group(1)
                fields[current] = [m.group(2), comment_line + n]
            elif current and text.startswith("   "):
                fields[current][0] += " " + text.strip()
            else:
                current = None
                prose.append(text)
        self.prose = trim(prose)    # the comment without its fields
        self.fields = fields
        if "Carries" not in fields:
            raise IdlError(f"{self.where}: {name} has no comment with a 'Carries:' line")
        if "Marks" not in fields:
            raise IdlError(f"{self.where}: {name} has no 'Marks:' line "
                           f"(Marks: none, or some of {', '.join(MARKS)})")
        self.carries = name_list(fields["Carries"][0].rstrip("."))
        self.marks = set(name_list(fields["Marks"][0].rstrip(".")))
        unknown = self.marks - set(MARKS)
        if unknown:
            raise IdlError(f"{self.where}: {name}: unknown mark(s) {', '.join(sorted(unknown))}; "
                           f"the marks are {', '.join(MARKS)}")
        self.plain = "plain" in self.marks
        self.oneway = "one-way" in self.marks
        self.reports_deferred = "reports-deferred-errors" in self.marks
        self.glue, self.glue_line = (fields["Glue"][0], fields["Glue"][1]) if "Glue" in fields \
            else (None, None)
        if self.plain != (self.glue is not None):
            raise IdlError(f"{self.where}: {name}: a procedure marked plain has a 'Glue:' line, "
                           "and only such a procedure")

    def declaration(self):
        args = ", ".join(f"{t} {n}" for t, n in self.args) or "void"
        return f"{self.result} {self.name}({args}) = {self.number};"


class Reader:
    def __init__(self, toks, path):
        self.toks, self.i, self.path = toks, 0, path

    def peek(self, k=0):
        return self.toks[self.i + k].text if self.i + k < len(self.toks) else None

    def tok(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want=None):
        tok = self.tok()
        if tok is None or (want is not None and tok.text != want):
            line = tok.line if tok else (self.toks[-1].line if self.toks else 1)
            raise IdlError(f"{self.path}:{line}: expected {want!r}, found "
                           f"{tok.text if tok else 'the end of the file'!r}")
        self.i += 1
        return tok.text

    def type_spec(self):
        tok = self.take()
        if tok == "unsigned" and self.peek() in ("int", "hyper"):
            tok = "unsigned " + self.take()
        if tok in ("struct", "union", "enum"):
            tok = self.take()
        return tok

    def declaration(self):
        spelled = self.type_spec()
        if spelled == "void":
            return Declaration("void", None)
        optional = self.peek() == "*"
        if optional:
            self.take()
        name = self.take()
        bound = fixed = None
        if self.peek() == "<":
            self.take()
            bound = "" if self.peek() == ">" else self.take()
            self.take(">")
        elif self.peek() == "[":
            self.take()
            fixed = self.take()
            self.take("]")
        return Declaration(spelled, name, optional, bound, fixed)


class Idl:
    """What idl/cuda.x says about its procedures, types and entry points."""

    def __init__(self, path):
        self.path = path
        self.text = open(path).read()
        self.carried = {}       # entry point -> [procedure]
        self.procedures = {}    # procedure -> [entry point]
        self.procs = []         # [Procedure], in the file's order
        self.definitions = {}   # name -> Definition, in the file's order
        self.groups = []
        self.problems = []
        self.header = []
        self.version_comment = []
        self.program = self.version = "?"
        self.program_name = self.version_name = "?"
        toks, comments, _ = tokenize(self.text)
        if comments and (not toks or comments[0].start < toks[0].start):
            self.header = trim(comment_text(comments[0].text[2:-2]))
        r = Reader(toks, path)
        while r.tok() is not None:
            self._top_level(r)
        for p in self.procs:
            self.procedures[p.name] = p.carries
            for n in p.carries:
                self.carried.setdefault(n, []).append(p.name)
        self._read_groups(comments)

    # -- definitions

    def _comment_of(self, tok):
        if tok.leading is None:
            return []
        lines = trim(comment_text(tok.leading.text[2:-2]))
        return [] if lines and re.match(r"[-=]{3}", lines[0]) else lines   # a divider

    def _source(self, first, last, to_line_end):
        end = last.end
        if to_line_end:
            nl = self.text.find("\n", end)
            end = len(self.text) if nl < 0 else nl
        return self.text[first.start:end].rstrip()

    def _top_level(self, r):
        first = r.tok()
        word = r.take()
        comment = self._comment_of(first)
        if word == "program":
            self._read_program(r)
            return
        if word == "const":
            name = r.take()
            r.take("=")
            value = r.take()
            last = r.tok()
            r.take(";")
            d = Definition("const", name, self._source(first, last, True), comment)
            d.value = value
            after = r.tok()
            trailing = [c for c in (after.comments if after else []) if not c.own_line]
            if trailing:
                d.note = " ".join(" ".join(comment_text(trailing[0].text[2:-2])).split())
        elif word == "typedef":
            decl = r.declaration()
            last = r.tok()
            r.take(";")
            d = Definition("typedef", decl.name, self._source(first, last, True), comment)
            d.decl = decl
        elif word == "struct":
            name = r.take()
            r.take("{")
            d = Definition("struct", name, "", comment)
            while r.peek() != "}":
                d.members.append(r.declaration())
                r.take(";")
            r.take("}")
            last = r.tok()
            r.take(";")
            d.source = self._source(first, last, False)
        elif word == "union":
            name = r.take()
            r.take("switch")
            r.take("(")
            d = Definition("union", name, "", comment)
            d.discriminant = r.declaration()
            r.take(")")
            r.take("{")
            while r.peek() != "}":
                cases = []
                while r.peek() in ("case", "default"):
                    cases.append(r.take() if r.take() == "case" else None)
                    r.take(":")
                d.arms.append((cases, r.declaration()))
                r.take(";")
            r.take("}")
            last = r.tok()
            r.take(";")
            d.source = self._source(first, last, False)
        elif word == "enum":
            name = r.take()
            r.take("{")
            d = Definition("enum", name, "", comment)
            while r.peek() != "}":
                member = r.take()
                value = None
                if r.peek() == "=":
                    r.take()
                    value = r.take()
                d.values.append((member, value))
                if r.peek() == ",":
                    r.take()
            r.take("}")
            last = r.tok()
            r.take(";")
            d.source = self._source(first, last, False)
        else:
            raise IdlError(f"{self.path}:{first.line}: cannot read {word!r} at the top level")
        self.definitions[d.name] = d

    # -- the program

    def _read_program(self, r):
        self.program_name = r.take()
        r.take("{")
        while r.peek() == "version":
            vtok = r.tok()
            if vtok.comments:
                self.version_comment = trim(comment_text(vtok.comments[-1].text[2:-2]))
            r.take("version")
            self.version_name = r.take()
            r.take("{")
            section = ""
            while r.peek() != "}":
                start = r.tok()
                for c in start.comments:
                    lines = trim(comment_text(c.text[2:-2]))
                    if lines and lines[0].startswith("==="):
                        section = lines[0].strip("= ").strip()
                result = r.type_spec()
                name = r.take()
                r.take("(")
                decls = []
                while r.peek() != ")":
                    d = r.declaration()
                    if d.name is not None:
                        decls.append(d)
                    if r.peek() == ",":
                        r.take()
                r.take(")")
                r.take("=")
                number = int(r.take(), 0)
                r.take(";")
                lead = start.leading
                lines = comment_text(lead.text[2:-2]) if lead else []
                if lines and lines[0].lstrip().startswith("==="):
                    lines = []      # a section's title, not this procedure's comment
                # The file's line of the comment's first line that says anything.
                at = lead.line if lead else start.line
                while lines and not lines[0]:
                    lines, at = lines[1:], at + 1
                p = Procedure(name, number, result, decls, trim(lines), at, start.line, section,
                              self.path)
                self.procs.append(p)
            r.take("}")
            r.take("=")
            self.version = r.take()
            r.take(";")
        r.take("}")
        r.take("=")
        self.program = r.take()
        r.take(";")

    # -- entry points without a procedure

    def _read_groups(self, comments):
        for c in comments:
            lines = [line for line in comment_text(c.text[2:-2]) if line]
            head = re.match(r"(In the client|Unsupported):\s*(.*?)\.?$", lines[0]) if lines else None
            if not head:
                continue
            rest = " ".join(lines[1:])
            listed = re.search(r"\bEntry points:\s*([^.]*)\.", rest)
            if not listed:
                self.problems.append(f"{self.path}:{c.line}: the group '{lines[0]}' has no "
                                     "'Entry points:' list")
                continue
            kind = "client" if head.group(1) == "In the client" else "unsupported"
            reason = rest[:listed.start()].strip()
            self.groups.append(Group(kind, head.group(2), reason, name_list(listed.group(1))))


def read(path):
    """The Idl of path, or the program exits saying where it could not read it."""
    try:
        return Idl(path)
    except IdlError as e:
        raise SystemExit(f"idl: {e}")
