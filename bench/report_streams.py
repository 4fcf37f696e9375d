"""bench/report_streams.py: results.md's section on striped copies (issue 16).

Over TCP a large copy travels on several connections of its session at
once (ONCUDA_STREAMS, idl/cuda.x "Striped bulk data").  bench/run.sh
measures the copies again over TCP for each count it lists in
BENCH_STREAMS (streams_N.tsv, drvbench -b), and bench/transport measures
N loopback TCP streams moving memory together (tcp_streams_N_memory),
the ceiling of a copy striped over N connections.  This section sets
each count's copies beside its ceiling and beside the one-stream
ceiling, and judges issue 16's target on the main TCP run (oncuda.tsv,
the default count): each 256 MiB copy at least 2.5x the one-TCP-stream
memory-to-memory ceiling.  A run without streams_*.tsv gets no section.
"""
import glob
import os
import re

from report_figures import COPY_CASES, Figures
from report_format import fmt, ratio, size_name

TARGET = 2.5    # copy bandwidth / one TCP stream, memory to memory, at least


def stream_counts(directory):
    """The counts bench/run.sh measured, smallest first."""
    counts = []
    for path in glob.glob(os.path.join(directory, "streams_*.tsv")):
        m = re.match(r"streams_(\d+)\.tsv$", os.path.basename(path))
        if m:
            counts.append(int(m.group(1)))
    return sorted(counts)


def ceiling(run, count):
    """bench/transport's memory-to-memory ceiling of COUNT TCP streams."""
    if count == 1:
        return run.stream("tcp", True)
    name = "tcp_streams_%d_memory" % count
    sizes = run.transport.sizes(name)
    return run.transport.get(name, sizes[-1]) if sizes else None


def streams_table(md, run):
    counts = stream_counts(run.dir)
    if not counts:
        return
    size = run.copy_size()
    one = ceiling(run, 1)
    rows = []
    for count in counts:
        figures = Figures(os.path.join(run.dir, "streams_%d.tsv" % count))
        row = ["%d" % count]
        for name, _ in COPY_CASES:
            b = figures.get(name, size)
            row.append("%s (%s)" % (fmt(b), ratio(b, one)))
        c = ceiling(run, count)
        row.append("%s (%s)" % (fmt(c, "GB/s"), ratio(c, one)))
        rows.append(row)
    md.out("## Copies over TCP by ONCUDA_STREAMS: GB/s at %s "
           "(against one TCP stream, memory to memory)" % size_name(size))
    md.out()
    md.out("drvbench -b through oncuda over TCP with ONCUDA_STREAMS=N "
           "(BENCH_STREAMS lists the counts); the last column is "
           "bench/transport's N loopback TCP streams moving memory "
           "together, the ceiling of a copy striped over N connections. "
           "One TCP stream, memory to memory: %s." % fmt(one, "GB/s"))
    md.out()
    md.table(["ONCUDA_STREAMS"] + [label for _, label in COPY_CASES] +
             ["ceiling, N streams"], rows)
    md.out()
    verdicts = []
    for name, label in COPY_CASES:
        b = run.oncuda.get(name, size)
        if b is None or not one:
            verdicts.append("%s failed" % label)
            continue
        verdicts.append("%s %s (%s)" % (
            label, fmt(b, "GB/s"), "met" if b / one >= TARGET else
            "not met: %.2fx" % (b / one)))
    md.out("Target of issue 16, on the main TCP run (ONCUDA_STREAMS %s): "
           "every %s copy ≥ %.1fx one TCP stream: %s%s." % (
               os.environ.get("ONCUDA_STREAMS", "default"), size_name(size),
               TARGET, "; ".join(verdicts),
               " (stand-in: meaningless)" if run.fake else ""))
