// Demo sample for reduce-sum-f32 (Kernel Workbench starter project).
// Expected: fails (NaN output). Blocks add their partial sums into out[0] with atomicAdd, but
// out is never zeroed first; the harness fills it with NaN before each call.
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void reducePartial(const float* x, float* out, int n) {
    __shared__ float partial[kThreads];
    float acc = 0.0f;
    for (int i = blockIdx.x * kThreads + threadIdx.x; i < n; i += gridDim.x * kThreads)
        acc += x[i];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int stride = kThreads / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride)
            partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(out, partial[0]);
}

extern "C" void kwb_reduce_sum(const float* x, float* out, int n, cudaStream_t stream) {
    int blocks = (n + kThreads - 1) / kThreads;
    if (blocks > 1024)
        blocks = 1024;
    reducePartial<<<blocks, kThreads, 0, stream>>>(x, out, n);
}
