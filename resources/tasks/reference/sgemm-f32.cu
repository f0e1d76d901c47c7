// Reference solution for sgemm-f32: C[M,N] = A[M,K] * B[K,N], row-major float32.
//
// Classic shared-memory tiling with register blocking: a block of 256 threads computes a
// 128 x 128 tile of C, walking K in steps of 8. Each step stages an 8-wide slice of A
// (stored transposed, so that a thread's 8 A values sit in one row of shared memory) and of
// B, then every thread does an 8 x 8 outer product per k in registers. A thread owns rows
// ty + 16*i and columns tx + 16*j of the tile: reads of B from shared memory and stores to C
// are consecutive across a half-warp. Out-of-range elements load as zero and are not
// stored, which handles every M, N, K. Plain FMA with float accumulation: no TF32.
#include <cuda_runtime.h>

namespace {

constexpr int BM = 128, BN = 128, BK = 8;
constexpr int TM = 8, TN = 8;
constexpr int kThreads = (BM / TM) * (BN / TN); // 256

__global__ void __launch_bounds__(kThreads)
sgemmTiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
           int M, int N, int K) {
    __shared__ float As[BK][BM]; // transposed slice of A
    __shared__ float Bs[BK][BN];
    const int tid = threadIdx.x;
    const int tx = tid % (BN / TN); // 0..15
    const int ty = tid / (BN / TN); // 0..15
    const int row0 = blockIdx.y * BM;
    const int col0 = blockIdx.x * BN;

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += BK) {
        // A slice: BM x BK. Consecutive threads read consecutive k of one row.
#pragma unroll
        for (int e = tid; e < BM * BK; e += kThreads) {
            const int r = e / BK, c = e % BK;
            const int gr = row0 + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[static_cast<size_t>(gr) * K + gc] : 0.0f;
        }
        // B slice: BK x BN. Consecutive threads read consecutive columns of one row.
#pragma unroll
        for (int e = tid; e < BK * BN; e += kThreads) {
            const int r = e / BN, c = e % BN;
            const int gr = k0 + r, gc = col0 + c;
            Bs[r][c] = (gr < K && gc < N) ? B[static_cast<size_t>(gr) * N + gc] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i)
                a[i] = As[k][ty + 16 * i];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                b[j] = Bs[k][tx + 16 * j];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads(); // the next slice overwrites As and Bs
    }

#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int gr = row0 + ty + 16 * i;
        if (gr >= M)
            continue;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int gc = col0 + tx + 16 * j;
            if (gc < N)
                C[static_cast<size_t>(gr) * N + gc] = acc[i][j];
        }
    }
}

} // namespace

extern "C" void kwb_sgemm(const float* A, const float* B, float* C, int M, int N, int K,
                          cudaStream_t stream) {
    if (M <= 0 || N <= 0)
        return;
    if (K <= 0) {
        cudaMemsetAsync(C, 0, sizeof(float) * static_cast<size_t>(M) * N, stream);
        return;
    }
    const dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
    sgemmTiled<<<grid, kThreads, 0, stream>>>(A, B, C, M, N, K);
}
