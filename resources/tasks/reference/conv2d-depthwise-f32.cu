// Reference solution for conv2d-depthwise-f32: depthwise 3x3 convolution (groups = C, one
// filter per channel), stride 1, zero padding 1, NCHW float32, no bias.
//
// Memory-bound: a block of 16 x 16 threads owns a 16 x 16 tile of one (image, channel) plane.
// It stages the 18 x 18 input patch (zero outside the image) in shared memory, so each input
// is read from DRAM about once, and the channel's nine weights in registers; each thread
// writes one output. Planes go on grid x, tile columns on y and rows on z.
#include <cuda_runtime.h>

namespace {

constexpr int TILE = 16, HALO = TILE + 2;

__global__ void __launch_bounds__(TILE* TILE)
    depthwise(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
              int C, int H, int W) {
    __shared__ float xs[HALO][HALO];
    const size_t plane = blockIdx.x; // n * C + c
    const int c = static_cast<int>(plane % C);
    const int i0 = blockIdx.z * TILE, j0 = blockIdx.y * TILE;
    const int ti = threadIdx.y, tj = threadIdx.x, tid = ti * TILE + tj;
    const float* in = x + plane * H * W;
    for (int e = tid; e < HALO * HALO; e += TILE * TILE) {
        const int gi = i0 + e / HALO - 1, gj = j0 + e % HALO - 1;
        xs[e / HALO][e % HALO] =
            (gi >= 0 && gi < H && gj >= 0 && gj < W) ? in[static_cast<size_t>(gi) * W + gj] : 0.0f;
    }
    float wr[9];
#pragma unroll
    for (int t = 0; t < 9; ++t)
        wr[t] = w[c * 9 + t];
    __syncthreads();
    const int i = i0 + ti, j = j0 + tj;
    if (i >= H || j >= W)
        return;
    float acc = 0.0f;
#pragma unroll
    for (int r = 0; r < 3; ++r)
#pragma unroll
        for (int s = 0; s < 3; ++s)
            acc = fmaf(xs[ti + r][tj + s], wr[r * 3 + s], acc);
    y[plane * H * W + static_cast<size_t>(i) * W + j] = acc;
}

} // namespace

extern "C" void kwb_conv2d_depthwise(const float* x, const float* w, float* y, int N, int C, int H,
                                     int W, cudaStream_t stream) {
    if (N <= 0 || C <= 0 || H <= 0 || W <= 0)
        return;
    const dim3 block(TILE, TILE);
    const dim3 grid(static_cast<unsigned>(N) * C, (W + TILE - 1) / TILE, (H + TILE - 1) / TILE);
    depthwise<<<grid, block, 0, stream>>>(x, w, y, C, H, W);
}
