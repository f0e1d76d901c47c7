// Reference solution for conv2d-maxpool-f32: 3x3 convolution (stride 1, zero padding 1, NCHW
// float32, no bias) followed by 2x2 max pooling with stride 2, in one kernel:
//   y[n, k, i, j] = max over a, b in {0, 1} of conv(x, w)[n, k, 2i + a, 2j + b],
// OH = H / 2, OW = W / 2 (floor: an odd last row or column of the convolution is dropped).
//
// A block of 16 x 16 threads computes a 16 x 16 tile of pooled outputs (a 32 x 32 tile of the
// convolution) for 8 output channels of one image, so the convolution never leaves registers.
// It walks the input channels 2 at a time: each step stages the 34 x 34 input patch (zero
// outside the image) per channel and the 8 x 2 x 9 weights in shared memory; each thread
// reads its 4 x 4 input window into registers and accumulates its four convolution outputs
// for 8 channels, then stores the maximum. Float32 FMA throughout.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int TILE = 16;            // pooled outputs per tile edge
constexpr int PATCH = 2 * TILE + 2; // input patch edge
constexpr int KB = 8;               // output channels per block
constexpr int CB = 2;               // input channels per step

__global__ void __launch_bounds__(TILE* TILE)
    convMaxpool(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                int C, int H, int W, int K, int OH, int OW) {
    __shared__ float xs[CB][PATCH][PATCH];
    __shared__ float ws[KB][CB][9];
    const int kBlocks = (K + KB - 1) / KB;
    const int n = blockIdx.x / kBlocks, k0 = (blockIdx.x % kBlocks) * KB;
    const int i0 = blockIdx.z * TILE, j0 = blockIdx.y * TILE; // pooled tile origin
    const int ti = threadIdx.y, tj = threadIdx.x, tid = ti * TILE + tj;

    float acc[KB][4];
#pragma unroll
    for (int k = 0; k < KB; ++k)
#pragma unroll
        for (int q = 0; q < 4; ++q)
            acc[k][q] = 0.0f;
    const float* xImage = x + static_cast<size_t>(n) * C * H * W;
    for (int c0 = 0; c0 < C; c0 += CB) {
        for (int e = tid; e < CB * PATCH * PATCH; e += TILE * TILE) {
            const int cc = e / (PATCH * PATCH), r = (e / PATCH) % PATCH, s = e % PATCH;
            const int gi = 2 * i0 + r - 1, gj = 2 * j0 + s - 1, gc = c0 + cc;
            float v = 0.0f;
            if (gc < C && gi >= 0 && gi < H && gj >= 0 && gj < W)
                v = xImage[(static_cast<size_t>(gc) * H + gi) * W + gj];
            xs[cc][r][s] = v;
        }
        for (int e = tid; e < KB * CB * 9; e += TILE * TILE) {
            const int kk = e / (CB * 9), cc = (e / 9) % CB, rs = e % 9;
            const int gk = k0 + kk, gc = c0 + cc;
            ws[kk][cc][rs] =
                (gk < K && gc < C) ? w[(static_cast<size_t>(gk) * C + gc) * 9 + rs] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int cc = 0; cc < CB; ++cc) {
            float p[4][4]; // input rows 2ti-1 .. 2ti+2, columns 2tj-1 .. 2tj+2 of the image
#pragma unroll
            for (int r = 0; r < 4; ++r)
#pragma unroll
                for (int s = 0; s < 4; ++s)
                    p[r][s] = xs[cc][2 * ti + r][2 * tj + s];
#pragma unroll
            for (int k = 0; k < KB; ++k)
#pragma unroll
                for (int r = 0; r < 3; ++r)
#pragma unroll
                    for (int s = 0; s < 3; ++s) {
                        const float wv = ws[k][cc][r * 3 + s];
                        acc[k][0] = fmaf(p[r][s], wv, acc[k][0]);
                        acc[k][1] = fmaf(p[r][s + 1], wv, acc[k][1]);
                        acc[k][2] = fmaf(p[r + 1][s], wv, acc[k][2]);
                        acc[k][3] = fmaf(p[r + 1][s + 1], wv, acc[k][3]);
                    }
        }
        __syncthreads(); // the next step overwrites xs and ws
    }
    const int i = i0 + ti, j = j0 + tj;
    if (i >= OH || j >= OW)
        return;
#pragma unroll
    for (int k = 0; k < KB; ++k)
        if (k0 + k < K)
            y[((static_cast<size_t>(n) * K + k0 + k) * OH + i) * OW + j] =
                fmaxf(fmaxf(acc[k][0], acc[k][1]), fmaxf(acc[k][2], acc[k][3]));
}

} // namespace

extern "C" void kwb_conv2d_maxpool(const float* x, const float* w, float* y, int N, int C, int H,
                                   int W, int K, int OH, int OW, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0 || K <= 0 || OH <= 0 || OW <= 0)
        return;
    const dim3 block(TILE, TILE);
    const dim3 grid(static_cast<unsigned>(N) * ((K + KB - 1) / KB), (OW + TILE - 1) / TILE,
                    (OH + TILE - 1) / TILE);
    convMaxpool<<<grid, block, 0, stream>>>(x, w, y, C, H, W, K, OH, OW);
}
