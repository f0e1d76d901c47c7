// Reference solution for mlp-swiglu-bf16: a LLaMA-style MLP block, bfloat16 in and out, float
// accumulation, row-major: h = SiLU(x W1) * (x W3) (an output, and the scratch between the
// two steps), then y = h W2. x [M, D], W1 and W3 [D, F], W2 [F, D], h [M, F], y [M, D].
//
// Two launches. The first is swiglu-bf16's reference: both products of a tile in one kernel,
// x staged once. The second is the same WMMA tiling with one product. Tensor cores through
// WMMA (16 x 16 x 16 bf16 fragments, float accumulators): a block of 8 warps computes a
// 128 x 64 output tile, each warp a 32 x 32 sub-tile (2 x 2 fragments per product). K is
// walked 32 at a time through shared memory (rows padded by 8 elements; padding keeps WMMA's
// 32-byte alignment), with 16-byte vector loads when the row lengths are multiples of 8 and
// the buffers 16-byte aligned, else element by element; out-of-range elements are zero. The
// epilogues go through a per-warp shared buffer and round once to bfloat16.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <mma.h>
#include <stdint.h>

namespace {

using namespace nvcuda;

constexpr int BM = 128, BN = 64, BK = 32;
constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int WM = 32, WN = 32;           // warp tile: 4 warps along M, 2 along N
constexpr int FM = WM / 16, FN = WN / 16; // fragments per warp tile and product
constexpr int PAD = 8;
constexpr int LDA = BK + PAD, LDB = BN + PAD;

template <bool kVec>
__device__ __forceinline__ void loadSlice(const __nv_bfloat16* __restrict__ src, int rows, int cols,
                                          int row0, int col0, __nv_bfloat16* __restrict__ dst,
                                          int tileRows, int tileCols, int ld) {
    const int tid = threadIdx.x;
    if constexpr (kVec) {
        // 8 bf16 = 16 bytes a load; cols % 8 == 0, so a chunk is all in or all out.
        for (int e = tid; e < tileRows * tileCols / 8; e += kThreads) {
            const int r = e / (tileCols / 8), c = (e % (tileCols / 8)) * 8;
            const int gr = row0 + r, gc = col0 + c;
            uint4 v = make_uint4(0, 0, 0, 0);
            if (gr < rows && gc < cols)
                v = *reinterpret_cast<const uint4*>(src + static_cast<size_t>(gr) * cols + gc);
            *reinterpret_cast<uint4*>(dst + r * ld + c) = v;
        }
    } else {
        for (int e = tid; e < tileRows * tileCols; e += kThreads) {
            const int r = e / tileCols, c = e % tileCols;
            const int gr = row0 + r, gc = col0 + c;
            dst[r * ld + c] = (gr < rows && gc < cols) ? src[static_cast<size_t>(gr) * cols + gc]
                                                       : __float2bfloat16(0.0f);
        }
    }
}

template <bool kVec>
__global__ void __launch_bounds__(kThreads)
    swiglu(const __nv_bfloat16* __restrict__ x, const __nv_bfloat16* __restrict__ w1,
           const __nv_bfloat16* __restrict__ w3, __nv_bfloat16* __restrict__ h, int M, int F,
           int D) {
    __shared__ __align__(32) __nv_bfloat16 xs[BM][LDA];
    __shared__ __align__(32) __nv_bfloat16 w1s[BK][LDB];
    __shared__ __align__(32) __nv_bfloat16 w3s[BK][LDB];
    __shared__ __align__(32) float stage[kWarps][2][16 * 16];

    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int warpM = warp / (BN / WN), warpN = warp % (BN / WN);
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;

    wmma::fragment<wmma::accumulator, 16, 16, 16, float> gate[FM][FN], up[FM][FN];
#pragma unroll
    for (int i = 0; i < FM; ++i)
#pragma unroll
        for (int j = 0; j < FN; ++j) {
            wmma::fill_fragment(gate[i][j], 0.0f);
            wmma::fill_fragment(up[i][j], 0.0f);
        }

    for (int k0 = 0; k0 < D; k0 += BK) {
        loadSlice<kVec>(x, M, D, row0, k0, &xs[0][0], BM, BK, LDA);
        loadSlice<kVec>(w1, D, F, k0, col0, &w1s[0][0], BK, BN, LDB);
        loadSlice<kVec>(w3, D, F, k0, col0, &w3s[0][0], BK, BN, LDB);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a[FM];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
#pragma unroll
            for (int i = 0; i < FM; ++i)
                wmma::load_matrix_sync(a[i], &xs[warpM * WM + i * 16][kk], LDA);
#pragma unroll
            for (int j = 0; j < FN; ++j) {
                wmma::load_matrix_sync(b, &w1s[kk][warpN * WN + j * 16], LDB);
#pragma unroll
                for (int i = 0; i < FM; ++i)
                    wmma::mma_sync(gate[i][j], a[i], b, gate[i][j]);
                wmma::load_matrix_sync(b, &w3s[kk][warpN * WN + j * 16], LDB);
#pragma unroll
                for (int i = 0; i < FM; ++i)
                    wmma::mma_sync(up[i][j], a[i], b, up[i][j]);
            }
        }
        __syncthreads(); // the next slices overwrite the tiles
    }

#pragma unroll
    for (int i = 0; i < FM; ++i) {
#pragma unroll
        for (int j = 0; j < FN; ++j) {
            wmma::store_matrix_sync(stage[warp][0], gate[i][j], 16, wmma::mem_row_major);
            wmma::store_matrix_sync(stage[warp][1], up[i][j], 16, wmma::mem_row_major);
            __syncwarp();
            for (int e = lane; e < 16 * 16; e += 32) {
                const int gr = row0 + warpM * WM + i * 16 + e / 16;
                const int gc = col0 + warpN * WN + j * 16 + e % 16;
                if (gr < M && gc < F) {
                    const float g = stage[warp][0][e], u = stage[warp][1][e];
                    h[static_cast<size_t>(gr) * F + gc] =
                        __float2bfloat16(g / (1.0f + expf(-g)) * u);
                }
            }
            __syncwarp(); // stage is reused by the next pair
        }
    }
}

// y = A B (no epilogue beyond rounding): the same tiling with one product.
template <bool kVec>
__global__ void __launch_bounds__(kThreads)
    gemm(const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
         __nv_bfloat16* __restrict__ C, int M, int N, int K) {
    __shared__ __align__(32) __nv_bfloat16 as[BM][LDA];
    __shared__ __align__(32) __nv_bfloat16 bs[BK][LDB];
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
        loadSlice<kVec>(A, M, K, row0, k0, &as[0][0], BM, BK, LDA);
        loadSlice<kVec>(B, K, N, k0, col0, &bs[0][0], BK, BN, LDB);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a[FM];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
#pragma unroll
            for (int i = 0; i < FM; ++i)
                wmma::load_matrix_sync(a[i], &as[warpM * WM + i * 16][kk], LDA);
#pragma unroll
            for (int j = 0; j < FN; ++j) {
                wmma::load_matrix_sync(b, &bs[kk][warpN * WN + j * 16], LDB);
#pragma unroll
                for (int i = 0; i < FM; ++i)
                    wmma::mma_sync(acc[i][j], a[i], b, acc[i][j]);
            }
        }
        __syncthreads(); // the next slices overwrite the tiles
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
                if (gr < M && gc < N)
                    C[static_cast<size_t>(gr) * N + gc] = __float2bfloat16(stage[warp][e]);
            }
            __syncwarp(); // stage is reused by the next fragment
        }
    }
}

bool aligned16(const void* p) {
    return reinterpret_cast<uintptr_t>(p) % 16 == 0;
}

} // namespace

extern "C" void kwb_mlp_swiglu(const __nv_bfloat16* x, const __nv_bfloat16* w1,
                               const __nv_bfloat16* w3, const __nv_bfloat16* w2, __nv_bfloat16* h,
                               __nv_bfloat16* y, int M, int D, int F, cudaStream_t stream) {
    if (M <= 0 || D <= 0 || F <= 0)
        return;
    const dim3 grid1((F + BN - 1) / BN, (M + BM - 1) / BM);
    if (aligned16(x) && aligned16(w1) && aligned16(w3) && D % 8 == 0 && F % 8 == 0)
        swiglu<true><<<grid1, kThreads, 0, stream>>>(x, w1, w3, h, M, F, D);
    else
        swiglu<false><<<grid1, kThreads, 0, stream>>>(x, w1, w3, h, M, F, D);
    const dim3 grid2((D + BN - 1) / BN, (M + BM - 1) / BM);
    if (aligned16(h) && aligned16(w2) && D % 8 == 0 && F % 8 == 0)
        gemm<true><<<grid2, kThreads, 0, stream>>>(h, w2, y, M, D, F);
    else
        gemm<false><<<grid2, kThreads, 0, stream>>>(h, w2, y, M, D, F);
}
