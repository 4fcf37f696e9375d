"""bench/report_layers.py: results.md's section on where a synchronous
call's time goes (issue 16).

A cuCtxSynchronize through oncuda is three layers: the transport's round
trip (bench/transport's 8-byte ping-pong), ONC RPC's machinery around it
(bench/rpcnull: the null procedure on the client's own connection, which
reaches the server's dispatch and no procedure of the driver's), and
oncuda's call above that (the client's routing, the server's procedure)
with the driver's own work in it (drvbench's native cuCtxSynchronize).
The table sets the four figures side by side, over TCP and on the same
host, with polling on (each against the ping-pong whose ends poll) and,
where the run has them, off (against the one whose ends sleep), and the
differences between them: what each layer adds.  Output from before
bench/rpcnull has no section.
"""
from report_format import NO_SAME_HOST, fmt


def difference(a, b, unit="µs"):
    """A - B as text; '—' if either is missing."""
    if a is None or b is None:
        return "—"
    return fmt(a - b, unit) if a >= b else "−" + fmt(b - a, unit)


def layers_table(md, run):
    """The layers of a synchronous call, each transport a column."""
    if not (run.rpcnull.present or run.rpcnull_local.present):
        return
    t = run.transport
    native = run.native.get("ctx_synchronize")
    # A column: its heading, the ping-pong it stands on, the null call
    # and cuCtxSynchronize through oncuda, each None where absent.
    columns = [("TCP", t.get("tcp_pingpong_polling", 8),
                run.rpcnull.get("rpc_null"), run.oncuda.get("ctx_synchronize"))]
    if run.local.present:
        columns.append(("same host", t.get("unix_pingpong_polling", 8),
                        run.rpcnull_local.get("rpc_null"),
                        run.local.get("ctx_synchronize")))
    if run.rpcnull_nopoll.present:
        columns.append(("TCP, no polling", t.get("tcp_pingpong", 8),
                        run.rpcnull_nopoll.get("rpc_null"),
                        run.nopoll.get("ctx_synchronize")))
    if run.rpcnull_nopoll_local.present:
        columns.append(("same host, no polling", t.get("unix_pingpong", 8),
                        run.rpcnull_nopoll_local.get("rpc_null"),
                        run.nopoll_local.get("ctx_synchronize")))
    rows = [
        ["8-byte ping-pong (bench/transport; both ends polling, or with "
         "polling off both sleeping)"] + [fmt(c[1], "µs") for c in columns],
        ["ONC RPC null procedure on the client's connection "
         "(bench/rpcnull)"] + [fmt(c[2], "µs") for c in columns],
        ["cuCtxSynchronize through oncuda (drvbench)"] +
        [fmt(c[3], "µs") for c in columns],
        ["cuCtxSynchronize natively: the driver"] +
        [fmt(native, "µs") for _ in columns],
        ["the RPC machinery: null call less ping-pong"] +
        [difference(c[2], c[1]) for c in columns],
        ["oncuda's call above RPC: cuCtxSynchronize less null call less "
         "the driver's"] +
        [difference(c[3], c[2] + native) if c[2] is not None and
         native is not None else "—" for c in columns],
    ]
    if not run.local.present:
        for row in rows:
            row.insert(2, NO_SAME_HOST)
        columns.insert(1, ("same host",))
    md.out("## A synchronous call, layer by layer")
    md.out()
    md.out("The transport's round trip, ONC RPC around it, and oncuda's "
           "call around that with the driver's work inside: each row below "
           "the figures is what one layer adds. The null procedure goes "
           "through the client's call discipline and transport and the "
           "server's whole dispatch, and reaches no driver.")
    md.out()
    md.table(["layer"] + [c[0] for c in columns], rows)
