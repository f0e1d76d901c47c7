// Reference solution for bias-gelu-scale-f32: y[r, c] = GELU(x[r, c] + bias[c]) * scale with the
// exact (erf) GELU, float32, row-major [rows, cols].
//
// A grid-stride loop over all elements (64-bit indices), one element per thread per step;
// bias is read through the cache. Memory-bound: x read once, y written once.
#include <cuda_runtime.h>
#include <math.h>

namespace {

__global__ void biasGeluScale(const float* __restrict__ x, const float* __restrict__ bias,
                              float* __restrict__ y, long long total, int cols, float scale) {
    for (long long e = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; e < total;
         e += static_cast<long long>(gridDim.x) * blockDim.x) {
        const float v = x[e] + bias[e % cols];
        y[e] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f)) * scale;
    }
}

} // namespace

extern "C" void kwb_bias_gelu_scale(const float* x, const float* bias, float* y, int rows, int cols,
                                    float scale, cudaStream_t stream) {
    if (rows <= 0 || cols <= 0)
        return;
    const long long total = static_cast<long long>(rows) * cols;
    const long long want = (total + 255) / 256;
    const int blocks = static_cast<int>(want < 132 * 64 ? want : 132 * 64);
    biasGeluScale<<<blocks, 256, 0, stream>>>(x, bias, y, total, cols, scale);
}
