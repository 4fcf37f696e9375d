"""bench/report_figures.py: the figures of one benchmark run, as read.

bench/report.py's sections all draw on the same raw output of bench/run.sh;
it is read here once, into a Run, so that a section only asks for a figure
by its case and size.  A file that is missing, empty or cut short leaves
its figures absent (None) instead of stopping the report: the sections
write "failed" or "not run" for them, so a run that broke halfway still
says what it got.  The lines read are those of bench/measure.h ("result"
and "info") and bench/run.sh's "skip" line for a case it did not run.
"""
import os
import statistics

# drvbench's copy cases, with the words the tables use for them.
COPY_CASES = [
    ("copy_htod_pageable", "HtoD pageable"),
    ("copy_dtoh_pageable", "DtoH pageable"),
    ("copy_htod_pinned", "HtoD pinned"),
    ("copy_dtoh_pinned", "DtoH pinned"),
    ("copy_dtoh_pinned_async", "DtoH pinned async"),
]
# The copy size of issue 4's targets.
TARGET_COPY_BYTES = 256 << 20
TORCH_CASE = "app_torch_step"
# The Python cases' runs: the suffix of their files (torch_native.tsv, ...),
# and the words for it.
TORCH_MODES = (("native", "native"), ("oncuda", "oncuda TCP"),
               ("local", "oncuda same-host"))
# The Python cases of issue 16, as bench/run.sh's PY_CASES runs them: the
# prefix of their files, their case, its unit, their name and their words
# for the figure.
PY_APPS = (
    ("triton", "app_triton_add", "µs", "Triton vector add",
     "Triton kernel (vector add) launched from Python: µs per launch"),
    ("compile", "app_compile_mlp", "ms", "torch.compile MLP",
     "torch.compile'd MLP (512-1024-1024-256, batch 64): ms per forward"),
    ("decode", "app_gpt2_decode", "ms", "GPT-2 decoding",
     "GPT-2 small decoding (random weights, KV cache, greedy): ms per "
     "token (tokens/s)"),
)
# The cases drvbench -c measures, the synchronous calls, by their sizes.
SYNC_CASES = {"ctx_synchronize": 0, "mem_get_info": 0, "launch_sync": 0,
              "htod_4k": 4096}
NO_OUTPUT = "no output: see bench/run.sh's messages"


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
                    self.add_result(fields)
                elif fields[0] == "info" and len(fields) == 3:
                    self.info[fields[1]] = fields[2]
                elif fields[0] == "skip" and len(fields) == 2:
                    self.skipped = fields[1]

    def add_result(self, fields):
        """One result line.  A figure a program printed again (the rounds
        of bench/run.sh's BENCH_ROUNDS, appended to the first round's
        output) is the median of the rounds' medians, with the smallest
        minimum and largest maximum of them all."""
        key = (fields[1], int(fields[2]))
        medians = self.results.get(key, {}).get("medians", [])
        medians.append(float(fields[4]))
        old = self.results.get(key)
        self.results[key] = {
            "unit": fields[3], "median": statistics.median(medians),
            "medians": medians,
            "min": min(float(fields[5]), old["min"]) if old else float(fields[5]),
            "max": max(float(fields[6]), old["max"]) if old else float(fields[6]),
            "runs": int(fields[7]) + (old["runs"] if old else 0),
            "iterations": int(fields[8]),
        }

    def get(self, name, size=0):
        """The median of a figure, or None."""
        r = self.results.get((name, size))
        return r["median"] if r else None

    def sizes(self, name):
        return sorted(s for (n, s) in self.results if n == name)


def read_run_facts(path):
    """run.tsv's lines, key and value: the date, host, commit and command
    of the run; empty where the file is missing."""
    facts = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("\t")
                facts[key] = value
    return facts


class Run:
    """Everything one run of bench/run.sh wrote into DIRECTORY, and the
    few figures that are derived from more than one case."""

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
        # ONC RPC's null procedure (bench/rpcnull) over TCP and the
        # same-host path, with polling on, then off as above.
        self.rpcnull = Figures(os.path.join(directory, "rpcnull.tsv"))
        self.rpcnull_local = Figures(os.path.join(directory, "rpcnull_local.tsv"))
        self.rpcnull_nopoll = Figures(os.path.join(directory, "rpcnull_nopoll.tsv"))
        self.rpcnull_nopoll_local = Figures(
            os.path.join(directory, "rpcnull_nopoll_local.tsv"))
        # The Python cases' runs by their prefix, each by the keys of
        # TORCH_MODES; bench/torch_step.py's are also self.torch.
        self.apps = {
            prefix: {mode: Figures(os.path.join(
                directory, "%s_%s.tsv" % (prefix, mode)))
                for mode, _ in TORCH_MODES}
            for prefix in ["torch"] + [a[0] for a in PY_APPS]}
        self.torch = self.apps["torch"]
        # drvbench over TCP across a veth pair between two network
        # namespaces, and across it with tc netem (bench/run.sh --netem).
        self.netns = Figures(os.path.join(directory, "netns.tsv"))
        self.netem = Figures(os.path.join(directory, "netem.tsv"))
        self.facts = read_run_facts(os.path.join(directory, "run.tsv"))

    # The size the copy rows and targets use: 256 MiB, or the largest a
    # short run measured.
    def copy_size(self):
        sizes = self.native.sizes("copy_htod_pageable") or \
            self.oncuda.sizes("copy_htod_pageable")
        if not sizes or TARGET_COPY_BYTES in sizes:
            return TARGET_COPY_BYTES
        return max(s for s in sizes if s <= TARGET_COPY_BYTES)

    def copy_sizes(self):
        """Every copy size either drvbench run measured, smallest first."""
        return sorted(set(self.native.sizes("copy_htod_pageable")) |
                      set(self.oncuda.sizes("copy_htod_pageable")))

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

    def app_why(self, prefix, mode):
        """Why the Python case PREFIX has no output in MODE: bench/run.sh's
        reason for skipping it, NO_OUTPUT where its file is missing, or
        None where it ran (whether or not it gave a figure)."""
        f = self.apps[prefix][mode]
        if f.skipped is not None:
            return f.skipped
        return None if f.present else NO_OUTPUT

    def torch_why(self, mode):
        return self.app_why("torch", mode)
