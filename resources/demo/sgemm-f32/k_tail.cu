// Demo sample for sgemm-f32 (Kernel Workbench starter project).
// Expected: wrong result where K is not a multiple of 16. A shared-memory tiled kernel that
// loops over K / 16 whole tiles and forgets the last, partial tile.
#include <cuda_runtime.h>

constexpr int kTile = 16;

__global__ void sgemmTiled(const float* A, const float* B, float* C, int M, int N, int K) {
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int row = blockIdx.y * kTile + threadIdx.y;
    const int col = blockIdx.x * kTile + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < K / kTile; ++t) { // the bug: K % kTile columns are never read
        const int ka = t * kTile + threadIdx.x;
        const int kb = t * kTile + threadIdx.y;
        As[threadIdx.y][threadIdx.x] = row < M ? A[(size_t)row * K + ka] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = col < N ? B[(size_t)kb * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < kTile; ++k)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[(size_t)row * N + col] = acc;
}

extern "C" void kwb_sgemm(const float* A, const float* B, float* C, int M, int N, int K, cudaStream_t stream) {
    const dim3 block(kTile, kTile);
    const dim3 grid((N + kTile - 1) / kTile, (M + kTile - 1) / kTile);
    sgemmTiled<<<grid, block, 0, stream>>>(A, B, C, M, N, K);
}
