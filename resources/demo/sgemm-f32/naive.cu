// Demo sample for sgemm-f32 (Kernel Workbench starter project).
// Expected: correct at every shape, but far slower than cuBLAS. One thread per output element
// reads its row of A and column of B straight from global memory: no tiling, no reuse.
#include <cuda_runtime.h>

__global__ void sgemmNaive(const float* A, const float* B, float* C, int M, int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    C[(size_t)row * N + col] = acc;
}

extern "C" void kwb_sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    const dim3 block(16, 16);
    const dim3 grid((N + block.x - 1) / block.x, (M + block.y - 1) / block.y);
    sgemmNaive<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
}
