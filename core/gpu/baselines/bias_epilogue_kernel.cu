#include "core/gpu/baselines/bias_epilogue_kernel.h"

#include <cstddef>

#include <cuda_bf16.h>

namespace kwb::gpu {

namespace {

// The tanh form, the same approximation cuBLASLt's GELU epilogue uses, so both paths agree.
__device__ __forceinline__ float geluTanh(float v) {
    const float inner = 0.7978845608028654f * (v + 0.044715f * v * v * v);
    return 0.5f * v * (1.0f + tanhf(inner));
}

__global__ void biasGeluTanhBf16(const float* __restrict__ acc,
                                 const __nv_bfloat16* __restrict__ bias,
                                 __nv_bfloat16* __restrict__ out, std::size_t total, int n,
                                 bool gelu) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
         i += stride) {
        const int col = static_cast<int>(i % static_cast<std::size_t>(n));
        const float v = acc[i] + __bfloat162float(bias[col]);
        out[i] = __float2bfloat16_rn(gelu ? geluTanh(v) : v);
    }
}

__global__ void biasReluF32(float* __restrict__ c, const float* __restrict__ bias,
                            std::size_t total, int n) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total;
         i += stride) {
        const float v = c[i] + bias[i % static_cast<std::size_t>(n)];
        c[i] = fmaxf(v, 0.0f);
    }
}

// Enough blocks of kThreads for total elements, capped: the grid-stride loops cover the rest.
constexpr int kThreads = 256;
unsigned blocksFor(std::size_t total) {
    std::size_t blocks = (total + kThreads - 1) / kThreads;
    return static_cast<unsigned>(blocks > 65535u * 16u ? 65535u * 16u : blocks);
}

} // namespace

cudaError_t launchBiasGeluTanhBf16(const float* acc, const void* bias, void* out, int m, int n,
                                   cudaStream_t stream, bool gelu) {
    if (m <= 0 || n <= 0)
        return cudaErrorInvalidValue;
    const std::size_t total = static_cast<std::size_t>(m) * static_cast<std::size_t>(n);
    biasGeluTanhBf16<<<blocksFor(total), kThreads, 0, stream>>>(
        acc, static_cast<const __nv_bfloat16*>(bias), static_cast<__nv_bfloat16*>(out), total, n,
        gelu);
    return cudaGetLastError();
}

cudaError_t launchBiasReluF32(float* c, const float* bias, int m, int n, cudaStream_t stream) {
    if (m <= 0 || n <= 0)
        return cudaErrorInvalidValue;
    const std::size_t total = static_cast<std::size_t>(m) * static_cast<std::size_t>(n);
    biasReluF32<<<blocksFor(total), kThreads, 0, stream>>>(c, bias, total, n);
    return cudaGetLastError();
}

} // namespace kwb::gpu
