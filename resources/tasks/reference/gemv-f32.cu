// Reference solution for gemv-f32: y = A x, A row-major [M, N].
//
// One warp per row: lanes stride along the row (float4 loads when the row is 16-byte aligned,
// i.e. N % 4 == 0 and A aligned), then a warp-shuffle sum. x is read through the read-only
// cache; float32 FMA throughout.
#include <cuda_runtime.h>
#include <stdint.h>

namespace {

constexpr int kWarpsPerBlock = 8;

__global__ void __launch_bounds__(kWarpsPerBlock * 32)
gemv(const float* __restrict__ A, const float* __restrict__ x, float* __restrict__ y, int M, int N,
     bool vec) {
    const int row = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= M)
        return;
    const float* a = A + static_cast<size_t>(row) * N;
    float acc = 0.0f;
    int done = 0;
    if (vec) {
        const float4* a4 = reinterpret_cast<const float4*>(a);
        const float4* x4 = reinterpret_cast<const float4*>(x);
        const int n4 = N / 4;
        for (int i = lane; i < n4; i += 32) {
            const float4 u = a4[i], v = __ldg(&x4[i]);
            acc = fmaf(u.x, v.x, acc);
            acc = fmaf(u.y, v.y, acc);
            acc = fmaf(u.z, v.z, acc);
            acc = fmaf(u.w, v.w, acc);
        }
        done = n4 * 4;
    }
    for (int i = done + lane; i < N; i += 32)
        acc = fmaf(a[i], __ldg(&x[i]), acc);
    for (int off = 16; off > 0; off /= 2)
        acc += __shfl_xor_sync(0xffffffffu, acc, off);
    if (lane == 0)
        y[row] = acc;
}

} // namespace

extern "C" void kwb_gemv(const float* A, const float* x, float* y, int M, int N,
                         cudaStream_t stream) {
    if (M <= 0 || N <= 0)
        return;
    const bool vec = N % 4 == 0 && (reinterpret_cast<uintptr_t>(A) | reinterpret_cast<uintptr_t>(x)) % 16 == 0;
    gemv<<<(M + kWarpsPerBlock - 1) / kWarpsPerBlock, kWarpsPerBlock * 32, 0, stream>>>(A, x, y, M, N, vec);
}
