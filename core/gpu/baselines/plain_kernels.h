#pragma once
// Documented plain kernels behind the baselines of ops no library has (cuDNN's legacy API has
// no LayerNorm, RMSNorm or GELU; cuBLAS and cuDNN no causal or additive-mask softmax). Simple,
// reasonably fast, float accumulation; compiled by nvcc, callable from plain C++. Each enqueues
// on stream and returns the launch status (not the kernels' outcome).
#include <cuda_runtime_api.h>

namespace kwb::gpu {

enum class RowNorm { LayerNorm, RmsNorm, RmsNormResidual };

// Per row of a row-major rows x cols matrix, a warp per row up to 1024 columns, else a block:
//   LayerNorm:       y = (x - mean) / sqrt(var + eps) * gamma + beta   (two-pass variance)
//   RmsNorm:         y = x / sqrt(mean(x^2) + eps) * gamma             (beta unused)
//   RmsNormResidual: h = x + residual; y = RmsNorm(h)                   (h written, read back)
cudaError_t launchRowNorm(RowNorm mode, const float* x, const float* residual, const float* gamma,
                          const float* beta, float* y, float* h, int rows, int cols, float eps,
                          cudaStream_t stream);
// y = 0.5 x (1 + erf(x / sqrt 2)), n elements.
cudaError_t launchGeluErf(const float* x, float* y, long long n, cudaStream_t stream);
// out[b, h, q, k] = mask[b, q, k] != 0 ? -10000 : scale * x[b, h, q, k]  (float).
cudaError_t launchScaleMask(const float* x, const int* mask, float* out, int batch, int heads,
                            int sq, int sk, float scale, cudaStream_t stream);
// For rows of s scores (row r is query r % s): p = softmax over keys j <= r % s of scores,
// 0 for j > r % s; written as half. scores: float [rows, s]; p: half [rows, s].
cudaError_t launchCausalSoftmaxToHalf(const float* scores, void* p, long long rows, int s,
                                      cudaStream_t stream);

} // namespace kwb::gpu
