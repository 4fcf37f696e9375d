"""bench/report_tls.py: the TLS section of results.md (issue 18).

bench/run.sh runs drvbench once more over TCP against an oncudad started
with --tls --key-file, the client holding the key (tls.tsv): every call
and copy inside TLS 1.3.  This section sets it beside the plain TCP run
of the same benchmark (oncuda.tsv) and says whether the targets hold: a
synchronous call at most 1.2x plain, a 256 MiB copy at least 0.7x plain.
Large copies are striped inside TLS as outside it, each data connection
in a TLS session of its own; how many were bound is read from
oncudad_tls.log.  A run without tls.tsv (one from before) gets no section.
"""
import os
import re

from report_figures import TARGET_COPY_BYTES, Figures
from report_format import fmt

# (label, case, size, unit, is a time): the rows, and the target of each.
TLS_ROWS = (
    ("cuCtxSynchronize, idle", "ctx_synchronize", 0, "µs", True),
    ("cuMemGetInfo", "mem_get_info", 0, "µs", True),
    ("cuLaunchKernel, empty, async", "launch_async", 0, "µs", True),
    ("launch + cuCtxSynchronize", "launch_sync", 0, "µs", True),
    ("HtoD 256 MiB, pageable", "copy_htod_pageable", TARGET_COPY_BYTES, "GB/s", False),
    ("DtoH 256 MiB, pageable", "copy_dtoh_pageable", TARGET_COPY_BYTES, "GB/s", False),
    ("HtoD 256 MiB, pinned", "copy_htod_pinned", TARGET_COPY_BYTES, "GB/s", False),
    ("DtoH 256 MiB, pinned", "copy_dtoh_pinned", TARGET_COPY_BYTES, "GB/s", False),
)
SYNC_TARGET = 1.2       # TLS time / plain time, at most
COPY_TARGET = 0.7       # TLS bandwidth / plain bandwidth, at least


def verdict(plain, tls, is_time):
    if plain is None or tls is None or plain == 0:
        return "not measured"
    if is_time:
        r = tls / plain
        return "%.2fx plain: %s (target ≤ %.1fx)" % (
            r, "met" if r <= SYNC_TARGET else "missed", SYNC_TARGET)
    r = tls / plain
    return "%.2fx plain: %s (target ≥ %.1fx)" % (
        r, "met" if r >= COPY_TARGET else "missed", COPY_TARGET)


def data_connections(run):
    """What oncudad_tls.log says of the data connections, in words."""
    try:
        with open(os.path.join(run.dir, "oncudad_tls.log"),
                  errors="replace") as f:
            log = f.read()
    except OSError:
        return "no oncudad_tls.log to say how many data connections carried them"
    m = re.search(r"(\d+) data connections bound, each inside TLS", log)
    if m is None:
        return ("no data connections were bound: copies used the session's "
                "one connection")
    return "%s data connections, each inside TLS" % m.group(1)


def tls_table(md, run):
    tls = Figures(os.path.join(run.dir, "tls.tsv"))
    if not tls.present:
        return
    rows = []
    for label, name, size, unit, is_time in TLS_ROWS:
        plain, inside = run.oncuda.get(name, size), tls.get(name, size)
        rows.append([label, fmt(plain, unit), fmt(inside, unit),
                     verdict(plain, inside, is_time)])
    md.out("## TLS: oncuda TCP, plain beside inside TLS 1.3 (PSK)")
    md.out()
    md.out("The same drvbench against oncudad --tls --key-file, the client "
           "holding the key; whether kernel TLS took effect is the line "
           "bench/run.sh printed from oncudad_tls.log.  Large copies: "
           "%s." % data_connections(run))
    md.out()
    md.table(["case", "plain TCP", "TLS", "TLS against plain"], rows)
