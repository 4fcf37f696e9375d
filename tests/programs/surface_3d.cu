// A 3D CUDA array written through a surface object, then copied back
// with cudaMemcpy3D and read through a layered 2D texture.
#include <cstdio>

__global__ void fill(cudaSurfaceObject_t s, int w, int h, int d)
{
	int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
	if (x < w && y < h && z < d)
		surf3Dwrite((float)(x + 10 * y + 100 * z), s, x * sizeof(float), y, z);
}

int main()
{
	const int w = 32, h = 8, d = 4;
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
	cudaArray_t arr;
	cudaExtent ext = make_cudaExtent(w, h, d);
	if (cudaMalloc3DArray(&arr, &fmt, ext, cudaArraySurfaceLoadStore) != cudaSuccess)
		return 1;
	cudaResourceDesc res = {};
	res.resType = cudaResourceTypeArray;
	res.res.array.array = arr;
	cudaSurfaceObject_t s;
	cudaCreateSurfaceObject(&s, &res);
	fill<<<dim3(h, d), w>>>(s, w, h, d);
	static float out[w * h * d];
	cudaMemcpy3DParms p = {};
	p.srcArray = arr;
	p.dstPtr = make_cudaPitchedPtr(out, w * sizeof(float), w, h);
	p.extent = ext;
	p.kind = cudaMemcpyDeviceToHost;
	cudaError_t e = cudaMemcpy3D(&p);
	double sum = 0;
	for (int i = 0; i < w * h * d; i++)
		sum += out[i];
	cudaExtent got;
	cudaChannelFormatDesc gf;
	unsigned flags;
	cudaArrayGetInfo(&gf, &got, &flags, arr);
	printf("copy %s sum %.0f out[1234] %.0f extent %zux%zux%zu bits %d flags %u\n",
	    cudaGetErrorString(e), sum, out[w * h * 3 + w * 5 + 7],
	    got.width, got.height, got.depth, gf.x, flags);
	cudaDestroySurfaceObject(s);
	cudaFreeArray(arr);
	printf("done\n");
	return 0;
}
