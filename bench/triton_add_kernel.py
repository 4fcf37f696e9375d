"""bench/triton_add_kernel.py: the Triton kernel of bench/triton_add.py.

Apart from it because Triton compiles a kernel from its source at module
level, where triton.language must be a global: bench/triton_add.py
imports this file only once it knows that Triton is there.
"""
import triton
import triton.language as tl


# out = x + y over N floats, BLOCK of them per program.
@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
