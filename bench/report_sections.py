"""bench/report_sections.py: the sections of results.md that show figures.

The header (what was run, where and how), the table of native and oncuda
side by side, the copies at every size, the transport ceilings and the
raw figures: each a function that appends its lines to a Markdown, in
the order bench/report.py calls them.  They show a run's figures and do
not judge them; the verdicts on issue 4's targets are
bench/report_targets.py's.
"""
from report_apps import app_header, app_programs, app_rows
from report_figures import (COPY_CASES, SYNC_CASES, TARGET_COPY_BYTES,
                            TORCH_CASE, TORCH_MODES)
from report_format import (NO_SAME_HOST, NO_SAME_HOST_WHY, cell_text, fmt,
                           ratio, size_name, torch_not_run)

# Lupine on the same H200, from issue 4 (another run: for orientation only).
LUPINE = {
    "ctx_synchronize": "45.6 µs",
    "mem_get_info": "47.4 µs",
    "launch_async": "7.19 µs",
    "launch_sync": "55.3 µs",
    "htod_4k": "0.07 GB/s",
    ("copy_htod_pageable", TARGET_COPY_BYTES): "3.5 GB/s",
    ("copy_dtoh_pageable", TARGET_COPY_BYTES): "3.3 GB/s",
    ("copy_htod_pinned", TARGET_COPY_BYTES): "3.4 GB/s",
    ("copy_dtoh_pinned", TARGET_COPY_BYTES): "3.3 GB/s",
}


def header(md, run):
    """The title, and what was run, where and how."""
    f = run.facts
    md.out("# oncuda benchmark (issue 4)")
    md.out()
    if run.fake:
        md.out("**Driver: the CPU stand-in (tests/fakecuda), with small "
               "counts. These numbers are MEANINGLESS: this run tests the "
               "benchmark, not oncuda. Run it on a GPU.**")
        md.out()
    device = run.native.info.get("device") or run.oncuda.info.get("device")
    md.out("- run: %s on %s, oncuda %s; command: `%s`" % (
        f.get("date", "?"), f.get("host", "?"), f.get("commit", "?"),
        f.get("command", "?")))
    md.out("- device: %s, driver API %s" % (
        device or "?", run.native.info.get("driver_api", "?")))
    md.out("- native: %s; oncuda: %s, oncudad -n on 127.0.0.1 (TCP) with "
           "the same driver" % (run.native.info.get("libcuda", "?"),
                                run.oncuda.info.get("libcuda", "?")))
    md.out("- plan: %s" % run.native.info.get(
        "plan", run.oncuda.info.get("plan", "?")))
    md.out("- every figure is the median of the runs shown in "
           "[raw figures](#raw-figures) (each run: the mean over its "
           "iterations); GB/s are 10^9 bytes per second")
    if run.local.present:
        md.out("- same-host path: the same oncudad through its unix-domain "
               "socket, cuMemAllocHost memory shared with the server "
               "(ONCUDA_TRANSPORT=local; the TCP column has "
               "ONCUDA_TRANSPORT=tcp)")
    else:
        md.out("- same-host path: %s" % NO_SAME_HOST_WHY)
    md.out("- how: synchronous calls are timed in a loop on a drained "
           "context; the launch issue rate is the time from the first "
           "of the launches to the end of one cuCtxSynchronize after "
           "the last, per launch (so launches merely queued count in "
           "full); copies are synchronous cuMemcpyHtoD/DtoH repeated "
           "to about 64 MiB per run (4 MiB with small counts), after "
           "one untimed copy; the SGEMM "
           "iteration is HtoD of A and B, the launches, DtoH of C "
           "(bench/drvbench_*.c); the PyTorch step is one training "
           "step of a small CNN, the batch copied from pageable host "
           "memory each step, timed over runs of steps that end in "
           "torch.cuda.synchronize() (bench/torch_step.py); the "
           "applications of issue 16 are bench/triton_add.py, "
           "bench/compile_mlp.py and bench/gpt2_decode.py")
    torch_header(md, run)
    app_header(md, run)
    md.out()


def torch_header(md, run):
    """The header's line on the PyTorch step: its versions and libraries,
    or why it has no figures."""
    ran = [(label, run.torch[mode]) for mode, label in TORCH_MODES
           if run.torch[mode].results]
    if not ran:
        md.out("- PyTorch step: %s" % (
            torch_not_run(run, "native") or
            "no figures (see torch_*.err beside this report)"))
        return
    info = ran[0][1].info
    md.out("- PyTorch step: torch %s; plan: %s; libcuda %s" % (
        info.get("torch", "?"), info.get("plan", "?"), "; ".join(
            "%s: %s" % (label, f.info.get("libcuda", "?"))
            for label, f in ran)))


def side_by_side_table(md, run):
    """Every case natively, through oncuda over TCP and on the same-host
    path, beside the transport's ceiling and Lupine's figure."""
    t, n, o, loc = run.transport, run.native, run.oncuda, run.local
    ping = "TCP ping-pong %s (unix %s)" % (
        fmt(t.get("tcp_pingpong", 8), "µs"), fmt(t.get("unix_pingpong", 8), "µs"))
    size = run.copy_size()
    stream = stream_ceilings(run)
    rows = []

    def timed(label, name, ceiling, unit="µs", size=0):
        a, b = n.get(name, size), o.get(name, size)
        tcp = no_polling(run.nopoll, name)
        rows.append([label, fmt(a, unit),
                     fmt(b, unit) + (" (%s)" % tcp if tcp else ""),
                     ratio(b, a),
                     same_host(run, loc.get(name, size), a, unit, True,
                               no_polling(run.nopoll_local, name)),
                     ceiling, LUPINE.get(name, "—")])

    timed("cuCtxSynchronize, idle context", "ctx_synchronize", ping)
    timed("cuMemGetInfo", "mem_get_info", ping)
    timed("cuLaunchKernel, empty kernel, async, per launch (%s launches)"
          % n.results.get(("launch_async", 0), {}).get("iterations", "?"),
          "launch_async", "—")
    timed("launch + cuCtxSynchronize", "launch_sync", ping)
    a, b = n.get("htod_4k", 4096), o.get("htod_4k", 4096)
    c = loc.get("htod_4k", 4096)
    rows.append(["cuMemcpyHtoD 4 KiB", small_copy(a),
                 small_copy(b, no_polling(run.nopoll, "htod_4k")),
                 ratio(b, a),
                 "%s, %s" % (small_copy(
                     c, no_polling(run.nopoll_local, "htod_4k")),
                     ratio(c, a))
                 if loc.present else NO_SAME_HOST, ping,
                 LUPINE["htod_4k"]])
    for name, label in COPY_CASES:
        a, b = n.get(name, size), o.get(name, size)
        rows.append(["%s %s" % (label, size_name(size)), fmt(a, "GB/s"),
                     fmt(b, "GB/s"), ratio(a, b),
                     same_host(run, loc.get(name, size), a, "GB/s", False),
                     stream, LUPINE.get((name, size), "—")])
    timed("cuMemcpyDtoHAsync 4 MiB into pinned behind a launch, "
          "until it returns", "dtoh_async_return", "—", size=4 << 20)
    timed("100-kernel graph, cuGraphLaunch + its run, per replay",
          "graph_replay_100", "—")
    timed("the same 100 launches one by one, per 100", "launches_100", "—")
    rows.append(["graph replay / 100 single launches",
                 ratio(n.get("graph_replay_100"), n.get("launches_100")),
                 ratio(o.get("graph_replay_100"), o.get("launches_100")),
                 "—",
                 ratio(loc.get("graph_replay_100"), loc.get("launches_100"))
                 if loc.present else NO_SAME_HOST, "—", "—"])
    a, b = n.get("app_sgemm"), o.get("app_sgemm")
    rows.append(["SGEMM loop (matrixMul kernel): ms per iteration",
                 fmt(a, "ms"), fmt(b, "ms"), ratio(b, a),
                 same_host(run, loc.get("app_sgemm"), a, "ms", True),
                 "—", "—"])
    rows.append(torch_row(run))
    rows += app_rows(run)
    md.out("## Native and oncuda, side by side")
    md.out()
    md.out("ratio: how many times longer oncuda takes than native (time "
           "over time, or bandwidth native over oncuda); above 1 is slower.")
    md.out()
    if run.nopoll.present or run.nopoll_local.present:
        md.out("no polling: the synchronous calls once more with polling "
               "off on both ends (oncudad --poll-us 0, ONCUDA_POLL_US=0: "
               "each side sleeps at once while it waits, as the ping-pong "
               "does), from a second oncudad; the other figures are "
               "with polling on, the default.")
        md.out()
    md.table(["case", "native", "oncuda TCP", "ratio",
              "oncuda same-host (ratio)",
              "transport ceiling (this run)", "Lupine (issue 4, another run)"],
             rows)


def torch_row(run):
    """The side-by-side table's row of the PyTorch step."""
    a, b, c = (run.torch[mode].get(TORCH_CASE) for mode, _ in TORCH_MODES)
    native = torch_not_run(run, "native") or fmt(a, "ms")
    tcp = torch_not_run(run, "oncuda", True) or fmt(b, "ms")
    same = torch_not_run(run, "local", True) or \
        "%s (%s)" % (fmt(c, "ms"), ratio(c, a))
    return ["PyTorch training step (small CNN, batch 128): ms per step",
            native, tcp, ratio(b, a), same, "—", "—"]


def same_host(run, value, native, unit, is_time, no_polling_text=None):
    """The same-host figure with its ratio to native, for the side-by-side
    table, and NO_POLLING_TEXT if there is one."""
    if not run.local.present:
        return NO_SAME_HOST
    r = ratio(value, native) if is_time else ratio(native, value)
    return "%s (%s)" % (fmt(value, unit),
                        "; ".join(t for t in (r, no_polling_text) if t))


def no_polling(figures, name):
    """The side-by-side table's note of a synchronous call with polling
    off, in µs per call, from FIGURES; None where that run is absent
    (output from before it) or NAME is not one of its cases."""
    if not figures.present or name not in SYNC_CASES:
        return None
    return "no polling %s" % fmt(figures.get(name, SYNC_CASES[name]), "µs")


def small_copy(micros, no_polling_text=None):
    """A 4 KiB copy's cell: its bandwidth, then its time per call and
    NO_POLLING_TEXT if there is one."""
    if micros is None:
        return "failed" + (" (%s)" % no_polling_text if no_polling_text else "")
    return "%s (%s)" % (fmt(4096 / micros / 1e3, "GB/s"), "; ".join(
        t for t in (fmt(micros, "µs"), no_polling_text) if t))


def stream_ceilings(run):
    """The side-by-side table's ceiling cell for the copy rows."""
    if not run.has_memory_streams():
        return "one TCP stream %s (unix %s)" % (
            fmt(run.stream("tcp"), "GB/s"), fmt(run.stream("unix"), "GB/s"))
    return ("one TCP stream: %s memory to memory, %s cache-hot "
            "(unix %s and %s)" % (
                fmt(run.stream("tcp", True), "GB/s"),
                fmt(run.stream("tcp"), "GB/s"),
                fmt(run.stream("unix", True), "GB/s"),
                fmt(run.stream("unix"), "GB/s")))


def copy_table(md, run):
    """Each copy case at every size measured, natively and through oncuda."""
    rows = []
    for size in run.copy_sizes():
        row = [size_name(size)]
        for name, _ in COPY_CASES:
            a, b = run.native.get(name, size), run.oncuda.get(name, size)
            cell = "%s / %s (%s)" % (fmt(a), fmt(b), ratio(a, b))
            if run.local.present:
                c = run.local.get(name, size)
                cell += " / %s (%s)" % (fmt(c), ratio(a, c))
            row.append(cell)
        rows.append(row)
    md.out("## Copies: GB/s, native / oncuda TCP (ratio)%s" % (
        " / oncuda same-host (ratio)" if run.local.present else ""))
    md.out()
    md.out("Synchronous cuMemcpyHtoD / cuMemcpyDtoH; pinned is "
           "cuMemAllocHost memory. Plot: bandwidth.png (data: bandwidth.tsv).")
    md.out()
    md.table(["size"] + [label for _, label in COPY_CASES], rows)


def transport_table(md, run):
    """bench/transport's ping-pong and stream figures of this machine."""
    memory = run.has_memory_streams()
    rows = []
    polling = any(run.transport.get(kind + "_pingpong_polling", 8)
                  is not None for kind in ("tcp", "unix"))
    for kind, label in (("tcp", "TCP loopback"), ("unix", "unix socket")):
        row = [label, fmt(run.transport.get(kind + "_pingpong", 8), "µs")]
        if polling:
            row.append(fmt(run.transport.get(kind + "_pingpong_polling", 8),
                           "µs"))
        row.append(fmt(run.stream(kind), "GB/s"))
        if memory:
            row.append(fmt(run.stream(kind, True), "GB/s"))
        rows.append(row)
    ping = ["8-byte ping-pong"]
    if polling:
        ping = ["8-byte ping-pong, sleeping", "8-byte ping-pong, both polling"]
    md.out("## Transport ceilings of this machine (bench/transport)")
    md.out()
    if not memory:
        md.table(["transport"] + ping + ["one stream"], rows)
        return
    md.out("Two streams: the cache-hot one writes from and reads into "
           "one 1 MiB buffer, the socket path alone; the memory-to-memory "
           "one moves bytes as a copy does, %s, so it also pays for "
           "reading and writing memory that is not in the cache. The "
           "copy targets are judged against it." % cell_text(
               run.transport.info.get(
                   "memory_stream", "from and into buffers of a copy's size")))
    md.out()
    md.table(["transport"] + ping + ["one stream, cache-hot",
              "one stream, memory to memory"], rows)


def raw_figures(md, run):
    """Every figure of every program, with its spread, or why it has none."""
    md.out("## Raw figures")
    md.out()
    md.out("Median, min and max of the runs, in the unit shown; iterations "
           "per run.")
    md.out()
    rows = []
    programs = [("transport", run.transport), ("native", run.native),
                ("oncuda", run.oncuda), ("oncuda same-host", run.local)]
    programs += [("PyTorch " + label, run.torch[mode])
                 for mode, label in TORCH_MODES]
    programs += [(label, run.apps[prefix][mode])
                 for label, prefix, mode in app_programs()]
    # Absent in output from before --netem: no row then.
    programs += [(label, figures) for label, figures in (
        ("oncuda TCP across veth", run.netns),
        ("oncuda TCP across veth with netem", run.netem))
        if figures.present]
    # Absent in output from before the no-polling runs: no row then.
    programs += [(label, figures) for label, figures in (
        ("oncuda TCP, no polling", run.nopoll),
        ("oncuda same-host, no polling", run.nopoll_local))
        if figures.present]
    # Absent in output from before bench/rpcnull: no row then.
    programs += [(label, figures) for label, figures in (
        ("RPC null call TCP", run.rpcnull),
        ("RPC null call same-host", run.rpcnull_local),
        ("RPC null call TCP, no polling", run.rpcnull_nopoll),
        ("RPC null call same-host, no polling", run.rpcnull_nopoll_local))
        if figures.present]
    for label, figures in programs:
        if figures.skipped is not None:
            rows.append([label, "(skipped: %s)" % cell_text(figures.skipped),
                         "", "", "", "", "", ""])
        elif not figures.present:
            rows.append([label, "(no output: see the messages of "
                         "bench/run.sh and the .err and .log files)",
                         "", "", "", "", "", ""])
        for (name, size), r in figures.results.items():
            rows.append([label, name, str(size), r["unit"],
                         fmt(r["median"]), "%s – %s" % (fmt(r["min"]), fmt(r["max"])),
                         str(r["runs"]), str(r["iterations"])])
    md.table(["program", "case", "bytes", "unit", "median", "min – max",
              "runs", "iterations"], rows)
