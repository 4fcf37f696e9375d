// Small managed allocations, as the "unified memory for beginners" code and
// a linked list whose nodes come from operator new over cudaMallocManaged.
#include <cstdio>
#include <new>

struct Managed {
	void *operator new(size_t n)
	{
		void *p;
		cudaMallocManaged(&p, n);
		return p;
	}
	void operator delete(void *p) { cudaFree(p); }
};

struct Node : Managed {
	int value;
	Node *next;
};

__global__ void add(int n, const float *x, float *y)
{
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		y[i] = x[i] + y[i];
}

__global__ void walk(const Node *head, int *sum, int *count)
{
	int s = 0, c = 0;
	for (const Node *n = head; n != nullptr; n = n->next) {
		s += n->value;
		c++;
	}
	*sum = s;
	*count = c;
}

__global__ void bump(Node *head)
{
	for (Node *n = head; n != nullptr; n = n->next)
		n->value *= 2;
}

int main()
{
	const int n = 1000;
	float *x, *y;
	cudaMallocManaged(&x, n * sizeof(float));
	cudaMallocManaged(&y, n * sizeof(float));
	for (int i = 0; i < n; i++) {
		x[i] = 1.0f;
		y[i] = 2.0f;
	}
	add<<<1, 256>>>(n, x, y);
	cudaDeviceSynchronize();
	float err = 0;
	for (int i = 0; i < n; i++)
		err = fmaxf(err, fabsf(y[i] - 3.0f));
	printf("max error %g\n", err);

	Node *head = nullptr;
	for (int i = 1; i <= 300; i++) {
		Node *nd = new Node;
		nd->value = i;
		nd->next = head;
		head = nd;
	}
	int *sum, *count;
	cudaMallocManaged(&sum, sizeof(int));
	cudaMallocManaged(&count, sizeof(int));
	walk<<<1, 1>>>(head, sum, count);
	cudaDeviceSynchronize();
	printf("list of %d, sum %d\n", *count, *sum);
	// Every third node freed from the host; the rest still walk.
	for (Node *p = head; p != nullptr && p->next != nullptr; p = p->next) {
		Node *gone = p->next;
		if (gone->value % 3 == 0) {
			p->next = gone->next;
			delete gone;
		}
	}
	bump<<<1, 1>>>(head);
	walk<<<1, 1>>>(head, sum, count);
	cudaDeviceSynchronize();
	printf("after deletes and doubling: %d nodes, sum %d\n", *count, *sum);
	long host = 0;
	for (Node *p = head; p != nullptr; p = p->next)
		host += p->value;
	printf("host sum %ld, %s\n", host, cudaGetErrorString(cudaGetLastError()));
	printf("done\n");
	return 0;
}
