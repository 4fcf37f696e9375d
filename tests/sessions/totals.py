#!/usr/bin/env python3
"""tests/sessions/totals.py -- checks the totals of every session in two
metrics files of one oncudad (--metrics-file), the second written after
sessions ended.

    totals.py [--kept] EARLIER LATER JSON-FILE HOLDER...

EARLIER was written while the holders ran, LATER after they ended (and
every other session with them: LATER says 0 sessions); with --kept,
EARLIER was written after they ended and LATER once the server stopped,
with no session between: every total must be the same.  JSON-FILE is
oncuda-ls -v --json's listing of them while they ran, HOLDER as for
figures.py (DEVICE_BYTES:PINNED_BYTES:COPY_BYTES).  Checks that no counter
of the whole daemon went down from EARLIER to LATER, that LATER's totals
still hold the ended holders' calls and bytes, that the holders' ends were
counted, that started = ended + open in both, and the largest peaks.
Prints one line per check passed; exits 1 at the first that fails.
"""
import json
import sys

from prom import fail, parse_metrics

COUNTERS = ("oncuda_sessions_started_total", "oncuda_sessions_uncounted_total",
            "oncuda_sessions_key_proved_total", "oncuda_calls_total",
            "oncuda_received_bytes_total", "oncuda_sent_bytes_total",
            "oncuda_sessions_seconds_total")
HOWS = ("exited", "failed", "killed")


def check(cond, what):
    if not cond:
        fail(what)
    print("ok: " + what)


def daemon_figures(path):
    """{name or name{how}: value} of the daemon's own series, checked."""
    types = {}
    values = parse_metrics(path, types)
    out = {}
    for name in COUNTERS + ("oncuda_sessions",
                            "oncuda_sessions_device_memory_peak_bytes",
                            "oncuda_sessions_page_locked_memory_peak_bytes"):
        if (name, frozenset()) not in values:
            fail("%s: no %s" % (path, name))
        out[name] = values[(name, frozenset())]
    for name in COUNTERS:
        if types[name] != "counter":
            fail("%s: %s is a %s, not a counter" % (path, name, types[name]))
    for how in HOWS:
        key = ("oncuda_sessions_ended_total", frozenset([("how", how)]))
        if key not in values:
            fail('%s: no oncuda_sessions_ended_total{how="%s"}' % (path, how))
        out["ended " + how] = values[key]
    if types["oncuda_sessions_ended_total"] != "counter":
        fail("%s: oncuda_sessions_ended_total is no counter" % path)
    return out


def main():
    args = sys.argv[1:]
    kept = args[0] == "--kept"
    if kept:
        args = args[1:]
    earlier, later = daemon_figures(args[0]), daemon_figures(args[1])
    listing = json.load(open(args[2]))
    holders = [tuple(int(x) for x in h.split(":")) for h in args[3:]]
    print("ok: both files have the daemon's totals, counters typed so")
    for name in COUNTERS + tuple("ended " + h for h in HOWS):
        if later[name] < earlier[name]:
            fail("%s went down from %d to %d" % (name, earlier[name], later[name]))
    print("ok: no counter went down (%s)" % ", ".join(
        "%s %d -> %d" % (n, earlier[n], later[n]) for n in
        ("oncuda_calls_total", "oncuda_received_bytes_total",
         "oncuda_sent_bytes_total")))
    for f, which in ((earlier, "earlier"), (later, "later")):
        ended = sum(f["ended " + h] for h in HOWS)
        check(f["oncuda_sessions_started_total"] == ended + f["oncuda_sessions"],
              "%s: %d started = %d ended + %d open" % (
                  which, f["oncuda_sessions_started_total"], ended,
                  f["oncuda_sessions"]))
        check(f["oncuda_sessions_uncounted_total"] == 0,
              "%s: no session went uncounted" % which)
    check(later["oncuda_sessions"] == 0, "later: no session open")

    sessions = [s for s in listing["servers"][0]["sessions"]]
    mine = [s for s in sessions
            if s["device_memory"] in [h[0] for h in holders] and not s["self"]]
    check(len(mine) == len(holders), "the listing has the %d holders" % len(holders))
    for field, name in (("calls", "oncuda_calls_total"),
                        ("bytes_in", "oncuda_received_bytes_total"),
                        ("bytes_out", "oncuda_sent_bytes_total")):
        theirs = sum(s[field] for s in mine)
        check(later[name] >= theirs,
              "later: %s %d holds the ended holders' %d" % (name, later[name], theirs))
    if kept:
        changed = [n for n in earlier if n != "oncuda_sessions" and
                   later[n] != earlier[n]]
        check(not changed, "every total kept as it was%s" % "".join(
            ", but %s %d -> %d" % (n, earlier[n], later[n]) for n in changed))
        return
    check(later["ended exited"] - earlier["ended exited"] >= len(holders),
          "the holders' ends were counted: ended{how=\"exited\"} %d -> %d" % (
              earlier["ended exited"], later["ended exited"]))
    check(later["oncuda_sessions_key_proved_total"] -
          earlier["oncuda_sessions_key_proved_total"] >= len(holders),
          "they proved the key: oncuda_sessions_key_proved_total %d -> %d" % (
              earlier["oncuda_sessions_key_proved_total"],
              later["oncuda_sessions_key_proved_total"]))
    check(later["ended killed"] == 0 and later["ended failed"] == 0,
          "no session failed or was killed")
    check(later["oncuda_sessions_device_memory_peak_bytes"] == max(h[0] for h in holders),
          "the largest device memory peak is the biggest holder's, %d" % max(
              h[0] for h in holders))
    check(later["oncuda_sessions_page_locked_memory_peak_bytes"] == max(
        h[1] for h in holders),
          "the largest page-locked peak is the biggest holder's, %d" % max(
              h[1] for h in holders))


main()
