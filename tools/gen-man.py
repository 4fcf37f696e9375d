#!/usr/bin/env python3
"""tools/gen-man.py -- a man page from its source and the program's --help.

    gen-man.py PAGE.in OUT HELP-SOURCE [HEADER...]

PAGE.in is roff with a line "@OPTIONS@", replaced by the options of the
program's help text, so that the page and --help cannot drift apart.
HELP-SOURCE is where that text is written: a C file (the string
`usage_text`, whose USAGE_NUMBER(NAME) pieces are the numbers NAME is
#defined to there or in the HEADERs) or a shell script (its `cat <<USAGE`
block).  An option is a
line that starts with two to eight spaces and a dash; its description is
what follows its own column, and the lines after it indented by nine or
more.
"""
import re
import textwrap
import sys


def c_usage(text):
    m = re.search(r"usage_text\[\]\s*=\s*(.*?);\s*$", text, re.S | re.M)
    if not m:
        raise SystemExit("no usage_text in the C source")
    body = m.group(1)
    # USAGE_NUMBER(X) pieces are numbers the C preprocessor fills in.
    out = []
    for piece in re.finditer(r'"((?:[^"\\]|\\.)*)"|USAGE_NUMBER\((\w+)\)', body):
        if piece.group(1) is not None:
            out.append(bytes(piece.group(1), "utf-8").decode("unicode_escape"))
        else:
            out.append(defines.get(piece.group(2), piece.group(2)))
    return "".join(out)


def sh_usage(text):
    m = re.search(r"cat <<USAGE\n(.*?)\nUSAGE\n", text, re.S)
    if not m:
        raise SystemExit("no cat <<USAGE block in the script")
    name = re.search(r"^me=(\S+)", text, re.M)
    usage = m.group(1).replace("\\$", "$")
    return usage.replace("$me", name.group(1) if name else "$me")


def roff_escape(s):
    return s.replace("\\", "\\e").replace("-", "\\-")


def options(usage):
    items, tag, desc = [], None, []
    for line in usage.splitlines():
        if re.match(r" {2,8}-", line):
            if tag:
                items.append((tag, " ".join(desc)))
            parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            if len(parts) == 1:
                # An option too long for its column: its names and
                # argument (capitals) are the tag, the rest says what.
                words = parts[0].split(" ")
                n = 0
                while n < len(words) and re.match(
                        r"^(-[-\w,]*|[A-Z0-9_\[\],.:|]+)$", words[n]):
                    n += 1
                parts = [" ".join(words[:n]), " ".join(words[n:])]
            tag, desc = parts[0], [d for d in parts[1:] if d]
        elif tag and re.match(r" {9,}\S", line):
            desc.append(line.strip())
        elif tag:
            items.append((tag, " ".join(desc)))
            tag, desc = None, []
    if tag:
        items.append((tag, " ".join(desc)))
    out = []
    for tag, text in items:
        out.append(".TP\n.B %s\n%s" % (roff_escape(tag), fill(roff_escape(text))))
    return "\n".join(out)


def fill(text):
    """Lines of at most 78 bytes (mandoc -Tlint's style), none of them
    starting with what roff would take for a request."""
    lines = textwrap.wrap(text, width=78, break_long_words=False,
                          break_on_hyphens=False)
    return "\n".join("\\&" + l if l[:1] in ".'" else l for l in lines)


defines = {}


def main(page, out, source, *headers):
    with open(source) as f:
        text = f.read()
    for name in (source,) + headers:
        with open(name) as f:
            for m in re.finditer(r"#define\s+(\w+)\s+(\d+)", f.read()):
                defines[m.group(1)] = m.group(2)
    usage = c_usage(text) if source.endswith(".c") else sh_usage(text)
    with open(page) as f:
        roff = f.read()
    with open(out, "w") as f:
        f.write(roff.replace("@OPTIONS@", options(usage)))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
