// Reference solution for conv2d-nhwc-f16: 3x3 convolution, stride 1, zero padding 1, NHWC
// half tensors, KRSC half filter, float accumulation.
//
// Direct convolution on CUDA cores (no tensor cores: simple and exact to the spec). A block
// of 128 threads covers 128 output pixels (flattened over N, H, W) for 16 output channels.
// Input channels are walked 32 at a time: the 16 x 9 x 32 weights of the step are staged in
// shared memory as float; each thread then reads its nine input pixels' 32 channels (half2
// loads where C is even, through the L1 cache) and accumulates 16 outputs in registers.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 128;
constexpr int KB = 16; // output channels per block
constexpr int CB = 32; // input channels per step

__global__ void __launch_bounds__(kThreads)
conv3x3Nhwc(const __half* __restrict__ x, const __half* __restrict__ w, __half* __restrict__ y,
            int N, int H, int W, int C, int K) {
    __shared__ float ws[KB][9][CB];
    const long long pixels = static_cast<long long>(N) * H * W;
    const long long p = static_cast<long long>(blockIdx.x) * kThreads + threadIdx.x;
    const int k0 = blockIdx.y * KB;
    const bool active = p < pixels;
    const int j = active ? static_cast<int>(p % W) : 0;
    const int i = active ? static_cast<int>((p / W) % H) : 0;
    const long long n = active ? p / (static_cast<long long>(W) * H) : 0;
    float acc[KB];
#pragma unroll
    for (int k = 0; k < KB; ++k)
        acc[k] = 0.0f;
    for (int c0 = 0; c0 < C; c0 += CB) {
        for (int e = threadIdx.x; e < KB * 9 * CB; e += kThreads) {
            const int kk = e / (9 * CB), tap = (e / CB) % 9, cc = e % CB;
            const int gk = k0 + kk, gc = c0 + cc;
            ws[kk][tap][cc] = (gk < K && gc < C)
                                  ? __half2float(w[(static_cast<long long>(gk) * 9 + tap) * C + gc])
                                  : 0.0f;
        }
        __syncthreads();
        if (active) {
            const int cn = C - c0 < CB ? C - c0 : CB;
            for (int tap = 0; tap < 9; ++tap) {
                const int ii = i + tap / 3 - 1, jj = j + tap % 3 - 1;
                if (ii < 0 || ii >= H || jj < 0 || jj >= W)
                    continue;
                const __half* px = x + ((n * H + ii) * W + jj) * C + c0;
                for (int cc = 0; cc < cn; ++cc) {
                    const float v = __half2float(px[cc]);
#pragma unroll
                    for (int k = 0; k < KB; ++k)
                        acc[k] = fmaf(v, ws[k][tap][cc], acc[k]);
                }
            }
        }
        __syncthreads(); // the next step overwrites ws
    }
    if (!active)
        return;
    __half* out = y + p * K;
#pragma unroll
    for (int k = 0; k < KB; ++k)
        if (k0 + k < K)
            out[k0 + k] = __float2half_rn(acc[k]);
}

} // namespace

extern "C" void kwb_conv2d_nhwc(const __half* x, const __half* w, __half* y, int N, int H, int W,
                                int C, int K, cudaStream_t stream) {
    if (N <= 0 || H <= 0 || W <= 0 || C <= 0 || K <= 0)
        return;
    const long long pixels = static_cast<long long>(N) * H * W;
    const dim3 grid(static_cast<unsigned>((pixels + kThreads - 1) / kThreads), (K + KB - 1) / KB);
    conv3x3Nhwc<<<grid, kThreads, 0, stream>>>(x, w, y, N, H, W, C, K);
}
