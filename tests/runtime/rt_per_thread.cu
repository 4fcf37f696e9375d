/*
 * rt_per_thread.cu -- a program built with nvcc --default-stream
 * per-thread (tests/runtime/build.mk): four host threads, each copying,
 * launching and copying back on its own default stream at once, and
 * checking what came back.  The runtime calls the driver's _ptds and
 * _ptsz entry points; each thread's default stream is its own stream.
 */
#include <pthread.h>
#include <string.h>

#include "rt_check.h"

#define THREADS 4
#define ROUNDS 10
#define N (1 << 16)

/* As rt_streams.cu's, which the CPU stand-in runs too. */
__global__ void rt_axpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}

struct worker {
	int id;
	unsigned long long stream_id;
	const char *failed;	/* the first call or check that failed */
	cudaError_t error;
};

#define W_OK(call) do {							\
	cudaError_t e_ = (call);					\
	if (e_ != cudaSuccess) {					\
		w->failed = #call;					\
		w->error = e_;						\
		return;							\
	}								\
} while (0)

#define W_CHECK(cond) do {						\
	if (!(cond)) {							\
		w->failed = #cond;					\
		return;							\
	}								\
} while (0)

static void work(struct worker *w)
{
	static float x[THREADS][N], y[THREADS][N], back[THREADS][N];
	float *dx = NULL, *dy = NULL;
	float a;
	int round, i;

	W_OK(cudaStreamGetId(cudaStreamPerThread, &w->stream_id));
	W_OK(cudaMalloc(&dx, sizeof(x[0])));
	W_OK(cudaMalloc(&dy, sizeof(y[0])));
	for (round = 0; round < ROUNDS; round++) {
		a = (float)(w->id * 100 + round);
		for (i = 0; i < N; i++) {
			x[w->id][i] = (float)(i % 97);
			y[w->id][i] = (float)(w->id + i % 13);
		}
		/* The default stream is this thread's: no stream named. */
		W_OK(cudaMemcpy(dx, x[w->id], sizeof(x[0]),
		    cudaMemcpyHostToDevice));
		W_OK(cudaMemcpyAsync(dy, y[w->id], sizeof(y[0]),
		    cudaMemcpyHostToDevice, 0));
		rt_axpy<<<N / 256, 256>>>(a, dx, dy, N);
		W_OK(cudaGetLastError());
		memset(back[w->id], 0, sizeof(back[0]));
		W_OK(cudaMemcpy(back[w->id], dy, sizeof(back[0]),
		    cudaMemcpyDeviceToHost));
		for (i = 0; i < N; i++)
			W_CHECK(back[w->id][i] ==
			    a * x[w->id][i] + y[w->id][i]);
		W_OK(cudaStreamSynchronize(0));
		W_OK(cudaStreamQuery(cudaStreamPerThread));
	}
	W_OK(cudaFree(dx));
	W_OK(cudaFree(dy));
}

static void *worker_main(void *arg)
{
	work((struct worker *)arg);
	return NULL;
}

int main(void)
{
	struct worker w[THREADS];
	unsigned long long legacy_id = 0;
	pthread_t t[THREADS];
	int i, j, started = 0;

	RT_OK(cudaFree(0));	/* the context, before the threads share it */
	for (i = 0; i < THREADS; i++) {
		w[i].id = i;
		w[i].stream_id = 0;
		w[i].failed = NULL;
		w[i].error = cudaSuccess;
		if (pthread_create(&t[i], NULL, worker_main, &w[i]) != 0)
			break;
		started++;
	}
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	RT_CHECK(started == THREADS);
	for (i = 0; i < started; i++)
		if (w[i].failed != NULL) {
			fprintf(stderr, "thread %d: %s failed (%s)\n", i,
			    w[i].failed, cudaGetErrorName(w[i].error));
			rt_failures++;
		}
	/* Four streams, none of them the legacy one. */
	RT_OK(cudaStreamGetId(cudaStreamLegacy, &legacy_id));
	for (i = 0; i < started; i++) {
		RT_CHECK(w[i].stream_id != legacy_id);
		for (j = 0; j < i; j++)
			RT_CHECK(w[i].stream_id != w[j].stream_id);
	}
	return rt_verdict("rt_per_thread");
}
