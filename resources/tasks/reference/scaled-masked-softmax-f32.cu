// Reference solution for scaled-masked-softmax-f32: y = softmax(mask ? -10000 : scale * x)
// over the last axis; the mask [batch, sq, sk] is shared by all heads.
//
// One warp per row of sk values. Pass 1 finds the row maximum of the scaled, masked values;
// pass 2 sums exp(v - max); pass 3 writes exp(v - max) / sum. Passes 2 and 3 re-read x and
// the mask row from L1/L2. Float32 throughout (expf).
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kWarpsPerBlock = 8;

__device__ __forceinline__ float value(const float* x, const int* m, int k, float scale) {
    return m[k] != 0 ? -10000.0f : x[k] * scale;
}

__global__ void __launch_bounds__(kWarpsPerBlock * 32)
maskedSoftmax(const float* __restrict__ x, const int* __restrict__ mask, float* __restrict__ y,
              long long rows, int heads, int sq, int sk, float scale) {
    const long long row = static_cast<long long>(blockIdx.x) * kWarpsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= rows)
        return;
    const long long q = row % sq;
    const long long b = row / (static_cast<long long>(sq) * heads);
    const float* in = x + row * sk;
    const int* m = mask + (b * sq + q) * sk;
    float* out = y + row * sk;
    float mx = -INFINITY;
    for (int k = lane; k < sk; k += 32)
        mx = fmaxf(mx, value(in, m, k, scale));
    for (int off = 16; off > 0; off /= 2)
        mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
    float sum = 0.0f;
    for (int k = lane; k < sk; k += 32)
        sum += expf(value(in, m, k, scale) - mx);
    for (int off = 16; off > 0; off /= 2)
        sum += __shfl_xor_sync(0xffffffffu, sum, off);
    const float inv = 1.0f / sum;
    for (int k = lane; k < sk; k += 32)
        out[k] = expf(value(in, m, k, scale) - mx) * inv;
}

} // namespace

extern "C" void kwb_scaled_masked_softmax(const float* x, const int* mask, float* y, int batch,
                                          int heads, int sq, int sk, float scale,
                                          cudaStream_t stream) {
    if (batch <= 0 || heads <= 0 || sq <= 0 || sk <= 0)
        return;
    const long long rows = static_cast<long long>(batch) * heads * sq;
    const long long blocks = (rows + kWarpsPerBlock - 1) / kWarpsPerBlock;
    maskedSoftmax<<<static_cast<unsigned>(blocks), kWarpsPerBlock * 32, 0, stream>>>(
        x, mask, y, rows, heads, sq, sk, scale);
}
