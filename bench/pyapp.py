"""bench/pyapp.py: what the benchmark's Python cases share.

bench/torch_step.py, bench/triton_add.py, bench/compile_mlp.py and
bench/gpt2_decode.py each measure one application natively and, run again
by bench/run.sh with oncuda's libcuda.so.1 first in LD_LIBRARY_PATH,
through oncuda.  They agree with bench/run.sh on three things, kept here
so that they agree with each other too:

- the exit status: 0 when the case measured, 1 when something failed, and
  SKIP_STATUS (77) with the reason as the last line of stderr when what
  the case needs (torch with CUDA, a GPU, Triton, ...) is missing.  With
  --require-gpu a missing piece is a failure instead: bench/run.sh passes
  it to the runs through oncuda once the native run has measured, so that
  a GPU oncuda fails to show is not taken for a machine without one;
- the output: "info" and "result" lines in the format of bench/measure.h,
  read by bench/report.py;
- the libcuda files the process mapped, in an "info libcuda" line, which
  bench/run.sh checks to tell a native run from one through oncuda.

Only the standard library is imported at the top: a case imports torch
(or Triton, or transformers) through import_torch and import_or_skip, so
that a machine without them gets the reason, not a traceback.
"""
import argparse
import statistics
import sys
import time

SKIP_STATUS = 77


class App:
    """One case's name (for its messages) and its command line."""

    def __init__(self, name, description):
        self.name = name
        self.parser = argparse.ArgumentParser(prog=name, description=description)
        self.parser.add_argument("-q", action="store_true",
                                 help="small counts (a smoke test)")
        self.parser.add_argument(
            "--require-gpu", action="store_true",
            help="a missing torch, package or GPU is a failure, not a skip")
        self.args = None

    def parse(self):
        self.args = self.parser.parse_args()
        return self.args

    def skip_status(self):
        """The status for "cannot run here": a skip, or with --require-gpu
        a failure."""
        return 1 if self.args.require_gpu else SKIP_STATUS

    def stop(self, status, why):
        print("%s: %s" % (self.name, why), file=sys.stderr, flush=True)
        sys.exit(status)

    def import_torch(self):
        """torch, or the end of the program saying why there is none to
        use: not installed, built without CUDA, or no GPU seen."""
        skip = self.skip_status()
        try:
            import torch
        except ImportError as e:
            self.stop(skip, "%s cannot import torch (%s): install PyTorch "
                      "with CUDA to run this case" % (sys.executable, e))
        if torch.version.cuda is None:
            self.stop(skip, "torch %s was built without CUDA: install a CUDA "
                      "build of PyTorch to run this case" % torch.__version__)
        if not torch.cuda.is_available():
            why = "torch.cuda.is_available() is False"
            try:
                torch.cuda.init()
            except Exception as e:  # the driver's own reason, when it gives one
                why = "%s: %s" % (type(e).__name__, e)
            self.stop(skip, "torch %s sees no GPU (%s)" % (torch.__version__, why))
        return torch

    def import_or_skip(self, module, what):
        """MODULE imported, or the end of the program saying that WHAT
        (the case's words for why it needs it) cannot run without it."""
        import importlib
        try:
            return importlib.import_module(module)
        except Exception as e:  # ImportError, or a package broken on import
            self.stop(self.skip_status(), "%s cannot import %s (%s: %s): %s" % (
                sys.executable, module, type(e).__name__, e, what))


def strict_float32(torch):
    """The same algorithms on every run, and float32 computed as float32
    (no TF32), so that native and oncuda runs do the same work."""
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_tf32 = False


def timed_runs(torch, runs, iterations, body):
    """RUNS runs of ITERATIONS calls of BODY(i), i counting on across the
    runs, each run ending in torch.cuda.synchronize(): the milliseconds
    per call of each run."""
    samples = []
    i = 0
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(iterations):
            body(i)
            i += 1
        torch.cuda.synchronize()
        samples.append((time.perf_counter() - start) * 1e3 / iterations)
    return samples


def loaded_libcuda():
    """The libcuda files this process has mapped, as bench/run.sh checks."""
    paths = set()
    with open("/proc/self/maps", encoding="utf-8") as f:
        for line in f:
            path = line.split()[-1]
            if "/libcuda.so" in path:
                paths.add(path)
    return ", ".join(sorted(paths)) or "none mapped"


def info(key, value):
    print("info\t%s\t%s" % (key, value.replace("\t", " ").replace("\n", " ")))


def common_info(torch):
    """The info lines every Python case prints: the libcuda it used, the
    device and torch's versions."""
    info("libcuda", loaded_libcuda())
    info("device", torch.cuda.get_device_name(0))
    info("torch", "%s (CUDA %s, cuDNN %s)" % (
        torch.__version__, torch.version.cuda, torch.backends.cudnn.version()))


def result(case, unit, samples, iterations, scale=1.0):
    """CASE's result line: the median, min and max of SAMPLES (times
    SCALE, to turn milliseconds into UNIT), the number of runs and
    ITERATIONS per run."""
    values = [s * scale for s in samples]
    print("result\t%s\t0\t%s\t%.6g\t%.6g\t%.6g\t%d\t%d" % (
        case, unit, statistics.median(values), min(values), max(values),
        len(values), iterations), flush=True)
