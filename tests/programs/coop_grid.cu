// A cooperative launch whose blocks meet at grid.sync().
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phase(int *data, int *out, int n)
{
	cg::grid_group grid = cg::this_grid();
	for (int i = grid.thread_rank(); i < n; i += grid.size())
		data[i] = i;
	grid.sync();
	for (int i = grid.thread_rank(); i < n; i += grid.size())
		out[i] = data[n - 1 - i];
}

int main()
{
	const int n = 1 << 16;
	int *data, *out, dev = 0, coop = 0, blocks = 0, sms = 0;
	cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
	cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
	cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, two_phase, 256, 0);
	cudaMalloc(&data, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	int nn = n;
	void *args[] = { &data, &out, &nn };
	cudaError_t e = cudaLaunchCooperativeKernel((void *)two_phase,
	    dim3(sms * (blocks > 2 ? 2 : blocks)), dim3(256), args, 0, 0);
	cudaDeviceSynchronize();
	int *h = new int[n];
	cudaMemcpy(h, out, n * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++)
		ok = ok && h[i] == n - 1 - i;
	printf("cooperative %d launch %s ok %d\n", coop, cudaGetErrorString(e), ok);
	printf("done\n");
	return 0;
}
