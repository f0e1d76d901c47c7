#pragma once
// Fallback epilogue for gemm-bias-gelu-bf16 when cuBLASLt offers no GELU_BIAS algorithm for a
// shape: out[i,j] = bf16(GELU_tanh(acc[i,j] + bias[j])), row-major M x N. Compiled by nvcc;
// bf16 buffers are passed untyped so plain C++ callers need no cuda_bf16.h.
#include <cuda_runtime_api.h>

namespace kwb::gpu {

// acc: float[M*N]; bias: bf16[N]; out: bf16[M*N]. Returns the launch status. gelu false:
// out = bf16(acc + bias), the bias epilogue alone.
cudaError_t launchBiasGeluTanhBf16(const float* acc, const void* bias, void* out, int m, int n,
                                   cudaStream_t stream, bool gelu = true);

} // namespace kwb::gpu
