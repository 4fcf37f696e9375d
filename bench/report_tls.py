"""bench/report_tls.py: the TLS section of results.md (issue 18).

bench/run.sh runs drvbench once more over TCP against an oncudad started
with --tls --key-file, the client holding the key (tls.tsv): every call
and copy inside TLS 1.3.  This section sets it beside the plain TCP run
of the same benchmark (oncuda.tsv) and says whether the targets hold: a
synchronous call at most 1.2x plain, a 256 MiB copy at least 0.7x plain.
Large copies are striped inside TLS as outside it, each data connection
in a TLS session of its own whose keys seal its frames
(common/frame_seal.h); how many were bound is read from oncudad_tls.log.  A run without tls.tsv (one from before) gets no section.

Below it, a data connection's frames alone (tlsbulk.tsv and
tlsbulk_plain.tsv, from bench/tlsbulk): a copy's frames over loopback
connections, sealed with the keys of a TLS session and in clear, with the
CPU each end spends a GB; the median of the runs.
"""
import os
import re
import statistics

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


def bulk_runs(path):
    """tlsbulk's result lines: (connections, GB/s, receiver, sender)."""
    runs = []
    try:
        with open(path, errors="replace") as f:
            for line in f:
                m = re.match(r"result\t\w+\t(\d+) connections\t([0-9.]+) "
                             r"GB/s\treceiver ([0-9.]+) CPU-s/GB\tsender "
                             r"([0-9.]+) CPU-s/GB$", line.rstrip("\n"))
                if m:
                    runs.append((int(m.group(1)),) +
                                tuple(float(m.group(i)) for i in (2, 3, 4)))
    except OSError:
        pass
    return runs


def bulk_table(md, run):
    tls = bulk_runs(os.path.join(run.dir, "tlsbulk.tsv"))
    plain = bulk_runs(os.path.join(run.dir, "tlsbulk_plain.tsv"))
    if not tls or not plain:
        return
    rows = []
    for label, col, unit in (("moved by all connections", 1, "GB/s"),
                             ("receiving end, CPU a GB", 2, "CPU-s/GB"),
                             ("sending end, CPU a GB", 3, "CPU-s/GB")):
        p = statistics.median(r[col] for r in plain)
        t = statistics.median(r[col] for r in tls)
        rows.append([label, "%.3g %s" % (p, unit), "%.3g %s" % (t, unit),
                     "%.2fx" % (t / p) if p > 0 else "—"])
    md.out("A data connection's frames alone (bench/tlsbulk): a copy's 4 MiB "
           "frames over %d loopback connections in one process, one thread "
           "an end each, each connection's TLS handshake "
           "(common/tls_channel.c) and then its frames sealed with that "
           "session's keys (common/frame_seal.c); the median of %d runs "
           "inside TLS and %d in clear." % (tls[0][0], len(tls), len(plain)))
    md.out()
    md.table(["", "in clear", "inside TLS", "TLS against clear"], rows)


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
    bulk_table(md, run)
