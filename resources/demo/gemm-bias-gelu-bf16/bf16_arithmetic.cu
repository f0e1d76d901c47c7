// Demo sample for gemm-bias-gelu-bf16 (Kernel Workbench starter project).
// Expected: does not compile. The output element's address is taken as a float*, but C holds
// __nv_bfloat16 values: there is no conversion between the two pointer types.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <math.h>

__global__ void gemmBiasGelu(const __nv_bfloat16* A, const __nv_bfloat16* B, const __nv_bfloat16* bias,
                             __nv_bfloat16* C, int M, int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc += __bfloat162float(A[(size_t)row * K + k]) * __bfloat162float(B[(size_t)k * N + col]);
    const float v = acc + __bfloat162float(bias[col]);
    float* out = C + (size_t)row * N + col; // kwb-error-line
    *out = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
}

extern "C" void kwb_gemm_bias_gelu(const __nv_bfloat16* A, const __nv_bfloat16* B, const __nv_bfloat16* bias,
                                   __nv_bfloat16* C, int M, int N, int K, cudaStream_t stream) {
    const dim3 block(16, 16);
    const dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
    gemmBiasGelu<<<grid, block, 0, stream>>>(A, B, bias, C, M, N, K);
}
