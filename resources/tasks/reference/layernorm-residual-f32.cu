// Reference solution for layernorm-residual-f32: h = x + residual, then LayerNorm of each row
// of h with gamma and beta, float32. Both h and y are outputs (a pre-norm transformer keeps h
// for the next residual connection).
//
// One block of 256 threads per row. Pass 1 forms h, writes it and sums it for the mean (block
// reduction: warp shuffles, then one warp over the partials); pass 2 re-reads the thread's own
// h values and sums squared deviations (two-pass variance); pass 3 writes
// y = (h - mean) * rstd * gamma + beta. A thread reads back only what it wrote itself.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

// Sum over the block; every thread gets the result. All threads must call it.
__device__ float blockSum(float v, float* scratch) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    float total = lane < kWarps ? scratch[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
        total += __shfl_xor_sync(0xffffffffu, total, offset);
    __syncthreads(); // scratch is reused by the next call
    return total;
}

__global__ void __launch_bounds__(kThreads)
    layernormResidual(const float* __restrict__ x, const float* __restrict__ residual,
                      const float* __restrict__ gamma, const float* __restrict__ beta,
                      float* __restrict__ h, float* __restrict__ y, int cols, float eps) {
    __shared__ float scratch[kWarps];
    const size_t row = blockIdx.x;
    const float* xr = x + row * cols;
    const float* rr = residual + row * cols;
    float* hr = h + row * cols;
    float* yr = y + row * cols;

    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        const float v = xr[c] + rr[c];
        hr[c] = v;
        s += v;
    }
    const float mean = blockSum(s, scratch) / cols;
    float q = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        const float d = hr[c] - mean;
        q = fmaf(d, d, q);
    }
    const float rstd = rsqrtf(blockSum(q, scratch) / cols + eps);
    for (int c = threadIdx.x; c < cols; c += kThreads)
        yr[c] = (hr[c] - mean) * rstd * gamma[c] + beta[c];
}

} // namespace

extern "C" void kwb_layernorm_residual(const float* x, const float* residual, const float* gamma,
                                       const float* beta, float* h, float* y, int rows, int cols,
                                       float eps, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return;
    layernormResidual<<<rows, kThreads, 0, stream>>>(x, residual, gamma, beta, h, y, cols, eps);
}
