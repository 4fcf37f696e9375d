#!/usr/bin/env python3
"""bench/report.py: turns one benchmark run's raw output into its report.

    python3 bench/report.py DIR DRIVER

DIR holds what bench/run.sh wrote: transport.tsv, native.tsv, oncuda.tsv
and local.tsv (the programs' "info" and "result" lines, see
bench/measure.h), CASE_native.tsv, CASE_oncuda.tsv and CASE_local.tsv for
CASE torch, triton, compile and decode (the same from the Python cases,
bench/pyapp.py, or one "skip" line with the reason it did not run; runs
from before issue 16 lack all but torch's, shown as not run), nopoll.tsv
and nopoll_local.tsv (drvbench -c, the synchronous calls, with polling off
on both ends; runs from before them lack these, and their report is
unchanged), rpcnull.tsv, rpcnull_local.tsv, rpcnull_nopoll.tsv and
rpcnull_nopoll_local.tsv (bench/rpcnull, ONC RPC's null procedure, with
polling on and off, report_layers.py; without them that section is left
out), tls.tsv (drvbench over TCP inside TLS; without it the TLS
section is left out), streams_N.tsv (drvbench -b over TCP with
ONCUDA_STREAMS=N, report_streams.py; without them that section is left
out), netns.tsv and netem.tsv (drvbench across a veth
pair, without and with netem: bench/run.sh --netem, or why not) and run.tsv
(the run's own facts: date, host, commit).  DRIVER is "real" or "fake".
Writes DIR/results.md (the tables and the targets of issues 4 and 16) and
DIR/bandwidth.tsv (the data of the plot, for bench/plot.sh).
A file that is missing or a figure that is absent shows as "failed" (the
Python cases' as "skipped" or "not run") rather than stopping the report,
so a run that broke halfway still says what it got.

This file is the entry point bench/run.sh calls; the work is in the
report_*.py beside it, one job each: report_figures.py reads the run,
report_format.py writes numbers and tables, report_sections.py the
sections that show the figures (report_apps.py the Python applications'
rows, report_layers.py a synchronous call layer by layer, report_tls.py
and report_netns.py the TLS and veth runs),
report_targets.py the verdicts on the targets, and report_bandwidth.py the
plot's data.
"""
import os
import sys

from report_bandwidth import write_bandwidth
from report_figures import Run
from report_format import Markdown
from report_layers import layers_table
from report_netns import netns_table
from report_sections import (copy_table, header, raw_figures,
                             side_by_side_table, transport_table)
from report_streams import streams_table
from report_targets import targets
from report_tls import tls_table

# The sections of results.md, top to bottom.
SECTIONS = (header, side_by_side_table, layers_table, targets, copy_table,
            streams_table, tls_table, netns_table, transport_table,
            raw_figures)


def write_report(directory, driver):
    """Writes DIRECTORY/results.md and DIRECTORY/bandwidth.tsv from the raw
    output of the run in DIRECTORY, on DRIVER ("real" or "fake")."""
    run = Run(directory, driver)
    md = Markdown()
    for section in SECTIONS:
        section(md, run)
    with open(os.path.join(directory, "results.md"), "w", encoding="utf-8") as f:
        f.write(md.text())
    write_bandwidth(run)


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("real", "fake"):
        sys.exit("usage: python3 bench/report.py DIR real|fake")
    write_report(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    main()
