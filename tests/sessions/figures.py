#!/usr/bin/env python3
"""tests/sessions/figures.py -- checks what oncuda-ls -v --json and the
metrics file (oncudad --metrics-file) say of the sessions of one server.

    figures.py JSON-FILE METRICS-FILE HOLDER...

HOLDER is DEVICE_BYTES:PINNED_BYTES:COPY_BYTES, as tests/sessions/holder
was given them.  Each holder must be listed once, found by its device
memory, with exactly that device and page-locked memory, one context, the
key proved, and at least COPY_BYTES (plus at most SLACK more) each way; the
session answering the listing must have served exactly the calls before it:
inside TLS with the key as PSK, which proves the key, two (the AUTH_TLS
probe, hello); otherwise three (hello, challenge, proof).  The metrics file must parse as the
Prometheus text format and say the same of every session.  Prints one line
per check passed; exits 1 at the first that fails.
"""
import json
import sys
import time

from prom import parse_metrics

SLACK = 64 << 10        # RPC headers and the calls around the copies


def fail(what):
    print("FAILED: " + what)
    sys.exit(1)


def check(cond, what):
    if not cond:
        fail(what)
    print("ok: " + what)


def per_pid(values, name):
    out = {}
    for (n, labels), v in values.items():
        if n == name:
            out[int(dict(labels)["pid"])] = v
    return out


def main():
    listing = json.load(open(sys.argv[1]))
    holders = [tuple(int(x) for x in h.split(":")) for h in sys.argv[3:]]
    servers = [s for s in listing["servers"] if s["state"] == "server"]
    check(len(servers) == 1, "one server listed")
    server = servers[0]
    check("sessions" in server, "its sessions are listed (%s)" %
          server.get("sessions_error", "no error"))
    # oncuda-ls's own discovery connection (a call or two, nothing held)
    # may still be listed: its process has ended but not yet been reaped.
    passers = [s for s in server["sessions"] if not s["self"] and s["contexts"] == 0
               and s["device_memory"] == 0 and s["calls"] <= 2]
    sessions = [s for s in server["sessions"] if s not in passers]
    check(len(sessions) == len(holders) + 1,
          "%d sessions: the holders and the listing (and %d of oncuda-ls's "
          "discovery)" % (len(sessions), len(passers)))
    now = time.time()
    for device, pinned, copied in holders:
        mine = [s for s in sessions if s["device_memory"] == device]
        check(len(mine) == 1, "one session holds %d bytes of device memory" % device)
        s = mine[0]
        check(s["page_locked_memory"] == pinned,
              "it holds %d bytes page-locked" % s["page_locked_memory"])
        check(s["contexts"] == 1, "it holds one context")
        check(s["key_proved"] and not s["self"], "it proved the key")
        check(s["peer"].startswith("127.0.0.1:") or s["peer"].startswith("unix:"),
              "its client is %s" % s["peer"])
        check(now - 300 <= s["since"] <= now + 5, "it began %d s ago" % (now - s["since"]))
        check(copied <= s["bytes_in"] <= copied + SLACK,
              "%d bytes in for a copy of %d to the device" % (s["bytes_in"], copied))
        check(copied <= s["bytes_out"] <= copied + SLACK,
              "%d bytes out for a copy of %d back" % (s["bytes_out"], copied))
        check(8 <= s["calls"] <= 400, "%d calls" % s["calls"])
    me = [s for s in sessions if s["self"]]
    by_psk = ", PSK, " in server.get("connection", {}).get("text", "")
    before = 2 if by_psk else 3
    check(len(me) == 1 and me[0]["calls"] == before and me[0]["key_proved"] and
          me[0]["device_memory"] == 0,
          "the listing's own session: %d calls before it (%s), the key proved, "
          "no memory" % (before, "the AUTH_TLS probe, hello: inside TLS with the "
                         "key as PSK" if by_psk else "hello, challenge, proof"))
    check(len(server["gpus"]) > 0 or server["nvml"] != "",
          "GPU figures, or why not: %r" % (server["nvml"] or server["gpus"]))

    values = parse_metrics(sys.argv[2])
    check(values.get(("oncuda_up", frozenset())) == 1, "metrics: oncuda_up 1")
    check(values.get(("oncuda_sessions", frozenset())) == len(holders),
          "metrics: %d sessions" % len(holders))
    for name, field, exact in (
            ("oncuda_session_device_memory_bytes", "device_memory", True),
            ("oncuda_session_page_locked_memory_bytes", "page_locked_memory", True),
            ("oncuda_session_contexts", "contexts", True),
            ("oncuda_session_key_proved", "key_proved", True),
            ("oncuda_session_start_time_seconds", "since", True),
            ("oncuda_session_calls_total", "calls", False),
            ("oncuda_session_received_bytes_total", "bytes_in", False),
            ("oncuda_session_sent_bytes_total", "bytes_out", False)):
        got = per_pid(values, name)
        for s in sessions:
            if s["self"]:
                continue
            want = float(s[field])
            seen = got.get(s["pid"])
            if seen is None or (seen != want if exact else not
                                want - SLACK <= seen <= want + SLACK):
                fail("metrics: %s of pid %d is %s, oncuda-ls said %s" %
                     (name, s["pid"], seen, want))
        print("ok: metrics: %s as oncuda-ls says" % name)
    nvml = values.get(("oncuda_nvml_available", frozenset()))
    check(nvml == (1 if server["nvml"] == "" else 0),
          "metrics: oncuda_nvml_available %s" % nvml)


main()
