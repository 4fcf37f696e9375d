// matrixMul_kernel.cu: C = A * B for row-major float matrices, one thread per
// element of C, in 16x16 tiles staged through shared memory.
//
// A is hA x wA and B is wA x wB.  Launch with a 16x16 block and a grid of
// (wB / 16, hA / 16); every dimension must be a multiple of 16, so no thread
// needs a bounds check.

#define TILE 16

extern "C" __global__ void matrixMul(float *C, const float *A, const float *B,
                                     int wA, int wB)
{
    __shared__ float tileA[TILE][TILE];
    __shared__ float tileB[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;

    for (int k0 = 0; k0 < wA; k0 += TILE) {
        tileA[ty][tx] = A[row * wA + k0 + tx];
        tileB[ty][tx] = B[(k0 + ty) * wB + col];
        // The whole tile must be loaded before any thread reads it ...
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += tileA[ty][k] * tileB[k][tx];
        // ... and read by all before the next iteration overwrites it.
        __syncthreads();
    }
    C[row * wB + col] = sum;
}
