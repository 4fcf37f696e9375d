/*
 * aligned.cu - kernels with parameters aligned above 16 bytes, for the
 * unit tests of the PTX .entry reader (tests/unit/test_ptx_entries.c):
 * ptxas places such a parameter by its address in constant bank 0, whose
 * start differs by architecture, so the cubins that ptxas makes of
 * aligned.ptx for sm_75, sm_90 and sm_100 (aligned_sm*.cubin) lay them
 * out differently, and the reader's check must take each of them and
 * nothing else.  Never launched.
 */
struct __align__(32) a32 { char c; };
struct __align__(64) a64 { int x; };
struct __align__(128) a128 { int x; };

extern "C" __global__ void after_byte(char c, a32 s) { (void)c; (void)s; }

extern "C" __global__ void first(a64 s, char c) { (void)c; (void)s; }

extern "C" __global__ void mixed(char c, a64 s, char d, a32 t, int4 v)
{
	(void)c; (void)s; (void)d; (void)t; (void)v;
}

extern "C" __global__ void growing(a32 s, a64 t) { (void)s; (void)t; }

extern "C" __global__ void after_ints(int a, int b, int c, int d, int e, a32 s)
{
	(void)a; (void)b; (void)c; (void)d; (void)e; (void)s;
}

extern "C" __global__ void widest(double a, a128 s, char c, a32 t)
{
	(void)a; (void)s; (void)c; (void)t;
}
