// Reference solution for conv1d-f32: 1D convolution, kernel 7, stride 1, zero padding 3, over
// [N, C, L] float32, no bias: y [N, K, L].
//
// A block of 128 threads computes 128 consecutive output positions for 16 output channels of
// one image. It walks the input channels 8 at a time: each step stages the 134 inputs the
// positions read (zero outside [0, L)) for 8 channels and the 16 x 8 x 7 weights in shared
// memory; each thread then accumulates its position for 16 channels in registers. The grid is
// one-dimensional over (image, channel block, position tile), so no grid limit binds.
// Float32 FMA throughout.
#include <cuda_runtime.h>

namespace {

constexpr int R = 7, PAD = 3;
constexpr int TL = 128; // positions per block, one per thread
constexpr int KB = 16;  // output channels per block
constexpr int CB = 8;   // input channels per step

__global__ void __launch_bounds__(TL)
    conv1d(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, int C,
           int L, int K) {
    __shared__ float xs[CB][TL + R - 1];
    __shared__ float ws[KB][CB][R];
    const unsigned kBlocks = (K + KB - 1) / KB, lTiles = (L + TL - 1) / TL;
    const unsigned lt = blockIdx.x % lTiles;
    const unsigned kb = (blockIdx.x / lTiles) % kBlocks;
    const unsigned n = blockIdx.x / lTiles / kBlocks;
    const int l0 = static_cast<int>(lt) * TL, k0 = static_cast<int>(kb) * KB;
    const int t = threadIdx.x;

    float acc[KB];
#pragma unroll
    for (int k = 0; k < KB; ++k)
        acc[k] = 0.0f;
    const float* xImage = x + static_cast<size_t>(n) * C * L;
    for (int c0 = 0; c0 < C; c0 += CB) {
        for (int e = t; e < CB * (TL + R - 1); e += TL) {
            const int cc = e / (TL + R - 1), s = e % (TL + R - 1);
            const int gl = l0 - PAD + s, gc = c0 + cc;
            xs[cc][s] =
                (gc < C && gl >= 0 && gl < L) ? xImage[static_cast<size_t>(gc) * L + gl] : 0.0f;
        }
        for (int e = t; e < KB * CB * R; e += TL) {
            const int kk = e / (CB * R), cc = (e / R) % CB, r = e % R;
            const int gk = k0 + kk, gc = c0 + cc;
            ws[kk][cc][r] =
                (gk < K && gc < C) ? w[(static_cast<size_t>(gk) * C + gc) * R + r] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int cc = 0; cc < CB; ++cc)
#pragma unroll
            for (int r = 0; r < R; ++r) {
                const float xv = xs[cc][t + r];
#pragma unroll
                for (int k = 0; k < KB; ++k)
                    acc[k] = fmaf(xv, ws[k][cc][r], acc[k]);
            }
        __syncthreads(); // the next step overwrites xs and ws
    }
    const int l = l0 + t;
    if (l >= L)
        return;
#pragma unroll
    for (int k = 0; k < KB; ++k)
        if (k0 + k < K)
            y[(static_cast<size_t>(n) * K + k0 + k) * L + l] = acc[k];
}

} // namespace

extern "C" void kwb_conv1d(const float* x, const float* w, float* y, int N, int C, int L, int K,
                           cudaStream_t stream) {
    if (N <= 0 || C <= 0 || L <= 0 || K <= 0)
        return;
    const long long blocks = static_cast<long long>(N) * ((K + KB - 1) / KB) * ((L + TL - 1) / TL);
    conv1d<<<static_cast<unsigned>(blocks), TL, 0, stream>>>(x, w, y, C, L, K);
}
