// Reference solution for gemm-bias-relu-f32: C = ReLU(A B + bias[N]), row-major float32.
//
// C[M, N] = epilogue(A[M, K] B[K, N]), row-major float32: shared-memory tiling with register
// blocking (as sgemm-f32's reference). A block of 256 threads computes a 128 x 128 tile of C,
// walking K in steps of 8; each step stages a slice of A (transposed in shared memory, so a
// thread's 8 A values sit in one row; ALoad may scale them on the way) and of B, then every
// thread does an 8 x 8 outer product per k in registers. A thread owns rows ty + 16 i and
// columns tx + 16 j of the tile. Out-of-range elements load as zero and are not stored, which
// handles every M, N, K. Plain FMA with float accumulation: no TF32.
// The epilogue adds the bias and applies ReLU in registers before the single store.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int BM = 128, BN = 128, BK = 8;
constexpr int TM = 8, TN = 8;
constexpr int kThreads = (BM / TM) * (BN / TN); // 256

template <class ALoad, class Epilogue>
__global__ void __launch_bounds__(kThreads)
    sgemmTiled(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
               int M, int N, int K, ALoad aLoad, Epilogue epilogue) {
    __shared__ float As[BK][BM];
    __shared__ float Bs[BK][BN];
    const int tid = threadIdx.x;
    const int tx = tid % (BN / TN), ty = tid / (BN / TN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

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
            As[c][r] = (gr < M && gc < K) ? aLoad(A[static_cast<size_t>(gr) * K + gc], gc) : 0.0f;
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
                const size_t at = static_cast<size_t>(gr) * N + gc;
                C[at] = epilogue(acc[i][j], gr, gc, at);
            }
        }
    }
}

struct PlainA {
    __device__ float operator()(float a, int) const { return a; }
};

struct BiasRelu {
    const float* bias;
    __device__ float operator()(float v, int, int col, size_t) const {
        return fmaxf(v + bias[col], 0.0f);
    }
};

} // namespace

extern "C" void kwb_gemm_bias_relu(const float* A, const float* B, const float* bias, float* C,
                                   int M, int N, int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0)
        return;
    const dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
    sgemmTiled<<<grid, kThreads, 0, stream>>>(A, B, C, M, N, K, PlainA{}, BiasRelu{bias});
}
