"""bench/report_netns.py: results.md's section on a remote client's
network, emulated: drvbench through oncuda over TCP with the client and
oncudad in two network namespaces joined by a veth pair, and across that
pair with tc netem's delay and rate (bench/run.sh --netem, bench/netns.sh).

Beside native and the loopback TCP run of the same benchmark, so that
what the cable adds shows; where a part was not run, the section says
why (the command that failed, and what it said).  It shows figures and
judges nothing: the targets are the loopback run's.
"""
from report_format import cell_text, fmt, ratio, size_name

# drvbench's cases the section shows: (case, is a copy, words).
CASES = (
    ("ctx_synchronize", False, "cuCtxSynchronize, idle context"),
    ("mem_get_info", False, "cuMemGetInfo"),
    ("launch_async", False, "cuLaunchKernel, async, per launch"),
    ("launch_sync", False, "launch + cuCtxSynchronize"),
    ("htod_4k", False, "cuMemcpyHtoD 4 KiB"),
    ("copy_htod_pageable", True, "HtoD pageable"),
    ("copy_dtoh_pageable", True, "DtoH pageable"),
    ("copy_htod_pinned", True, "HtoD pinned"),
    ("copy_dtoh_pinned", True, "DtoH pinned"),
    ("graph_replay_100", False, "100-kernel graph, per replay"),
    ("app_sgemm", False, "SGEMM loop, per iteration"),
)


def netns_table(md, run):
    """The section: its setup, then one row per case, or why not run."""
    md.out("## A remote client's network, emulated (bench/run.sh --netem)")
    md.out()
    if not run.netns.present or run.netns.skipped is not None:
        md.out("Skipped: %s." % (run.netns.skipped or
                                 "no netns.tsv (a run from before --netem)"))
        md.out()
        return
    md.out("drvbench through oncuda over TCP, oncudad in one network "
           "namespace and the client in another, joined by a veth pair "
           "(bench/netns.sh), beside the loopback run of the same "
           "benchmark; ratios are to native (time over time, or bandwidth "
           "native over oncuda).")
    md.out()
    if run.netem.skipped is not None:
        md.out("With netem: skipped: %s" % run.netem.skipped)
    elif run.netem.present:
        md.out("With netem: %s." % run.facts.get("netem", "?"))
    md.out()
    size = run.copy_size()
    columns = [("oncuda TCP loopback", run.oncuda),
               ("oncuda TCP across veth", run.netns)]
    if run.netem.results:
        columns.append(("across veth with netem", run.netem))
    rows = []
    for name, copy, words in CASES:
        at = size if copy else (4096 if name == "htod_4k" else 0)
        unit = "GB/s" if copy else ("ms" if name == "app_sgemm" else "µs")
        native = run.native.get(name, at)
        row = ["%s %s" % (words, size_name(size)) if copy else words,
               fmt(native, unit)]
        for _, figures in columns:
            value = figures.get(name, at)
            row.append("%s (%s)" % (fmt(value, unit), ratio(
                native, value) if copy else ratio(value, native)))
        rows.append(row)
    md.table(["case", "native"] + [cell_text(c) for c, _ in columns], rows)
