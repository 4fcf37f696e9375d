// __constant__ and __device__ variables reached from the host by symbol:
// cudaMemcpyToSymbol, cudaMemcpyFromSymbol, cudaGetSymbolAddress and Size.
#include <cstdio>

__constant__ float weights[16];
__device__ int total;
__device__ int table[64];

__global__ void apply(const float *in, float *out)
{
	int i = threadIdx.x;
	out[i] = in[i] * weights[i % 16];
	atomicAdd(&total, 1);
	table[i] = i * i;
}

int main()
{
	float w[16], in[64], out[64], *din, *dout;
	for (int i = 0; i < 16; i++)
		w[i] = 0.5f * i;
	for (int i = 0; i < 64; i++)
		in[i] = (float)i;
	cudaMemcpyToSymbol(weights, w, sizeof w);
	int start = 1000;
	cudaMemcpyToSymbol(total, &start, sizeof start);
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	apply<<<1, 64>>>(din, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	int got = 0, tab[64];
	cudaMemcpyFromSymbol(&got, total, sizeof got);
	int *tp;
	size_t tsize;
	cudaGetSymbolAddress((void **)&tp, table);
	cudaGetSymbolSize(&tsize, table);
	cudaMemcpy(tab, tp, sizeof tab, cudaMemcpyDeviceToHost);
	double sum = 0;
	long tsum = 0;
	for (int i = 0; i < 64; i++) {
		sum += out[i];
		tsum += tab[i];
	}
	cudaFuncAttributes fa;
	cudaFuncGetAttributes(&fa, apply);
	printf("sum %.1f total %d table %ld size %zu const %zu regs>0 %d\n", sum, got,
	    tsum, tsize, fa.constSizeBytes, fa.numRegs > 0);
	printf("done\n");
	return 0;
}
