// Reference solution for conv2d-dilated-f32: 3x3 convolution with dilation 2, zero padding 2,
// stride 1, NCHW float32, no bias (the output has the input's size).
//
// Direct convolution with shared-memory tiles, NCHW float32, groups supported. A block of
// 16 x 16 threads computes a 16 x 16 tile of output pixels for KB output channels of one
// group of one image. It walks that group's input channels CB at a time: each step stages
// the input patch the tile reads (IT x IT, zero outside the image) for CB channels and the
// matching KB x CB x R x R weights, then each thread accumulates its pixel for its KB
// output channels in registers. Partial tiles and channel counts that are not multiples of
// CB or KB are handled by guards. Float32 FMA throughout.
// Here the taps are two pixels apart: one channel's staged patch is 20 x 20.
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 16; // output tile edge; one thread per output pixel
constexpr int KB = 8;    // output channels per block (all of one group)
constexpr int CB = 4;    // input channels staged per step

template <int R, int STRIDE, int PAD, int DIL, class Epilogue>
__global__ void __launch_bounds__(TILE* TILE)
    conv2d(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, int C,
           int H, int W, int K, int OH, int OW, int G, Epilogue epilogue) {
    constexpr int IT = (TILE - 1) * STRIDE + (R - 1) * DIL + 1; // input patch edge
    __shared__ float xs[CB][IT][IT];
    __shared__ float ws[KB][CB][R * R];
    const int Cg = C / G, Kg = K / G;
    const int kBlocks = (Kg + KB - 1) / KB;
    // (image, group, channel block) on x, whose limit is 2^31 - 1; tile columns on y, rows on z.
    const int kb = blockIdx.x % kBlocks;
    const int g = (blockIdx.x / kBlocks) % G;
    const int n = blockIdx.x / kBlocks / G;
    const int k0 = kb * KB; // first output channel of the block, within the group
    const int oh0 = blockIdx.z * TILE, ow0 = blockIdx.y * TILE;
    const int ih0 = oh0 * STRIDE - PAD, iw0 = ow0 * STRIDE - PAD;
    const int ti = threadIdx.y, tj = threadIdx.x;
    const int tid = ti * TILE + tj;

    float acc[KB];
#pragma unroll
    for (int k = 0; k < KB; ++k)
        acc[k] = 0.0f;

    const float* xGroup = x + (static_cast<size_t>(n) * C + static_cast<size_t>(g) * Cg) * H * W;
    const float* wGroup = w + static_cast<size_t>(g) * Kg * Cg * R * R;
    for (int c0 = 0; c0 < Cg; c0 += CB) {
        for (int e = tid; e < CB * IT * IT; e += TILE * TILE) {
            const int cc = e / (IT * IT);
            const int r = (e / IT) % IT, s = e % IT;
            const int gi = ih0 + r, gj = iw0 + s, gc = c0 + cc;
            float v = 0.0f;
            if (gc < Cg && gi >= 0 && gi < H && gj >= 0 && gj < W)
                v = xGroup[(static_cast<size_t>(gc) * H + gi) * W + gj];
            xs[cc][r][s] = v;
        }
        for (int e = tid; e < KB * CB * R * R; e += TILE * TILE) {
            const int kk = e / (CB * R * R), cc = (e / (R * R)) % CB, rs = e % (R * R);
            const int gk = k0 + kk, gc = c0 + cc;
            ws[kk][cc][rs] = (gk < Kg && gc < Cg)
                                 ? wGroup[(static_cast<size_t>(gk) * Cg + gc) * R * R + rs]
                                 : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int cc = 0; cc < CB; ++cc)
#pragma unroll
            for (int r = 0; r < R; ++r)
#pragma unroll
                for (int s = 0; s < R; ++s) {
                    const float xv = xs[cc][ti * STRIDE + r * DIL][tj * STRIDE + s * DIL];
#pragma unroll
                    for (int k = 0; k < KB; ++k)
                        acc[k] = fmaf(xv, ws[k][cc][r * R + s], acc[k]);
                }
        __syncthreads(); // the next step overwrites xs and ws
    }

    const int oh = oh0 + ti, ow = ow0 + tj;
    if (oh >= OH || ow >= OW)
        return;
#pragma unroll
    for (int k = 0; k < KB; ++k) {
        if (k0 + k >= Kg)
            break;
        const int kk = g * Kg + k0 + k;
        const size_t at = ((static_cast<size_t>(n) * K + kk) * OH + oh) * OW + ow;
        y[at] = epilogue(acc[k], kk, at);
    }
}

struct Identity {
    __device__ float operator()(float v, int, size_t) const { return v; }
};

template <int R, int STRIDE, int PAD, int DIL, class Epilogue>
void launchConv2d(const float* x, const float* w, float* y, int N, int C, int H, int W, int K,
                  int OH, int OW, int G, Epilogue epilogue, cudaStream_t stream) {
    const int kBlocks = (K / G + KB - 1) / KB;
    const dim3 block(TILE, TILE);
    const dim3 grid(static_cast<unsigned>(N) * G * kBlocks, (OW + TILE - 1) / TILE,
                    (OH + TILE - 1) / TILE);
    conv2d<R, STRIDE, PAD, DIL>
        <<<grid, block, 0, stream>>>(x, w, y, C, H, W, K, OH, OW, G, epilogue);
}

} // namespace

extern "C" void kwb_conv2d_dilated(const float* x, const float* w, float* y, int N, int C, int H,
                                   int W, int K, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0 || K <= 0)
        return;
    launchConv2d<3, 1, 2, 2>(x, w, y, N, C, H, W, K, H, W, 1, Identity{}, stream);
}
