// Demo sample for reduce-sum-f32 (Kernel Workbench starter project).
// Expected: correct at every shape, but slow on large vectors. A single block of 1024 threads
// does all the work (one SM of the GPU), then a tree reduction in shared memory.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;

__global__ void reduceOneBlock(const float* x, float* out, int n) {
    __shared__ float partial[kThreads];
    float acc = 0.0f;
    for (int i = threadIdx.x; i < n; i += kThreads)
        acc += x[i];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = kThreads / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[0] = partial[0];
}

extern "C" void kwb_reduce_sum(const float* x, float* out, int n, cudaStream_t stream) {
    reduceOneBlock<<<1, kThreads, 0, stream>>>(x, out, n);
}
