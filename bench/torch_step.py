#!/usr/bin/env python3
"""bench/torch_step.py: the benchmark's PyTorch case, milliseconds per
training step of a small CNN.

    python3 bench/torch_step.py [-q] [--require-gpu] [--resident]

One step is what a plain training loop does: copy a batch (128 RGB images
of 32x32 and their labels) from host memory to the GPU, forward through the
network (two convolutions with ReLU and max-pooling, two linear layers),
cross-entropy, backward, one step of SGD with momentum.  The batches are
ordinary (pageable) tensors, as a loop without pin_memory has them;
PyTorch waits for such a copy, so every step meets the GPU once, as such a
loop does.  The data are synthetic, made here from a fixed seed: a bright
patch whose place is the class, on noise.  Nothing is downloaded or read.

With --resident the batches are copied to the GPU once, before the first
step, and a step copies nothing: the difference from a normal run is what
moving the batch costs, which over a network is bound by its bandwidth.

After WARMUP untimed steps (they load the kernels, start cuBLAS and cuDNN
and make the optimizer's state), RUNS runs of STEPS steps are timed, each
ending in torch.cuda.synchronize(); a run's figure is its time per step.
The loss must have fallen by the end, so that steps that computed nothing
cannot pass for fast ones.  The same program runs natively and through
oncuda (bench/run.sh puts oncuda's libcuda.so.1 first in LD_LIBRARY_PATH).

Prints "info" and "result" lines in the format of bench/measure.h, for
bench/report.py: the case is app_torch_step, in ms.  Exits 0 when it
measured, 1 when something failed, and SKIP_STATUS (77) with the reason on
stderr when torch cannot be imported, was built without CUDA or sees no
GPU.  With --require-gpu those are failures: bench/run.sh passes it to the
runs through oncuda once the native run has found a GPU, so that a GPU
oncuda fails to show is not taken for a machine without one.
"""
import math
import sys

import pyapp

CASE = "app_torch_step"
BATCH = 128
BATCHES = 4             # distinct host batches, used in turn
CLASSES = 10
IMAGE = 32
PATCH = 8               # the class is where an 8x8 patch is bright
SEED = 1234
FULL = {"warmup": 10, "runs": 10, "steps": 50}
QUICK = {"warmup": 5, "runs": 3, "steps": 10}


def make_batches(torch):
    """BATCHES host batches of images and labels, the same on every run."""
    g = torch.Generator().manual_seed(SEED)
    labels = torch.randint(0, CLASSES, (BATCHES, BATCH), generator=g)
    images = torch.randn(BATCHES, BATCH, 3, IMAGE, IMAGE, generator=g) * 0.5
    per_row = IMAGE // PATCH
    for b in range(BATCHES):
        for i, c in enumerate(labels[b].tolist()):
            r, q = divmod(c, per_row)
            images[b, i, c % 3, r * PATCH:(r + 1) * PATCH,
                   q * PATCH:(q + 1) * PATCH] += 1.0
    return images, labels


def make_model(torch):
    nn = torch.nn
    torch.manual_seed(SEED)
    return nn.Sequential(
        nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(),
        nn.Linear(64 * (IMAGE // 4) ** 2, 256), nn.ReLU(),
        nn.Linear(256, CLASSES)).cuda()


def main():
    app = pyapp.App("torch_step",
                    "PyTorch training step of a small CNN, ms per step")
    app.parser.add_argument("--resident", action="store_true",
                            help="batches copied to the GPU once, not each step")
    args = app.parse()
    plan = QUICK if args.q else FULL
    torch = app.import_torch()
    F = torch.nn.functional
    pyapp.strict_float32(torch)

    images, labels = make_batches(torch)
    model = make_model(torch)
    opt = torch.optim.SGD(model.parameters(), lr=0.02, momentum=0.9)

    if args.resident:
        images, labels = images.to("cuda"), labels.to("cuda")

    def step(i):
        x = images[i % BATCHES].to("cuda")
        y = labels[i % BATCHES].to("cuda")
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss

    first_loss = step(0).item()
    for i in range(1, plan["warmup"]):
        step(i)
    torch.cuda.synchronize()

    last = [None]       # the loss of the latest timed step

    def timed_step(j):
        last[0] = step(plan["warmup"] + j)

    samples = pyapp.timed_runs(torch, plan["runs"], plan["steps"], timed_step)
    i = plan["warmup"] + plan["runs"] * plan["steps"]
    last_loss = last[0].item()
    if not math.isfinite(last_loss) or last_loss >= first_loss:
        app.stop(1, "the loss went from %.4g to %.4g in %d steps: training "
                 "did not work, so its timing means nothing" % (
                     first_loss, last_loss, i))

    pyapp.common_info(torch)
    print("info\tplan\t%d warm-up steps; %d runs x %d steps; batch %d of "
          "3x%dx%d, %d batches in turn" % (
              plan["warmup"], plan["runs"], plan["steps"], BATCH, IMAGE,
              IMAGE, BATCHES))
    print("info\tloss\t%.4g after the first step, %.4g after step %d" % (
        first_loss, last_loss, i))
    pyapp.result(CASE + ("_resident" if args.resident else ""), "ms",
                 samples, plan["steps"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
