#!/usr/bin/env python3
"""cupy_checks.py -- CuPy on the GPU, each result checked against NumPy.

CuPy reaches the driver through the CUDA runtime and directly: kernels it
compiles with NVRTC at run time and loads (cuModuleLoadData), its own
memory pool, streams and events, page-locked host memory, and the
libraries with their hidden interfaces.  Checked here: elementwise code and
reductions, user kernels (ElementwiseKernel, ReductionKernel, RawKernel,
RawModule with a template), matmul (cuBLAS), FFT (cuFFT), a linear solve
and SVD (cuSOLVER), a sparse product (cuSPARSE), random numbers (cuRAND),
sort, asynchronous copies with page-locked memory on a stream of its own,
events, the stream-ordered allocator (cudaMallocAsync), managed memory and
a captured CUDA graph replayed.  The reference is NumPy on the same inputs.

An unmodified CuPy program: it runs natively or through oncuda with
oncuda's libcuda.so.1 first in LD_LIBRARY_PATH (tests/apps/run.sh).
Prints "PASS name" or "FAIL name: why" per check and "PASS cupy_checks" or
"FAIL cupy_checks" (checks.py says how it ends).
"""
import sys

import checks
from checks import close, verdict

checks.hold_signals()

import cupy as cp  # noqa: E402  (after the signal mask, on purpose)
import numpy as np  # noqa: E402


def elementwise_and_reductions(rng):
    x = rng.standard_normal(1 << 20).astype(np.float32)
    y = (rng.random(1 << 20) + 0.5).astype(np.float32)
    gx, gy = cp.asarray(x), cp.asarray(y)
    close("elementwise", cp.asnumpy(cp.sin(gx) * 2 + gx * gy - cp.exp(gx / gy)),
          np.sin(x) * 2 + x * y - np.exp(x / y), rtol=1e-5, atol=1e-5)
    m = rng.standard_normal((512, 384))
    gm = cp.asarray(m)
    close("sum_axis", cp.asnumpy(gm.sum(axis=1)), m.sum(axis=1), 1e-12, 1e-12)
    close("mean_std", cp.asnumpy(cp.stack([gm.mean(), gm.std()])),
          np.stack([m.mean(), m.std()]), 1e-12, 1e-12)
    close("argmax", cp.asnumpy(gm.argmax(axis=0)), m.argmax(axis=0))
    close("cumsum", cp.asnumpy(cp.cumsum(gm, axis=1)), np.cumsum(m, axis=1),
          1e-10, 1e-10)
    close("sort", cp.asnumpy(cp.sort(gm, axis=None)), np.sort(m, axis=None))


def user_kernels(rng):
    x = rng.standard_normal(100003).astype(np.float32)
    gx = cp.asarray(x)
    axpb = cp.ElementwiseKernel("T x, T a, T b", "T y", "y = a * x + b",
                                "oncuda_axpb")
    close("elementwise_kernel", cp.asnumpy(axpb(gx, np.float32(3), np.float32(1))),
          3 * x + 1, rtol=1e-6, atol=1e-6)
    sumsq = cp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = a", "0",
                               "oncuda_sumsq")
    close("reduction_kernel", float(sumsq(gx.astype(cp.float64))),
          float((x.astype(np.float64) ** 2).sum()), 1e-10, 1e-8)
    raw = cp.RawKernel(r'''
extern "C" __global__ void scale_add(const float *x, float *y, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * s + (float)i;
}''', "scale_add")
    gy = cp.empty_like(gx)
    n = x.size
    raw(((n + 255) // 256,), (256,), (gx, gy, np.float32(0.5), np.int32(n)))
    close("raw_kernel", cp.asnumpy(gy), x * 0.5 + np.arange(n, dtype=np.float32),
          rtol=1e-6, atol=1e-6)
    module = cp.RawModule(code=r'''
template<typename T>
__global__ void twice(T *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= 2;
}''', options=("-std=c++17",), name_expressions=("twice<double>",))
    v = rng.standard_normal(1000)
    gv = cp.asarray(v)
    module.get_function("twice<double>")((4,), (256,), (gv, np.int32(v.size)))
    close("raw_module_template", cp.asnumpy(gv), v * 2, 0, 0)


def libraries(rng):
    a = rng.standard_normal((256, 512))
    b = rng.standard_normal((512, 384))
    close("matmul_cublas", cp.asnumpy(cp.asarray(a) @ cp.asarray(b)), a @ b,
          1e-10, 1e-10)
    s = rng.standard_normal(4096) + 1j * rng.standard_normal(4096)
    close("fft_cufft", cp.asnumpy(cp.fft.fft(cp.asarray(s))), np.fft.fft(s),
          1e-10, 1e-9)
    img = rng.standard_normal((64, 128)).astype(np.float32)
    close("rfft2_cufft", cp.asnumpy(cp.fft.rfft2(cp.asarray(img))),
          np.fft.rfft2(img), 1e-4, 1e-3)
    m = rng.standard_normal((200, 200)) + 200 * np.eye(200)
    rhs = rng.standard_normal(200)
    close("solve_cusolver", cp.asnumpy(cp.linalg.solve(cp.asarray(m), cp.asarray(rhs))),
          np.linalg.solve(m, rhs), 1e-10, 1e-12)
    sv = cp.linalg.svd(cp.asarray(a), compute_uv=False)
    close("svd_cusolver", cp.asnumpy(sv), np.linalg.svd(a, compute_uv=False),
          1e-9, 1e-9)
    import cupyx.scipy.sparse as cusparse
    dense = rng.standard_normal((300, 400)) * (rng.random((300, 400)) < 0.05)
    vec = rng.standard_normal(400)
    csr = cusparse.csr_matrix(cp.asarray(dense))
    close("spmv_cusparse", cp.asnumpy(csr @ cp.asarray(vec)), dense @ vec,
          1e-10, 1e-10)
    r = cp.asnumpy(cp.random.RandomState(1234).standard_normal(1 << 20))
    verdict("random_curand", abs(r.mean()) < 0.01 and abs(r.std() - 1) < 0.01,
            f"mean {r.mean():.4f}, std {r.std():.4f} of 2^20 normal numbers")


def streams_and_memory(rng):
    n = 4 << 20                                           # 16 MiB of float32
    host = rng.standard_normal(n).astype(np.float32)
    pinned = cp.cuda.alloc_pinned_memory(host.nbytes)
    src = np.frombuffer(pinned, np.float32, n)
    src[:] = host
    back_mem = cp.cuda.alloc_pinned_memory(host.nbytes)
    back = np.frombuffer(back_mem, np.float32, n)
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        g = cp.empty(n, cp.float32)
        g.set(src, stream=stream)
        g *= 2
        start, done = stream.record(), cp.cuda.Event()
        g.get(stream=stream, out=back)
        done.record(stream)
    done.synchronize()
    close("pinned_async_roundtrip", back, host * 2, 0, 0)
    verdict("event_elapsed", cp.cuda.get_elapsed_time(start, done) >= 0,
            "negative elapsed time")
    verdict("stream_done", stream.done, "the stream is not done after its event")

    pool = cp.cuda.MemoryAsyncPool()
    previous = cp.cuda.get_allocator()
    cp.cuda.set_allocator(pool.malloc)
    try:
        with stream:
            t = cp.arange(1 << 20, dtype=cp.float64)
            total = float((t * t).sum())
        close("malloc_async_pool", total,
              float((np.arange(1 << 20, dtype=np.float64) ** 2).sum()), 1e-12, 0)
    finally:
        cp.cuda.set_allocator(previous)

    managed = cp.cuda.ManagedMemory(8 << 20)
    mv = cp.ndarray((1 << 20,), cp.float64, cp.cuda.MemoryPointer(managed, 0))
    mv[:] = cp.arange(1 << 20, dtype=cp.float64)
    close("managed_memory", cp.asnumpy(mv[::4096]),
          np.arange(1 << 20, dtype=np.float64)[::4096], 0, 0)


def graph(rng):
    x = rng.standard_normal(1 << 16).astype(np.float32)
    gx = cp.asarray(x)
    out = cp.empty_like(gx)
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        # Once outside the capture, so that the kernels are compiled and
        # loaded before it.
        cp.multiply(gx, 2, out=out)
        cp.add(out, 1, out=out)
        stream.begin_capture()
        cp.multiply(gx, 2, out=out)
        cp.add(out, 1, out=out)
        g = stream.end_capture()
    for _ in range(3):
        g.launch(stream)
    stream.synchronize()
    close("graph_replay", cp.asnumpy(out), x * 2 + 1, 0, 0)
    gx[:] = 0
    g.launch(stream)
    stream.synchronize()
    close("graph_sees_new_input", cp.asnumpy(out), np.ones_like(x), 0, 0)


def main():
    try:
        count = cp.cuda.runtime.getDeviceCount()
    except cp.cuda.runtime.CUDARuntimeError as e:
        count, why = 0, str(e)
    else:
        why = "no device"
    if count < 1:
        verdict("gpu_available", False, why)
        return checks.finish("cupy_checks")
    verdict("gpu_available", True)
    props = cp.cuda.runtime.getDeviceProperties(0)
    print(f"device: {props['name'].decode()}, cupy {cp.__version__}", flush=True)
    rng = np.random.default_rng(1234)
    for part in (elementwise_and_reductions, user_kernels, libraries,
                 streams_and_memory, graph):
        checks.run_part(part, rng)
    return checks.finish("cupy_checks")


if __name__ == "__main__":
    sys.exit(main())
