// Reference solution for avgpool3d-f32: average pooling 3x3x3, stride 2, padding 1, padding
// counted (divide by 27), over [N, C, D, H, W] float32.
//
// One thread per output (grid-stride over N * C * OD * OH * OW, 64-bit indices); the 27 taps
// are read through the cache, positions outside the volume count as zero.
#include <cuda_runtime.h>

namespace {

__global__ void avgpool3d(const float* __restrict__ x, float* __restrict__ y, long long volumes,
                          int D, int H, int W, int OD, int OH, int OW) {
    const long long total = volumes * OD * OH * OW;
    for (long long e = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; e < total;
         e += static_cast<long long>(gridDim.x) * blockDim.x) {
        const int ow = static_cast<int>(e % OW);
        const int oh = static_cast<int>((e / OW) % OH);
        const int od = static_cast<int>((e / (static_cast<long long>(OW) * OH)) % OD);
        const long long v = e / (static_cast<long long>(OW) * OH * OD);
        const float* vol = x + v * D * H * W;
        float s = 0.0f;
        for (int a = 0; a < 3; ++a) {
            const int d = 2 * od + a - 1;
            if (d < 0 || d >= D)
                continue;
            for (int b = 0; b < 3; ++b) {
                const int h = 2 * oh + b - 1;
                if (h < 0 || h >= H)
                    continue;
                const float* row = vol + (static_cast<long long>(d) * H + h) * W;
#pragma unroll
                for (int c = 0; c < 3; ++c) {
                    const int w = 2 * ow + c - 1;
                    if (w >= 0 && w < W)
                        s += row[w];
                }
            }
        }
        y[e] = s * (1.0f / 27.0f);
    }
}

} // namespace

extern "C" void kwb_avgpool3d(const float* x, float* y, int N, int C, int D, int H, int W, int OD,
                              int OH, int OW, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || D <= 0 || H <= 0 || W <= 0 || OD <= 0 || OH <= 0 || OW <= 0)
        return;
    const long long total = static_cast<long long>(N) * C * OD * OH * OW;
    const long long want = (total + 255) / 256;
    const int blocks = static_cast<int>(want < 132 * 32 ? want : 132 * 32);
    avgpool3d<<<blocks, 256, 0, stream>>>(x, y, static_cast<long long>(N) * C, D, H, W, OD, OH, OW);
}
