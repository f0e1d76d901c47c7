// Reference solution for gemm-bt-f32: C[M,N] = A B^T, A [M,K], B stored [N,K], row-major.
#include <cuda_runtime.h>

namespace {

// A block of (BM / TM) x (BN / TN) threads computes a BM x BN tile of C, walking K in steps
// of BK: each step stages a BK-wide slice of A (stored transposed, so a thread's TM values of
// A sit in one row of shared memory) and of B, then each thread accumulates a TM x TN block
// in registers. A thread owns rows ty + (BM / TM) i and columns tx + (BN / TN) j of the tile,
// so shared-memory reads of B and stores to C are consecutive across neighbouring threads.
// Out-of-range elements load as zero and are not stored: every size works. Plain FMA with
// float accumulation, no TF32. Indices into A, B and C are 64-bit.
template <int BM, int BN, int BK, int TM, int TN, typename Loader>
__device__ __forceinline__ void gemmTile(const Loader& ld, float* __restrict__ C, int M, int N,
                                         int kBegin, int kEnd, bool accumulate) {
    constexpr int kThreads = (BM / TM) * (BN / TN);
    constexpr int kRowStep = BM / TM, kColStep = BN / TN;
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int tid = threadIdx.x;
    const int tx = tid % kColStep, ty = tid / kColStep;
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            acc[i][j] = 0.0f;
    for (int k0 = kBegin; k0 < kEnd; k0 += BK) {
#pragma unroll
        for (int e = tid; e < BM * BK; e += kThreads) {
            int r, c;
            Loader::slotA(e, r, c, BM, BK);
            const int gr = row0 + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < kEnd) ? ld.a(gr, gc) : 0.0f;
        }
#pragma unroll
        for (int e = tid; e < BK * BN; e += kThreads) {
            int r, c;
            Loader::slotB(e, r, c, BK, BN);
            const int gr = k0 + r, gc = col0 + c;
            Bs[r][c] = (gr < kEnd && gc < N) ? ld.b(gr, gc) : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float a[TM], b[TN];
#pragma unroll
            for (int i = 0; i < TM; ++i)
                a[i] = As[k][ty + kRowStep * i];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                b[j] = Bs[k][tx + kColStep * j];
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
        const int gr = row0 + ty + kRowStep * i;
        if (gr >= M)
            continue;
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int gc = col0 + tx + kColStep * j;
            if (gc >= N)
                continue;
            float* out = C + static_cast<size_t>(gr) * N + gc;
            if (accumulate)
                atomicAdd(out, acc[i][j]);
            else
                *out = acc[i][j];
        }
    }
}

// A [M, K] and B stored [N, K] (the task multiplies by its transpose), both row-major.
struct Loader {
    const float* A;
    const float* B;
    int lda, ldb; // both K
    __device__ float a(int i, int k) const { return A[static_cast<size_t>(i) * lda + k]; }
    __device__ float b(int k, int j) const { return B[static_cast<size_t>(j) * ldb + k]; }
    // Consecutive threads read consecutive k of a row of A and of a row of the stored B.
    __device__ static void slotA(int e, int& r, int& c, int, int bk) { r = e / bk, c = e % bk; }
    __device__ static void slotB(int e, int& r, int& c, int bk, int) { r = e % bk, c = e / bk; }
};

constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8;

__global__ void __launch_bounds__(256) gemmBt(Loader ld, float* C, int M, int N, int K) {
    gemmTile<BM, BN, BK, TM, TN>(ld, C, M, N, 0, K, false);
}

} // namespace

extern "C" void kwb_gemm_bt(const float* A, const float* B, float* C, int M, int N, int K,
                            cudaStream_t stream) {
    if (M <= 0 || N <= 0)
        return;
    if (K <= 0) {
        cudaMemsetAsync(C, 0, sizeof(float) * static_cast<size_t>(M) * N, stream);
        return;
    }
    const dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
    gemmBt<<<grid, 256, 0, stream>>>(Loader{A, B, K, K}, C, M, N, K);
}
