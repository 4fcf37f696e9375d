// Device flags set before the context exists (blocking sync), events
// with blocking sync and without timing, stream priorities.
#include <cstdio>

__global__ void spin(long long cycles, int *flag)
{
	long long start = clock64();
	while (clock64() - start < cycles)
		;
	*flag = 1;
}

int main()
{
	cudaError_t e = cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync);
	unsigned flags = 0;
	cudaGetDeviceFlags(&flags);
	printf("set flags: %s, blocking sync kept: %d\n", cudaGetErrorName(e),
	    (int)((flags & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync));
	int lo, hi;
	cudaDeviceGetStreamPriorityRange(&lo, &hi);
	cudaStream_t s;
	cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, hi);
	int prio = 0;
	cudaStreamGetPriority(s, &prio);
	printf("priority range has room: %d, stream got the highest: %d\n",
	    (int)(lo > hi), (int)(prio == hi));
	cudaEvent_t ev;
	cudaEventCreateWithFlags(&ev, cudaEventBlockingSync | cudaEventDisableTiming);
	int *flag;
	cudaMalloc(&flag, sizeof(int));
	cudaMemsetAsync(flag, 0, sizeof(int), s);
	spin<<<1, 1, 0, s>>>(20000000, flag);
	cudaEventRecord(ev, s);
	cudaError_t q = cudaEventQuery(ev);
	e = cudaEventSynchronize(ev);
	int h = 0;
	cudaMemcpy(&h, flag, sizeof(int), cudaMemcpyDeviceToHost);
	printf("query before: %s, sync: %s, flag %d\n",
	    q == cudaErrorNotReady || q == cudaSuccess ? "ready-or-not" : cudaGetErrorName(q),
	    cudaGetErrorName(e), h);
	float ms;
	printf("elapsed on an untimed event: %s\n",
	    cudaGetErrorName(cudaEventElapsedTime(&ms, ev, ev)));
	printf("done\n");
	return 0;
}
