// Plain kernels for the baselines of ops without a library call (see plain_kernels.h). Rows are
// reduced with warp shuffles; a row is read again from L1/L2 for each pass.
#include "core/gpu/baselines/plain_kernels.h"

#include <cfloat>
#include <cstddef>

#include <cuda_fp16.h>

namespace kwb::gpu {

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kWarpRowMaxCols = 1024;

__device__ __forceinline__ float warpSum(float v) {
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float warpMax(float v) {
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

// Whole-block sum; every thread gets it. scratch: kWarps floats.
__device__ __forceinline__ float blockSum(float v, float* scratch) {
    v = warpSum(v);
    __syncthreads();
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float t = 0.0f;
    for (int w = 0; w < kWarps; ++w)
        t += scratch[w];
    return t;
}

__device__ __forceinline__ float blockMax(float v, float* scratch) {
    v = warpMax(v);
    __syncthreads();
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float t = -FLT_MAX;
    for (int w = 0; w < kWarps; ++w)
        t = fmaxf(t, scratch[w]);
    return t;
}

// One row, by `lanes` threads starting at `lane` (a warp or the whole block). Reduce is the sum
// over those threads.
template <RowNorm Mode, typename Reduce>
__device__ __forceinline__ void normRow(const float* x, const float* res, const float* gamma,
                                        const float* beta, float* y, float* h, int cols, float eps,
                                        int lane, int lanes, Reduce reduce) {
    const float* src = x;
    if (Mode == RowNorm::RmsNormResidual) {
        for (int c = lane; c < cols; c += lanes)
            h[c] = x[c] + res[c];
        src = h; // read back what this thread wrote: no barrier needed for its own elements
    }
    float mean = 0.0f;
    if (Mode == RowNorm::LayerNorm) {
        float s = 0.0f;
        for (int c = lane; c < cols; c += lanes)
            s += src[c];
        mean = reduce(s) / static_cast<float>(cols);
    }
    float sq = 0.0f;
    for (int c = lane; c < cols; c += lanes) {
        const float d = src[c] - mean;
        sq += d * d;
    }
    const float rstd = rsqrtf(reduce(sq) / static_cast<float>(cols) + eps);
    for (int c = lane; c < cols; c += lanes) {
        const float v = (src[c] - mean) * rstd * gamma[c];
        y[c] = Mode == RowNorm::LayerNorm ? v + beta[c] : v;
    }
}

template <RowNorm Mode>
__global__ void __launch_bounds__(kThreads)
    normWarpPerRow(const float* x, const float* res, const float* gamma, const float* beta,
                   float* y, float* h, int rows, int cols, float eps) {
    const long long row = static_cast<long long>(blockIdx.x) * kWarps + (threadIdx.x >> 5);
    if (row >= rows)
        return; // the whole warp leaves together
    const std::size_t off = static_cast<std::size_t>(row) * cols;
    normRow<Mode>(x + off, res ? res + off : nullptr, gamma, beta, y + off, h ? h + off : nullptr,
                  cols, eps, threadIdx.x & 31, 32, [](float v) { return warpSum(v); });
}

template <RowNorm Mode>
__global__ void __launch_bounds__(kThreads)
    normBlockPerRow(const float* x, const float* res, const float* gamma, const float* beta,
                    float* y, float* h, int cols, float eps) {
    __shared__ float scratch[kWarps];
    const std::size_t off = static_cast<std::size_t>(blockIdx.x) * cols;
    normRow<Mode>(x + off, res ? res + off : nullptr, gamma, beta, y + off, h ? h + off : nullptr,
                  cols, eps, threadIdx.x, kThreads, [&](float v) { return blockSum(v, scratch); });
}

template <RowNorm Mode>
void launchNorm(const float* x, const float* res, const float* gamma, const float* beta, float* y,
                float* h, int rows, int cols, float eps, cudaStream_t s) {
    if (cols <= kWarpRowMaxCols)
        normWarpPerRow<Mode>
            <<<static_cast<unsigned>((rows + kWarps - 1) / kWarps), kThreads, 0, s>>>(
                x, res, gamma, beta, y, h, rows, cols, eps);
    else
        normBlockPerRow<Mode>
            <<<static_cast<unsigned>(rows), kThreads, 0, s>>>(x, res, gamma, beta, y, h, cols, eps);
}

__global__ void geluErfKernel(const float* __restrict__ x, float* __restrict__ y, long long n) {
    for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<long long>(gridDim.x) * blockDim.x) {
        const float v = x[i];
        y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f));
    }
}

__global__ void scaleMaskKernel(const float* __restrict__ x, const int* __restrict__ mask,
                                float* __restrict__ out, long long total, int heads, int sq, int sk,
                                float scale) {
    for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < total;
         i += static_cast<long long>(gridDim.x) * blockDim.x) {
        const long long k = i % sk;
        const long long row = i / sk; // (b, h, q)
        const long long q = row % sq;
        const long long b = row / (static_cast<long long>(sq) * heads);
        out[i] = mask[(b * sq + q) * sk + k] != 0 ? -10000.0f : x[i] * scale;
    }
}

// A block per row; keys beyond the query's own position get probability 0.
__global__ void __launch_bounds__(kThreads)
    causalSoftmaxKernel(const float* __restrict__ scores, __half* __restrict__ p, int s) {
    __shared__ float scratch[kWarps];
    const long long row = blockIdx.x;
    const int last = static_cast<int>(row % s); // keys 0..last are visible
    const float* in = scores + row * s;
    __half* out = p + row * s;
    float mx = -FLT_MAX;
    for (int j = threadIdx.x; j <= last; j += kThreads)
        mx = fmaxf(mx, in[j]);
    mx = blockMax(mx, scratch);
    float sum = 0.0f;
    for (int j = threadIdx.x; j <= last; j += kThreads)
        sum += __expf(in[j] - mx);
    const float inv = 1.0f / blockSum(sum, scratch);
    for (int j = threadIdx.x; j < s; j += kThreads)
        out[j] = __float2half_rn(j <= last ? __expf(in[j] - mx) * inv : 0.0f);
}

unsigned gridFor(long long n) {
    const long long blocks = (n + kThreads - 1) / kThreads;
    return static_cast<unsigned>(blocks < 1 ? 1 : blocks > 65535LL * 16 ? 65535LL * 16 : blocks);
}

} // namespace

cudaError_t launchRowNorm(RowNorm mode, const float* x, const float* residual, const float* gamma,
                          const float* beta, float* y, float* h, int rows, int cols, float eps,
                          cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return cudaErrorInvalidValue;
    switch (mode) {
    case RowNorm::LayerNorm:
        launchNorm<RowNorm::LayerNorm>(x, nullptr, gamma, beta, y, nullptr, rows, cols, eps,
                                       stream);
        break;
    case RowNorm::RmsNorm:
        launchNorm<RowNorm::RmsNorm>(x, nullptr, gamma, nullptr, y, nullptr, rows, cols, eps,
                                     stream);
        break;
    case RowNorm::RmsNormResidual:
        launchNorm<RowNorm::RmsNormResidual>(x, residual, gamma, nullptr, y, h, rows, cols, eps,
                                             stream);
        break;
    }
    return cudaGetLastError();
}

cudaError_t launchGeluErf(const float* x, float* y, long long n, cudaStream_t stream) {
    if (n <= 0)
        return cudaErrorInvalidValue;
    geluErfKernel<<<gridFor(n), kThreads, 0, stream>>>(x, y, n);
    return cudaGetLastError();
}

cudaError_t launchScaleMask(const float* x, const int* mask, float* out, int batch, int heads,
                            int sq, int sk, float scale, cudaStream_t stream) {
    const long long total = static_cast<long long>(batch) * heads * sq * sk;
    if (total <= 0)
        return cudaErrorInvalidValue;
    scaleMaskKernel<<<gridFor(total), kThreads, 0, stream>>>(x, mask, out, total, heads, sq, sk,
                                                             scale);
    return cudaGetLastError();
}

cudaError_t launchCausalSoftmaxToHalf(const float* scores, void* p, long long rows, int s,
                                      cudaStream_t stream) {
    if (rows <= 0 || s <= 0 || rows > 2147483647LL)
        return cudaErrorInvalidValue;
    causalSoftmaxKernel<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
        scores, static_cast<__half*>(p), s);
    return cudaGetLastError();
}

} // namespace kwb::gpu
