// Memory shared between processes with IPC handles, as simpleIPC does:
// fork first, then each process uses CUDA; the parent exports, the child
// opens, writes, and the parent sees it.
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

__global__ void fill(int *p, int v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = v + i;
}

int main()
{
	int to_child[2], to_parent[2];
	if (pipe(to_child) != 0 || pipe(to_parent) != 0)
		return 1;
	pid_t pid = fork();
	if (pid == 0) {
		cudaIpcMemHandle_t h;
		if (read(to_child[0], &h, sizeof(h)) != (ssize_t)sizeof(h))
			_exit(2);
		int *p;
		cudaError_t e = cudaIpcOpenMemHandle((void **)&p, h,
		    cudaIpcMemLazyEnablePeerAccess);
		if (e == cudaSuccess) {
			fill<<<4, 256>>>(p, 1000, 1024);
			e = cudaDeviceSynchronize();
			cudaIpcCloseMemHandle(p);
		}
		char ok = e == cudaSuccess ? 'y' : 'n';
		if (write(to_parent[1], &ok, 1) != 1)
			_exit(3);
		_exit(0);
	}
	int *d;
	cudaMalloc(&d, 1024 * sizeof(int));
	cudaMemset(d, 0, 1024 * sizeof(int));
	cudaIpcMemHandle_t h;
	cudaError_t e = cudaIpcGetMemHandle(&h, d);
	printf("export: %s\n", cudaGetErrorName(e));
	if (write(to_child[1], &h, sizeof(h)) != (ssize_t)sizeof(h))
		return 1;
	char ok = '?';
	if (read(to_parent[0], &ok, 1) != 1)
		return 1;
	int status = 0;
	waitpid(pid, &status, 0);
	int host[1024];
	cudaMemcpy(host, d, sizeof(host), cudaMemcpyDeviceToHost);
	long s = 0;
	for (int i = 0; i < 1024; i++)
		s += host[i];
	printf("child opened and wrote: %c, exit %d, sum %ld\n", ok,
	    WEXITSTATUS(status), s);
	printf("done\n");
	return 0;
}
