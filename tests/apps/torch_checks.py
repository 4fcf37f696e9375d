#!/usr/bin/env python3
"""torch_checks.py -- PyTorch on the GPU, each result checked against the CPU.

Elementwise ops, reductions, matmul (cuBLAS), linear with bias (cuBLASLt),
conv2d (cuDNN), backward, and a short training loop of a small CNN on
synthetic data whose loss must fall.  Every check runs the same computation
on the CPU from the same inputs and compares within a tolerance; TF32 is
turned off so that float32 on the GPU is float32.

An unmodified PyTorch program: it runs natively or through oncuda with
oncuda's libcuda.so.1 first in LD_LIBRARY_PATH (tests/apps/run.sh).

Prints "PASS name" or "FAIL name: why" per check, then "PASS torch_checks"
or "FAIL torch_checks", and exits 0 or 1.  With ONCUDA_APPS_HOLD set it
then prints READY and waits for SIGUSR1 before exiting, so that run.sh can
look at the process's mappings with everything PyTorch loads still loaded.
"""
import sys

import checks
from checks import verdict

# Before torch starts threads, so that they inherit it.
checks.hold_signals()

import torch  # noqa: E402  (after the signal mask, on purpose)
import torch.nn.functional as F  # noqa: E402


def close(name, gpu, cpu, rtol, atol):
    """gpu (a tensor on the GPU) matches cpu within rtol/atol."""
    got = gpu.detach().cpu()
    want = cpu.detach()
    if got.shape != want.shape or got.dtype != want.dtype:
        verdict(name, False, f"got {got.dtype}{tuple(got.shape)}, "
                f"expected {want.dtype}{tuple(want.shape)}")
        return
    if got.dtype.is_floating_point:
        diff = (got.double() - want.double()).abs()
        bound = atol + rtol * want.double().abs()
        bad = int((diff > bound).sum()) + int(torch.isnan(got).sum())
        worst = float(diff.max()) if diff.numel() else 0.0
        verdict(name, bad == 0, f"{bad} of {got.numel()} elements off "
                f"(worst difference {worst:.3g}, rtol {rtol}, atol {atol})")
    else:
        bad = int((got != want).sum())
        verdict(name, bad == 0, f"{bad} of {got.numel()} elements differ")


def check(name, fn, *inputs, rtol=1e-5, atol=1e-6):
    """fn on the inputs moved to the GPU matches fn on the CPU."""
    try:
        want = fn(*inputs)
        got = fn(*[t.cuda() for t in inputs])
        torch.cuda.synchronize()
    except Exception as e:  # a failed CUDA call surfaces as an exception
        verdict(name, False, f"{type(e).__name__}: {e}")
        return
    close(name, got, want, rtol, atol)


def elementwise_and_reductions(g):
    x = torch.randn(1 << 20, generator=g)
    y = torch.rand(1 << 20, generator=g) + 0.5
    check("add_mul", lambda a, b: a * 3.0 + b * b - 1.0, x, y)
    check("div_exp_log", lambda a, b: torch.exp(a / b) + torch.log(b), x, y)
    check("sigmoid_tanh_relu",
          lambda a: torch.sigmoid(a) + torch.tanh(a) + torch.relu(a), x)
    check("where_clamp", lambda a, b: torch.where(a > 0, a, b).clamp(-1, 1), x, y)
    m = torch.randn(512, 384, generator=g)
    check("sum", lambda a: a.sum(), m, rtol=1e-4, atol=1e-3)
    check("sum_dim", lambda a: a.sum(dim=1), m, rtol=1e-5, atol=1e-4)
    check("mean_std", lambda a: torch.stack([a.mean(), a.std()]), m, rtol=1e-4)
    check("max_argmax", lambda a: a.max(dim=0).values, m)
    check("argmax", lambda a: a.argmax(dim=1), m)
    check("cumsum", lambda a: a.cumsum(dim=1), m, rtol=1e-4, atol=1e-4)
    check("softmax", lambda a: torch.softmax(a, dim=1), m)


def blas_and_conv(g):
    a = torch.randn(256, 512, generator=g)
    b = torch.randn(512, 384, generator=g)
    check("matmul", lambda p, q: p @ q, a, b, rtol=1e-4, atol=1e-3)
    check("matmul_double", lambda p, q: p @ q, a.double(), b.double(),
          rtol=1e-10, atol=1e-10)
    check("bmm", lambda p, q: torch.bmm(p, q),
          torch.randn(8, 64, 96, generator=g), torch.randn(8, 96, 32, generator=g),
          rtol=1e-4, atol=1e-4)
    w = torch.randn(384, 512, generator=g) / 16
    bias = torch.randn(384, generator=g)
    check("linear_bias", lambda x, w, b: F.linear(x, w, b), a, w, bias,
          rtol=1e-4, atol=1e-4)
    check("linear_bias_relu", lambda x, w, b: F.relu(F.linear(x, w, b)),
          a, w, bias, rtol=1e-4, atol=1e-4)
    img = torch.randn(8, 3, 32, 32, generator=g)
    k = torch.randn(16, 3, 3, 3, generator=g)
    kb = torch.randn(16, generator=g)
    check("conv2d", lambda x, k, b: F.conv2d(x, k, b, padding=1), img, k, kb,
          rtol=1e-4, atol=1e-4)
    check("conv2d_stride", lambda x, k: F.conv2d(x, k, stride=2), img, k,
          rtol=1e-4, atol=1e-4)


def half_precision(g):
    """bf16 and fp16 products (cuBLASLt's bf16 paths ask for hidden driver
    tables) and fused attention, against float32 on the CPU."""
    a = torch.randn(256, 512, generator=g)
    b = torch.randn(512, 384, generator=g)

    def autocast_bf16(p, q):
        if p.is_cuda:
            with torch.autocast("cuda", dtype=torch.bfloat16):
                return (p @ q).float()
        return p @ q
    check("autocast_bf16_matmul", autocast_bf16, a, b, rtol=5e-2, atol=1.0)
    check("fp16_matmul", lambda p, q: (p.half() @ q.half()).float()
          if p.is_cuda else p @ q, a, b, rtol=5e-2, atol=0.5)
    q = torch.randn(2, 4, 128, 64, generator=g)

    def attention(t):
        if t.is_cuda:
            t = t.half()
        return F.scaled_dot_product_attention(t, t, t, is_causal=True).float()
    check("sdpa_fp16_causal", attention, q, rtol=2e-2, atol=2e-2)


def backward(g):
    x = torch.randn(64, 128, generator=g)
    w = torch.randn(32, 128, generator=g) / 8
    b = torch.randn(32, generator=g)
    k = torch.randn(4, 1, 3, 3, generator=g)

    def grads(x, w, b, k):
        x, w, b, k = (t.clone().requires_grad_() for t in (x, w, b, k))
        h = torch.tanh(F.linear(x, w, b))
        c = F.conv2d(h.view(64, 1, 4, 8), k, padding=1)
        (c.square().mean() + h.sum() * 1e-3).backward()
        return torch.cat([t.grad.flatten() for t in (x, w, b, k)])

    check("backward", grads, x, w, b, k, rtol=1e-4, atol=1e-5)


class SmallCnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = torch.nn.Conv2d(8, 16, 3, padding=1)
        self.fc = torch.nn.Linear(16 * 4 * 4, 4)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.fc(x.flatten(1))


def train(device, data, labels, steps):
    """Losses of `steps` SGD steps from the same initial weights (seed 0)."""
    torch.manual_seed(0)
    model = SmallCnn().to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    data, labels = data.to(device), labels.to(device)
    losses = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(model(data), labels)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return torch.tensor(losses)


def training(g):
    # Four classes of 16x16 images, each a bright quadrant plus noise.
    labels = torch.randint(0, 4, (256,), generator=g)
    data = torch.randn(256, 1, 16, 16, generator=g) * 0.5
    for i, c in enumerate(labels.tolist()):
        r, q = divmod(c, 2)
        data[i, 0, r * 8:(r + 1) * 8, q * 8:(q + 1) * 8] += 1.0
    try:
        cpu = train("cpu", data, labels, 40)
        gpu = train("cuda", data, labels, 40)
    except Exception as e:
        verdict("training", False, f"{type(e).__name__}: {e}")
        return
    verdict("training_loss_falls", gpu[-1] < 0.5 * gpu[0],
            f"loss {gpu[0]:.4f} -> {gpu[-1]:.4f}, expected it at least halved")
    # Rounding differs between the devices and grows over the steps.
    diff = float((gpu - cpu).abs().max())
    verdict("training_matches_cpu", diff < 1e-2,
            f"losses differ by up to {diff:.3g} (CPU {cpu[-1]:.4f}, "
            f"GPU {gpu[-1]:.4f})")


def main():
    if not torch.cuda.is_available():
        verdict("cuda_available", False, "torch.cuda.is_available() is False")
    else:
        verdict("cuda_available", True)
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        print(f"device: {torch.cuda.get_device_name(0)}, torch {torch.__version__}",
              flush=True)
        g = torch.Generator().manual_seed(1234)
        for part in (elementwise_and_reductions, blas_and_conv, half_precision,
                     backward, training):
            checks.run_part(part, g)
    return checks.finish("torch_checks")


if __name__ == "__main__":
    sys.exit(main())
