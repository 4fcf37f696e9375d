// Pitched memory: cudaMallocPitch, cudaMemcpy2D both ways and device to
// device, cudaMemset2D, cudaMalloc3D and cudaMemcpy3D.
#include <cstdio>

__global__ void scale(float *p, size_t pitch, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
	if (x < w && y < h)
		((float *)((char *)p + y * pitch))[x] *= 2.0f;
}

int main()
{
	const int w = 300, h = 77;
	static float host[h][w], back[h][w];
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			host[y][x] = (float)(y * w + x);
	float *d, *d2;
	size_t pitch, pitch2;
	cudaMallocPitch(&d, &pitch, w * sizeof(float), h);
	cudaMallocPitch(&d2, &pitch2, w * sizeof(float), h);
	cudaMemcpy2D(d, pitch, host, w * sizeof(float), w * sizeof(float), h,
	    cudaMemcpyHostToDevice);
	scale<<<dim3((w + 127) / 128, h), 128>>>(d, pitch, w, h);
	cudaMemcpy2D(d2, pitch2, d, pitch, w * sizeof(float), h,
	    cudaMemcpyDeviceToDevice);
	cudaMemcpy2D(back, w * sizeof(float), d2, pitch2, w * sizeof(float), h,
	    cudaMemcpyDeviceToHost);
	double s = 0;
	int bad = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			s += back[y][x];
			bad += back[y][x] != 2.0f * host[y][x];
		}
	printf("pitch multiple of 512: %d, sum %.0f, wrong %d\n",
	    (int)(pitch % 512 == 0), s, bad);
	cudaMemset2D(d, pitch, 0, 10 * sizeof(float), h);
	cudaMemcpy2D(back, w * sizeof(float), d, pitch, w * sizeof(float), h,
	    cudaMemcpyDeviceToHost);
	printf("after memset2D: [5][3]=%g [5][10]=%g\n", back[5][3], back[5][10]);

	cudaExtent ext = make_cudaExtent(40 * sizeof(int), 30, 20);
	cudaPitchedPtr p3;
	cudaMalloc3D(&p3, ext);
	static int vol[20][30][40], vol2[20][30][40];
	for (int z = 0; z < 20; z++)
		for (int y = 0; y < 30; y++)
			for (int x = 0; x < 40; x++)
				vol[z][y][x] = z * 10000 + y * 100 + x;
	cudaMemcpy3DParms up = {};
	up.srcPtr = make_cudaPitchedPtr(vol, 40 * sizeof(int), 40, 30);
	up.dstPtr = p3;
	up.extent = ext;
	up.kind = cudaMemcpyHostToDevice;
	cudaMemcpy3D(&up);
	cudaMemcpy3DParms down = {};
	down.srcPtr = p3;
	down.dstPtr = make_cudaPitchedPtr(vol2, 40 * sizeof(int), 40, 30);
	down.extent = ext;
	down.kind = cudaMemcpyDeviceToHost;
	cudaMemcpy3D(&down);
	int bad3 = 0;
	for (int z = 0; z < 20; z++)
		for (int y = 0; y < 30; y++)
			for (int x = 0; x < 40; x++)
				bad3 += vol[z][y][x] != vol2[z][y][x];
	printf("3D round trip wrong %d, %s\n", bad3,
	    cudaGetErrorString(cudaGetLastError()));
	printf("done\n");
	return 0;
}
