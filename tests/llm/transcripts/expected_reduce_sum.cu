#include <cuda_runtime.h>

// Block-wide tree reduction, then one atomicAdd per block — naïve but correct.
__global__ void reduce_kernel(const float* x, float* out, int n) {
    extern __shared__ float s[];
    float v = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += x[i];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

extern "C" void kwb_reduce_sum(const float* x, float* out, int n, cudaStream_t stream) {
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    int blocks = (n + 255) / 256;
    if (blocks > 1024) blocks = 1024;
    reduce_kernel<<<blocks, 256, 256 * sizeof(float), stream>>>(x, out, n);
}
