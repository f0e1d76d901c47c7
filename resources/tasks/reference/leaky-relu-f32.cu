// Reference solution for leaky-relu-f32: y = x > 0 ? x : slope x, elementwise.
//
// Grid-stride loop over float4 chunks when x and y are 16-byte aligned, then a scalar tail;
// 64-bit indices; the grid is capped at a few blocks per SM.
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

namespace {

__device__ __forceinline__ float act(float v, float slope) {
    return v > 0.0f ? v : slope * v;
}

__global__ void actKernel(const float* __restrict__ x, float* __restrict__ y, long long n,
                          bool vec, float slope) {
    const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
    const long long tid = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    long long done = 0;
    if (vec) {
        const long long n4 = n / 4;
        const float4* x4 = reinterpret_cast<const float4*>(x);
        float4* y4 = reinterpret_cast<float4*>(y);
        for (long long i = tid; i < n4; i += stride) {
            float4 v = x4[i];
            v.x = act(v.x, slope);
            v.y = act(v.y, slope);
            v.z = act(v.z, slope);
            v.w = act(v.w, slope);
            y4[i] = v;
        }
        done = n4 * 4;
    }
    for (long long i = done + tid; i < n; i += stride)
        y[i] = act(x[i], slope);
}

} // namespace

extern "C" void kwb_leaky_relu(const float* x, float* y, int n, float slope, cudaStream_t stream) {
    if (n <= 0)
        return;
    const bool vec = reinterpret_cast<uintptr_t>(x) % 16 == 0 && reinterpret_cast<uintptr_t>(y) % 16 == 0;
    const long long work = vec ? (n + 3) / 4 : n;
    const int blocks = static_cast<int>(work / 256 + 1 < 132 * 16 ? work / 256 + 1 : 132 * 16);
    actKernel<<<blocks, 256, 0, stream>>>(x, y, n, vec, slope);
}
