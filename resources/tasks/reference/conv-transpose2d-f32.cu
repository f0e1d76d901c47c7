// Reference solution for conv-transpose2d-f32: transposed 2D convolution, kernel 4, stride 2,
// padding 1 (an exact 2x upsampling: OH = 2H, OW = 2W), NCHW float32, no bias.
// x [N, C, H, W], w [C, K, 4, 4] (PyTorch's ConvTranspose2d layout) -> y [N, K, OH, OW]:
//   y[n, k, oh, ow] = sum over c, r, s of x[n, c, ih, iw] * w[c, k, r, s]
//   where oh = 2 ih - 1 + r and ow = 2 iw - 1 + s.
//
// Gather form: a block of 16 x 16 threads owns a 16 x 16 output tile for 8 output channels.
// Each output receives exactly two taps per axis (r with the parity of oh + 1), and the tile
// reads a 10 x 10 input patch per channel. Input channels go 8 at a time: the patches (zero
// outside the image) and the 8 x 8 x 16 weights are staged in shared memory, then each
// thread accumulates its pixel for its 8 channels in registers. Float32 FMA throughout.
#include <cuda_runtime.h>

namespace {

constexpr int R = 4, STRIDE = 2, PAD = 1;
constexpr int TILE = 16;
constexpr int PATCH = TILE / STRIDE + 2; // input rows a 16-row output tile reads
constexpr int KB = 8;                    // output channels per block
constexpr int CB = 8;                    // input channels per step

__global__ void __launch_bounds__(TILE* TILE)
    convTranspose(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                  int C, int H, int W, int K, int OH, int OW) {
    __shared__ float xs[CB][PATCH][PATCH];
    __shared__ float ws[CB][KB][R * R];
    const int kBlocks = (K + KB - 1) / KB;
    const int n = blockIdx.x / kBlocks, k0 = (blockIdx.x % kBlocks) * KB;
    const int oh0 = blockIdx.z * TILE, ow0 = blockIdx.y * TILE;
    // Input rows and columns the tile can reach start here (oh0 and ow0 are even).
    const int ih0 = oh0 / STRIDE - 1, iw0 = ow0 / STRIDE - 1;
    const int ti = threadIdx.y, tj = threadIdx.x, tid = ti * TILE + tj;
    const int oh = oh0 + ti, ow = ow0 + tj;

    float acc[KB];
#pragma unroll
    for (int k = 0; k < KB; ++k)
        acc[k] = 0.0f;
    const float* xImage = x + static_cast<size_t>(n) * C * H * W;
    for (int c0 = 0; c0 < C; c0 += CB) {
        for (int e = tid; e < CB * PATCH * PATCH; e += TILE * TILE) {
            const int cc = e / (PATCH * PATCH), r = (e / PATCH) % PATCH, s = e % PATCH;
            const int gi = ih0 + r, gj = iw0 + s, gc = c0 + cc;
            float v = 0.0f;
            if (gc < C && gi >= 0 && gi < H && gj >= 0 && gj < W)
                v = xImage[(static_cast<size_t>(gc) * H + gi) * W + gj];
            xs[cc][r][s] = v;
        }
        for (int e = tid; e < CB * KB * R * R; e += TILE * TILE) {
            const int cc = e / (KB * R * R), kk = (e / (R * R)) % KB, rs = e % (R * R);
            const int gc = c0 + cc, gk = k0 + kk;
            ws[cc][kk][rs] =
                (gc < C && gk < K) ? w[(static_cast<size_t>(gc) * K + gk) * R * R + rs] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const int th = oh + PAD - r; // = STRIDE * ih when this tap lands on oh
            if (th % STRIDE != 0)
                continue;
            const int pr = th / STRIDE - ih0; // in [0, PATCH) for every oh of the tile
#pragma unroll
            for (int s = 0; s < R; ++s) {
                const int tw = ow + PAD - s;
                if (tw % STRIDE != 0)
                    continue;
                const int ps = tw / STRIDE - iw0;
#pragma unroll
                for (int cc = 0; cc < CB; ++cc) {
                    const float xv = xs[cc][pr][ps];
#pragma unroll
                    for (int k = 0; k < KB; ++k)
                        acc[k] = fmaf(xv, ws[cc][k][r * R + s], acc[k]);
                }
            }
        }
        __syncthreads(); // the next step overwrites xs and ws
    }
    if (oh >= OH || ow >= OW)
        return;
#pragma unroll
    for (int k = 0; k < KB; ++k)
        if (k0 + k < K)
            y[((static_cast<size_t>(n) * K + k0 + k) * OH + oh) * OW + ow] = acc[k];
}

} // namespace

extern "C" void kwb_conv_transpose2d(const float* x, const float* w, float* y, int N, int C, int H,
                                     int W, int K, int OH, int OW, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0 || K <= 0 || OH <= 0 || OW <= 0)
        return;
    const dim3 block(TILE, TILE);
    const dim3 grid(static_cast<unsigned>(N) * ((K + KB - 1) / KB), (OW + TILE - 1) / TILE,
                    (OH + TILE - 1) / TILE);
    convTranspose<<<grid, block, 0, stream>>>(x, w, y, C, H, W, K, OH, OW);
}
