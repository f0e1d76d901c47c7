// Reference solution for reduce-min-f32: out[0] = the min of x[0..n).
//
// An init kernel writes INFINITY to out[0]; then a grid-stride loop (float4 loads when x is
// 16-byte aligned), a warp-shuffle min, the warps' results combined by the first warp, and
// one atomic per block. Floats have no atomic min, but their bit patterns order like
// integers: as signed ints for non-negative values and reversed as unsigned ints for negative
// ones, so one integer atomic per sign does it. Exact: no rounding anywhere.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

namespace {

constexpr int kThreads = 256;
constexpr int kMaxBlocks = 2048;

__device__ __forceinline__ float pick(float a, float b) { return fminf(a, b); }

__device__ __forceinline__ float warpPick(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v = pick(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

__device__ void atomicPick(float* out, float v) {
    if (v >= 0.0f)
        atomicMin(reinterpret_cast<int*>(out), __float_as_int(v));
    else
        atomicMax(reinterpret_cast<unsigned int*>(out), __float_as_uint(v));
}

__global__ void initOut(float* out) { out[0] = INFINITY; }

__global__ void __launch_bounds__(kThreads)
reduceKernel(const float* __restrict__ x, float* __restrict__ out, int n, bool vectorised) {
    __shared__ float partial[kThreads / 32];
    const size_t stride = static_cast<size_t>(gridDim.x) * kThreads;
    const size_t first = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
    float s = INFINITY;
    size_t scalarFrom = 0;
    if (vectorised) {
        const size_t n4 = static_cast<size_t>(n) / 4;
        const float4* x4 = reinterpret_cast<const float4*>(x);
        for (size_t i = first; i < n4; i += stride) {
            const float4 v = x4[i];
            s = pick(s, pick(pick(v.x, v.y), pick(v.z, v.w)));
        }
        scalarFrom = n4 * 4;
    }
    for (size_t i = scalarFrom + first; i < static_cast<size_t>(n); i += stride)
        s = pick(s, x[i]);
    s = warpPick(s);
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (lane == 0)
        partial[warp] = s;
    __syncthreads();
    if (warp == 0) {
        float t = lane < kThreads / 32 ? partial[lane] : INFINITY;
        t = warpPick(t);
        if (lane == 0)
            atomicPick(out, t);
    }
}

} // namespace

extern "C" void kwb_reduce_min(const float* x, float* out, int n, cudaStream_t stream) {
    initOut<<<1, 1, 0, stream>>>(out);
    if (n <= 0)
        return;
    const bool vectorised = reinterpret_cast<uintptr_t>(x) % 16 == 0;
    const int perBlock = kThreads * (vectorised ? 4 : 1);
    int blocks = static_cast<int>((static_cast<long long>(n) + perBlock - 1) / perBlock);
    if (blocks > kMaxBlocks)
        blocks = kMaxBlocks;
    reduceKernel<<<blocks, kThreads, 0, stream>>>(x, out, n, vectorised);
}
