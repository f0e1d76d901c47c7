// Reference solution for conv3d-f32: 3x3x3 convolution, stride 1, zero padding 1, NCDHW
// float32, no bias: x [N, C, D, H, W], w [K, C, 3, 3, 3] -> y [N, K, D, H, W].
//
// A block of 16 x 16 threads computes a 16 x 16 tile of one output depth slice for 8 output
// channels of one image. For each input channel it stages the three input slices the tile
// reads (18 x 18 each with the halo, zero outside the volume) and the 8 x 27 weights in
// shared memory; each thread accumulates its voxel for 8 channels in registers. (Image,
// channel block, depth) go on grid x, tile columns on y and rows on z. Float32 FMA throughout.
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 16, HALO = TILE + 2;
constexpr int KB = 8; // output channels per block

__global__ void __launch_bounds__(TILE* TILE)
    conv3d(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, int C,
           int D, int H, int W, int K) {
    __shared__ float xs[3][HALO][HALO];
    __shared__ float ws[KB][27];
    const int kBlocks = (K + KB - 1) / KB;
    const int d = blockIdx.x % D;
    const int k0 = (blockIdx.x / D % kBlocks) * KB;
    const int n = blockIdx.x / D / kBlocks;
    const int i0 = blockIdx.z * TILE, j0 = blockIdx.y * TILE;
    const int ti = threadIdx.y, tj = threadIdx.x, tid = ti * TILE + tj;
    const size_t sliceSize = static_cast<size_t>(H) * W;

    float acc[KB];
#pragma unroll
    for (int k = 0; k < KB; ++k)
        acc[k] = 0.0f;
    for (int c = 0; c < C; ++c) {
        const float* volume = x + (static_cast<size_t>(n) * C + c) * D * sliceSize;
        for (int e = tid; e < 3 * HALO * HALO; e += TILE * TILE) {
            const int a = e / (HALO * HALO), r = (e / HALO) % HALO, s = e % HALO;
            const int gd = d + a - 1, gi = i0 + r - 1, gj = j0 + s - 1;
            float v = 0.0f;
            if (gd >= 0 && gd < D && gi >= 0 && gi < H && gj >= 0 && gj < W)
                v = volume[gd * sliceSize + static_cast<size_t>(gi) * W + gj];
            xs[a][r][s] = v;
        }
        for (int e = tid; e < KB * 27; e += TILE * TILE) {
            const int kk = e / 27, tap = e % 27;
            ws[kk][tap] = k0 + kk < K ? w[(static_cast<size_t>(k0 + kk) * C + c) * 27 + tap] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int a = 0; a < 3; ++a)
#pragma unroll
            for (int r = 0; r < 3; ++r)
#pragma unroll
                for (int s = 0; s < 3; ++s) {
                    const float xv = xs[a][ti + r][tj + s];
#pragma unroll
                    for (int k = 0; k < KB; ++k)
                        acc[k] = fmaf(xv, ws[k][(a * 3 + r) * 3 + s], acc[k]);
                }
        __syncthreads(); // the next channel overwrites xs and ws
    }
    const int i = i0 + ti, j = j0 + tj;
    if (i >= H || j >= W)
        return;
#pragma unroll
    for (int k = 0; k < KB; ++k)
        if (k0 + k < K)
            y[((static_cast<size_t>(n) * K + k0 + k) * D + d) * sliceSize +
              static_cast<size_t>(i) * W + j] = acc[k];
}

} // namespace

extern "C" void kwb_conv3d(const float* x, const float* w, float* y, int N, int C, int D, int H,
                           int W, int K, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || D <= 0 || H <= 0 || W <= 0 || K <= 0)
        return;
    const dim3 block(TILE, TILE);
    const dim3 grid(static_cast<unsigned>(N) * ((K + KB - 1) / KB) * D, (W + TILE - 1) / TILE,
                    (H + TILE - 1) / TILE);
    conv3d<<<grid, block, 0, stream>>>(x, w, y, C, D, H, W, K);
}
