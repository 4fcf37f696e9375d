"""bench/report_bandwidth.py: writes bandwidth.tsv, the data of the plot.

bench/plot.sh draws the copies' bandwidth by size from this file with
gnuplot, which reads columns by number: a column is only ever added at
the end, so that a plot script and older data keep agreeing.  The first
line says when the figures came from the CPU stand-in, and plot.sh puts
that on the plot.
"""
import os

from report_figures import COPY_CASES


def write_bandwidth(run):
    """One row per size: native and oncuda for each copy case, then the
    stream ceilings (constant), for gnuplot; '-' is a missing value."""
    columns = ["bytes"]
    for name, _ in COPY_CASES:
        columns += ["native_" + name[5:], "oncuda_" + name[5:]]
    columns += ["tcp_stream", "unix_stream"]
    # Last, so that the columns before keep their numbers (bench/plot.sh).
    columns += ["local_" + name[5:] for name, _ in COPY_CASES]

    def cell(v):
        return "-" if v is None else "%.6g" % v

    with open(os.path.join(run.dir, "bandwidth.tsv"), "w", encoding="utf-8") as f:
        f.write("# GB/s by copy size; " + ("CPU STAND-IN, MEANINGLESS; "
                                          if run.fake else "") +
                "written by bench/report.py\n")
        f.write("\t".join(columns) + "\n")
        for size in run.copy_sizes():
            row = [str(size)]
            for name, _ in COPY_CASES:
                row += [cell(run.native.get(name, size)),
                        cell(run.oncuda.get(name, size))]
            row += [cell(run.stream("tcp")), cell(run.stream("unix"))]
            row += [cell(run.local.get(name, size)) for name, _ in COPY_CASES]
            f.write("\t".join(row) + "\n")
