// empty_kernel.cu: the kernel of the launch cases of bench/drvbench, which
// does nothing, so that a launch costs only what the launch path costs.
// drvbench passes one 8-byte argument (for the stand-in's "spin"); a kernel
// with no parameter reads none.

extern "C" __global__ void empty(void)
{
}
