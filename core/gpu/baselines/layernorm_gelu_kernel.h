#pragma once
// The reference kernel behind the layernorm-gelu-f32 baseline (no library has the fused op):
// y = GELU_erf(gamma * (x - mean) * rsqrt(var + eps) + beta) per row, float accumulation,
// two-pass mean/variance. Compiled by nvcc; callable from plain C++.
#include <cuda_runtime_api.h>

namespace kwb::gpu {

// Enqueues the kernel on stream; returns the launch status (not the kernel's outcome).
cudaError_t launchLayerNormGelu(const float* x, const float* gamma, const float* beta, float* y,
                                int rows, int cols, float eps, cudaStream_t stream);

} // namespace kwb::gpu
