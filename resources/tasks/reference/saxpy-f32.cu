// Reference solution for saxpy-f32: out = alpha * x + y.
//
// Grid-stride loop over float4 chunks when all three buffers are 16-byte aligned, then a
// scalar tail; fmaf, float32.
#include <cuda_runtime.h>
#include <stdint.h>

namespace {

__global__ void saxpy(const float* __restrict__ x, const float* __restrict__ y,
                      float* __restrict__ out, long long n, float alpha, bool vec) {
    const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
    const long long tid = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
    long long done = 0;
    if (vec) {
        const long long n4 = n / 4;
        const float4* x4 = reinterpret_cast<const float4*>(x);
        const float4* y4 = reinterpret_cast<const float4*>(y);
        float4* o4 = reinterpret_cast<float4*>(out);
        for (long long i = tid; i < n4; i += stride) {
            const float4 a = x4[i], b = y4[i];
            o4[i] = make_float4(fmaf(alpha, a.x, b.x), fmaf(alpha, a.y, b.y),
                                fmaf(alpha, a.z, b.z), fmaf(alpha, a.w, b.w));
        }
        done = n4 * 4;
    }
    for (long long i = done + tid; i < n; i += stride)
        out[i] = fmaf(alpha, x[i], y[i]);
}

} // namespace

extern "C" void kwb_saxpy(const float* x, const float* y, float* out, int n, float alpha,
                          cudaStream_t stream) {
    if (n <= 0)
        return;
    const bool vec = (reinterpret_cast<uintptr_t>(x) | reinterpret_cast<uintptr_t>(y) |
                      reinterpret_cast<uintptr_t>(out)) % 16 == 0;
    const long long work = vec ? (n + 3) / 4 : n;
    const int blocks = static_cast<int>(work / 256 + 1 < 132 * 16 ? work / 256 + 1 : 132 * 16);
    saxpy<<<blocks, 256, 0, stream>>>(x, y, out, n, alpha, vec);
}
