#!/usr/bin/env python3
"""torch_graphs.py -- PyTorch's CUDA graphs, each result checked against eager.

A small MLP's forward, loss, backward and optimizer step captured with
torch.cuda.graph and replayed on new inputs, its parameters compared with
the same steps run eagerly from the same start; a captured forward alone
replayed on several inputs; and torch.compile(mode="reduce-overhead"),
which captures graphs itself, against the eager model.

An unmodified PyTorch program: it runs natively or through oncuda with
oncuda's libcuda.so.1 first in LD_LIBRARY_PATH (tests/apps/run.sh).
Prints "PASS name" or "FAIL name: why" per check, then "PASS torch_graphs"
or "FAIL torch_graphs", and exits 0 or 1; ONCUDA_APPS_HOLD as in
torch_checks.py.
"""
import copy
import sys

import checks
from checks import verdict

# Before torch starts threads, so that they inherit it.
checks.hold_signals()

import torch  # noqa: E402  (after the signal mask, on purpose)


def close(name, got, want, tol=1e-5):
    err = (got - want).abs().max().item()
    verdict(name, err <= tol, f"largest difference {err:g} > {tol:g}")


def mlp():
    return torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                               torch.nn.Linear(128, 8)).cuda()


def captured_forward(g):
    model = mlp()
    static_x = torch.randn(32, 64, device="cuda", generator=None)
    graph = torch.cuda.CUDAGraph()
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s), torch.no_grad():
        for _ in range(2):
            model(static_x)             # warm-up outside the capture
    torch.cuda.current_stream().wait_stream(s)
    with torch.no_grad(), torch.cuda.graph(graph):
        static_y = model(static_x)
    for i in range(5):
        x = torch.randn(32, 64, generator=g).cuda()
        static_x.copy_(x)
        graph.replay()
        with torch.no_grad():
            want = model(x)
        torch.cuda.synchronize()
        close(f"forward_replay_{i}", static_y, want)


def captured_training(g):
    torch.manual_seed(7)
    model = mlp()
    eager = copy.deepcopy(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    eager_opt = torch.optim.SGD(eager.parameters(), lr=0.05)
    static_x = torch.zeros(32, 64, device="cuda")
    static_t = torch.zeros(32, 8, device="cuda")
    batches = [(torch.randn(32, 64, generator=g), torch.randn(32, 8, generator=g))
               for _ in range(6)]

    def step(m, o, x, t):
        o.zero_grad(set_to_none=False)
        loss = torch.nn.functional.mse_loss(m(x), t)
        loss.backward()
        o.step()
        return loss

    # Warm-up on a side stream, as PyTorch's documentation asks; the same
    # steps run eagerly on the copy, so both start the capture alike.
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for x, t in batches[:2]:
            static_x.copy_(x.cuda())
            static_t.copy_(t.cuda())
            step(model, opt, static_x, static_t)
    torch.cuda.current_stream().wait_stream(s)
    for x, t in batches[:2]:
        step(eager, eager_opt, x.cuda(), t.cuda())

    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_loss = step(model, opt, static_x, static_t)
    # Capturing does not run the step: replay every remaining batch.
    for i, (x, t) in enumerate(batches[2:]):
        static_x.copy_(x.cuda())
        static_t.copy_(t.cuda())
        graph.replay()
        want = step(eager, eager_opt, x.cuda(), t.cuda())
        torch.cuda.synchronize()
        close(f"training_loss_{i}", static_loss, want, 1e-4)
    for (name, p), q in zip(model.named_parameters(), eager.parameters()):
        close(f"training_param_{name}", p, q, 1e-4)


def compiled_reduce_overhead(g):
    model = mlp().eval()
    compiled = torch.compile(model, mode="reduce-overhead")
    with torch.no_grad():
        for i in range(4):
            x = torch.randn(32, 64, generator=g).cuda()
            close(f"reduce_overhead_{i}", compiled(x), model(x), 1e-4)


def main():
    if not torch.cuda.is_available():
        verdict("cuda_available", False, "torch.cuda.is_available() is False")
    else:
        torch.backends.cuda.matmul.allow_tf32 = False
        g = torch.Generator().manual_seed(1234)
        for part in (captured_forward, captured_training, compiled_reduce_overhead):
            checks.run_part(part, g)
    return checks.finish("torch_graphs")


if __name__ == "__main__":
    sys.exit(main())
