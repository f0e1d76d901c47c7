// Reference solution for gemm-bias-sigmoid-bf16: C = sigmoid(A B + bias[N]), bfloat16 in and
// out, float accumulation, row-major.
//
// Tensor cores through WMMA (16 x 16 x 16 bf16 fragments, float accumulators), as mlp-bf16's
// reference: a block of 8 warps computes a 128 x 128 tile of C, each warp a 32 x 64 sub-tile
// (2 x 4 fragments). K is walked 32 at a time: the A and B slices are staged in shared memory
// (rows padded by 8 elements against bank conflicts; padding keeps WMMA's 32-byte alignment).
// When K and N are multiples of 8 and the buffers 16-byte aligned, slices load with 16-byte
// vector loads; otherwise element by element, with out-of-range elements as zero. The
// epilogue passes each accumulator fragment through a per-warp shared buffer, adds the bias,
// applies the sigmoid in float and rounds once to bfloat16.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <mma.h>
#include <stdint.h>

namespace {

using namespace nvcuda;

constexpr int BM = 128, BN = 128, BK = 32;
constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int WM = 32, WN = 64;           // warp tile: 4 warps along M, 2 along N
constexpr int FM = WM / 16, FN = WN / 16; // fragments per warp tile
constexpr int PAD = 8;
constexpr int LDA = BK + PAD, LDB = BN + PAD;

__device__ __forceinline__ float sigmoid(float v) {
    return 1.0f / (1.0f + expf(-v));
}

template <bool kVec>
__device__ __forceinline__ void loadSlices(const __nv_bfloat16* __restrict__ A,
                                           const __nv_bfloat16* __restrict__ B,
                                           __nv_bfloat16 (*As)[LDA], __nv_bfloat16 (*Bs)[LDB],
                                           int M, int N, int K, int row0, int col0, int k0) {
    const int tid = threadIdx.x;
    if constexpr (kVec) {
        // 8 bf16 = 16 bytes a load; K % 8 == 0 and N % 8 == 0, so a chunk is all in or out.
        for (int e = tid; e < BM * BK / 8; e += kThreads) {
            const int r = e / (BK / 8), c = (e % (BK / 8)) * 8;
            const int gr = row0 + r, gc = k0 + c;
            uint4 v = make_uint4(0, 0, 0, 0);
            if (gr < M && gc < K)
                v = *reinterpret_cast<const uint4*>(A + static_cast<size_t>(gr) * K + gc);
            *reinterpret_cast<uint4*>(&As[r][c]) = v;
        }
        for (int e = tid; e < BK * BN / 8; e += kThreads) {
            const int r = e / (BN / 8), c = (e % (BN / 8)) * 8;
            const int gr = k0 + r, gc = col0 + c;
            uint4 v = make_uint4(0, 0, 0, 0);
            if (gr < K && gc < N)
                v = *reinterpret_cast<const uint4*>(B + static_cast<size_t>(gr) * N + gc);
            *reinterpret_cast<uint4*>(&Bs[r][c]) = v;
        }
    } else {
        const __nv_bfloat16 zero = __float2bfloat16(0.0f);
        for (int e = tid; e < BM * BK; e += kThreads) {
            const int r = e / BK, c = e % BK;
            const int gr = row0 + r, gc = k0 + c;
            As[r][c] = (gr < M && gc < K) ? A[static_cast<size_t>(gr) * K + gc] : zero;
        }
        for (int e = tid; e < BK * BN; e += kThreads) {
            const int r = e / BN, c = e % BN;
            const int gr = k0 + r, gc = col0 + c;
            Bs[r][c] = (gr < K && gc < N) ? B[static_cast<size_t>(gr) * N + gc] : zero;
        }
    }
}

template <bool kVec>
__global__ void __launch_bounds__(kThreads)
    gemmBiasSigmoid(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                    const __nv_bfloat16* __restrict__ bias, __nv_bfloat16* __restrict__ C, int M,
                    int N, int K) {
    __shared__ __align__(32) __nv_bfloat16 As[BM][LDA];
    __shared__ __align__(32) __nv_bfloat16 Bs[BK][LDB];
    __shared__ __align__(32) float stage[kWarps][16 * 16];

    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int warpM = warp / (BN / WN), warpN = warp % (BN / WN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[FM][FN];
#pragma unroll
    for (int i = 0; i < FM; ++i)
#pragma unroll
        for (int j = 0; j < FN; ++j)
            wmma::fill_fragment(acc[i][j], 0.0f);

    for (int k0 = 0; k0 < K; k0 += BK) {
        loadSlices<kVec>(A, B, As, Bs, M, N, K, row0, col0, k0);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a[FM];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b[FN];
#pragma unroll
            for (int i = 0; i < FM; ++i)
                wmma::load_matrix_sync(a[i], &As[warpM * WM + i * 16][kk], LDA);
#pragma unroll
            for (int j = 0; j < FN; ++j)
                wmma::load_matrix_sync(b[j], &Bs[kk][warpN * WN + j * 16], LDB);
#pragma unroll
            for (int i = 0; i < FM; ++i)
#pragma unroll
                for (int j = 0; j < FN; ++j)
                    wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        }
        __syncthreads(); // the next slices overwrite As and Bs
    }

#pragma unroll
    for (int i = 0; i < FM; ++i) {
#pragma unroll
        for (int j = 0; j < FN; ++j) {
            wmma::store_matrix_sync(stage[warp], acc[i][j], 16, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 16 * 16; e += 32) {
                const int gr = row0 + warpM * WM + i * 16 + e / 16;
                const int gc = col0 + warpN * WN + j * 16 + e % 16;
                if (gr < M && gc < N) {
                    const float v = stage[warp][e] + __bfloat162float(bias[gc]);
                    C[static_cast<size_t>(gr) * N + gc] = __float2bfloat16(sigmoid(v));
                }
            }
            __syncwarp(); // stage is reused by the next fragment
        }
    }
}

} // namespace

extern "C" void kwb_gemm_bias_sigmoid(const __nv_bfloat16* A, const __nv_bfloat16* B,
                                      const __nv_bfloat16* bias, __nv_bfloat16* C, int M, int N,
                                      int K, cudaStream_t stream) {
    if (M <= 0 || N <= 0 || K <= 0)
        return;
    const bool aligned =
        reinterpret_cast<uintptr_t>(A) % 16 == 0 && reinterpret_cast<uintptr_t>(B) % 16 == 0;
    const dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
    if (aligned && K % 8 == 0 && N % 8 == 0)
        gemmBiasSigmoid<true><<<grid, kThreads, 0, stream>>>(A, B, bias, C, M, N, K);
    else
        gemmBiasSigmoid<false><<<grid, kThreads, 0, stream>>>(A, B, bias, C, M, N, K);
}
