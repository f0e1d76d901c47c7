// Reference solution for conv2d-bias-relu-f32: y = ReLU(conv3x3(x, w) + bias), stride 1, zero
// padding 1, NCHW (the bias and ReLU are applied in registers before the single store).
//
// Direct convolution with shared-memory tiles. A block of 16 x 16 threads computes a 16 x 16
// tile of output pixels for 8 output channels of one image. It walks the input channels 4 at
// a time: each step stages an 18 x 18 input tile (the output tile plus a one-pixel halo,
// zero outside the image) for 4 channels and the matching 8 x 4 x 3 x 3 weights in shared
// memory, then each thread accumulates its pixel for its 8 output channels in registers.
// Partial tiles at the right and bottom edges, and channel counts that are not multiples of
// 4 or 8, are handled by guards. Float32 FMA throughout.
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 16;          // output tile edge
constexpr int HALO = TILE + 2;    // input tile edge
constexpr int KB = 8;             // output channels per block
constexpr int CB = 4;             // input channels per step

__global__ void __launch_bounds__(TILE * TILE)
conv3x3BiasRelu(const float* __restrict__ x, const float* __restrict__ w,
                const float* __restrict__ bias, float* __restrict__ y, int C,
        int H, int W, int K) {
    __shared__ float xs[CB][HALO][HALO];
    __shared__ float ws[KB][CB][9];
    const int kGroups = (K + KB - 1) / KB;
    // (image, channel group) on x, whose limit is 2^31 - 1; tile columns on y, rows on z.
    const int n = blockIdx.x / kGroups;
    const int k0 = (blockIdx.x % kGroups) * KB;
    const int i0 = blockIdx.z * TILE, j0 = blockIdx.y * TILE;
    const int ti = threadIdx.y, tj = threadIdx.x;
    const int tid = ti * TILE + tj;

    float acc[KB];
#pragma unroll
    for (int k = 0; k < KB; ++k)
        acc[k] = 0.0f;

    const float* xImage = x + static_cast<size_t>(n) * C * H * W;
    for (int c0 = 0; c0 < C; c0 += CB) {
        for (int e = tid; e < CB * HALO * HALO; e += TILE * TILE) {
            const int cc = e / (HALO * HALO);
            const int r = (e / HALO) % HALO, s = e % HALO;
            const int gi = i0 + r - 1, gj = j0 + s - 1, gc = c0 + cc;
            float v = 0.0f;
            if (gc < C && gi >= 0 && gi < H && gj >= 0 && gj < W)
                v = xImage[(static_cast<size_t>(gc) * H + gi) * W + gj];
            xs[cc][r][s] = v;
        }
        for (int e = tid; e < KB * CB * 9; e += TILE * TILE) {
            const int kk = e / (CB * 9), cc = (e / 9) % CB, rs = e % 9;
            const int gk = k0 + kk, gc = c0 + cc;
            ws[kk][cc][rs] = (gk < K && gc < C) ? w[(static_cast<size_t>(gk) * C + gc) * 9 + rs]
                                                : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int cc = 0; cc < CB; ++cc) {
            float patch[9];
#pragma unroll
            for (int r = 0; r < 3; ++r)
#pragma unroll
                for (int s = 0; s < 3; ++s)
                    patch[r * 3 + s] = xs[cc][ti + r][tj + s];
#pragma unroll
            for (int k = 0; k < KB; ++k)
#pragma unroll
                for (int rs = 0; rs < 9; ++rs)
                    acc[k] = fmaf(patch[rs], ws[k][cc][rs], acc[k]);
        }
        __syncthreads(); // the next step overwrites xs and ws
    }

    const int i = i0 + ti, j = j0 + tj;
    if (i >= H || j >= W)
        return;
#pragma unroll
    for (int k = 0; k < KB; ++k)
        if (k0 + k < K)
            y[((static_cast<size_t>(n) * K + k0 + k) * H + i) * W + j] =
                fmaxf(acc[k] + bias[k0 + k], 0.0f);
}

} // namespace

extern "C" void kwb_conv2d_bias_relu(const float* x, const float* w, const float* bias, float* y,
                                     int N, int C, int H, int W, int K, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0 || K <= 0)
        return;
    const dim3 block(TILE, TILE);
    const dim3 grid(N * ((K + KB - 1) / KB), (W + TILE - 1) / TILE, (H + TILE - 1) / TILE);
    conv3x3BiasRelu<<<grid, block, 0, stream>>>(x, w, bias, y, C, H, W, K);
}
