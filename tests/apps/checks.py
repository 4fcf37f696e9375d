"""checks.py -- what tests/apps' Python checks share: the verdict lines,
the comparison against a reference, and the hold at the end.

A check script calls hold_signals() before it imports its framework (so that
the threads the framework starts inherit the blocked SIGUSR1), then
verdict() or close() per check, run_part() around each group of checks, and
finish(NAME) last: it prints "PASS NAME" or "FAIL NAME" and, with
ONCUDA_APPS_HOLD set, READY, and waits for SIGUSR1 so that
tests/apps/run.sh can read the process's mappings with everything the
framework loaded still loaded.  The exit status is finish()'s return.
"""
import os
import signal

HOLD = os.environ.get("ONCUDA_APPS_HOLD") is not None
failures = 0


def hold_signals():
    if HOLD:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})


def verdict(name, ok, why=""):
    global failures
    if ok:
        print(f"PASS {name}", flush=True)
    else:
        failures += 1
        print(f"FAIL {name}: {why}", flush=True)


def close(name, got, want, rtol=1e-5, atol=1e-6):
    """got matches want (both array-likes on the host) within rtol/atol;
    integers and booleans exactly."""
    import numpy as np    # here: the torch checks compare torch tensors

    got = np.asarray(got)
    want = np.asarray(want)
    if got.shape != want.shape:
        verdict(name, False, f"shape {got.shape}, expected {want.shape}")
        return
    if np.issubdtype(want.dtype, np.inexact):
        diff = np.abs(got.astype(np.complex128 if np.iscomplexobj(want)
                                 else np.float64) - want)
        bound = atol + rtol * np.abs(want)
        bad = int(np.count_nonzero(~(diff <= bound)))
        worst = float(np.nanmax(diff)) if diff.size else 0.0
        verdict(name, bad == 0, f"{bad} of {got.size} elements off "
                f"(worst difference {worst:.3g}, rtol {rtol}, atol {atol})")
    else:
        bad = int(np.count_nonzero(got != want))
        verdict(name, bad == 0, f"{bad} of {got.size} elements differ")


def run_part(part, *args):
    """A group of checks; an exception (a failed CUDA call surfaces as one)
    fails the group by name and the script goes on with the next."""
    try:
        part(*args)
    except Exception as e:  # noqa: BLE001  (any failure is the verdict)
        verdict(part.__name__, False, f"{type(e).__name__}: {e}")


def finish(name):
    print(f"{'PASS' if failures == 0 else 'FAIL'} {name}", flush=True)
    if HOLD:
        print("READY", flush=True)
        signal.sigwait({signal.SIGUSR1})
    return 0 if failures == 0 else 1
