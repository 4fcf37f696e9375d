// Host threads, each with its own stream, registered memory and events:
// the shape of simpleStreams, asyncAPI and cudaOpenMP.
#include <cstdio>
#include <pthread.h>
#include <vector>

__global__ void inc(int *p, int n, int by)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	    i += gridDim.x * blockDim.x)
		p[i] += by;
}

struct job {
	int id;
	long sum;
	int queries;
	bool timed;
};

static void *work(void *arg)
{
	job *j = (job *)arg;
	const int n = 1 << 20;
	std::vector<int> host(n, j->id);
	cudaHostRegister(host.data(), n * sizeof(int), cudaHostRegisterDefault);
	cudaStream_t s;
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	cudaEvent_t a, b;
	cudaEventCreate(&a);
	cudaEventCreate(&b);
	int *d;
	cudaMalloc(&d, n * sizeof(int));
	cudaEventRecord(a, s);
	cudaMemcpyAsync(d, host.data(), n * sizeof(int), cudaMemcpyHostToDevice, s);
	for (int k = 0; k < 10; k++)
		inc<<<64, 256, 0, s>>>(d, n, j->id);
	cudaMemcpyAsync(host.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost, s);
	cudaEventRecord(b, s);
	while (cudaEventQuery(b) == cudaErrorNotReady)
		j->queries++;
	float ms = -1;
	cudaEventElapsedTime(&ms, a, b);
	j->timed = ms >= 0;
	j->sum = 0;
	for (int i = 0; i < n; i++)
		j->sum += host[i];
	cudaFree(d);
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	cudaStreamDestroy(s);
	cudaHostUnregister(host.data());
	return nullptr;
}

int main()
{
	cudaFree(0);
	pthread_t t[4];
	job jobs[4];
	for (int i = 0; i < 4; i++) {
		jobs[i] = job{ i + 1, 0, 0, false };
		pthread_create(&t[i], nullptr, work, &jobs[i]);
	}
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], nullptr);
	for (int i = 0; i < 4; i++)
		printf("thread %d: sum %ld, timed %d, polled %s\n", jobs[i].id,
		    jobs[i].sum, (int)jobs[i].timed,
		    jobs[i].queries >= 0 ? "yes" : "no");
	printf("%s\n", cudaGetErrorString(cudaGetLastError()));
	printf("done\n");
	return 0;
}
