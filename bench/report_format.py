"""bench/report_format.py: how bench/report.py writes figures and tables.

Every section of results.md shows numbers, ratios, sizes and the reasons
a figure is absent in the same words, so those words are made here, once;
and Markdown collects the report's lines, tables included, for the
sections to append to in the order bench/report.py calls them.
"""

NO_SAME_HOST = "n/a"
NO_SAME_HOST_WHY = "no same-host run (local.tsv missing: see bench/run.sh's messages)"


def fmt(value, unit=""):
    """VALUE with about three significant digits, and UNIT after it;
    "failed" where the figure is absent."""
    if value is None:
        return "failed"
    if value >= 100:
        text = "%.0f" % value
    elif value >= 10:
        text = "%.1f" % value
    elif value >= 0.1:
        text = "%.2f" % value
    else:
        text = "%.3f" % value
    return text + (" " + unit if unit else "")


def ratio(slow, fast):
    """How many times SLOW is FAST, as text; '—' if either is missing."""
    if slow is None or fast is None or fast == 0:
        return "—"
    return "%.2fx" % (slow / fast)


def cell_text(text):
    """TEXT made safe for a cell of a markdown table."""
    return text.replace("|", "\\|").replace("\n", " ")


def size_name(n):
    """N bytes in the largest binary unit that divides it exactly."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d %s" % (n >> shift, unit)
    return "%d B" % n


def app_not_run(run, prefix, mode, terse=False):
    """Why RUN's Python case PREFIX has no figure in MODE ("skipped: WHY"
    or "not run (WHY)"), or None if it has.  TERSE: just "skipped" or "not
    run" where native was not run for the same reason (a table row says it
    once)."""
    why = run.app_why(prefix, mode)
    if why is None:
        return None
    # Skipped: bench/run.sh or the case itself said why; else it left no
    # output at all.
    words = "skipped" if run.apps[prefix][mode].skipped is not None \
        else "not run"
    if terse and mode != "native" and why == run.app_why(prefix, "native"):
        return words
    if words == "skipped":
        return "skipped: %s" % cell_text(why)
    return "not run (%s)" % cell_text(why)


def torch_not_run(run, mode, terse=False):
    """app_not_run of the PyTorch step."""
    return app_not_run(run, "torch", mode, terse)


class Markdown:
    """The lines of a markdown document, as they are written."""

    def __init__(self):
        self.lines = []

    def out(self, text=""):
        self.lines.append(text)

    def table(self, header, rows):
        """A table of HEADER's columns and ROWS, and the blank line that
        ends it."""
        self.out("| " + " | ".join(header) + " |")
        self.out("|" + "---|" * len(header))
        for row in rows:
            self.out("| " + " | ".join(row) + " |")
        self.out()

    def text(self):
        """The document, ending in exactly one newline."""
        return "\n".join(self.lines).rstrip("\n") + "\n"
