"""tests/sessions/prom.py -- reads a Prometheus text exposition, as
oncudad --metrics-file writes it, for figures.py and totals.py."""
import re
import sys


def fail(what):
    print("FAILED: " + what)
    sys.exit(1)


def parse_metrics(path, types=None):
    """{(name, frozenset(labels)): value}, with HELP and TYPE checked;
    types, when a dict, gets each name's TYPE."""
    sample = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$')
    label = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
    typed, helped, values = {}, set(), {}
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("# HELP "):
            helped.add(line.split()[2])
            continue
        if line.startswith("# TYPE "):
            parts = line.split()
            if parts[3] not in ("gauge", "counter"):
                fail("metrics: unknown type in " + line)
            if parts[2] in typed:
                fail("metrics: a second TYPE line for " + parts[2])
            if parts[3] == "counter" and not parts[2].endswith("_total"):
                fail("metrics: the counter %s does not end in _total" % parts[2])
            typed[parts[2]] = parts[3]
            continue
        m = sample.match(line)
        if not m:
            fail("metrics: a line that is not a sample: " + repr(line))
        name, labels = m.group(1), m.group(3) or ""
        if name not in typed or name not in helped:
            fail("metrics: %s has no TYPE or HELP before it" % name)
        pairs = label.findall(labels)
        if ",".join('%s="%s"' % p for p in pairs) != labels:
            fail("metrics: labels do not parse: " + labels)
        if (name, frozenset(pairs)) in values:
            fail("metrics: %s{%s} twice" % (name, labels))
        values[(name, frozenset(pairs))] = float(m.group(4))
    if types is not None:
        types.update(typed)
    return values
