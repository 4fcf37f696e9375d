/*
 * rt_memory.cu -- cudaMalloc, cudaMemcpy and cudaMemset, synchronous and
 * on a stream, through pageable and page-locked (cudaMallocHost) memory.
 */
#include <string.h>

#include "rt_check.h"

#define N (1 << 20)	/* ints: 4 MiB, more than one chunk of oncuda's */

static void sync_copies(int *host, int *back)
{
	int *dev = NULL, *dev2 = NULL;
	int i;

	if (!RT_OK(cudaMalloc(&dev, N * sizeof(int))) ||
	    !RT_OK(cudaMalloc(&dev2, N * sizeof(int))))
		return;
	for (i = 0; i < N; i++)
		host[i] = i * 7 + 1;
	RT_OK(cudaMemcpy(dev, host, N * sizeof(int), cudaMemcpyHostToDevice));
	RT_OK(cudaMemcpy(dev2, dev, N * sizeof(int),
	    cudaMemcpyDeviceToDevice));
	memset(back, 0, N * sizeof(int));
	RT_OK(cudaMemcpy(back, dev2, N * sizeof(int), cudaMemcpyDeviceToHost));
	RT_CHECK(memcmp(host, back, N * sizeof(int)) == 0);
	/* Bytes 0x5a over the first half, the rest as it was. */
	RT_OK(cudaMemset(dev2, 0x5a, N / 2 * sizeof(int)));
	RT_OK(cudaMemcpy(back, dev2, N * sizeof(int), cudaMemcpyDeviceToHost));
	RT_CHECK(back[0] == 0x5a5a5a5a && back[N / 2 - 1] == 0x5a5a5a5a);
	RT_CHECK(back[N / 2] == host[N / 2] && back[N - 1] == host[N - 1]);
	/* cudaMemcpyDefault works out the direction itself. */
	RT_OK(cudaMemcpy(back, dev, sizeof(int), cudaMemcpyDefault));
	RT_CHECK(back[0] == host[0]);
	RT_OK(cudaFree(dev));
	RT_OK(cudaFree(dev2));
}

static void async_copies(int *pinned_in, int *pinned_out)
{
	cudaStream_t stream;
	int *dev = NULL;
	int i;

	if (!RT_OK(cudaStreamCreate(&stream)))
		return;
	if (RT_OK(cudaMalloc(&dev, N * sizeof(int)))) {
		for (i = 0; i < N; i++)
			pinned_in[i] = N - i;
		RT_OK(cudaMemcpyAsync(dev, pinned_in, N * sizeof(int),
		    cudaMemcpyHostToDevice, stream));
		RT_OK(cudaMemsetAsync(dev + N - 4, 0xff, 4 * sizeof(int),
		    stream));
		RT_OK(cudaMemcpyAsync(pinned_out, dev, N * sizeof(int),
		    cudaMemcpyDeviceToHost, stream));
		RT_OK(cudaStreamSynchronize(stream));
		RT_CHECK(pinned_out[0] == N && pinned_out[N - 5] == 5);
		RT_CHECK(pinned_out[N - 4] == -1 && pinned_out[N - 1] == -1);
		RT_OK(cudaFree(dev));
	}
	RT_OK(cudaStreamDestroy(stream));
}

int main(void)
{
	int *host = (int *)malloc(N * sizeof(int));
	int *back = (int *)malloc(N * sizeof(int));
	int *pinned_in = NULL, *pinned_out = NULL;
	size_t free_bytes = 0, total_bytes = 0;

	if (host == NULL || back == NULL) {
		fprintf(stderr, "out of host memory\n");
		return EXIT_FAILURE;
	}
	RT_OK(cudaMemGetInfo(&free_bytes, &total_bytes));
	RT_CHECK(total_bytes > 0 && free_bytes <= total_bytes);
	sync_copies(host, back);
	if (RT_OK(cudaMallocHost(&pinned_in, N * sizeof(int))) &&
	    RT_OK(cudaHostAlloc(&pinned_out, N * sizeof(int),
	    cudaHostAllocDefault)))
		async_copies(pinned_in, pinned_out);
	RT_OK(cudaFreeHost(pinned_in));
	RT_OK(cudaFreeHost(pinned_out));
	free(host);
	free(back);
	return rt_verdict("rt_memory");
}
