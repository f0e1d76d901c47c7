// Reference solution for reduce-sum-f32: out[0] = sum of x[0..n).
//
// One kernel: a grid-stride loop where each thread accumulates in float (float4 loads when
// x is 16-byte aligned, a scalar loop for the remainder), a warp-shuffle reduction, the
// per-warp partials combined by the first warp, and one atomicAdd per block into out[0],
// which is zeroed first on the same stream. The grid is capped so each thread sums many
// elements and the number of atomics stays small.
#include <cuda_runtime.h>
#include <stdint.h>

namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 2048;

__device__ __forceinline__ float warpSum(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void __launch_bounds__(kThreads)
reduceSum(const float* __restrict__ x, float* __restrict__ out, int n, bool vectorised) {
    __shared__ float partial[kThreads / 32];
    const size_t stride = static_cast<size_t>(gridDim.x) * kThreads;
    const size_t first = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    float s = 0.0f;
    size_t scalarFrom = 0;
    if (vectorised) {
        const size_t n4 = static_cast<size_t>(n) / 4;
        const float4* x4 = reinterpret_cast<const float4*>(x);
        for (size_t i = first; i < n4; i += stride) {
            const float4 v = x4[i];
            s += (v.x + v.y) + (v.z + v.w);
        }
        scalarFrom = n4 * 4;
    }
    for (size_t i = scalarFrom + first; i < static_cast<size_t>(n); i += stride)
        s += x[i];

    s = warpSum(s);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0)
        partial[warp] = s;
    __syncthreads();
    if (warp == 0) {
        float t = lane < kThreads / 32 ? partial[lane] : 0.0f;
        t = warpSum(t);
        if (lane == 0)
            atomicAdd(out, t);
    }
}

} // namespace

extern "C" void kwb_reduce_sum(const float* x, float* out, int n, cudaStream_t stream) {
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    if (n <= 0)
        return;
    const bool vectorised = reinterpret_cast<uintptr_t>(x) % 16 == 0;
    const int perBlock = kThreads * (vectorised ? 4 : 1);
    int blocks = static_cast<int>((static_cast<long long>(n) + perBlock - 1) / perBlock);
    if (blocks > kMaxBlocks)
        blocks = kMaxBlocks;
    reduceSum<<<blocks, kThreads, 0, stream>>>(x, out, n, vectorised);
}
