// Thrust: sort, reduce and transform on device vectors.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/functional.h>

int main()
{
	const int n = 1 << 16;
	thrust::host_vector<unsigned> h(n);
	unsigned x = 12345;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = x >> 8;
	}
	thrust::device_vector<unsigned> d = h;
	thrust::sort(d.begin(), d.end());
	thrust::host_vector<unsigned> s = d;
	bool sorted = true;
	for (int i = 1; i < n; i++)
		sorted = sorted && s[i - 1] <= s[i];
	unsigned long long sum = thrust::reduce(d.begin(), d.end(), 0ull);
	thrust::transform(d.begin(), d.end(), d.begin(), thrust::negate<unsigned>());
	unsigned first = d[0];
	printf("sorted %d sum %llu first %u\n", sorted, sum, first);
	printf("done\n");
	return 0;
}
