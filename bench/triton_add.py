#!/usr/bin/env python3
"""bench/triton_add.py: the benchmark's Triton case, microseconds per launch
of a Triton kernel (vector add) from Python.

    python3 bench/triton_add.py [-q] [--require-gpu]

The kernel (bench/triton_add_kernel.py) adds two vectors of N floats into
a third, a few microseconds of GPU work, so that what is timed is mostly
the launch: Triton's launcher in Python and C, which before every launch
asks the driver about each pointer argument (cuPointerGetAttribute), then
cuLaunchKernel.  That is the path every Triton program, and the kernels
torch.compile generates, takes on each call.

After WARMUP untimed launches (the first compiles the kernel, or finds it
in Triton's cache, and loads it), RUNS runs of LAUNCHES launches are
timed, each ending in torch.cuda.synchronize(); a run's figure is its time
per launch.  The output of the last launch must equal x + y, which torch
computes apart, so that launches that did nothing cannot pass for fast
ones.  The same program runs natively and through oncuda (bench/run.sh
puts oncuda's libcuda.so.1 first in LD_LIBRARY_PATH).

Prints "info" and "result" lines (bench/pyapp.py): the case is
app_triton_add, in µs.  Exits 0 when it measured, 1 when something failed,
and 77 with the reason on stderr when torch with CUDA, a GPU or Triton is
missing (with --require-gpu those are failures).
"""
import sys

import pyapp

CASE = "app_triton_add"
N = 1 << 16             # floats per vector: 256 KiB, a few µs on a GPU
BLOCK = 1024            # floats per Triton program: N / BLOCK programs
SEED = 1234
FULL = {"warmup": 100, "runs": 10, "launches": 1000}
QUICK = {"warmup": 10, "runs": 3, "launches": 100}


def main():
    app = pyapp.App("triton_add",
                    "a Triton kernel (vector add) launched from Python, "
                    "µs per launch")
    args = app.parse()
    plan = QUICK if args.q else FULL
    torch = app.import_torch()
    triton = app.import_or_skip(
        "triton", "install Triton (it comes with PyTorch's CUDA wheels) to "
        "run this case")
    from triton_add_kernel import add_kernel

    g = torch.Generator().manual_seed(SEED)
    x = torch.randn(N, generator=g).to("cuda")
    y = torch.randn(N, generator=g).to("cuda")
    out = torch.empty_like(x)
    grid = (triton.cdiv(N, BLOCK),)

    def launch(_):
        add_kernel[grid](x, y, out, N, BLOCK=BLOCK)

    for i in range(plan["warmup"]):
        launch(i)
    torch.cuda.synchronize()
    out.zero_()
    samples = pyapp.timed_runs(torch, plan["runs"], plan["launches"], launch)
    if not torch.equal(out, x + y):
        wrong = (out != x + y).sum().item()
        app.stop(1, "the kernel's output differs from x + y in %d of %d "
                 "elements: its timing means nothing" % (wrong, N))

    pyapp.common_info(torch)
    pyapp.info("triton", triton.__version__)
    pyapp.info("plan", "%d warm-up launches; %d runs x %d launches; vectors "
               "of %d floats, %d programs of %d" % (
                   plan["warmup"], plan["runs"], plan["launches"], N,
                   grid[0], BLOCK))
    pyapp.result(CASE, "us", samples, plan["launches"], 1e3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
