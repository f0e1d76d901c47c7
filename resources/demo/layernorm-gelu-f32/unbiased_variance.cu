// Demo sample for layernorm-gelu-f32 (Kernel Workbench starter project).
// Expected: wrong result. The variance is divided by cols - 1 (the unbiased estimate, as
// numpy's ddof=1) where the task asks for the biased one (divide by cols, as PyTorch).
#include <cuda_runtime.h>
#include <math.h>

constexpr int kThreads = 256;

__global__ void layernormGelu(const float* x, const float* gamma, const float* beta, float* y, int cols, float eps) {
    __shared__ float partial[kThreads];
    const float* in = x + (size_t)blockIdx.x * cols;
    float* out = y + (size_t)blockIdx.x * cols;
    float acc = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads)
        acc += in[c];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    const float mean = partial[0] / cols;
    __syncthreads();
    acc = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        const float d = in[c] - mean;
        acc += d * d;
    }
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s /= 2) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    const float var = cols > 1 ? partial[0] / (cols - 1) : 0.0f; // the bug: biased wanted
    const float rstd = rsqrtf(var + eps);
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        const float v = (in[c] - mean) * rstd * gamma[c] + beta[c];
        out[c] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
    }
}

extern "C" void kwb_layernorm_gelu(const float* x, const float* gamma, const float* beta, float* y, int rows, int cols,
                                   float eps, cudaStream_t stream) {
    layernormGelu<<<rows, kThreads, 0, stream>>>(x, gamma, beta, y, cols, eps);
}
