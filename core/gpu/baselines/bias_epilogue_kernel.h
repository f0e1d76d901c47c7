#pragma once
// Fallback epilogues for the cuBLASLt bias GEMMs when cuBLASLt offers no algorithm with the
// fused epilogue for a shape (cublaslt_gemm_bias_baseline.h). Compiled by nvcc; bf16 buffers
// are passed untyped so plain C++ callers need no cuda_bf16.h. Row-major M x N throughout.
#include <cuda_runtime_api.h>

namespace kwb::gpu {

// acc: float[M*N]; bias: bf16[N]; out: bf16[M*N]: out = bf16(GELU_tanh(acc + bias)). Returns
// the launch status. gelu false: out = bf16(acc + bias), the bias epilogue alone.
cudaError_t launchBiasGeluTanhBf16(const float* acc, const void* bias, void* out, int m, int n,
                                   cudaStream_t stream, bool gelu = true);

// In place on float32 c[M*N]: c = max(c + bias[col], 0).
cudaError_t launchBiasReluF32(float* c, const float* bias, int m, int n, cudaStream_t stream);

} // namespace kwb::gpu
