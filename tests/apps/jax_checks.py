#!/usr/bin/env python3
"""jax_checks.py -- JAX on the GPU, each result checked against JAX on the CPU.

XLA reaches the driver its own way: modules it compiles and loads
(cuModuleLoadData), its own launches, a BFC allocator over one large
cuMemAlloc, events and streams of its own, host callbacks.  Checked here:
jit'd elementwise code, reductions, matmul (cuBLAS) and convolution
(cuDNN) at full float32 precision, gradients, vmap, lax.scan and
fori_loop, random numbers, transfers of 64 MiB both ways, donated buffers,
a host callback inside a jit'd function, and a training loop whose loss
must fall.  The reference is the same function on JAX's CPU backend, from
the same inputs.

An unmodified JAX program: it runs natively or through oncuda with
oncuda's libcuda.so.1 first in LD_LIBRARY_PATH (tests/apps/run.sh).
Prints "PASS name" or "FAIL name: why" per check and "PASS jax_checks" or
"FAIL jax_checks" (checks.py says how it ends).
"""
import sys

import checks
from checks import close, verdict

checks.hold_signals()

import jax  # noqa: E402  (after the signal mask, on purpose)
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

jax.config.update("jax_default_matmul_precision", "highest")
CPU = jax.devices("cpu")[0]


def both(fn, *inputs):
    """fn jit'd on the GPU and on the CPU, from the same host inputs."""
    f = jax.jit(fn)
    got = f(*[jax.device_put(x, GPU) for x in inputs])
    with jax.default_device(CPU):
        want = f(*[jax.device_put(x, CPU) for x in inputs])
    return np.asarray(got), np.asarray(want)


def check(name, fn, *inputs, rtol=1e-5, atol=1e-6):
    got, want = both(fn, *inputs)
    close(name, got, want, rtol, atol)


def elementwise_and_reductions(rng):
    x = rng.standard_normal(1 << 20).astype(np.float32)
    y = (rng.random(1 << 20) + 0.5).astype(np.float32)
    check("jit_elementwise", lambda a, b: jnp.sin(a) * 2 + a * b - jnp.exp(a / b),
          x, y, rtol=1e-5, atol=1e-5)
    m = rng.standard_normal((512, 384)).astype(np.float32)
    check("sum_mean", lambda a: jnp.stack([a.sum(), a.mean()]), m,
          rtol=1e-4, atol=1e-3)
    check("max_argmax", lambda a: jnp.stack([a.max(axis=0),
                                             a.argmax(axis=0).astype(a.dtype)]), m)
    check("softmax", lambda a: jax.nn.softmax(a, axis=1), m)
    check("cumsum", lambda a: jnp.cumsum(a, axis=1), m, rtol=1e-4, atol=1e-4)
    check("sort", lambda a: jnp.sort(a, axis=1), m)


def blas_and_conv(rng):
    a = rng.standard_normal((256, 512)).astype(np.float32)
    b = rng.standard_normal((512, 384)).astype(np.float32)
    check("matmul", lambda p, q: p @ q, a, b, rtol=1e-4, atol=1e-3)
    check("matmul_bias_relu", lambda p, q: jax.nn.relu(p @ q + 1.0), a, b,
          rtol=1e-4, atol=1e-3)
    img = rng.standard_normal((8, 3, 32, 32)).astype(np.float32)
    k = rng.standard_normal((16, 3, 3, 3)).astype(np.float32)
    check("conv2d", lambda x, w: jax.lax.conv_general_dilated(
        x, w, (1, 1), "SAME"), img, k, rtol=1e-4, atol=1e-4)
    check("conv2d_stride", lambda x, w: jax.lax.conv_general_dilated(
        x, w, (2, 2), "VALID"), img, k, rtol=1e-4, atol=1e-4)


def transforms(rng):
    x = rng.standard_normal((128, 64)).astype(np.float32)
    w = rng.standard_normal(64).astype(np.float32) / 8

    def loss(w, x):
        return jnp.sum(jnp.tanh(x @ w) ** 2)
    check("grad", jax.grad(loss), w, x, rtol=1e-4, atol=1e-4)
    check("value_and_grad", lambda w, x: jnp.concatenate(
        [jnp.atleast_1d(v) for v in jax.value_and_grad(loss)(w, x)]), w, x,
        rtol=1e-4, atol=1e-4)
    check("vmap", jax.vmap(lambda r, s: jnp.dot(r, s)), x, x,
          rtol=1e-4, atol=1e-4)
    check("scan", lambda v: jax.lax.scan(
        lambda c, e: (c + e, c * e), jnp.zeros(64), v)[1], x,
        rtol=1e-4, atol=1e-4)
    check("fori_loop", lambda v: jax.lax.fori_loop(
        0, 100, lambda i, c: c * 0.99 + jnp.sin(c), v), x,
        rtol=1e-4, atol=1e-4)


def random_numbers(rng):
    del rng
    key = np.array([0, 1234], np.uint32)     # a raw threefry key
    check("random_normal", lambda k: jax.random.normal(k, (1 << 16,)), key,
          rtol=1e-5, atol=1e-5)
    check("random_bits", lambda k: jax.random.bits(k, (1 << 16,)), key)


def transfers(rng):
    host = rng.standard_normal(16 << 20).astype(np.float32)    # 64 MiB
    on_gpu = jax.device_put(host, GPU)
    on_gpu.block_until_ready()
    close("device_put_get_64MiB", np.asarray(on_gpu), host, 0, 0)
    twice = jax.jit(lambda a: a * 2, donate_argnums=0)(on_gpu)
    close("donated_buffer", np.asarray(twice), host * 2, 0, 0)
    verdict("donated_buffer_deleted", on_gpu.is_deleted(),
            "the donated input is still alive")
    parts = [jax.device_put(host[i::8], GPU) for i in range(8)]
    total = sum(float(jnp.sum(p)) for p in parts)
    close("eight_transfers", total, float(host.astype(np.float64).sum()),
          rtol=1e-3, atol=1e-1)


def host_callback(rng):
    x = rng.standard_normal(1000).astype(np.float32)
    seen = []

    def on_host(v):
        seen.append(np.asarray(v).copy())
        return np.asarray(v) * 3

    def f(a):
        b = jnp.sin(a)
        c = jax.pure_callback(on_host, jax.ShapeDtypeStruct(b.shape, b.dtype), b)
        return c + 1
    got = np.asarray(jax.jit(f)(jax.device_put(x, GPU)))
    close("pure_callback", got, np.sin(x) * 3 + 1, rtol=1e-5, atol=1e-5)
    verdict("pure_callback_saw_device_values", len(seen) == 1 and
            np.allclose(seen[0], np.sin(x), rtol=1e-5, atol=1e-6),
            f"the callback ran {len(seen)} times or saw other values")


def training(rng):
    x = rng.standard_normal((512, 32)).astype(np.float32)
    true_w = rng.standard_normal(32).astype(np.float32)
    y = x @ true_w + 0.01 * rng.standard_normal(512).astype(np.float32)

    def loss(w, x, y):
        return jnp.mean((x @ w - y) ** 2)

    @jax.jit
    def step(w, x, y):
        return w - 0.1 * jax.grad(loss)(w, x, y)
    w = jax.device_put(np.zeros(32, np.float32), GPU)
    xg, yg = jax.device_put(x, GPU), jax.device_put(y, GPU)
    first = float(loss(w, xg, yg))
    for _ in range(200):
        w = step(w, xg, yg)
    last = float(loss(w, xg, yg))
    verdict("training_loss_falls", last < first * 0.01,
            f"loss {first:.4f} -> {last:.4f}")
    close("training_finds_weights", np.asarray(w), true_w, rtol=0, atol=0.01)


def main():
    global GPU
    try:
        GPU = jax.devices("gpu")[0]
    except RuntimeError as e:
        verdict("gpu_available", False, f"jax.devices('gpu'): {e}")
        return checks.finish("jax_checks")
    verdict("gpu_available", True)
    print(f"device: {GPU.device_kind}, jax {jax.__version__}", flush=True)
    rng = np.random.default_rng(1234)
    for part in (elementwise_and_reductions, blas_and_conv, transforms,
                 random_numbers, transfers, host_callback, training):
        checks.run_part(part, rng)
    return checks.finish("jax_checks")


if __name__ == "__main__":
    sys.exit(main())
