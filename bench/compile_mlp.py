#!/usr/bin/env python3
"""bench/compile_mlp.py: the benchmark's torch.compile case, milliseconds
per forward of a small MLP compiled by torch.compile.

    python3 bench/compile_mlp.py [-q] [--require-gpu] [--mode MODE]

The MLP (512 -> 1024 -> 1024 -> 256, GELU between, a batch of 64) is
compiled with torch.compile (TorchInductor: Triton kernels for what it
fuses, cuBLAS for the matrix products), by default in its default mode;
--mode names another (reduce-overhead replays a CUDA graph per forward,
max-autotune-no-cudagraphs picks kernels by timing them).  Inference only,
under torch.no_grad(), on one input that stays on the GPU: what is timed is
the compiled forward itself, its guards, launches and the driver calls
its launchers make, the path of a served model's small layers.

The first forwards compile (a cold cache can take a minute; the runs
through oncuda then find the native run's kernels in the caches) and WARMUP
more run untimed; then RUNS runs of FORWARDS forwards are timed, each
ending in torch.cuda.synchronize().  The compiled model's output must
match the same model's uncompiled output, so that forwards that computed
nothing cannot pass for fast ones.  The same program runs natively and
through oncuda (bench/run.sh).

Prints "info" and "result" lines (bench/pyapp.py): the case is
app_compile_mlp (app_compile_mlp_MODE in another mode), in ms.  Exits 0
when it measured, 1 when something failed, and 77 with the reason on
stderr when torch with CUDA, a GPU or Triton (which TorchInductor needs
for GPU code) is missing (with --require-gpu those are failures).
"""
import sys

import pyapp

CASE = "app_compile_mlp"
BATCH = 64
WIDTHS = (512, 1024, 1024, 256)
SEED = 1234
MODES = ("default", "reduce-overhead", "max-autotune-no-cudagraphs")
FULL = {"warmup": 50, "runs": 10, "forwards": 1000}
QUICK = {"warmup": 5, "runs": 3, "forwards": 50}


def make_model(torch):
    nn = torch.nn
    torch.manual_seed(SEED)
    layers = []
    for i, (a, b) in enumerate(zip(WIDTHS, WIDTHS[1:])):
        if i > 0:
            layers.append(nn.GELU())
        layers.append(nn.Linear(a, b))
    return nn.Sequential(*layers).to("cuda").eval()


def main():
    app = pyapp.App("compile_mlp",
                    "a torch.compile'd small MLP, ms per forward")
    app.parser.add_argument("--mode", choices=MODES, default="default",
                            help="torch.compile's mode (default: default)")
    args = app.parse()
    plan = QUICK if args.q else FULL
    torch = app.import_torch()
    app.import_or_skip("triton", "torch.compile's TorchInductor needs Triton "
                       "for GPU code: install it to run this case")
    pyapp.strict_float32(torch)

    model = make_model(torch)
    compiled = torch.compile(model, mode=args.mode, fullgraph=True,
                             dynamic=False)
    g = torch.Generator().manual_seed(SEED)
    x = torch.randn(BATCH, WIDTHS[0], generator=g).to("cuda")
    last = [None]       # the output of the latest forward

    def forward(_):
        last[0] = compiled(x)

    with torch.no_grad():
        expected = model(x)
        for i in range(plan["warmup"]):
            forward(i)
        torch.cuda.synchronize()
        samples = pyapp.timed_runs(torch, plan["runs"], plan["forwards"],
                                   forward)
        got = last[0].clone()   # reduce-overhead's output is overwritten
    scale = expected.abs().max().item()
    if not torch.allclose(got, expected, rtol=1e-3, atol=1e-3 * scale):
        app.stop(1, "the compiled MLP's output differs from the uncompiled "
                 "one's by up to %.3g (largest value %.3g): its timing means "
                 "nothing" % ((got - expected).abs().max().item(), scale))

    pyapp.common_info(torch)
    pyapp.info("plan", "torch.compile mode %s; %d warm-up forwards, the "
               "first compiling; %d runs x %d forwards; MLP %s, batch %d, "
               "float32" % (args.mode, plan["warmup"], plan["runs"],
                            plan["forwards"],
                            " -> ".join(str(w) for w in WIDTHS), BATCH))
    case = CASE if args.mode == "default" else \
        CASE + "_" + args.mode.replace("-", "_")
    pyapp.result(case, "ms", samples, plan["forwards"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
