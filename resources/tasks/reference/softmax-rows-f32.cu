// Reference solution for softmax-rows-f32: row-wise softmax in float32.
//
// One pass computes each row's maximum and sum together (the "online" softmax: when the
// running maximum grows, the running sum is rescaled), a second pass writes
// y = exp(x - max) / sum. Narrow rows get one warp each; wide rows (>= 1024 columns) get a
// block of 256 threads each, so that long rows still spread over many threads.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kWarp = 32;
constexpr int kBlockThreads = 256;

struct MaxSum {
    float m; // running maximum
    float s; // sum of exp(x - m)
};

__device__ __forceinline__ MaxSum combine(MaxSum a, MaxSum b) {
    const float m = fmaxf(a.m, b.m);
    if (m == -INFINITY)
        return {m, 0.0f};
    return {m, a.s * expf(a.m - m) + b.s * expf(b.m - m)};
}

__device__ __forceinline__ MaxSum warpCombine(MaxSum v) {
    for (int offset = kWarp / 2; offset > 0; offset /= 2) {
        MaxSum o;
        o.m = __shfl_xor_sync(0xffffffffu, v.m, offset);
        o.s = __shfl_xor_sync(0xffffffffu, v.s, offset);
        v = combine(v, o);
    }
    return v;
}

__device__ __forceinline__ MaxSum accumulate(MaxSum v, float x) {
    if (x > v.m) {
        v.s = v.s * expf(v.m - x) + 1.0f;
        v.m = x;
    } else {
        v.s += expf(x - v.m);
    }
    return v;
}

__global__ void softmaxWarpPerRow(const float* __restrict__ x, float* __restrict__ y, int rows,
                                  int cols) {
    const int warpsPerBlock = blockDim.x / kWarp;
    const int row = blockIdx.x * warpsPerBlock + threadIdx.x / kWarp;
    const int lane = threadIdx.x % kWarp;
    if (row >= rows)
        return; // whole warps leave together: row depends only on the warp
    const float* in = x + static_cast<size_t>(row) * cols;
    float* out = y + static_cast<size_t>(row) * cols;
    MaxSum v{-INFINITY, 0.0f};
    for (int c = lane; c < cols; c += kWarp)
        v = accumulate(v, in[c]);
    v = warpCombine(v);
    const float inv = 1.0f / v.s;
    for (int c = lane; c < cols; c += kWarp)
        out[c] = expf(in[c] - v.m) * inv;
}

__global__ void softmaxBlockPerRow(const float* __restrict__ x, float* __restrict__ y, int cols) {
    __shared__ MaxSum partial[kBlockThreads / kWarp];
    __shared__ MaxSum total;
    const size_t row = blockIdx.x;
    const float* in = x + row * cols;
    float* out = y + row * cols;
    MaxSum v{-INFINITY, 0.0f};
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        v = accumulate(v, in[c]);
    v = warpCombine(v);
    const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        MaxSum w = lane < kBlockThreads / kWarp ? partial[lane] : MaxSum{-INFINITY, 0.0f};
        w = warpCombine(w);
        if (lane == 0)
            total = w;
    }
    __syncthreads();
    const float m = total.m;
    const float inv = 1.0f / total.s;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        out[c] = expf(in[c] - m) * inv;
}

} // namespace

extern "C" void kwb_softmax_rows(const float* x, float* y, int rows, int cols,
                                 cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return;
    if (cols >= 1024) {
        softmaxBlockPerRow<<<rows, kBlockThreads, 0, stream>>>(x, y, cols);
    } else {
        const int warpsPerBlock = kBlockThreads / kWarp;
        const int blocks = (rows + warpsPerBlock - 1) / warpsPerBlock;
        softmaxWarpPerRow<<<blocks, kBlockThreads, 0, stream>>>(x, y, rows, cols);
    }
}
