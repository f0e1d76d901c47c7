// Reference LayerNorm + exact GELU kernels. Two shapes of parallelism: a warp per row for short
// rows (<= kWarpRowMaxCols), a 256-thread block per row otherwise. Each thread strides over the
// row; the row is read three times (mean, variance, output), the later reads hitting L1/L2.
// Two-pass variance (sum of squared deviations from the mean) avoids the cancellation of
// E[x^2] - E[x]^2.
#include "core/gpu/baselines/layernorm_gelu_kernel.h"

#include <cstddef>

namespace kwb::gpu {

namespace {

constexpr int kWarpRowMaxCols = 1024;
constexpr int kThreads = 256;
constexpr int kWarpsPerBlock = kThreads / 32;

__device__ __forceinline__ float warpSum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Sum over the whole block; every thread gets the result. scratch holds kWarpsPerBlock floats.
__device__ __forceinline__ float blockSum(float v, float* scratch) {
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    v = warpSum(v);
    __syncthreads(); // scratch may still be read from the previous reduction
    if (lane == 0)
        scratch[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < kWarpsPerBlock; ++w)
        total += scratch[w];
    return total;
}

__device__ __forceinline__ float geluErf(float v) {
    return 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f));
}

__global__ void __launch_bounds__(kThreads)
    layerNormGeluWarpPerRow(const float* __restrict__ x, const float* __restrict__ gamma,
                            const float* __restrict__ beta, float* __restrict__ y, int rows,
                            int cols, float eps) {
    const int lane = threadIdx.x & 31;
    const long long row = static_cast<long long>(blockIdx.x) * kWarpsPerBlock + (threadIdx.x >> 5);
    if (row >= rows)
        return; // a whole warp leaves together, so the shuffles below stay full-warp
    const float* xr = x + static_cast<std::size_t>(row) * cols;
    float* yr = y + static_cast<std::size_t>(row) * cols;
    float sum = 0.0f;
    for (int c = lane; c < cols; c += 32)
        sum += xr[c];
    const float mean = warpSum(sum) / static_cast<float>(cols);
    float sq = 0.0f;
    for (int c = lane; c < cols; c += 32) {
        const float d = xr[c] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(warpSum(sq) / static_cast<float>(cols) + eps);
    for (int c = lane; c < cols; c += 32)
        yr[c] = geluErf((xr[c] - mean) * rstd * gamma[c] + beta[c]);
}

__global__ void __launch_bounds__(kThreads)
    layerNormGeluBlockPerRow(const float* __restrict__ x, const float* __restrict__ gamma,
                             const float* __restrict__ beta, float* __restrict__ y, int cols,
                             float eps) {
    __shared__ float scratch[kWarpsPerBlock];
    const float* xr = x + static_cast<std::size_t>(blockIdx.x) * cols;
    float* yr = y + static_cast<std::size_t>(blockIdx.x) * cols;
    float sum = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads)
        sum += xr[c];
    const float mean = blockSum(sum, scratch) / static_cast<float>(cols);
    float sq = 0.0f;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        const float d = xr[c] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(blockSum(sq, scratch) / static_cast<float>(cols) + eps);
    for (int c = threadIdx.x; c < cols; c += kThreads)
        yr[c] = geluErf((xr[c] - mean) * rstd * gamma[c] + beta[c]);
}

} // namespace

cudaError_t launchLayerNormGelu(const float* x, const float* gamma, const float* beta, float* y,
                                int rows, int cols, float eps, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return cudaErrorInvalidValue;
    if (cols <= kWarpRowMaxCols) {
        const unsigned blocks = static_cast<unsigned>(
            (static_cast<long long>(rows) + kWarpsPerBlock - 1) / kWarpsPerBlock);
        layerNormGeluWarpPerRow<<<blocks, kThreads, 0, stream>>>(x, gamma, beta, y, rows, cols,
                                                                 eps);
    } else {
        layerNormGeluBlockPerRow<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
            x, gamma, beta, y, cols, eps);
    }
    return cudaGetLastError();
}

} // namespace kwb::gpu
