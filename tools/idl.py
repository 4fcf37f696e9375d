"""idl.py -- what idl/cuda.x says, read from its declarations and comments.

Shared by tools/check-idl.py (is every entry point classified?) and
tools/gen-protocol-doc.py (docs/protocol.md).  The file's conventions are
its own: a procedure's comment ends with "Carries: NAME, NAME." (or
"Carries: none."), says "plain." when idl/glue.tbl generates its glue, and
the comments after the program are groups of entry points without a
procedure, each "In the client: TITLE." or "Unsupported: TITLE.", a reason,
and "Entry points: NAME, ... NAME.".

Only the XDR that idl/cuda.x uses is understood: rpcgen (make gen) is the
real parser, and this one reads just enough to document and check it.
"""
import re


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


class Group:
    """Entry points without a procedure: kind is "client" or "unsupported"."""

    def __init__(self, kind, title, reason, names):
        self.kind, self.title, self.reason, self.names = kind, title, reason, names

    def summary(self):
        first = re.split(r"(?<=\.)\s", self.reason, maxsplit=1)[0] if self.reason else ""
        return f"{self.title}: {first}" if first else self.title


class Procedure:
    """One procedure of the program, as declared and as its comment says."""

    def __init__(self, name, number, result, args, comment, carries):
        self.name, self.number, self.result = name, number, result
        self.args = args            # [(XDR type, name)]
        self.comment = comment      # the comment's lines
        self.carries = carries      # entry points, [] for "Carries: none."
        text = " ".join(comment)
        self.plain = re.search(r"\bplain\.", text) is not None

    def declaration(self):
        args = ", ".join(f"{t} {n}" for t, n in self.args) or "void"
        return f"{self.result} {self.name}({args}) = {self.number};"


class Definition:
    """A top-level const, typedef, struct or union, with its source text."""

    def __init__(self, kind, name, source, comment):
        self.kind, self.name = kind, name
        self.source = source        # the XDR text, as written
        self.comment = comment      # the lines of the comment just before it, or []


PROCEDURE = re.compile(r"/\*((?:(?!\*/).)*)\*/\s*(res_\w+)\s+(CU_\w+)\s*\(([^)]*)\)\s*=\s*(\d+);",
                       re.S)

# A top-level definition, and the comment right before it if there is one.
DEFINITION = re.compile(
    r"(?:/\*((?:(?!\*/).)*)\*/[ \t]*\n\s*)?"
    r"(const\s+(\w+)\s*=[^;]*;[^\n]*"
    r"|typedef\s[^;]*?(\w+)\s*(?:<[^>]*>|\[[^\]]*\])?\s*;[^\n]*"
    r"|(struct|union)\s+(\w+)\s[^{]*\{.*?\n\};)", re.S)


def read_args(text):
    """'cu_dptr dst, cu_bytes data' -> [('cu_dptr', 'dst'), ('cu_bytes', 'data')]."""
    args = []
    for a in " ".join(text.split()).split(","):
        a = a.strip()
        if a and a != "void":
            m = re.fullmatch(r"(.+?)\s+(\w+)", a)
            args.append((m.group(1), m.group(2)) if m else (a, ""))
    return args


class Idl:
    """What idl/cuda.x says about its procedures, types and entry points."""

    def __init__(self, path):
        text = open(path).read()
        self.path = path
        self.carried = {}       # entry point -> [procedure]
        self.procedures = {}    # procedure -> [entry point]
        self.procs = []         # [Procedure], in the file's order
        self.groups = []
        self.problems = []
        first = re.match(r"\s*/\*(.*?)\*/", text, re.S)
        self.header = trim(comment_text(first.group(1))) if first else []
        program_at = text.find("\nprogram ")
        self._read_definitions(text[first.end() if first else 0:program_at])
        version = re.search(r"program\s+\w+\s*\{\s*/\*(.*?)\*/", text, re.S)
        self.version_comment = trim(comment_text(version.group(1))) if version else []
        m = re.search(r"\}\s*=\s*(\d+)\s*;\s*\}\s*=\s*(0x[0-9A-Fa-f]+|\d+)\s*;", text)
        self.version, self.program = (m.group(1), m.group(2)) if m else ("?", "?")

        for m in PROCEDURE.finditer(text):
            lines = trim(comment_text(m.group(1)))
            body = " ".join(lines)
            carries = re.search(r"\bCarries:\s*([^.]*)\.", body)
            if not carries:
                continue
            names = name_list(carries.group(1))
            self.procs.append(Procedure(m.group(3), int(m.group(5)), m.group(2),
                                        read_args(m.group(4)), lines, names))
            self.procedures[m.group(3)] = names
            for n in names:
                self.carried.setdefault(n, []).append(m.group(3))
        for m in re.finditer(r"\bres_\w+\s+(CU_\w+)\s*\([^)]*\)\s*=\s*\d+;", text):
            if m.group(1) not in self.procedures:
                self.problems.append(f"{path}: {m.group(1)} has no comment with a 'Carries:' line")
        for m in re.finditer(r"/\*(.*?)\*/", text, re.S):
            lines = [line for line in comment_text(m.group(1)) if line]
            head = re.match(r"(In the client|Unsupported):\s*(.*?)\.?$", lines[0]) if lines else None
            if not head:
                continue
            rest = " ".join(lines[1:])
            listed = re.search(r"\bEntry points:\s*([^.]*)\.", rest)
            if not listed:
                self.problems.append(f"{path}: the group '{lines[0]}' has no 'Entry points:' list")
                continue
            kind = "client" if head.group(1) == "In the client" else "unsupported"
            reason = rest[:listed.start()].strip()
            self.groups.append(Group(kind, head.group(2), reason, name_list(listed.group(1))))

    def _read_definitions(self, text):
        """The consts, typedefs, structs and unions before the program."""
        self.definitions = {}   # name -> Definition, in the file's order
        for m in DEFINITION.finditer(text):
            comment = trim(comment_text(m.group(1))) if m.group(1) else []
            if comment and re.match(r"[-=]{3}", comment[0]):
                comment = []    # a divider, not about this definition
            source = m.group(2).strip()
            if m.group(3):
                kind, name = "const", m.group(3)
            elif m.group(4):
                kind, name = "typedef", m.group(4)
            else:
                kind, name = m.group(5), m.group(6)
            self.definitions[name] = Definition(kind, name, source, comment)
