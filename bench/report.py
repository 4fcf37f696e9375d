#!/usr/bin/env python3
"""bench/report.py: turns one benchmark run's raw output into its report.

    python3 bench/report.py DIR DRIVER

DIR holds what bench/run.sh wrote: transport.tsv, native.tsv,
oncuda.tsv and local.tsv (the programs' "info" and "result" lines, see
bench/measure.h), torch_native.tsv, torch_oncuda.tsv and torch_local.tsv
(the same from bench/torch_step.py, or one "skip" line with the reason it
did not run), nopoll.tsv and nopoll_local.tsv (drvbench -c, the synchronous
calls, with polling off on both ends; runs from before them lack these, and
their report is unchanged) and run.tsv (the run's own facts: date, host,
commit).  DRIVER
is "real" or "fake".  Writes DIR/results.md (the tables and the targets of
issue 4) and DIR/bandwidth.tsv (the data of the plot, for bench/plot.sh).
A file that is missing or a figure that is absent shows as "failed" (the
PyTorch step's as "not run") rather than stopping the report, so a run that
broke halfway still says what it got.
"""
import os
import sys

COPY_CASES = [
    ("copy_htod_pageable", "HtoD pageable"),
    ("copy_dtoh_pageable", "DtoH pageable"),
    ("copy_htod_pinned", "HtoD pinned"),
    ("copy_dtoh_pinned", "DtoH pinned"),
]
TARGET_COPY_BYTES = 256 << 20
NO_SAME_HOST = "n/a"
NO_SAME_HOST_WHY = "no same-host run (local.tsv missing: see bench/run.sh's messages)"
NO_OUTPUT = "no output: see bench/run.sh's messages"
TORCH_CASE = "app_torch_step"
TORCH_MODES = (("native", "native"), ("oncuda", "oncuda TCP"),
               ("local", "oncuda same-host"))
# The cases drvbench -c measures, the synchronous calls, by their sizes.
SYNC_CASES = {"ctx_synchronize": 0, "mem_get_info": 0, "launch_sync": 0,
              "htod_4k": 4096}
NO_POLLING = "with polling off on both ends (for information)"

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


class Figures:
    """The result and info lines of one program's output."""

    def __init__(self, path):
        self.results = {}
        self.info = {}
        self.skipped = None     # why the program was not run, if it was not
        self.present = os.path.exists(path)
        if not self.present:
            return
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if fields[0] == "result" and len(fields) == 9:
                    name, size = fields[1], int(fields[2])
                    self.results[(name, size)] = {
                        "unit": fields[3], "median": float(fields[4]),
                        "min": float(fields[5]), "max": float(fields[6]),
                        "runs": int(fields[7]), "iterations": int(fields[8]),
                    }
                elif fields[0] == "info" and len(fields) == 3:
                    self.info[fields[1]] = fields[2]
                elif fields[0] == "skip" and len(fields) == 2:
                    self.skipped = fields[1]

    def get(self, name, size=0):
        """The median of a figure, or None."""
        r = self.results.get((name, size))
        return r["median"] if r else None

    def runs(self, name, size=0):
        r = self.results.get((name, size))
        return r["runs"] if r else None

    def sizes(self, name):
        return sorted(s for (n, s) in self.results if n == name)


def fmt(value, unit=""):
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
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << shift) == 0:
            return "%d %s" % (n >> shift, unit)
    return "%d B" % n


def read_run_facts(path):
    facts = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("\t")
                facts[key] = value
    return facts


class Report:
    def __init__(self, directory, driver):
        self.dir = directory
        self.fake = driver == "fake"
        self.transport = Figures(os.path.join(directory, "transport.tsv"))
        self.native = Figures(os.path.join(directory, "native.tsv"))
        self.oncuda = Figures(os.path.join(directory, "oncuda.tsv"))
        # The same-host path: the same drvbench with ONCUDA_TRANSPORT=local.
        self.local = Figures(os.path.join(directory, "local.tsv"))
        # The synchronous calls again, with oncudad --poll-us 0 and
        # ONCUDA_POLL_US=0, over TCP and over the same-host path.
        self.nopoll = Figures(os.path.join(directory, "nopoll.tsv"))
        self.nopoll_local = Figures(os.path.join(directory, "nopoll_local.tsv"))
        # bench/torch_step.py's runs, by the keys of TORCH_MODES.
        self.torch = {mode: Figures(os.path.join(directory, "torch_%s.tsv" % mode))
                      for mode, _ in TORCH_MODES}
        self.facts = read_run_facts(os.path.join(directory, "run.tsv"))
        self.lines = []

    def out(self, text=""):
        self.lines.append(text)

    def table(self, header, rows):
        self.out("| " + " | ".join(header) + " |")
        self.out("|" + "---|" * len(header))
        for row in rows:
            self.out("| " + " | ".join(row) + " |")
        self.out()

    # The size the copy rows and targets use: 256 MiB, or the largest a
    # short run measured.
    def copy_size(self):
        sizes = self.native.sizes("copy_htod_pageable") or \
            self.oncuda.sizes("copy_htod_pageable")
        if not sizes or TARGET_COPY_BYTES in sizes:
            return TARGET_COPY_BYTES
        return max(s for s in sizes if s <= TARGET_COPY_BYTES)

    def header(self):
        f = self.facts
        self.out("# oncuda benchmark (issue 4)")
        self.out()
        if self.fake:
            self.out("**Driver: the CPU stand-in (tests/fakecuda), with small "
                     "counts. These numbers are MEANINGLESS: this run tests the "
                     "benchmark, not oncuda. Run it on a GPU.**")
            self.out()
        device = self.native.info.get("device") or self.oncuda.info.get("device")
        self.out("- run: %s on %s, oncuda %s; command: `%s`" % (
            f.get("date", "?"), f.get("host", "?"), f.get("commit", "?"),
            f.get("command", "?")))
        self.out("- device: %s, driver API %s" % (
            device or "?", self.native.info.get("driver_api", "?")))
        self.out("- native: %s; oncuda: %s, oncudad -n on 127.0.0.1 (TCP) with "
                 "the same driver" % (self.native.info.get("libcuda", "?"),
                                      self.oncuda.info.get("libcuda", "?")))
        self.out("- plan: %s" % self.native.info.get(
            "plan", self.oncuda.info.get("plan", "?")))
        self.out("- every figure is the median of the runs shown in "
                 "[raw figures](#raw-figures) (each run: the mean over its "
                 "iterations); GB/s are 10^9 bytes per second")
        if self.local.present:
            self.out("- same-host path: the same oncudad through its unix-domain "
                     "socket, cuMemAllocHost memory shared with the server "
                     "(ONCUDA_TRANSPORT=local; the TCP column has "
                     "ONCUDA_TRANSPORT=tcp)")
        else:
            self.out("- same-host path: %s" % NO_SAME_HOST_WHY)
        self.out("- how: synchronous calls are timed in a loop on a drained "
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
                 "torch.cuda.synchronize() (bench/torch_step.py)")
        self.torch_header()
        self.out()

    def torch_header(self):
        ran = [(label, self.torch[mode]) for mode, label in TORCH_MODES
               if self.torch[mode].results]
        if not ran:
            self.out("- PyTorch step: %s" % (
                self.torch_not_run("native") or
                "no figures (see torch_*.err beside this report)"))
            return
        info = ran[0][1].info
        self.out("- PyTorch step: torch %s; plan: %s; libcuda %s" % (
            info.get("torch", "?"), info.get("plan", "?"), "; ".join(
                "%s: %s" % (label, f.info.get("libcuda", "?"))
                for label, f in ran)))

    def torch_not_run(self, mode, terse=False):
        """Why the PyTorch step has no figure in MODE, or None if it has.
        TERSE: just "not run" where native was not run for the same reason
        (a table row says it once)."""
        why = self.torch_why(mode)
        if why is None:
            return None
        if terse and mode != "native" and why == self.torch_why("native"):
            return "not run"
        return "not run (%s)" % cell_text(why)

    def torch_why(self, mode):
        f = self.torch[mode]
        if f.skipped is not None:
            return f.skipped
        return None if f.present else NO_OUTPUT

    def main_table(self):
        t, n, o, loc = self.transport, self.native, self.oncuda, self.local
        ping = "TCP ping-pong %s (unix %s)" % (
            fmt(t.get("tcp_pingpong", 8), "µs"), fmt(t.get("unix_pingpong", 8), "µs"))
        size = self.copy_size()
        stream = self.stream_ceilings()
        rows = []

        def timed(label, name, ceiling, unit="µs", size=0):
            a, b = n.get(name, size), o.get(name, size)
            tcp = self.no_polling(self.nopoll, name)
            rows.append([label, fmt(a, unit),
                         fmt(b, unit) + (" (%s)" % tcp if tcp else ""),
                         ratio(b, a),
                         self.same_host(loc.get(name, size), a, unit, True,
                                        self.no_polling(self.nopoll_local, name)),
                         ceiling, LUPINE.get(name, "—")])

        timed("cuCtxSynchronize, idle context", "ctx_synchronize", ping)
        timed("cuMemGetInfo", "mem_get_info", ping)
        timed("cuLaunchKernel, empty kernel, async, per launch (%s launches)"
              % n.results.get(("launch_async", 0), {}).get("iterations", "?"),
              "launch_async", "—")
        timed("launch + cuCtxSynchronize", "launch_sync", ping)
        a, b = n.get("htod_4k", 4096), o.get("htod_4k", 4096)
        c = loc.get("htod_4k", 4096)
        rows.append(["cuMemcpyHtoD 4 KiB", self.small_copy(a),
                     self.small_copy(b, self.no_polling(self.nopoll, "htod_4k")),
                     ratio(b, a),
                     "%s, %s" % (self.small_copy(
                         c, self.no_polling(self.nopoll_local, "htod_4k")),
                         ratio(c, a))
                     if loc.present else NO_SAME_HOST, ping,
                     LUPINE["htod_4k"]])
        for name, label in COPY_CASES:
            a, b = n.get(name, size), o.get(name, size)
            rows.append(["%s %s" % (label, size_name(size)), fmt(a, "GB/s"),
                         fmt(b, "GB/s"), ratio(a, b),
                         self.same_host(loc.get(name, size), a, "GB/s", False),
                         stream, LUPINE.get((name, size), "—")])
        a, b = n.get("app_sgemm"), o.get("app_sgemm")
        rows.append(["SGEMM loop (matrixMul kernel): ms per iteration",
                     fmt(a, "ms"), fmt(b, "ms"), ratio(b, a),
                     self.same_host(loc.get("app_sgemm"), a, "ms", True),
                     "—", "—"])
        rows.append(self.torch_row())
        self.out("## Native and oncuda, side by side")
        self.out()
        self.out("ratio: how many times longer oncuda takes than native (time "
                 "over time, or bandwidth native over oncuda); above 1 is slower.")
        self.out()
        if self.nopoll.present or self.nopoll_local.present:
            self.out("no polling: the synchronous calls once more with polling "
                     "off on both ends (oncudad --poll-us 0, ONCUDA_POLL_US=0: "
                     "each side sleeps at once while it waits, as the ping-pong "
                     "does), from a second oncudad; the other figures are "
                     "with polling on, the default.")
            self.out()
        self.table(["case", "native", "oncuda TCP", "ratio",
                    "oncuda same-host (ratio)",
                    "transport ceiling (this run)", "Lupine (issue 4, another run)"],
                   rows)

    def torch_row(self):
        """The main table's row of the PyTorch step."""
        a, b, c = (self.torch[mode].get(TORCH_CASE) for mode, _ in TORCH_MODES)
        native = self.torch_not_run("native") or fmt(a, "ms")
        tcp = self.torch_not_run("oncuda", True) or fmt(b, "ms")
        same = self.torch_not_run("local", True) or \
            "%s (%s)" % (fmt(c, "ms"), ratio(c, a))
        return ["PyTorch training step (small CNN, batch 128): ms per step",
                native, tcp, ratio(b, a), same, "—", "—"]

    def same_host(self, value, native, unit, is_time, no_polling=None):
        """The same-host figure with its ratio to native, for the main
        table, and NO_POLLING's text if there is one."""
        if not self.local.present:
            return NO_SAME_HOST
        r = ratio(value, native) if is_time else ratio(native, value)
        return "%s (%s)" % (fmt(value, unit),
                            "; ".join(t for t in (r, no_polling) if t))

    @staticmethod
    def no_polling(figures, name):
        """The main table's note of a synchronous call with polling off, in
        µs per call, from FIGURES; None where that run is absent (output
        from before it) or NAME is not one of its cases."""
        if not figures.present or name not in SYNC_CASES:
            return None
        return "no polling %s" % fmt(figures.get(name, SYNC_CASES[name]), "µs")

    @staticmethod
    def small_copy(micros, no_polling=None):
        if micros is None:
            return "failed" + (" (%s)" % no_polling if no_polling else "")
        return "%s (%s)" % (fmt(4096 / micros / 1e3, "GB/s"), "; ".join(
            t for t in (fmt(micros, "µs"), no_polling) if t))

    def stream(self, kind, memory=False):
        """The stream ceiling of KIND ("tcp" or "unix"): the cache-hot one,
        or with MEMORY the one from and into buffers of a copy's size."""
        name = kind + ("_stream_memory" if memory else "_stream")
        sizes = self.transport.sizes(name)
        return self.transport.get(name, sizes[-1]) if sizes else None

    def has_memory_streams(self):
        """Whether bench/transport measured the memory-to-memory streams
        (output from before them has only the cache-hot ones)."""
        return any(self.stream(kind, True) is not None
                   for kind in ("tcp", "unix"))

    def stream_ceilings(self):
        """The main table's ceiling cell for the copy rows."""
        if not self.has_memory_streams():
            return "one TCP stream %s (unix %s)" % (
                fmt(self.stream("tcp"), "GB/s"), fmt(self.stream("unix"), "GB/s"))
        return ("one TCP stream: %s memory to memory, %s cache-hot "
                "(unix %s and %s)" % (
                    fmt(self.stream("tcp", True), "GB/s"),
                    fmt(self.stream("tcp"), "GB/s"),
                    fmt(self.stream("unix", True), "GB/s"),
                    fmt(self.stream("unix"), "GB/s")))

    def copy_table(self):
        sizes = sorted(set(self.native.sizes("copy_htod_pageable")) |
                       set(self.oncuda.sizes("copy_htod_pageable")))
        rows = []
        for size in sizes:
            row = [size_name(size)]
            for name, _ in COPY_CASES:
                a, b = self.native.get(name, size), self.oncuda.get(name, size)
                cell = "%s / %s (%s)" % (fmt(a), fmt(b), ratio(a, b))
                if self.local.present:
                    c = self.local.get(name, size)
                    cell += " / %s (%s)" % (fmt(c), ratio(a, c))
                row.append(cell)
            rows.append(row)
        self.out("## Copies: GB/s, native / oncuda TCP (ratio)%s" % (
            " / oncuda same-host (ratio)" if self.local.present else ""))
        self.out()
        self.out("Synchronous cuMemcpyHtoD / cuMemcpyDtoH; pinned is "
                 "cuMemAllocHost memory. Plot: bandwidth.png (data: bandwidth.tsv).")
        self.out()
        self.table(["size"] + [label for _, label in COPY_CASES], rows)

    def transport_table(self):
        memory = self.has_memory_streams()
        rows = []
        for kind, label in (("tcp", "TCP loopback"), ("unix", "unix socket")):
            row = [label, fmt(self.transport.get(kind + "_pingpong", 8), "µs"),
                   fmt(self.stream(kind), "GB/s")]
            if memory:
                row.append(fmt(self.stream(kind, True), "GB/s"))
            rows.append(row)
        self.out("## Transport ceilings of this machine (bench/transport)")
        self.out()
        if not memory:
            self.table(["transport", "8-byte ping-pong", "one stream"], rows)
            return
        self.out("Two streams: the cache-hot one writes from and reads into "
                 "one 1 MiB buffer, the socket path alone; the memory-to-memory "
                 "one moves bytes as a copy does, %s, so it also pays for "
                 "reading and writing memory that is not in the cache. The "
                 "copy targets are judged against it." % cell_text(
                     self.transport.info.get(
                         "memory_stream", "from and into buffers of a copy's size")))
        self.out()
        self.table(["transport", "8-byte ping-pong", "one stream, cache-hot",
                    "one stream, memory to memory"], rows)

    def targets(self):
        t, n, o = self.transport, self.native, self.oncuda
        size = self.copy_size()
        rows = []

        def judge(label, measured, value, limit, at_most):
            if value is None:
                verdict = "failed"
            elif at_most:
                verdict = "met" if value <= limit else "not met"
            else:
                verdict = "met" if value >= limit else "not met"
            if self.fake and value is not None:
                verdict += " (stand-in: meaningless)"
            rows.append([label, measured,
                         "%.2fx" % value if value is not None else "—", verdict])

        def quotient(a, b):
            return a / b if a is not None and b else None

        def sync_call(what, ceiling, figures, nopoll, name, ping):
            """The target row of WHAT, a synchronous call, and under it,
            where the run has one, the same call with polling off."""
            b = figures.get(name)
            judge("%s ≤ 1.3x %s" % (what, ceiling),
                  "%s vs %s" % (fmt(b, "µs"), fmt(ping, "µs")),
                  quotient(b, ping), 1.3, True)
            if nopoll.present:
                b = nopoll.get(name)
                judge("%s %s" % (what, NO_POLLING),
                      "%s vs %s" % (fmt(b, "µs"), fmt(ping, "µs")),
                      quotient(b, ping), 1.3, True)

        tcp_ping = t.get("tcp_pingpong", 8)
        for name, label in (("ctx_synchronize", "cuCtxSynchronize"),
                            ("mem_get_info", "cuMemGetInfo")):
            sync_call(label + " over TCP", "TCP ping-pong", o, self.nopoll,
                      name, tcp_ping)
        unix_ping = t.get("unix_pingpong", 8)
        loc = self.local
        for name, label in (("ctx_synchronize", "cuCtxSynchronize"),
                            ("mem_get_info", "cuMemGetInfo")):
            if not loc.present:
                rows.append(["%s on the same-host path ≤ 1.3x unix ping-pong"
                             % label, NO_SAME_HOST, "—",
                             "not met: " + NO_SAME_HOST_WHY])
                continue
            sync_call(label + " on the same-host path", "unix ping-pong", loc,
                      self.nopoll_local, name, unix_ping)
        a, b = n.get("launch_async"), o.get("launch_async")
        judge("async cuLaunchKernel ≤ 1.5x native per launch",
              "%s vs %s" % (fmt(b, "µs"), fmt(a, "µs")), quotient(b, a), 1.5, True)
        tcp_stream = self.stream("tcp")
        tcp_memory = self.stream("tcp", True)
        for name, label in (("copy_htod_pageable", "HtoD"),
                            ("copy_dtoh_pageable", "DtoH")):
            b = o.get(name, size)
            target = "%s %s pageable over TCP ≥ 0.9x one TCP stream" % (
                size_name(size), label)
            if tcp_memory is None:
                judge(target,
                      "%s vs %s" % (fmt(b, "GB/s"), fmt(tcp_stream, "GB/s")),
                      quotient(b, tcp_stream), 0.9, False)
                continue
            # A copy moves bytes from and into memory out of the cache, so
            # the stream that does the same is its ceiling.
            judge(target + " (memory to memory)",
                  "%s vs %s memory-to-memory stream (%s; %s of the cache-hot "
                  "stream %s)" % (fmt(b, "GB/s"), fmt(tcp_memory, "GB/s"),
                                  ratio(b, tcp_memory), ratio(b, tcp_stream),
                                  fmt(tcp_stream, "GB/s")),
                  quotient(b, tcp_memory), 0.9, False)
        for name, label in COPY_CASES:
            what = "cuMemAllocHost" if "pinned" in name else "pageable"
            target = "same host: %s %s %s ≥ 0.8x native" % (
                size_name(size), label.split()[0], what)
            if not loc.present:
                rows.append([target, NO_SAME_HOST, "—",
                             "not met: " + NO_SAME_HOST_WHY])
                continue
            a, b = n.get(name, size), loc.get(name, size)
            judge(target, "%s vs %s" % (fmt(b, "GB/s"), fmt(a, "GB/s")),
                  quotient(b, a), 0.8, False)
        a = n.get("app_sgemm")
        for path, figures in (("over TCP", o), ("on the same-host path", loc)):
            target = "application case (SGEMM loop) %s ≤ 1.1x native" % path
            if figures is loc and not loc.present:
                rows.append([target, NO_SAME_HOST, "—",
                             "not met: " + NO_SAME_HOST_WHY])
                continue
            b = figures.get("app_sgemm")
            judge(target, "%s vs %s" % (fmt(b, "ms"), fmt(a, "ms")),
                  quotient(b, a), 1.1, True)
        a = self.torch["native"].get(TORCH_CASE)
        for mode, path in (("oncuda", "over TCP"),
                           ("local", "on the same-host path")):
            target = "application case (PyTorch step) %s ≤ 1.1x native" % path
            why = self.torch_not_run("native") or self.torch_not_run(mode)
            if why is not None:
                rows.append([target, why, "—", "not run"])
                continue
            b = self.torch[mode].get(TORCH_CASE)
            judge(target, "%s vs %s" % (fmt(b, "ms"), fmt(a, "ms")),
                  quotient(b, a), 1.1, True)
        self.out("## Targets of issue 4")
        self.out()
        self.out("Ratios of figures from this run (the copy targets compare "
                 "bandwidths: oncuda over the ceiling, so higher is better).")
        self.out()
        self.table(["target", "measured", "ratio", "verdict"], rows)

    def raw(self):
        self.out("## Raw figures")
        self.out()
        self.out("Median, min and max of the runs, in the unit shown; iterations "
                 "per run.")
        self.out()
        rows = []
        programs = [("transport", self.transport), ("native", self.native),
                    ("oncuda", self.oncuda), ("oncuda same-host", self.local)]
        programs += [("PyTorch " + label, self.torch[mode])
                     for mode, label in TORCH_MODES]
        # Absent in output from before the no-polling runs: no row then.
        programs += [(label, figures) for label, figures in (
            ("oncuda TCP, no polling", self.nopoll),
            ("oncuda same-host, no polling", self.nopoll_local))
            if figures.present]
        for label, figures in programs:
            if figures.skipped is not None:
                rows.append([label, "(not run: %s)" % cell_text(figures.skipped),
                             "", "", "", "", "", ""])
            elif not figures.present:
                rows.append([label, "(no output: see the messages of "
                             "bench/run.sh and the .err and .log files)",
                             "", "", "", "", "", ""])
            for (name, size), r in figures.results.items():
                rows.append([label, name, str(size), r["unit"],
                             fmt(r["median"]), "%s – %s" % (fmt(r["min"]), fmt(r["max"])),
                             str(r["runs"]), str(r["iterations"])])
        self.table(["program", "case", "bytes", "unit", "median", "min – max",
                    "runs", "iterations"], rows)

    def write(self):
        self.header()
        self.main_table()
        self.targets()
        self.copy_table()
        self.transport_table()
        self.raw()
        with open(os.path.join(self.dir, "results.md"), "w", encoding="utf-8") as f:
            f.write("\n".join(self.lines).rstrip("\n") + "\n")
        self.write_bandwidth()

    def write_bandwidth(self):
        """One row per size: native and oncuda for each copy case, then the
        stream ceilings (constant), for gnuplot; '-' is a missing value."""
        sizes = sorted(set(self.native.sizes("copy_htod_pageable")) |
                       set(self.oncuda.sizes("copy_htod_pageable")))
        columns = ["bytes"]
        for name, _ in COPY_CASES:
            columns += ["native_" + name[5:], "oncuda_" + name[5:]]
        columns += ["tcp_stream", "unix_stream"]
        # Last, so that the columns before keep their numbers (bench/plot.sh).
        columns += ["local_" + name[5:] for name, _ in COPY_CASES]

        def cell(v):
            return "-" if v is None else "%.6g" % v

        with open(os.path.join(self.dir, "bandwidth.tsv"), "w", encoding="utf-8") as f:
            f.write("# GB/s by copy size; " + ("CPU STAND-IN, MEANINGLESS; "
                                              if self.fake else "") +
                    "written by bench/report.py\n")
            f.write("\t".join(columns) + "\n")
            for size in sizes:
                row = [str(size)]
                for name, _ in COPY_CASES:
                    row += [cell(self.native.get(name, size)),
                            cell(self.oncuda.get(name, size))]
                row += [cell(self.stream("tcp")), cell(self.stream("unix"))]
                row += [cell(self.local.get(name, size)) for name, _ in COPY_CASES]
                f.write("\t".join(row) + "\n")


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("real", "fake"):
        sys.exit("usage: python3 bench/report.py DIR real|fake")
    Report(sys.argv[1], sys.argv[2]).write()


if __name__ == "__main__":
    main()
