// Reference solution for huber-loss-f32: loss[0] = mean over i of huber(pred[i] - target[i], delta).
//
// loss[0] is zeroed on the stream, then a grid-stride loop sums the terms per thread (float4
// loads when both inputs are 16-byte aligned), a warp-shuffle sum, the warps' partials
// combined by the first warp, and one atomicAdd per block of its partial sum divided by n.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 2048;

__device__ __forceinline__ float term(float p, float t, float delta) {
    const float d = fabsf(p - t);
    return d <= delta ? 0.5f * d * d : delta * (d - 0.5f * delta);
}

__device__ __forceinline__ float warpSum(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void __launch_bounds__(kThreads)
lossKernel(const float* __restrict__ pred, const float* __restrict__ target, float* loss, int n,
           bool vectorised, float delta) {
    __shared__ float partial[kThreads / 32];
    const size_t stride = static_cast<size_t>(gridDim.x) * kThreads;
    const size_t first = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    float s = 0.0f;
    size_t scalarFrom = 0;
    if (vectorised) {
        const size_t n4 = static_cast<size_t>(n) / 4;
        const float4* p4 = reinterpret_cast<const float4*>(pred);
        const float4* t4 = reinterpret_cast<const float4*>(target);
        for (size_t i = first; i < n4; i += stride) {
            const float4 p = p4[i], t = t4[i];
            s += (term(p.x, t.x, delta) + term(p.y, t.y, delta)) + (term(p.z, t.z, delta) + term(p.w, t.w, delta));
        }
        scalarFrom = n4 * 4;
    }
    for (size_t i = scalarFrom + first; i < static_cast<size_t>(n); i += stride)
        s += term(pred[i], target[i], delta);
    s = warpSum(s);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0)
        partial[warp] = s;
    __syncthreads();
    if (warp == 0) {
        float t = lane < kThreads / 32 ? partial[lane] : 0.0f;
        t = warpSum(t);
        if (lane == 0)
            atomicAdd(loss, t / static_cast<float>(n));
    }
}

} // namespace

extern "C" void kwb_huber_loss(const float* pred, const float* target, float* loss, int n, float delta,
                        cudaStream_t stream) {
    cudaMemsetAsync(loss, 0, sizeof(float), stream);
    if (n <= 0)
        return;
    const bool vectorised = reinterpret_cast<uintptr_t>(pred) % 16 == 0 && reinterpret_cast<uintptr_t>(target) % 16 == 0;
    const int perBlock = kThreads * (vectorised ? 4 : 1);
    int blocks = static_cast<int>((static_cast<long long>(n) + perBlock - 1) / perBlock);
    if (blocks > kMaxBlocks)
        blocks = kMaxBlocks;
    lossKernel<<<blocks, kThreads, 0, stream>>>(pred, target, loss, n, vectorised, delta);
}
