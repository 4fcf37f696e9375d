"""bench/report_targets.py: results.md's verdicts on the targets of issue 4
and of issue 16 (applications, launches, synchronous calls).

Each target is a ratio of two figures of the same run (oncuda against a
transport ceiling or against native) and a limit; the section gives the
figures, the ratio and "met" or "not met".  It is kept apart from the
sections that only show figures because it is the part a reader acts on:
what counts as met is decided here and nowhere else.  On the CPU stand-in
every verdict says that it is meaningless.
"""
from report_figures import COPY_CASES, PY_APPS, TORCH_CASE
from report_format import (NO_SAME_HOST, NO_SAME_HOST_WHY, app_not_run, fmt,
                           ratio, size_name, torch_not_run)

# Issue 16's limits for an application: over TCP, and on the same host.
APP_LIMITS = (("oncuda", "over TCP", 1.15),
              ("local", "on the same-host path", 1.05))

NO_POLLING = ("with polling off on both ends, against the ping-pong whose "
              "ends sleep (for information)")


def not_run(why):
    """The verdict on a target whose case has no figure, for WHY."""
    return "skipped" if why.startswith("skipped") else "not run"


def targets(md, run):
    """The section: one row per target, in the order of issue 4."""
    t, n, o = run.transport, run.native, run.oncuda
    size = run.copy_size()
    rows = []

    def judge(label, measured, value, limit, at_most):
        if value is None:
            verdict = "failed"
        elif at_most:
            verdict = "met" if value <= limit else "not met"
        else:
            verdict = "met" if value >= limit else "not met"
        if run.fake and value is not None:
            verdict += " (stand-in: meaningless)"
        rows.append([label, measured,
                     "%.2fx" % value if value is not None else "—", verdict])

    def quotient(a, b):
        return a / b if a is not None and b else None

    def sync_call(what, ceiling, figures, nopoll, name, ping, sleeping):
        """The target row of WHAT, a synchronous call, and under it,
        where the run has one, the same call with polling off, against
        the ping-pong whose ends sleep (SLEEPING)."""
        b = figures.get(name)
        judge("%s ≤ 1.3x %s" % (what, ceiling),
              "%s vs %s" % (fmt(b, "µs"), fmt(ping, "µs")),
              quotient(b, ping), 1.3, True)
        if nopoll.present:
            b = nopoll.get(name)
            judge("%s %s" % (what, NO_POLLING),
                  "%s vs %s" % (fmt(b, "µs"), fmt(sleeping, "µs")),
                  quotient(b, sleeping), 1.3, True)

    # The ceiling is the ping-pong in which both ends poll, where the run
    # has it (bench/transport since issue 16), else the sleeping one.
    polled = t.get("tcp_pingpong_polling", 8) is not None
    tcp_ping = t.get("tcp_pingpong_polling" if polled else "tcp_pingpong", 8)
    how = " (both ends polling)" if polled else ""
    for name, label in (("ctx_synchronize", "cuCtxSynchronize"),
                        ("mem_get_info", "cuMemGetInfo")):
        sync_call(label + " over TCP", "TCP ping-pong" + how, o, run.nopoll,
                  name, tcp_ping, t.get("tcp_pingpong", 8))
    unix_ping = t.get("unix_pingpong_polling" if polled else "unix_pingpong",
                      8)
    loc = run.local
    for name, label in (("ctx_synchronize", "cuCtxSynchronize"),
                        ("mem_get_info", "cuMemGetInfo")):
        if not loc.present:
            rows.append(["%s on the same-host path ≤ 1.3x unix ping-pong"
                         % label, NO_SAME_HOST, "—",
                         "not met: " + NO_SAME_HOST_WHY])
            continue
        sync_call(label + " on the same-host path", "unix ping-pong" + how,
                  loc, run.nopoll_local, name, unix_ping,
                  t.get("unix_pingpong", 8))
    a, b = n.get("launch_async"), o.get("launch_async")
    for limit, issue in ((1.5, 4), (1.2, 16)):
        judge("async cuLaunchKernel over TCP ≤ %.1fx native per launch "
              "(issue %d)" % (limit, issue),
              "%s vs %s" % (fmt(b, "µs"), fmt(a, "µs")), quotient(b, a),
              limit, True)
    tcp_stream = run.stream("tcp")
    tcp_memory = run.stream("tcp", True)
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
    def application(label, unit, a, figure, not_run_row, limits):
        """The rows of an application case: for each (limit, issue) of
        LIMITS (limit None: issue 16's, APP_LIMITS) its figure on each
        path against native's, A.  figure(mode) is the path's; where
        not_run_row(mode) gives (measured, verdict), that is the row."""
        for limit, issue in limits:
            for mode, path, app_limit in APP_LIMITS:
                lim = app_limit if limit is None else limit
                target = "application case (%s) %s ≤ %.2fx native " \
                    "(issue %d)" % (label, path, lim, issue)
                instead = not_run_row(mode)
                if instead is not None:
                    rows.append([target, instead[0], "—", instead[1]])
                    continue
                b = figure(mode)
                judge(target, "%s vs %s" % (fmt(b, unit), fmt(a, unit)),
                      quotient(b, a), lim, True)

    def same_host_absent(mode):
        if mode == "local" and not loc.present:
            return NO_SAME_HOST, "not met: " + NO_SAME_HOST_WHY
        return None

    def why_row(why):
        return None if why is None else (why, not_run(why))

    issue16 = ((None, 16),)
    # drvbench's applications: issue 4's limit on both paths, then issue
    # 16's, which holds the graph replay too.
    for name, label, unit, limits in (
            ("app_sgemm", "SGEMM loop", "ms", ((1.1, 4),) + issue16),
            ("graph_replay_100", "100-kernel graph replay", "µs", issue16)):
        application(label, unit, n.get(name),
                    lambda mode, name=name:
                    (o if mode == "oncuda" else loc).get(name),
                    same_host_absent, limits)
    application("PyTorch step", "ms", run.torch["native"].get(TORCH_CASE),
                lambda mode: run.torch[mode].get(TORCH_CASE),
                lambda mode: why_row(torch_not_run(run, "native") or
                                     torch_not_run(run, mode)),
                ((1.1, 4),) + issue16)
    for prefix, case, unit, name, _ in PY_APPS:
        application(name, unit, run.apps[prefix]["native"].get(case),
                    lambda mode, prefix=prefix, case=case:
                    run.apps[prefix][mode].get(case),
                    lambda mode, prefix=prefix:
                    why_row(app_not_run(run, prefix, "native") or
                            app_not_run(run, prefix, mode)),
                    issue16)
    md.out("## Targets of issues 4 and 16")
    md.out()
    md.out("Ratios of figures from this run (the copy targets compare "
           "bandwidths: oncuda over the ceiling, so higher is better). "
           "Each row names its issue; where issue 16 set a stricter or "
           "another limit for a case of issue 4, both rows are shown.")
    md.out()
    md.table(["target", "measured", "ratio", "verdict"], rows)
