// Reference solution for rmsnorm-matmul-f32: y = RMSNorm(x) W with RMSNorm(x)[i, k] =
// x[i, k] / sqrt(mean_k x[i, k]^2 + eps) * gamma[k]; x [M, K], gamma [K], W [K, N], y [M, N],
// row-major float32.
//
// One kernel: RMSNorm(x) W = diag(1 / rms) (x diag(gamma)) W. Each block first computes
// 1 / rms of its own 128 rows of x (a warp per row), then runs a tiled GEMM that folds gamma
// into x as it stages it, and scales each row by its 1 / rms in the epilogue. The GEMM is
// sgemm-f32's reference: a block of 256 threads computes a 128 x 128 tile of y, walking K in
// steps of 8; each step stages a slice of x (transposed in shared memory, so a thread's 8
// values sit in one row) and of W, then every thread does an 8 x 8 outer product per k in
// registers. Out-of-range elements load as zero and are not stored, which handles every M, N,
// K. Plain FMA with float accumulation: no TF32.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int BM = 128, BN = 128, BK = 8;
constexpr int TM = 8, TN = 8;
constexpr int kThreads = (BM / TM) * (BN / TN); // 256

__global__ void __launch_bounds__(kThreads)
    rmsnormMatmul(const float* __restrict__ A, const float* __restrict__ gamma,
                  const float* __restrict__ B, float* __restrict__ C, int M, int N, int K,
                  float eps) {
    __shared__ float rstd[BM];
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int tid = threadIdx.x;
    const int tx = tid % (BN / TN), ty = tid / (BN / TN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

    // 1 / rms of the block's rows: a warp per row, lanes striding over K.
    for (int r = tid / 32; r < BM; r += kThreads / 32) {
        const int gr = row0 + r;
        float s = 0.0f;
        if (gr < M)
            for (int c = tid % 32; c < K; c += 32) {
                const float v = A[static_cast<size_t>(gr) * K + c];
                s = fmaf(v, v, s);
            }
        for (int offset = 16; offset > 0; offset /= 2)
            s += __shfl_xor_sync(0xffffffffu, s, offset);
        if (tid % 32 == 0)
            rstd[r] = rsqrtf(s / K + eps);
    }
    // rstd is read only in the epilogue, after the main loop's barriers.

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
            acc[i][j] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
        for (int e = tid; e < BM * BK; e += kThreads) {
            const int r = e / BK, c = e % BK;
            const int gr = row0 + r, gc = k0 + c;
            As[c][r] = (gr < M && gc < K) ? A[static_cast<size_t>(gr) * K + gc] * gamma[gc] : 0.0f;
        }
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
            if (gc < N) {
                C[static_cast<size_t>(gr) * N + gc] = acc[i][j] * rstd[ty + 16 * i];
            }
        }
    }
}

} // namespace

extern "C" void kwb_rmsnorm_matmul(const float* x, const float* gamma, const float* w, float* y,
                                   int M, int N, int K, float eps, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0)
        return;
    const dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
    rmsnormMatmul<<<grid, kThreads, 0, stream>>>(x, gamma, w, y, M, N, K, eps);
}
