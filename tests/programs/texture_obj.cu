// A texture object over a CUDA array, read with filtering off and on.
#include <cstdio>

__global__ void fetch(cudaTextureObject_t t, float *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
	if (x < w && y < h)
		out[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f) +
		    tex2D<float>(t, x + 1.0f, y + 0.5f);
}

int main()
{
	const int w = 64, h = 16;
	float src[w * h], out[w * h];
	for (int i = 0; i < w * h; i++)
		src[i] = (float)(i % 7);
	cudaChannelFormatDesc fmt = cudaCreateChannelDesc<float>();
	cudaArray_t arr;
	cudaMallocArray(&arr, &fmt, w, h);
	cudaMemcpy2DToArray(arr, 0, 0, src, w * sizeof(float), w * sizeof(float),
	    h, cudaMemcpyHostToDevice);
	cudaResourceDesc res = {};
	res.resType = cudaResourceTypeArray;
	res.res.array.array = arr;
	cudaTextureDesc td = {};
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.filterMode = cudaFilterModeLinear;
	td.readMode = cudaReadModeElementType;
	cudaTextureObject_t t;
	cudaCreateTextureObject(&t, &res, &td, nullptr);
	float *d;
	cudaMalloc(&d, sizeof out);
	fetch<<<dim3(1, h), 64>>>(t, d, w, h);
	cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
	double sum = 0;
	for (int i = 0; i < w * h; i++)
		sum += out[i];
	printf("sum %.3f %s\n", sum, cudaGetErrorString(cudaGetLastError()));
	cudaDestroyTextureObject(t);
	cudaFreeArray(arr);
	printf("done\n");
	return 0;
}
